"""A hand-written Dino Race policy that reads only the seat's view and the legal actions.

Priorities, in order, during the play-and-swap phase:

1. stand a tripped dino up with the two least useful cards;
2. play tricks while an opponent shares a tile (push back the most advanced opponent dino,
   trip it, steal from the biggest hand, throw the egg away unless it is about to be
   brought home by us);
3. run for the finish: matching cards first (the dino nearest the finish first), wildcards
   next, three-of-a-kind only with cards that are not needed soon;
4. swap pairs of cards that the next few tiles do not need (avoid waste);
5. in Playing in Teams, pass the team-mate a card its dino needs next and we do not;
6. roll.

Prize choice takes the best value, counting the same-colour pair bonus; after an eruption the
egg goes to the leading opponent, unless that opponent could bring it home at once.
"""

from __future__ import annotations

import random
from typing import Any

from dinobox.bots.heuristic import Turn, best_action, heuristic
from dinobox.games.dino_race.data import TERRAINS
from dinobox.games.dino_race.game import DinoRaceGame
from dinobox.games.dino_race.viewtypes import DinoRaceView, DinoView

TRICKS = ("push", "egg", "steal")
HORIZON = 5  # tiles ahead whose terrain cards are worth keeping


@heuristic
def choose(turn: Turn[DinoRaceView], rng: random.Random) -> int:
    """Prize choice, the egg pass after an eruption, or the play phase (see the module doc)."""
    game = turn.state.game
    if not isinstance(game, DinoRaceGame):
        raise TypeError(f"the Dino Race heuristic cannot play {game.id}")
    view, seat, infos = turn.view, turn.seat, turn.infos
    phase = view["phase"]
    if phase == "prize":
        bonus = game.data.pair_bonus
        return best_action(infos, lambda i: _prize_value(view, seat, i, bonus), rng)
    if phase == "pass_egg":
        return best_action(infos, lambda i: _egg_target_value(view, seat, i["target_seat"]), rng)
    return _play(view, seat, infos, rng)


# ----- small readings of the view ---------------------------------------------------------------
Info = dict[str, Any]
"""An action as ``state.describe_action`` describes it (see ``text.action_info``)."""


def _length(view: DinoRaceView) -> int:
    return len(view["track"])


def _tile(dino: DinoView) -> int:
    """The tile of a dino still on the track (0 is the volcano)."""
    tile = dino["tile"]
    if tile is None:
        raise ValueError(f"{dino['name']} is home, on no tile")
    return tile


def _terrain_ahead(view: DinoRaceView, tile: int) -> str:
    """Terrain of the tile after ``tile`` (the one a dino on ``tile`` must match)."""
    return view["track"][tile]["terrain"]


def _progress(view: DinoRaceView, seat: int) -> int:
    length = _length(view)
    return sum(length if d["home"] else _tile(d) for d in view["dinos"] if d["owner"] == seat)


def _my_dinos(view: DinoRaceView, seat: int) -> list[DinoView]:
    return [d for d in view["dinos"] if d["owner"] == seat and not d["home"]]


def _is_opponent(view: DinoRaceView, seat: int, other: int) -> bool:
    if other == seat:
        return False
    players = view["players"]
    team = players[seat].get("team")
    return team is None or players[other].get("team") != team


def _needed(view: DinoRaceView, seat: int, horizon: int = HORIZON) -> dict[str, int]:
    """How many cards of each terrain the next ``horizon`` tiles of our dinos ask for."""
    need = dict.fromkeys(TERRAINS, 0)
    length = _length(view)
    for d in _my_dinos(view, seat):
        for tile in range(_tile(d), min(_tile(d) + horizon, length)):
            need[_terrain_ahead(view, tile)] += 1
    return need


def _opponents_near(view: DinoRaceView, seat: int, reach: int = 2) -> bool:
    mine = [_tile(d) for d in _my_dinos(view, seat)]
    return any(
        not d["home"] and _is_opponent(view, seat, d["owner"]) and any(abs(_tile(d) - t) <= reach for t in mine)
        for d in view["dinos"]
    )


def _surplus(view: DinoRaceView, seat: int) -> dict[str, int]:
    """Cards in hand beyond what the coming tiles (and tricks on nearby opponents) need."""
    hand = view.get("hand", {})
    need = _needed(view, seat)
    keep_tricks = 1 if _opponents_near(view, seat) else 0
    out: dict[str, int] = {}
    for key, count in hand.items():
        if key == "wild":
            keep = count
        elif key in TRICKS:
            keep = keep_tricks
        else:
            keep = need.get(key, 0)
        out[key] = max(0, count - keep)
    return out


def _card_cost(key: str, surplus: dict[str, int]) -> int:
    """How much losing one card of ``key`` hurts (0 = surplus)."""
    if surplus.get(key, 0) > 0:
        return 0
    return {"wild": 4, "push": 1, "egg": 1, "steal": 1}.get(key, 2)


def _pair_cost(cards: list[str], surplus: dict[str, int]) -> int:
    left = dict(surplus)
    cost = 0
    for key in cards:
        cost += _card_cost(key, left)
        if left.get(key, 0) > 0:
            left[key] -= 1
    return cost


