"""A hand-written policy for The Great Dinosaur Rush, over the engine contract only.

Field phase: go where the bones are, publicize the categories this seat can win down (more
points) and the ones it would lose up, steal or dynamite while its Notoriety looks modest,
research early, shed Notoriety with spare bones late. Build phase: follow the auto-builder's
suggestion (``games.dinosaur_rush.build.suggest``), worked out from this seat's view alone.

The numbers behind these rules are the named weights in ``WEIGHTS`` (the defaults are the
hand-written policy); ``dinobox train dinosaur-rush`` learns other values (``weights.json``,
played by the ``strong`` bot). Two terms are off by default and on in the ``master`` table of
``weights.json`` (the ``master`` bot's own moves): ``move_exhibit`` (a site is also worth what its
bones add to this round's exhibit, ``exhibit_points``) and ``move_next`` (and the richest site a
straight line reaches from it next turn).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from dinobox.engine.heuristic import Option, Turn, Weights, weighted_heuristic
from dinobox.engine.values import ActionInfo
from dinobox.games.dinosaur_rush import build
from dinobox.games.dinosaur_rush import moves as M
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import parse_board
from dinobox.games.dinosaur_rush.data import DinosaurRushData
from dinobox.games.dinosaur_rush.field_phase import straight_lines
from dinobox.games.dinosaur_rush.scoring import category_points
from dinobox.games.dinosaur_rush.viewtypes import CellView, DinosaurRushView, ability_of

# How much a bone of each colour is worth to a builder (green, red, yellow, blue, white).
COLOUR_VALUE = (1.2, 1.0, 1.0, 1.4, 0.6)
COLOUR_KEYS = ("green", "red", "yellow", "blue", "white")

WEIGHTS: dict[str, float] = {
    **{f"bone_{key}": value for key, value in zip(COLOUR_KEYS, COLOUR_VALUE, strict=True)},
    "site_token": -1.5,  # a dig site with an unknown token
    "publicize_lean": 0.01,
    "calm_gap": 3.0,  # steal or dynamite while our notoriety is this far below the highest rival's
    "calm_first_round": 3.0,  # ... or at most this in the first round
    "dynamite_site": 1.0,  # dynamite only where the site is worth at most this
    "research_bonus": 3.0,  # research in round 1 while holding fewer bonus cards than this
    "survey_site": 1.0,  # survey where the site is worth less than this
    # the order of the action step's choices (highest first; 0 or less: never)
    "act_steal": 6.0,
    "act_dynamite": 5.0,
    "act_research": 4.0,
    "act_shed": 3.0,
    "act_survey": 2.0,
    "act_publicize": 1.0,
    # Move: what the site's bones add to this round's exhibit against the rivals' public piles,
    # and the richest site a straight line reaches from it next turn (0: neither)
    "move_exhibit": 0.0,
    "move_next": 0.0,
}


# Setup 7 with ``choose_paleontologists``: what each ability is worth, as the share of 2-player
# games its holder won among heuristic players dealt it at random (600 games, docs/designers.md).
ABILITY_VALUE: dict[str, float] = {
    "steal_two": 0.51,
    "dynamite_four": 0.42,
    "donate_bonus": 0.41,
    "cross_tar": 0.27,
    "height_both_limbs": 0.60,
    "length_neck": 0.72,
    "blue_start": 0.44,
    "publicize_two": 0.63,
    "sabotage_immune": 0.37,
    "three_bonus": 0.60,
    "first_notorious_free": 0.40,
    "dynamite_keep": 0.43,
    "ferocity_big_limb": 0.67,
    "bonus_penalty_one": 0.56,
    "donate_any_token": 0.45,
}


def _pick_paleontologist(turn: Turn[DinosaurRushView], rng: random.Random) -> int:
    """Setup 7: the paleontologist whose ability is worth most (``ABILITY_VALUE``; an unknown
    ability 0.5), ties drawn; the abilities are on the face-up cards (component data)."""
    abilities = turn.state.game.data.paleontologist_abilities
    values: dict[int, float] = {}
    for action, info in turn.options:
        match info:
            case M.PickPaleontologist(card=card):
                values[action] = ABILITY_VALUE.get(abilities[card], 0.5)
    best = max(values.values())
    return rng.choice(sorted(a for a, v in values.items() if v == best))


def _colour_value(w: Weights, colour: int) -> float:
    return w["bone_" + COLOUR_KEYS[colour]]


@weighted_heuristic(WEIGHTS)
def choose(turn: Turn[DinosaurRushView], rng: random.Random, w: Weights) -> int:
    """Field phase by the step's own scoring; Build phase by the auto-builder's suggestion."""
    view, seat = turn.view, turn.seat
    step = view["step"]
    if step == "build":
        return _build(view, turn.legal)
    if step == "move":
        return _move(turn, rng, w)
    if step == "publicize":
        return _publicize(view, turn.options, seat, w)
    if step in ("action", "steal_more"):
        return _action(view, turn.options, seat, rng, w)
    if step == "pick_paleontologist":
        return _pick_paleontologist(turn, rng)
    return rng.choice(turn.legal)


def _build(view: DinosaurRushView, legal: list[int]) -> int:
    try:
        return build.actions_for_skeleton(view, legal, build.suggest(view))[0]
    except K.SkeletonError:
        return legal[0]


def _site_value(cell: CellView, w: Weights) -> float:
    return sum(n * _colour_value(w, c) for c, n in enumerate(cell.get("bones", [])))


def rival_categories(view: DinosaurRushView, seat: int) -> list[tuple[int, ...]]:
    """Each rival's categories with its best skeleton from its public pile."""
    weights = build.weights_of(view)
    return [
        K.categories(K.best_allocation(tuple(p["pile"]), weights, (), ability_of(p)), ability_of(p))
        for p in view["players"]
        if p["seat"] != seat
    ]


