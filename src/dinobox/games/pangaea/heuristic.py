"""A hand-written Pangaea policy over the seat's view, the legal actions and one-step look-ahead.

What it wants: Shelters on level 2 that will survive the asteroid (points at every lightning
and at the end, and a chance to win at all), points from harvesting, its Explorer on the board,
and trouble for the leaders.

- The asteroid's impact row is 5 plus or minus the end-game player's Evolution card count and
  its column the sum of two STAR numbers: from the view (the lowest scorer's cards) the bot
  keeps a risk map of where the impact is likely to fall, and values Shelters by their chance
  to survive it.
- Starting star: by its value: level 2 first (a Shelter can be built at once), then the land
  around it and the distance to the Explorers already placed; drawn among the stars near the best.
- Step 4: the least useful card for the distance, the most useful action (level up makes
  level 2 to build on), and a range card whenever one can be played (seven spaces first);
  Wild cards are kept when possible.
- Direction, earthquake cracks, dinosaurs, step 6: every option is tried on a clone and the
  resulting position scored (own Shelters weighted by their survival chance and points against
  the best opponent's, the Explorer's distance to a safe space it could build on).
- Evolution cards: a level 1 card once points are spare; with a Shelter standing, the climb to
  Build elsewhere (level 3: Shelters off level 2), which is then kept (giving it back for the
  Shelter move lost clearly in head-to-head play); a level 4 card only for another level 3
  card. Step 2 activates a card only when it matters this turn: Build elsewhere when the
  Explorer stands where only it can build, the Extra move when two gains are in reach, a
  protection card when that dinosaur is close, the Shelter move and the block once the
  asteroid is near (the block also with three Shelters standing).
- Answers: a threatened Shelter moves to the safest space offered; at the end game (impact
  point known) the Shelter in the asteroid's reach moves out of it; a block only when it saves
  something (look-ahead against not blocking); protection cards are used; Explorers re-enter.
- When a tile supply runs out or a crack stick must be reused, the board tile or stick is
  chosen by look-ahead (the one whose removal leaves the best position).

- Card planning (the weight ``plan``, off in the hand-written policy): instead of the card
  values, step 4's cards and step 5's direction are chosen together. Every combination of a
  distance, an action and a range shape (one card for each; a Wild only when no numbered card
  fits), every direction and, for a Dinosaur, every placement is played on a clone and the
  position scored as above (an opponent with a Wild is assumed not to interrupt); each card
  spent costs ``plan_spend`` times its card value. This finds the action that hurts the
  opponent's Shelters or raises land next to the Explorer, where the fixed card values play
  the Level up card almost always.
- The interrupt (step 5): the hand-written policy interrupts whenever it may (the weight
  ``interrupt_always``): interrupting only a leader, its rule before, lost 0.578 of the games
  somebody won to always interrupting. ``strong``'s table switches it off and keeps the
  leader rule (``interrupt_margin``, ``interrupt_shelter``) it was measured with.
- The interrupt thought through (the weight ``interrupt_plan``, off in the hand-written policy
  and in ``strong``; the ``master`` level's table turns it on): instead of the rules above,
  the bot plays out the face-up cards of the player to act, in the direction that
  player's plan would choose (with where its dino then goes) and in each direction a Direction
  card may draw, and interrupts when the drawn directions leave it better off on average by
  more than ``interrupt_cost``.

The numbers behind these rules are the named weights in ``WEIGHTS`` (the defaults are the
hand-written policy); ``dinobox train pangaea`` learns other values (``weights.json``, played by
the ``strong`` bot).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar, cast

from dinobox.engine.heuristic import Turn, Weights, weighted_heuristic
from dinobox.engine.state import State
from dinobox.engine.values import ActionInfo
from dinobox.games.pangaea import moves as M
from dinobox.games.pangaea.geometry import Geometry, geometry
from dinobox.games.pangaea.view import scoring_view
from dinobox.games.pangaea.viewtypes import CardView, PangaeaView, WorldView

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState

ACTION_VALUE = {"up": 4, "dino": 3, "climate": 1, "down": 0, "earthquake": 0}
# the impact column: the sum of two STAR numbers (1..6, taken as equally likely) minus 1
COLUMN_ODDS = tuple((s - 1, (6 - abs(s - 7)) / 36) for s in range(2, 13))
SPECIAL_TILES = "1.M"  # where only Build elsewhere (level 3) builds a Shelter
NEAR_ASTEROID = 8  # the asteroid value from which the end-game cards are made ready
CLIMB_FROM = 4  # points kept in hand before climbing the Evolution levels
LIGHTNING_STEP = 7.0  # about how far the asteroid comes closer at each lightning
SHELTER_BASE = 1.0  # a Shelter's worth beyond its points (evaluation units, a point counts 2)
STEP_WEIGHT = 1.0  # evaluation units per step between the Explorer and a space to build on

WEIGHTS: dict[str, float] = {
    # the position's evaluation (look-ahead)
    "point": 2.0,
    "shelter_base": SHELTER_BASE,
    "shelter_lightning": 2.0,
    "shelter_survive": 2.0,
    "lightning_step": LIGHTNING_STEP,
    "explorer": 3.0,
    "step": STEP_WEIGHT,
    "build_risk": 3.0,
    # cards for step 4
    **{f"card_{verb}": float(value) for verb, value in ACTION_VALUE.items()},
    "card_wild": 10.0,
    # Evolution cards
    "near_asteroid": float(NEAR_ASTEROID),
    "climb_from": float(CLIMB_FROM),
    "first_buy_score": 3.0,
    "guard_score": 3.0,
    "guard_reach": 3.0,
    "block_shelters": 3.0,
    "block_margin": 0.5,
    # the interrupt: always when allowed (on above 0.5); otherwise only when the player to act
    # leads by more than interrupt_margin (a Shelter counting interrupt_shelter points)
    "interrupt_always": 1.0,
    "interrupt_margin": 1.0,
    "interrupt_shelter": 3.0,
    # card planning (off below 0.5: the card values above decide step 4): steps 4 and 5 searched
    # together, each card spent costing plan_spend times its card value
    "plan": 0.0,
    "plan_spend": 0.0,
    # the interrupt thought through (off below 0.5): made when the directions a Direction card
    # may draw leave this seat better off, by more than interrupt_cost, than the one the player
    # to act would choose by its plan
    "interrupt_plan": 0.0,
    "interrupt_cost": 1.0,
}


def _card_value(card: CardView | dict[str, Any], w: Weights) -> float:
    if card.get("wild"):
        return w["card_wild"]
    action = card.get("action", "")
    return w["card_" + action] if action in ACTION_VALUE else 0.0


def _geo(world: WorldView) -> Geometry:
    """The game's own board geometry for this view's world."""
    return geometry(world["rows"], world["cols"])


def _neighbours(world: WorldView, r: int, c: int) -> tuple[tuple[int, int], ...]:
    return _neighbour_cells(world["rows"], world["cols"], r, c)


@lru_cache(maxsize=4096)
def _neighbour_cells(rows: int, cols: int, r: int, c: int) -> tuple[tuple[int, int], ...]:
    """The ``(row, col)`` of each neighbour (a look-ahead asks for the same spaces again and again)."""
    geo = geometry(rows, cols)
    return tuple(geo.rc(j) for j in geo.nb[geo.space(r, c)] if j >= 0)


def _distance(geo: Geometry, a: list[int] | tuple[int, int], b: list[int] | tuple[int, int]) -> int:
    """Hex steps between two ``[row, col]`` spaces."""
    return geo.distance(geo.space(a[0], a[1]), geo.space(b[0], b[1]))


@lru_cache(maxsize=64)
def _risk_map(rows: int, cols: int, impact_rows: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """The chance that the asteroid (its spaces, half the toxic ring) takes each space."""
    geo = geometry(rows, cols)
    out = []
    for r in range(rows):
        line = []
        for c in range(cols):
            risk = 0.0
            for row in impact_rows:
                for col, p in COLUMN_ODDS:
                    d = _distance(geo, (r, c), (row, col % cols))
                    if d <= 1:
                        risk += p
                    elif d == 2:
                        risk += 0.5 * p
            line.append(min(1.0, risk / len(impact_rows)))
        out.append(tuple(line))
    return tuple(out)


def risk_map(view: PangaeaView) -> tuple[tuple[float, ...], ...]:
    """Where the impact is likely, from public facts: the end-game player is the lowest scorer
    and the impact row is 5 plus or minus their Evolution card count."""
    world = view["world"]
    rows = world["rows"]
    players = view["players"]
    end = view.get("end")
    if end and end.get("end_player") is not None:
        lows = [players[end["end_player"]]]
    else:
        low = min(p["score"] for p in players)
        lows = [p for p in players if p["score"] == low]
    impact_rows = sorted({max(0, min(rows - 1, 5 + sign * len(p["evolution"]))) for p in lows for sign in (1, -1)})
    return _risk_map(rows, world["cols"], tuple(impact_rows))


def _build_distance(
    world: WorldView, at: list[int] | None, seat: int, risk: tuple[tuple[float, ...], ...], w: Weights
) -> float:
    """Steps from the Explorer to a level 2 space without its own Shelter, plus that space's risk."""
    if at is None:
        return 6.0
    own = {tuple(sh["at"]) for sh in world["shelters"] if seat in sh["seats"]}
    start = (at[0], at[1])
    seen = {start}
    queue = deque([(start, 0)])
    tiles = world["tiles"]
    best = 6.0
    while queue:
        (r, c), d = queue.popleft()
        if d >= best:
            break
        if tiles[r][c] == "2" and (r, c) not in own:
            best = min(best, d + w["build_risk"] * risk[r][c])
        if d >= 5:
            continue
        for nr, nc in _neighbours(world, r, c):
            if (nr, nc) not in seen and tiles[nr][nc] in "12:*o":
                seen.add((nr, nc))
                queue.append(((nr, nc), d + 1))
    return best


