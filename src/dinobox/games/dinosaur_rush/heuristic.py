"""A hand-written policy for The Great Dinosaur Rush, over the engine contract only.

Field phase: go where the bones are, publicize the categories this seat can win down (more
points) and the ones it would lose up, steal or dynamite while its Notoriety looks modest,
research early, shed Notoriety with spare bones late. Build phase: follow the auto-builder's
suggestion (``games.dinosaur_rush.build.suggest``), worked out from this seat's view alone.
"""

from __future__ import annotations

import random
from typing import Any

from dinobox.bots.heuristic import Turn, heuristic
from dinobox.games.dinosaur_rush import build
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.viewtypes import CellView, DinosaurRushView, ability_of

# How much a bone of each colour is worth to a builder (green, red, yellow, blue, white).
COLOUR_VALUE = (1.2, 1.0, 1.0, 1.4, 0.6)
COLOUR_KEYS = ("green", "red", "yellow", "blue", "white")


@heuristic
def choose(turn: Turn[DinosaurRushView], rng: random.Random) -> int:
    """Field phase by the step's own scoring; Build phase by the auto-builder's suggestion."""
    view, infos, seat = turn.view, turn.infos, turn.seat
    step = view["step"]
    if step == "build":
        return _build(view, infos)
    if step == "move":
        return _move(view, infos, rng)
    if step == "publicize":
        return _publicize(view, infos, seat)
    if step in ("action", "steal_more"):
        return _action(view, infos, seat, rng)
    return rng.choice(turn.legal)


def _build(view: DinosaurRushView, infos: list[dict[str, Any]]) -> int:
    try:
        return build.actions_for_skeleton(view, infos, build.suggest(view))[0]
    except K.SkeletonError:
        return int(infos[0]["action"])


def _site_value(cell: CellView) -> float:
    return sum(n * COLOUR_VALUE[c] for c, n in enumerate(cell.get("bones", [])))


def _move(view: DinosaurRushView, infos: list[dict[str, Any]], rng: random.Random) -> int:
    cells = view["board"]["cells"]
    best, best_score = int(infos[0]["action"]), -1e9
    for info in infos:
        if "cell" not in info:
            continue
        here = cells[info["cell"]]
        score = _site_value(here) + rng.random() * 0.1
        if here.get("token") and "token_value" not in here:
            score -= 1.5
        if score > best_score:
            best, best_score = int(info["action"]), score
    return best


def _standing(view: DinosaurRushView, seat: int) -> list[float]:
    """Per category: my expected count minus the best rival's (from public piles)."""
    weights = build.weights_of(view)
    mine = build.suggest(view, fresh=True)
    me = K.categories(mine, ability_of(view["players"][seat]))
    out: list[float] = []
    rivals = []
    for p in view["players"]:
        if p["seat"] == seat:
            continue
        alloc = K.best_allocation(tuple(p["pile"]), weights, (), ability_of(p))
        rivals.append(K.categories(alloc))
    for cat in range(5):
        top = max((r[cat] for r in rivals), default=0)
        out.append(me[cat] - top)
    return out


def _publicize(view: DinosaurRushView, infos: list[dict[str, Any]], seat: int) -> int:
    margin = _standing(view, seat)
    best, best_score = int(infos[0]["action"]), -1e9
    for info in infos:
        if info["kind"] != "publicize":
            continue
        cat, step = info["category"], info["step"]
        score = margin[cat] * step + (0.01 * step if margin[cat] >= 0 else -0.01 * step)
        if score > best_score:
            best, best_score = int(info["action"]), score
    return best


def _my_notoriety(view: DinosaurRushView, seat: int) -> tuple[int, float]:
    me = view["players"][seat]
    mine = sum(me.get("token_values", [])) + 3 * me["bonus_count"]
    others = max((2 * p["tokens"] + 3 * p["bonus_count"] for p in view["players"] if p["seat"] != seat), default=0)
    return mine, float(others)


def _action(view: DinosaurRushView, infos: list[dict[str, Any]], seat: int, rng: random.Random) -> int:
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for info in infos:
        by_kind.setdefault(info["kind"], []).append(info)
    cells = view["board"]["cells"]
    me = view["players"][seat]
    mine, others = _my_notoriety(view, seat)
    calm = mine + 3 <= others or (view["round"] == 1 and mine <= 3)
    late = view["round"] == view["rounds"]
    if "steal" in by_kind and (calm or view["step"] == "steal_more"):
        return int(max(by_kind["steal"], key=lambda i: COLOUR_VALUE[COLOUR_KEYS.index(i["colour"])])["action"])
    here = _site_value(cells[me["cell"]]) if me["cell"] is not None else 0.0
    if "dynamite" in by_kind and calm and here <= 1.0:
        return int(by_kind["dynamite"][0]["action"])
    if "research" in by_kind and view["round"] == 1 and me["bonus_count"] < 3:
        return int(by_kind["research"][0]["action"])
    sheds = [i for i in by_kind.get("donate", []) if "shed_token" in i]
    if sheds and (late or mine > others):
        cheap = min(sheds, key=lambda i: sum(COLOUR_VALUE[COLOUR_KEYS.index(c)] for c in i["bones"]))
        return int(cheap["action"])
    if "survey" in by_kind and here < 1.0:
        return int(by_kind["survey"][0]["action"])
    if "publicize" in by_kind:
        return _publicize(view, by_kind["publicize"], seat)
    return int(rng.choice(infos)["action"])