def exhibit_points(
    view: DinosaurRushView, data: DinosaurRushData, seat: int, have: tuple[int, ...], rivals: list[tuple[int, ...]]
) -> float:
    """What this seat's best skeleton from the bones ``have`` would score in this round's
    exhibit against the ``rivals``' categories (Exhibit phase: places per category), plus the
    bonus cards it would meet (Scoring dinosaur bonus cards)."""
    me = view["players"][seat]
    cards = build.bonus_targets(me)
    alloc = K.best_allocation(have, build.weights_of(view), cards, ability_of(me))
    mine = K.categories(alloc, ability_of(me))
    points = 0.0
    for cat, museum in enumerate(view["museum"]):
        counts = [mine[cat], *(r[cat] for r in rivals)]
        points += category_points(counts, museum["row"], data, view["two_player"])[0]
    return points + sum(pts for spec, pts in cards if K.matches_bonus(alloc, dict(spec)))


def _look_ahead(turn: Turn[DinosaurRushView], targets: list[int], w: Weights) -> dict[int, list[float]]:
    """Each target site's extra worth under master's terms: ``move_exhibit`` times what its bones
    add to this round's exhibit, and ``move_next`` times the richest site a straight line reaches
    from it (the next turn's move)."""
    view, seat = turn.view, turn.seat
    cells = view["board"]["cells"]
    extra: dict[int, list[float]] = {cell: [] for cell in targets}
    if w["move_exhibit"]:
        data = turn.state.game.data
        rivals = rival_categories(view, seat)
        have = tuple(view["players"][seat]["pile"])
        now = exhibit_points(view, data, seat, have, rivals)
        for cell in targets:
            more = tuple(n + m for n, m in zip(have, cells[cell].get("bones", [0] * len(have)), strict=True))
            extra[cell].append(w["move_exhibit"] * (exhibit_points(view, data, seat, more, rivals) - now))
    if w["move_next"]:
        cross = ability_of(view["players"][seat]) == "cross_tar"
        lines = straight_lines(parse_board(turn.state.game.data.board), cross)
        held = {c["cell"] for c in cells if c.get("paleontologist") is not None}
        for cell in targets:
            richest = max((_site_value(cells[c], w) for c in lines.ends[cell] if c not in held), default=0.0)
            extra[cell].append(w["move_next"] * richest)
    return extra