def _shelter_values(view: PangaeaView, risk: tuple[tuple[float, ...], ...], w: Weights) -> list[float]:
    """Each player's Shelters in evaluation units (a point counts 2): the lightnings still to
    come (about one per LIGHTNING_STEP of the asteroid's value) and the end bonus if it survives."""
    values = [0.0] * len(view["players"])
    lightnings = max(0, view["asteroid"]) / w["lightning_step"]
    for sh in view["world"]["shelters"]:
        r, c = sh["at"]
        worth = w["shelter_base"] + w["shelter_lightning"] * (lightnings + w["shelter_survive"] * (1.0 - risk[r][c]))
        for p in sh["seats"]:
            values[p] += worth
    return values


def evaluate(view: PangaeaView, seat: int, w: Weights = WEIGHTS) -> float:
    risk = risk_map(view)
    shelters = _shelter_values(view, risk, w)
    players = view["players"]
    me = players[seat]
    point = w["point"]
    mine = point * me["score"] + shelters[seat]
    if me["explorer"] is not None:
        mine += w["explorer"] - w["step"] * _build_distance(view["world"], me["explorer"], seat, risk, w)
    others = [point * p["score"] + shelters[p["seat"]] for p in players if p["seat"] != seat]
    return mine - (max(others) if others else 0.0)