# ----- decisions ---------------------------------------------------------------------------------
def _prize_value(view: DinoRaceView, seat: int, info: Info, bonus: int) -> float:
    mine = view["players"][seat].get("prizes", [])
    colours = [p["colour"] for p in mine]
    has_pair = any(colours.count(c) >= 2 for c in set(colours))
    value = float(info["value"])
    if not has_pair and info["colour"] in colours:
        value += bonus
    if not mine:
        # First prize: a slight lean to the colour that leaves more of its kind in the stack.
        same = sum(1 for p in view.get("prize_choice", []) if p["colour"] == info["colour"])
        value += 0.01 * same
    return value


def _can_end_soon(view: DinoRaceView, seat: int) -> bool:
    dinos = _my_dinos(view, seat)
    return len(dinos) == 1 and _length(view) - _tile(dinos[0]) <= 2


def _egg_target_value(view: DinoRaceView, seat: int, target: int) -> float:
    """Pass the egg to the leader (it costs them their hand at the next eruption), but not to
    someone who could end the race with it while we are still far from home."""
    value = float(_progress(view, target)) + 0.1 * view["players"][target]["hand_count"]
    if not _is_opponent(view, seat, target):
        value -= 1000
    if _can_end_soon(view, target) and view["players"][seat]["racing"] and not _can_end_soon(view, seat):
        value -= 100
    return value


def _play(view: DinoRaceView, seat: int, infos: list[Info], rng: random.Random) -> int:
    by_kind: dict[str, list[Info]] = {}
    for info in infos:
        by_kind.setdefault(str(info["kind"]), []).append(info)
    surplus = _surplus(view, seat)
    if "stand_up" in by_kind:
        return best_action(by_kind["stand_up"], lambda i: -_pair_cost(i["cards"], surplus), rng)
    trick = _trick(view, seat, by_kind, rng)
    if trick is not None:
        return trick
    move = _move(view, seat, by_kind, surplus, rng)
    if move is not None:
        return move
    swaps = [i for i in by_kind.get("swap", []) if _pair_cost(i["cards"], surplus) == 0]
    if swaps:
        return best_action(swaps, lambda i: -sum(1 for c in i["cards"] if c in TRICKS), rng)
    passes = by_kind.get("pass_card", [])
    if passes:
        wanted = _mate_wants(view, seat)
        useful = [i for i in passes if i["card"] in wanted and surplus.get(i["card"], 0) > 0]
        if useful:
            return best_action(useful, lambda i: 0, rng)
    return int(by_kind["roll"][0]["action"])


def _dino_tile(view: DinoRaceView, dino: int) -> int:
    return _tile(view["dinos"][dino])


def _trick(view: DinoRaceView, seat: int, by_kind: dict[str, list[Info]], rng: random.Random) -> int | None:
    standing = {p: _progress(view, p) for p in range(len(view["players"]))}
    pushes = by_kind.get("push", [])
    if pushes:
        return best_action(
            pushes,
            lambda i: standing[view["dinos"][i["target_dino"]]["owner"]] + _dino_tile(view, i["target_dino"]),
            rng,
        )
    trips = by_kind.get("trip", [])
    if trips:
        return best_action(
            trips,
            lambda i: standing[view["dinos"][i["target_dino"]]["owner"]] + _dino_tile(view, i["target_dino"]),
            rng,
        )
    steals = by_kind.get("steal", [])
    if steals:
        return best_action(steals, lambda i: view["players"][i["target_seat"]]["hand_count"], rng)
    gives = by_kind.get("give_egg", [])
    if gives and not _can_end_soon(view, seat):
        return best_action(gives, lambda i: _egg_target_value(view, seat, i["target_seat"]), rng)
    return None


def _move(
    view: DinoRaceView,
    seat: int,
    by_kind: dict[str, list[Info]],
    surplus: dict[str, int],
    rng: random.Random,
) -> int | None:
    moves = by_kind.get("move", [])
    if not moves:
        return None
    length = _length(view)
    hand = view.get("hand", {})

    def score(info: Info) -> float:
        tile = _dino_tile(view, info["dino"])
        ahead = length - tile  # tiles still to run
        how = info["with"]
        base = {"match": 300.0, "wild": 200.0, "triple": 100.0}[how]
        if ahead == 1:
            base += 50  # cross the finish line first
        return base - ahead

    def allowed(info: Info) -> bool:
        if info["with"] != "triple":
            return True
        key = str(info["card"])
        return key != "wild" and hand.get(key, 0) >= 3 and surplus.get(key, 0) >= 3 - (1 if key in TRICKS else 0)

    candidates = [i for i in moves if allowed(i)]
    if not candidates:
        return None
    return best_action(candidates, score, rng)


def _mate_wants(view: DinoRaceView, seat: int) -> set[str]:
    mate = view["players"][seat].get("mate")
    if mate is None:
        return set()
    wants = {"wild"}
    for d in _my_dinos(view, mate):
        wants.add(_terrain_ahead(view, _tile(d)))
    return wants