def _move(turn: Turn[DinosaurRushView], rng: random.Random, w: Weights) -> int:
    """The richest site (colour-weighted bones, an unknown token's risk), plus its worth under
    master's terms (``_look_ahead``)."""
    cells = turn.view["board"]["cells"]
    targets: dict[int, int] = {}
    for action, info in turn.options:
        match info:
            case M.Move(cell=cell) | M.Place(cell=cell):
                targets[action] = cell
    ahead = _look_ahead(turn, list(targets.values()), w) if w["move_exhibit"] or w["move_next"] else {}
    best, best_score = turn.options[0].action, -1e9
    for action, cell in targets.items():
        here = cells[cell]
        score = _site_value(here, w) + rng.random() * 0.1
        if here.get("token") and "token_value" not in here:
            score += w["site_token"]
        for term in ahead.get(cell, ()):
            score += term
        if score > best_score:
            best, best_score = action, score
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


def _publicize(view: DinosaurRushView, options: list[Option], seat: int, w: Weights) -> int:
    margin = _standing(view, seat)
    best, best_score = options[0].action, -1e9
    lean = w["publicize_lean"]
    for action, info in options:
        match info:
            case M.Publicize(category=cat, step=step):
                score = margin[cat] * step + (lean * step if margin[cat] >= 0 else -lean * step)
                if score > best_score:
                    best, best_score = action, score
    return best


def _my_notoriety(view: DinosaurRushView, seat: int) -> tuple[int, float]:
    me = view["players"][seat]
    mine = sum(me.get("token_values", [])) + 3 * me["bonus_count"]
    others = max((2 * p["tokens"] + 3 * p["bonus_count"] for p in view["players"] if p["seat"] != seat), default=0)
    return mine, float(others)


def _action(view: DinosaurRushView, options: list[Option], seat: int, rng: random.Random, w: Weights) -> int:
    steals: list[tuple[int, M.Steal]] = []
    sheds: list[tuple[int, M.Donate]] = []
    publicizing: list[Option] = []
    first: dict[type[ActionInfo], int] = {}  # Dynamite, Research, Survey: the first such action
    for action, info in options:
        match info:
            case M.Steal():
                steals.append((action, info))
            case M.Donate(shed_token=token) if token is not None:
                sheds.append((action, info))
            case M.Publicize():
                publicizing.append(Option(action, info))
            case M.Dynamite() | M.Research() | M.Survey():
                first.setdefault(type(info), action)
    cells = view["board"]["cells"]
    me = view["players"][seat]
    mine, others = _my_notoriety(view, seat)
    calm = mine + w["calm_gap"] <= others or (view["round"] == 1 and mine <= w["calm_first_round"])
    late = view["round"] == view["rounds"]
    here = _site_value(cells[me["cell"]], w) if me["cell"] is not None else 0.0

    def bones(colours: Sequence[str]) -> float:
        return sum(_colour_value(w, COLOUR_KEYS.index(c)) for c in colours)

    def steal() -> int | None:
        if steals and (calm or view["step"] == "steal_more"):
            return max(steals, key=lambda s: bones([s[1].colour]))[0]
        return None

    def dynamite() -> int | None:
        return first.get(M.Dynamite) if calm and here <= w["dynamite_site"] else None

    def research() -> int | None:
        return first.get(M.Research) if view["round"] == 1 and me["bonus_count"] < w["research_bonus"] else None

    def shed() -> int | None:
        if sheds and (late or mine > others):
            return min(sheds, key=lambda s: bones(s[1].bones))[0]
        return None

    def survey() -> int | None:
        return first.get(M.Survey) if here < w["survey_site"] else None

    def publicize() -> int | None:
        return _publicize(view, publicizing, seat, w) if publicizing else None

    stages: list[tuple[float, Callable[[], int | None]]] = [
        (w["act_steal"], steal),
        (w["act_dynamite"], dynamite),
        (w["act_research"], research),
        (w["act_shed"], shed),
        (w["act_survey"], survey),
        (w["act_publicize"], publicize),
    ]
    for priority, stage in sorted(stages, key=lambda s: -s[0]):
        if priority <= 0:
            break
        chosen = stage()
        if chosen is not None:
            return chosen
    return rng.choice(options).action