def _view(state: State, seat: int) -> PangaeaView:
    """The seat's view, read through its declared type."""
    return cast(PangaeaView, state.view(seat))


def _score(state: State, seat: int, w: Weights) -> float:
    """``evaluate`` of the seat's view, built from only the parts it reads (``scoring_view``)."""
    return evaluate(scoring_view(cast("PangaeaState", state), seat), seat, w)


def _look(state: State, action: int, seat: int, w: Weights) -> float:
    probe = state.clone()
    probe.apply_action(action)
    return _score(probe, seat, w)


def _best_by_lookahead(
    state: State, legal: list[int], seat: int, rng: random.Random, w: Weights, limit: int = 40
) -> int:
    options = legal if len(legal) <= limit else rng.sample(legal, limit)
    scored = [(_look(state, a, seat, w) + rng.random() * 1e-3, a) for a in options]
    return max(scored)[1]


def _only_if_better(
    state: State,
    legal: list[int],
    infos: dict[int, ActionInfo],
    seat: int,
    refuse: type[ActionInfo],
    rng: random.Random,
    w: Weights,
) -> int:
    """Look-ahead, but keep the card (answer ``refuse``) unless using it is clearly better."""
    no = _first(infos, refuse)
    base = _look(state, no, seat, w)
    best = _best_by_lookahead(state, [a for a in legal if a != no], seat, rng, w)
    return best if _look(state, best, seat, w) > base + w["block_margin"] else no


