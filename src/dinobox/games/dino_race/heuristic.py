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

Prize choice takes the best value, counting the same-colour pair bonus (in Playing in Teams
with the team-mate's prizes, which team-mates see); after an eruption the
egg goes to the leading opponent, unless that opponent could bring it home at once.

Some weights are switched off in the defaults and only the shipped table (``weights.json``)
turns them on. They come from how a two-player race is won: the player who brings the egg home
ends the game, gains the egg counter and wins ties, so that player wins most races.

- ``wait_egg``: without the egg, our last dino waits on the tile before the finish while the
  opponent holding the egg is still racing. Finishing first would leave them the egg counter.
  Waiting keeps us in line for the egg, which comes with an eruption or a Throw the egg.
- ``egg_keep_near``: with the egg and close to home, we keep it instead of throwing it away.
- ``hold_finish``, ``hold_rival``: a dino holds back from the finish while our other dino is
  still far, so we keep drawing two cards a turn.
- ``prize_plan``: a first prize is also valued by the second prize it leaves us.
- ``park`` (only in ``master``'s table, ``weights.json``): without the egg, every dino of ours
  waits on the tile before the finish while the opponent holding it is still racing, so that the
  egg, when it comes, can be brought home at once.
- ``together`` (only in ``master``'s table): a dino waits on the tile before the finish until the
  hand can bring every dino of ours home in this turn. A player draws a card a turn for each of
  its dinos on the track, so finishing one early halves the draw, and only the last finish brings
  the egg home.
- ``egg_wary`` (only in ``master``'s table): no egg is thrown to a player whose dinos have few
  tiles left between them, however many still race; two dinos parked before the finish bring
  it home in one turn.

The numbers behind these rules are the named weights in ``WEIGHTS`` (the defaults are the
hand-written policy): the priorities of the steps above (a step other than moving with
priority 0 or less is skipped), the card costs, the move scores and the thresholds of the tricks. ``dinobox train
dino-race`` learns other values (``weights.json``, played by the ``strong`` bot).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from dinobox.engine.heuristic import Option, Turn, Weights, weighted_heuristic
from dinobox.engine.values import ActionInfo
from dinobox.games.dino_race import moves as M
from dinobox.games.dino_race.data import TERRAINS
from dinobox.games.dino_race.game import DinoRaceGame
from dinobox.games.dino_race.viewtypes import DinoRaceView, DinoView, PrizeView

TRICKS = ("push", "egg", "steal")
HORIZON = 5  # tiles ahead whose terrain cards are worth keeping

WEIGHTS: dict[str, float] = {
    # step priorities in the play phase, highest first (roll is the last resort)
    "stage_stand": 9.0,
    "stage_push": 8.0,
    "stage_trip": 7.0,
    "stage_steal": 6.0,
    "stage_give_egg": 5.0,
    "stage_move": 4.0,
    "stage_swap": 3.0,
    "stage_pass": 2.0,
    # tricks only on a target whose owner's progress is at least ours plus this
    "push_lead": -30.0,
    "trip_lead": -30.0,
    "steal_min_hand": 0.0,  # steal only from a hand bigger than this
    # cards worth keeping
    "horizon": float(HORIZON),
    "keep_tricks_near": 1.0,
    "cost_wild": 4.0,
    "cost_trick": 1.0,
    "cost_terrain": 2.0,
    "swap_max_cost": 0.0,
    # moves
    "move_match": 300.0,
    "move_wild": 200.0,
    "move_triple": 100.0,
    "move_finish": 50.0,
    "move_ahead": -1.0,
    # a dino at most ``danger_reach`` tiles ahead of the lava (or the active volcano) is moved
    # first by this much: the next eruption would push it forward at the cost of a lava drop
    "move_danger": 0.0,
    "danger_reach": 0.0,
    "wild_keep": 0.0,  # move with a wildcard only when holding more than this many
    "triple_slack": 0.0,
    # the egg's target: progress plus this much per card in hand
    "egg_hand": 0.1,
    # keep the egg (no Throw the egg to give it away) while our dinos have at most this many
    # tiles left to run between them (0: only when one dino is two tiles from home)
    "egg_keep_near": 0.0,
    # hold a dino back from the finish while our other dino still has at least this many tiles
    # to run (it keeps drawing two cards a turn); 0: never hold
    "hold_finish": 0.0,
    # ... but only while every opponent dino on the track has at least this many tiles to run
    # (else the best prize is at stake)
    "hold_rival": 0.0,
    # without the egg, keep our last dino off the finish while the opponent holding the egg
    # still has at least this many tiles to run (finishing first leaves them the egg counter and
    # the tie; waiting keeps us in line for the egg); 0: never wait
    "wait_egg": 0.0,
    # a first prize is worth its value plus this much of the best second prize it leaves us, once
    # the opponent has taken the most valuable of the rest (same-colour bonus counted)
    "prize_plan": 0.0,
    # without the egg, hold a dino on the tile before the finish while our other dino still runs
    # and an opponent holds the egg (1: on)
    "park": 0.0,
    # hold a dino on the tile before the finish until the hand (matching cards and wildcards)
    # brings every dino of ours home this turn (1: on)
    "together": 0.0,
    # a player is near the end (no egg is thrown to them) when their dinos have at most this many
    # tiles left to run between them, however many are still racing; 0: only one dino, two tiles
    "egg_wary": 0.0,
}


@weighted_heuristic(WEIGHTS)
def choose(turn: Turn[DinoRaceView], rng: random.Random, w: Weights) -> int:
    """Prize choice, the egg pass after an eruption, or the play phase (see the module doc)."""
    game = turn.state.game
    if not isinstance(game, DinoRaceGame):
        raise TypeError(f"the Dino Race heuristic cannot play {game.id}")
    view, seat, kinds = turn.view, turn.seat, _Kinds(turn.options)
    phase = view["phase"]
    if phase == "prize":
        bonus = game.data.pair_bonus
        return _best(kinds.of(M.Prize), lambda i: _prize_value(view, seat, i, bonus, w), rng)
    if phase == "pass_egg":
        return _best(kinds.of(M.PassEgg), lambda i: _egg_target_value(view, seat, i.target_seat, w), rng)
    return _play(view, seat, kinds, rng, w)


# ----- the legal actions, by kind ---------------------------------------------------------------
K = TypeVar("K", bound=ActionInfo)


class _Kinds:
    """The legal actions with their descriptions, by the description's class (each list in the
    order of the legal actions)."""

    def __init__(self, options: list[Option]) -> None:
        self.by_class: dict[type[ActionInfo], list[Option]] = {}
        for option in options:
            self.by_class.setdefault(type(option.info), []).append(option)

    def of(self, cls: type[K]) -> list[tuple[int, K]]:
        """The legal actions described as ``cls``, each with its description."""
        return [(o.action, o.info) for o in self.by_class.get(cls, ()) if isinstance(o.info, cls)]


def _best(options: Sequence[tuple[int, K]], score: Callable[[K], float], rng: random.Random) -> int:
    """The action whose description has the highest ``score`` (``score`` reads the one class
    the options are described by), ties broken by ``rng``: ``best_option`` over typed options."""
    scored = [(score(i), a) for a, i in options]
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)


# ----- small readings of the view ---------------------------------------------------------------


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


def _needed(view: DinoRaceView, seat: int, horizon: int) -> dict[str, int]:
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


def _surplus(view: DinoRaceView, seat: int, w: Weights) -> dict[str, int]:
    """Cards in hand beyond what the coming tiles (and tricks on nearby opponents) need."""
    hand = view.get("hand", {})
    need = _needed(view, seat, round(w["horizon"]))
    keep_tricks = round(w["keep_tricks_near"]) if _opponents_near(view, seat) else 0
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


def _card_cost(key: str, surplus: dict[str, int], w: Weights) -> float:
    """How much losing one card of ``key`` hurts (0 = surplus)."""
    if surplus.get(key, 0) > 0:
        return 0.0
    if key == "wild":
        return w["cost_wild"]
    return w["cost_trick"] if key in TRICKS else w["cost_terrain"]


def _pair_cost(cards: Sequence[str], surplus: dict[str, int], w: Weights) -> float:
    left = dict(surplus)
    cost = 0.0
    for key in cards:
        cost += _card_cost(key, left, w)
        if left.get(key, 0) > 0:
            left[key] -= 1
    return cost


# ----- decisions ---------------------------------------------------------------------------------
def _prize_value(view: DinoRaceView, seat: int, info: M.Prize, bonus: int, w: Weights) -> float:
    """A prize's value to our side: the counter, plus the same-colour bonus it completes. In
    Playing in Teams our side is the team: the mate's prizes are in our view (team-mates talk
    over the prize choice), and the mate's dino still racing will choose our second prize."""
    mate = view["players"][seat].get("mate")
    mine = list(view["players"][seat].get("prizes", []))
    if mate is not None:
        mine += view["players"][mate].get("prizes", [])
    colours = [p["colour"] for p in mine]
    has_pair = any(colours.count(c) >= 2 for c in set(colours))
    value = float(info.value)
    if not has_pair and info.colour in colours:
        value += bonus
    if not mine:
        offer = view.get("prize_choice", [])
        # First prize: a slight lean to the colour that leaves more of its kind in the stack.
        value += 0.01 * sum(1 for p in offer if p["colour"] == info.colour)
        still = _my_dinos(view, seat) or (mate is not None and _my_dinos(view, mate))
        if w["prize_plan"] and still:
            value += w["prize_plan"] * _second_prize(offer, info, bonus)
    return value


def _second_prize(offer: list[PrizeView], first: M.Prize, bonus: int) -> float:
    """What our second prize is worth if we take ``first`` now and an opponent then takes the most
    valuable counter left (a plain reading of how the heuristic picks)."""
    rest = sorted((p for p in offer if p["id"] != first.counter), key=lambda p: -p["value"])[1:]
    return max((p["value"] + (bonus if p["colour"] == first.colour else 0) for p in rest), default=0.0)


def _to_run(view: DinoRaceView, seat: int) -> int:
    """Tiles the seat's dinos on the track still have to run, together."""
    return sum(_length(view) - _tile(d) for d in _my_dinos(view, seat))


def _holds_back(view: DinoRaceView, seat: int, dino: int, w: Weights) -> bool:
    """Whether ``dino`` (one of ours) stays off the finish this turn (see ``hold_finish``,
    ``hold_rival``, ``wait_egg``, ``park`` and ``together``)."""
    length = _length(view)
    if length - _dino_tile(view, dino) != 1:
        return False
    others = [length - _tile(d) for d in _my_dinos(view, seat) if d["id"] != dino]
    holder = view["egg"]
    if not others:
        return 0 < w["wait_egg"] <= _to_run(view, holder) and _is_opponent(view, seat, holder)
    if w["park"] > 0 and _is_opponent(view, seat, holder) and view["players"][holder]["racing"]:
        return True
    if w["together"] > 0:
        return not _brings_all_home(view, seat)
    if w["hold_finish"] <= 0 or min(others) < w["hold_finish"]:
        return False
    rivals = [length - _tile(d) for d in view["dinos"] if not d["home"] and _is_opponent(view, seat, d["owner"])]
    return all(r >= w["hold_rival"] for r in rivals)


def _brings_all_home(view: DinoRaceView, seat: int) -> bool:
    """Whether the hand holds a matching card or a wildcard for every tile our dinos have left."""
    hand = view.get("hand", {})
    need = _needed(view, seat, _length(view))
    short = sum(max(0, count - hand.get(key, 0)) for key, count in need.items())
    return short <= hand.get("wild", 0)


def _can_end_soon(view: DinoRaceView, seat: int, w: Weights) -> bool:
    """Whether ``seat`` could bring the egg home soon (``egg_wary``; by default: one dino left,
    at most two tiles from the finish)."""
    if w["egg_wary"] > 0:
        return view["players"][seat]["racing"] and _to_run(view, seat) <= w["egg_wary"]
    dinos = _my_dinos(view, seat)
    return len(dinos) == 1 and _length(view) - _tile(dinos[0]) <= 2


def _egg_target_value(view: DinoRaceView, seat: int, target: int, w: Weights) -> float:
    """Pass the egg to the leader (it costs them their hand at the next eruption), but not to
    someone who could end the race with it while we are still far from home."""
    value = float(_progress(view, target)) + w["egg_hand"] * view["players"][target]["hand_count"]
    if not _is_opponent(view, seat, target):
        value -= 1000
    if _can_end_soon(view, target, w) and view["players"][seat]["racing"] and not _can_end_soon(view, seat, w):
        value -= 100
    return value


Stage = Callable[[], "int | None"]


def _play(view: DinoRaceView, seat: int, kinds: _Kinds, rng: random.Random, w: Weights) -> int:
    surplus = _surplus(view, seat, w)
    standing = {p: _progress(view, p) for p in range(len(view["players"]))}

    def stand() -> int | None:
        ups = kinds.of(M.StandUp)
        return _best(ups, lambda i: -_pair_cost(i.cards, surplus, w), rng) if ups else None

    def hit(kind: type[M.Push] | type[M.Trip], lead: float) -> int | None:
        def target(i: M.Push | M.Trip) -> int:
            return standing[view["dinos"][i.target_dino]["owner"]] + _dino_tile(view, i.target_dino)

        def owner_lead(i: M.Push | M.Trip) -> int:
            return standing[view["dinos"][i.target_dino]["owner"]] - standing[seat]

        options = [(a, i) for a, i in kinds.of(kind) if owner_lead(i) >= lead]
        return _best(options, target, rng) if options else None

    def steal() -> int | None:
        hands = [p["hand_count"] for p in view["players"]]
        options = [(a, i) for a, i in kinds.of(M.Steal) if hands[i.target_seat] > w["steal_min_hand"]]
        return _best(options, lambda i: hands[i.target_seat], rng) if options else None

    def give_egg() -> int | None:
        gives = kinds.of(M.GiveEgg)
        if not gives or _can_end_soon(view, seat, w) or _to_run(view, seat) <= w["egg_keep_near"]:
            return None
        if w["egg_wary"] > 0:
            gives = [(a, i) for a, i in gives if not _can_end_soon(view, i.target_seat, w)]
        return _best(gives, lambda i: _egg_target_value(view, seat, i.target_seat, w), rng) if gives else None

    def swap() -> int | None:
        swaps = [(a, i) for a, i in kinds.of(M.Swap) if _pair_cost(i.cards, surplus, w) <= w["swap_max_cost"]]
        if not swaps:
            return None
        return _best(swaps, lambda i: -sum(1 for c in i.cards if c in TRICKS), rng)

    def pass_card() -> int | None:
        passes = kinds.of(M.PassCard)
        if not passes:
            return None
        wanted = _mate_wants(view, seat)
        useful = [(a, i) for a, i in passes if i.card in wanted and surplus.get(i.card, 0) > 0]
        return _best(useful, lambda i: 0, rng) if useful else None

    def move() -> int | None:
        return _move(view, seat, kinds.of(M.Move), surplus, rng, w)

    stages: list[tuple[float, Stage]] = [
        (w["stage_stand"], stand),
        (w["stage_push"], lambda: hit(M.Push, w["push_lead"])),
        (w["stage_trip"], lambda: hit(M.Trip, w["trip_lead"])),
        (w["stage_steal"], steal),
        (w["stage_give_egg"], give_egg),
        (w["stage_move"], move),
        (w["stage_swap"], swap),
        (w["stage_pass"], pass_card),
    ]
    # highest priority first; equal priorities keep the order above (a stable sort); a step
    # with priority 0 or less is skipped, except moving (a race must be run)
    for priority, stage in sorted(stages, key=lambda s: -s[0]):
        if priority <= 0 and stage is not move:
            continue
        chosen = stage()
        if chosen is not None:
            return chosen
    return kinds.of(M.Roll)[0][0]


def _dino_tile(view: DinoRaceView, dino: int) -> int:
    return _tile(view["dinos"][dino])


def _move(
    view: DinoRaceView,
    seat: int,
    moves: list[tuple[int, M.Move]],
    surplus: dict[str, int],
    rng: random.Random,
    w: Weights,
) -> int | None:
    if not moves:
        return None
    length = _length(view)
    hand = view.get("hand", {})
    lava = view["lava_tiles"] if view["volcano_active"] else 0  # the last tile taken by the lava

    def score(info: M.Move) -> float:
        tile = _dino_tile(view, _dino(info))
        ahead = length - tile  # tiles still to run
        base = w["move_" + info.with_]
        if ahead == 1:
            base += w["move_finish"]  # cross the finish line first
        danger = w["move_danger"] * max(0.0, w["danger_reach"] - (tile - lava))
        return base + w["move_ahead"] * ahead + danger

    def allowed(info: M.Move) -> bool:
        if info.with_ == "wild":
            return hand.get("wild", 0) > w["wild_keep"]
        if info.with_ != "triple" or info.card is None:
            return True
        key = info.card
        need = 3 - (1 if key in TRICKS else 0) - w["triple_slack"]
        return key != "wild" and hand.get(key, 0) >= 3 and surplus.get(key, 0) >= need

    candidates = [(a, i) for a, i in moves if allowed(i) and not _holds_back(view, seat, _dino(i), w)]
    if not candidates:
        return None
    return _best(candidates, score, rng)


def _dino(info: M.Move) -> int:
    """The dino a legal move moves (a legal move always names it)."""
    if info.dino is None:
        raise ValueError(f"move of slot {info.slot} names no dino")
    return info.dino


def _mate_wants(view: DinoRaceView, seat: int) -> set[str]:
    mate = view["players"][seat].get("mate")
    if mate is None:
        return set()
    wants = {"wild"}
    for d in _my_dinos(view, mate):
        wants.add(_terrain_ahead(view, _tile(d)))
    return wants