# ===== card planning ==============================================================================
PLAN_KINDS: frozenset[type[ActionInfo]] = frozenset(
    {
        *(M.DistanceCard, M.DistanceWild, M.ActionCard, M.ActionWild, M.RangeCard, M.NoRange),
        *(M.Direction, M.DinoPlace),
    }
)
LET_CHOOSE = M.NoInterrupt()
"""The answer that lets the player whose turn it is choose the direction (no Wild card played)."""
WILD_FOR: dict[type[ActionInfo], type[ActionInfo]] = {M.DistanceWild: M.DistanceCard, M.ActionWild: M.ActionCard}
"""A Wild card's choice, and the numbered card's choice that is preferred to it when offered."""


def _card_of(info: ActionInfo) -> int:
    """The STAR card a step 4 choice spends (-1: none)."""
    match info:
        case M.DistanceCard(card=k) | M.DistanceWild(card=k) | M.ActionCard(card=k) | M.ActionWild(card=k):
            return k
        case M.RangeCard(card=k):
            return k
    return -1


def _plan_options(state: State, seat: int, legal: list[int], w: Weights) -> list[tuple[int, float]]:
    """The options of a step 4/5 decision worth searching, each with the cost of the card it
    spends: one card per distance, action or range shape (the least valuable), a Wild only when
    no numbered card fits."""
    first = type(state.action_info(legal[0]))
    if first not in PLAN_KINDS and first is not M.Swap:
        return []  # not a step 4/5 decision (all actions of a decision belong to one step)
    infos = {a: state.action_info(a) for a in legal}
    hand = {c["kind"]: c for c in _view(state, seat)["players"][seat]["hand"]}
    kinds = {type(i) for i in infos.values()}
    chosen: dict[Hashable, tuple[int, float]] = {}
    for a in legal:
        info = infos[a]
        kind = type(info)
        if kind not in PLAN_KINDS or WILD_FOR.get(kind) in kinds:
            continue
        card: CardView | dict[str, Any] = hand.get(_card_of(info), {})
        cost = w["plan_spend"] * _card_value(card, w) if card else 0.0
        key: Hashable = a
        if kind is M.DistanceCard:
            key = ("distance", card.get("number"))
        elif kind is M.ActionCard:
            key = ("action", card.get("action"))
        elif kind is M.RangeCard:
            key = ("range", card.get("range"))
        if key not in chosen or cost < chosen[key][1]:
            chosen[key] = (a, cost)
    return list(chosen.values())


def _plan_value(state: State, seat: int, w: Weights) -> float:
    """The best evaluation reachable through this seat's own step 4/5 decisions (cards,
    direction, where the dino goes), an opponent letting the direction be chosen."""
    while not state.is_terminal() and not state.is_chance_node() and state.current_player() != seat:
        last = state.legal_actions()[-1]
        if state.action_info(last) != LET_CHOOSE:
            break
        state = state.clone()
        state.apply_action(last)
    if state.is_terminal() or state.is_chance_node() or state.current_player() != seat:
        return _score(state, seat, w)
    options = _plan_options(state, seat, state.legal_actions(), w)
    if not options:
        return _score(state, seat, w)
    return max(_plan_child(state, a, seat, w) - cost for a, cost in options)


def _plan_child(state: State, action: int, seat: int, w: Weights) -> float:
    probe = state.clone()
    probe.apply_action(action)
    return _plan_value(probe, seat, w)


def _plan(state: State, legal: list[int], seat: int, rng: random.Random, w: Weights) -> int | None:
    """The step 4/5 option leading to the best plan (None: nothing to plan here)."""
    options = _plan_options(state, seat, legal, w)
    if not options:
        return None
    scored = [(_plan_child(state, a, seat, w) - cost + rng.random() * 1e-3, a) for a, cost in options]
    return max(scored)[1]


def _interrupt_by_lookahead(state: State, infos: dict[int, ActionInfo], seat: int, w: Weights) -> int:
    """Interrupt when a direction drawn at random leaves this seat better off, by more than
    ``interrupt_cost``, than the direction the player to act would choose by its own plan."""
    let = _first(infos, M.NoInterrupt)
    after = state.clone()
    after.apply_action(let)
    while not after.is_terminal() and not after.is_chance_node():
        legal = after.legal_actions()
        if after.action_info(legal[-1]) != LET_CHOOSE:
            break
        after.apply_action(legal[-1])  # the players after this one let the direction be chosen too
    if after.is_terminal() or after.is_chance_node() or after.current_player() == seat:
        return let
    mover = after.current_player()
    directions = [a for a in after.legal_actions() if isinstance(after.action_info(a), M.Direction)]
    if len(directions) < 2:
        return let
    chosen = max(directions, key=lambda a: _plan_child(after, a, mover, w))
    mine = {a: _score(_planned_line(after, a, mover, w), seat, w) for a in directions}
    drawn = sum(mine.values()) / len(mine)
    return _first(infos, M.Interrupt) if drawn > mine[chosen] + w["interrupt_cost"] else let


def _planned_line(state: State, action: int, mover: int, w: Weights) -> State:
    """``action`` on a clone, then the mover's own step 4/5 choices that follow it (where its
    dino goes), each the best by its plan: the position the action leads to."""
    state = state.clone()
    state.apply_action(action)
    while not state.is_terminal() and not state.is_chance_node() and state.current_player() == mover:
        options = _plan_options(state, mover, state.legal_actions(), w)
        if not options:
            break
        best = max(options, key=lambda o: _plan_child(state, o[0], mover, w) - o[1])
        state.apply_action(best[0])
    return state


# ===== Evolution cards ============================================================================
def _own_spaces(view: PangaeaView, seat: int) -> list[tuple[int, int]]:
    return [(sh["at"][0], sh["at"][1]) for sh in view["world"]["shelters"] if seat in sh["seats"]]


def _dino_near(view: PangaeaView, trex: bool, targets: list[tuple[int, int]], reach: float) -> bool:
    geo = _geo(view["world"])
    for d in view["world"]["dinos"]:
        at = d["at"]
        if at is None or ("T-Rex" in d["name"]) != trex:
            continue
        if any(_distance(geo, at, target) <= reach for target in targets):
            return True
    return False


def _gains_in_reach(view: PangaeaView, seat: int, at: list[int]) -> int:
    """How many gains two step 6s could make from here (a build and harvests), at most 2."""
    world = view["world"]
    tiles = world["tiles"]
    r, c = at
    own = set(_own_spaces(view, seat))
    gains = 1 if tiles[r][c] == "2" and (r, c) not in own and view["players"][seat]["shelters_left"] else 0
    for nr, nc in _neighbours(world, r, c):
        if tiles[nr][nc] == "1":
            gains += 1
            if any(tiles[a][b] == "1" for a, b in _neighbours(world, nr, nc)):
                gains += 1
            break
    return min(gains, 2)


def _activation(view: PangaeaView, seat: int, offered: dict[str, int], w: Weights) -> int | None:
    """Step 2: the one Evolution card worth its point this turn, if any."""
    me = view["players"][seat]
    at = me["explorer"]
    tiles = view["world"]["tiles"]
    own = _own_spaces(view, seat)
    near_end = view["asteroid"] <= w["near_asteroid"]
    guard, reach = w["guard_score"], w["guard_reach"]
    if "shelter_move" in offered and own and near_end:
        return offered["shelter_move"]
    if (
        "build_anywhere" in offered
        and at is not None
        and me["shelters_left"]
        and tiles[at[0]][at[1]] in SPECIAL_TILES
        and (at[0], at[1]) not in own
    ):
        return offered["build_anywhere"]
    if "block" in offered and own and (near_end or len(own) >= w["block_shelters"]) and me["score"] >= guard:
        return offered["block"]
    if "bronto_guard" in offered and own and _dino_near(view, False, own, reach):
        return offered["bronto_guard"]
    if (
        "trex_guard" in offered
        and at is not None
        and me["score"] >= guard
        and _dino_near(view, True, [(at[0], at[1])], reach)
    ):
        return offered["trex_guard"]
    if "extra_move" in offered and at is not None and _gains_in_reach(view, seat, at) >= 2:
        return offered["extra_move"]
    return None


def _buy(view: PangaeaView, seat: int, infos: dict[int, ActionInfo], w: Weights) -> int | None:
    """Step 7: a level 1 card once points are spare; with a Shelter standing and points to
    spare, one level higher at a time (a protection card, then Build elsewhere, which is kept:
    the Shelter move is bought only for another level 3 card, with the asteroid near)."""
    me = view["players"][seat]
    score = me["score"]
    owned = [c["type"] for c in me["evolution"]]
    at = me["explorer"]
    tile = view["world"]["tiles"][at[0]][at[1]] if at is not None else "2"
    needed = {".": "sea", "M": "mountain"}.get(tile)  # a power the Explorer stands on
    buys = _of(infos, M.Buy)

    def pick(wanted: tuple[str, ...]) -> int | None:
        for want in wanted:
            for a, info in buys.items():
                if info.evolution == want:
                    gone = info.discard
                    if gone is not None and gone == needed and owned.count(gone) < 2:
                        continue
                    if gone == "build_anywhere":  # Shelters off level 2 are worth more (measured)
                        continue
                    return a
        return None

    if not owned:
        return pick(("sea", "mountain")) if score >= w["first_buy_score"] else None
    if not me["shelters"] or score < w["climb_from"]:
        return None
    top = max(c["level"] for c in me["evolution"])
    if top == 1:
        return pick(("bronto_guard", "trex_guard"))
    if top == 2:
        return pick(("build_anywhere", "extra_move"))
    if top == 3 and view["asteroid"] <= 2 * w["near_asteroid"] and "shelter_move" not in owned:
        return pick(("shelter_move", "block"))
    return None


# ===== Shelter moves ==============================================================================
def _debris_lines(view: PangaeaView, impact: list[int]) -> set[tuple[int, int]]:
    """The spaces debris can reach: six straight lines of 1..6 steps from the impact point."""
    geo = _geo(view["world"])
    start = geo.space(impact[0], impact[1])
    return {geo.rc(s) for d in range(6) for s in geo.ray(start, d, 6)}


def _shelter_move(view: PangaeaView, legal: list[int], infos: dict[int, ActionInfo]) -> int:
    """Move the threatened Shelter to the safest space offered; at the end game (impact known)
    move the Shelter that the asteroid or its toxic ring would take out of their reach."""
    no = _first(infos, M.NoShelterMove)
    shifts = _of(infos, M.ShelterMove)
    moves = list(shifts)
    if not moves:
        return no
    geo = _geo(view["world"])
    threatened = {tuple(s) for s in view["pending_changes"]}
    pending = view["pending_dino"]
    if pending:
        threatened.add(tuple(pending["to"]))
    end = view.get("end")
    impact = end["impact"] if end else None
    if threatened:
        risk = risk_map(view)
        hit = [a for a in moves if shifts[a].from_ in threatened and shifts[a].space not in threatened]
        if not hit:
            return no
        return min(hit, key=lambda a: (risk[shifts[a].space[0]][shifts[a].space[1]], a))
    if impact is None:
        return no
    reach = 2 if end and end["impact_value"] <= -3 else 1
    lines = _debris_lines(view, impact)

    def danger(at: tuple[int, int]) -> float:
        d = _distance(geo, at, impact)
        return (10.0 if d <= reach else 0.0) + (1.0 if (at[0], at[1]) in lines else 0.0) - 0.01 * d

    best = max(moves, key=lambda a: (danger(shifts[a].from_) - danger(shifts[a].space), -a))
    gain = danger(shifts[best].from_) - danger(shifts[best].space)
    return best if gain >= 1.0 else no


# ===== the policy =================================================================================
def _hand(turn: Turn[PangaeaView]) -> dict[int, CardView]:
    """The seat's cards in hand by kind."""
    return {c["kind"]: c for c in turn.view["players"][turn.seat]["hand"]}


START_NEAR = 0.5  # stars within this much of the best one are as good: one is drawn among them


def _start_value(view: PangaeaView, space: tuple[int, int]) -> float:
    """Starting positions: a star on level 2 (a Shelter at once) first, then the land within two
    rows and columns (room to build; the map wraps round in columns) and the distance to the
    Explorers already placed (up to 4)."""
    world = view["world"]
    tiles, rows, cols = world["tiles"], world["rows"], world["cols"]
    r0, c0 = space
    land = sum(
        1 for r in range(max(0, r0 - 2), min(rows, r0 + 3)) for dc in range(-2, 3) if tiles[r][(c0 + dc) % cols] != "."
    )
    others = [e for e in world["explorers"] if e is not None]
    gap = min((max(abs(e[0] - r0), min(abs(e[1] - c0), cols - abs(e[1] - c0))) for e in others), default=4)
    return 3.0 * (tiles[r0][c0] == "2") + 0.1 * land + 0.2 * min(gap, 4)


def _choose_start(view: PangaeaView, infos: dict[int, ActionInfo], rng: random.Random) -> int:
    """The starting star by its value (``_start_value``), drawn among those near the best, so the
    star a seat takes is not fixed by the order the stars are read in."""
    values = {a: _start_value(view, i.space) for a, i in _of(infos, M.Start).items()}
    best = max(values.values())
    near = sorted(a for a, v in values.items() if v >= best - START_NEAR)
    return near[0] if len(near) == 1 else rng.choice(near)


K = TypeVar("K", bound=ActionInfo)


def _of(infos: dict[int, ActionInfo], kind: type[K]) -> dict[int, K]:
    """The choices described as ``kind``, in the order of the legal actions, typed as ``kind``."""
    return {a: i for a, i in infos.items() if isinstance(i, kind)}


def _first(infos: dict[int, ActionInfo], kind: type[ActionInfo]) -> int:
    """The first action of ``kind`` (the policy asks only for a kind it saw among the choices)."""
    for a in _of(infos, kind):
        return a
    raise AssertionError(f"no {kind.__name__} action among the choices")


@weighted_heuristic(WEIGHTS)
def choose(turn: Turn[PangaeaView], rng: random.Random, w: Weights) -> int:
    """Pangaea's policy (module docstring): one decision with two or more legal actions."""
    state, seat, legal = turn.state, turn.seat, turn.legal  # the view is built only if read
    infos: dict[int, ActionInfo] = dict(turn.options)
    kinds = {type(i) for i in infos.values()}

    if M.Start in kinds:
        return _choose_start(turn.view, infos, rng)
    if M.Reenter in kinds:
        return _first(infos, M.Reenter)
    if M.UseProtection in kinds:
        return _first(infos, M.UseProtection)
    if M.ExtraMove in kinds:
        return _first(infos, M.ExtraMove)
    if M.Interrupt in kinds and w["interrupt_plan"] > 0.5:
        return _interrupt_by_lookahead(state, infos, seat, w)
    if M.Interrupt in kinds and w["interrupt_always"] > 0.5:
        return _first(infos, M.Interrupt)
    if M.Interrupt in kinds:
        view = turn.view
        me, leader = view["players"][seat], view["players"][view["turn_player"]]
        shelter = w["interrupt_shelter"]
        ahead = (
            leader["score"] + shelter * leader["shelters"]
            > me["score"] + shelter * me["shelters"] + w["interrupt_margin"]
        )
        return _first(infos, M.Interrupt if ahead else M.NoInterrupt)
    if w["plan"] > 0.5 and kinds & PLAN_KINDS:
        planned = _plan(state, legal, seat, rng, w)
        if planned is not None:
            return planned
    if kinds & {M.DistanceCard, M.DistanceWild, M.ActionCard, M.ActionWild, M.NoRange}:
        return _step4(turn, infos, kinds, rng, w)
    if M.Swap in kinds or M.GiveBack in kinds:
        swaps, give_backs = _of(infos, M.Swap), _of(infos, M.GiveBack)
        pool = {a: i.card for a, i in swaps.items()} | {a: i.card for a, i in give_backs.items()}
        if pool:
            hand = _hand(turn)
            return min(pool, key=lambda a: (_card_value(hand.get(pool[a], {}), w), a))
        return _first(infos, M.Keep)
    if M.Continue in kinds:
        offered = {i.evolution: a for a, i in _of(infos, M.Activate).items()}
        chosen = _activation(turn.view, seat, offered, w) if offered else None
        return chosen if chosen is not None else _first(infos, M.Continue)
    if M.Block in kinds:
        mine = set(_own_spaces(turn.view, seat))
        me = turn.view["players"][seat]
        if me["explorer"] is not None:
            mine.add((me["explorer"][0], me["explorer"][1]))
        if not any(i.space in mine for i in _of(infos, M.Block).values()):
            return _first(infos, M.NoBlock)
        return _only_if_better(state, legal, infos, seat, M.NoBlock, rng, w)
    if M.ShelterMove in kinds:
        return _shelter_move(turn.view, legal, infos)
    if M.Buy in kinds:
        chosen = _buy(turn.view, seat, infos, w)
        return chosen if chosen is not None else _first(infos, M.Done)
    if M.Stone in kinds:
        return _first(infos, M.Done)
    return _best_by_lookahead(state, legal, seat, rng, w)


def _step4(
    turn: Turn[PangaeaView],
    infos: dict[int, ActionInfo],
    kinds: set[type[ActionInfo]],
    rng: random.Random,
    w: Weights,
) -> int:
    """Step 4 by the card values: the least useful card for the distance, the most useful
    action, and a range whenever a card gives one (the seven spaces first, then the least useful
    card: playing none, one space, lost head to head, docs/bots.md, "Exploit probes"); a Wild
    card only when no numbered card fits."""
    legal = turn.legal
    if kinds & {M.DistanceCard, M.DistanceWild}:
        cards = {a: i.card for a, i in _of(infos, M.DistanceCard).items()}
        if cards:
            hand = _hand(turn)
            return min(cards, key=lambda a: (_card_value(hand[cards[a]], w), a))
        want = rng.choice((1, 2, 3))
        return next((a for a, i in _of(infos, M.DistanceWild).items() if i.distance == want), legal[0])
    if kinds & {M.ActionCard, M.ActionWild}:
        cards = {a: i.card for a, i in _of(infos, M.ActionCard).items()}
        if cards:
            hand = _hand(turn)
            return max(cards, key=lambda a: (_card_value(hand[cards[a]], w), -a))
        return next((a for a, i in _of(infos, M.ActionWild).items() if i.verb == "up"), legal[0])
    ranges = _of(infos, M.RangeCard)
    if not ranges:
        return _first(infos, M.NoRange)
    hand = _hand(turn)
    return min(ranges, key=lambda a: (hand[ranges[a].card]["range"] != "star", _card_value(hand[ranges[a].card], w), a))
