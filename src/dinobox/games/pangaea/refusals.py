"""Why Pangaea refuses a choice, and which refused choices a board shows as pieces.

``why_illegal`` names the rule that stops a refused action, with its rulebook section: first
whether it belongs to the decision at hand at all (a STAR card is chosen in step 4, a Wild card
removes a Dino in step 2...), then, for the decision at hand, what stands in the way.
``refusable`` lists what a person may click at each main decision: the cards of the hand, the
Evolution cards held and in the supply, the spaces of the board, the Dinosaurs and Shelters;
``refused_pieces`` the other players' cards, which no action of the seat names.
Nothing on Pangaea's table is hidden (hands, Evolution cards and the board lie face up), so no
reason can tell a seat what it could not see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple, cast

from dinobox.engine.values import ActionInfo
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import moves as M
from dinobox.games.pangaea import resolve, walks
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.data import (
    ALL_SYMBOLS,
    EVO_BUILD,
    EVO_LEVEL,
    EVO_NAMES,
    MAX_EVOLUTION,
    NUM_EVO,
    SYMBOL_NAMES,
)
from dinobox.games.pangaea.steps import remaining_hand
from dinobox.games.pangaea.text import card_text, decode
from dinobox.games.pangaea.tiles import DINO_NAMES, LAVA, MAX_EXPLORERS_PER_SPACE, STONE, TILE_NAMES, is_trex
from dinobox.games.pangaea.view import seat_name

if TYPE_CHECKING:
    from dinobox.games.pangaea.actions import Fixed
    from dinobox.games.pangaea.rules import PangaeaState
    from dinobox.games.pangaea.stepbase import PangaeaStep

Reason = Callable[["PangaeaState", "PangaeaStep", ActionInfo, int], str]

STAR_NOW = "STAR cards are chosen in step 4 of your turn (Players Turn and steps)"
WILD_STEP2 = "a Wild card removes a Dino or one of your Shelters only in step 2 of your turn (Playing the Wild Card)"
ACTIVATE_STEP2 = "an Evolution card is activated only in step 2 of your turn (Evolution Cards)"
MOVE_STEP6 = "Explorers, Shelters and Dinos move or are built in step 6 of your turn (Players Turn and steps)"
BUY_STEP7 = "Evolution cards and stones are bought in step 7 of your turn (Evolution Cards)"

# kind of action -> (the decision steps it answers, what it is for when it is tried elsewhere)
MOMENTS: dict[type[ActionInfo], tuple[str, str]] = {
    M.Start: ("start", "Explorers are placed on the stars only at the start (Starting positions)"),
    M.WildDino: ("step2", WILD_STEP2),
    M.WildShelter: ("step2", WILD_STEP2),
    M.Activate: ("step2", ACTIVATE_STEP2),
    M.DistanceCard: ("step4", STAR_NOW),
    M.DistanceWild: ("step4", STAR_NOW),
    M.ActionCard: ("step4", STAR_NOW),
    M.ActionWild: ("step4", STAR_NOW),
    M.RangeCard: ("step4", STAR_NOW),
    M.Swap: ("step4", STAR_NOW),
    M.DinoPlace: ("dinosaur", "a Dinosaur appears only by a Dinosaur action (Dinosaurs)"),
    M.Move: ("step6", MOVE_STEP6),
    M.MoveHarvest: ("step6", MOVE_STEP6),
    M.Build: ("step6", MOVE_STEP6),
    M.BuildSpecial: ("step6", MOVE_STEP6),
    M.DinoMove: ("step6", MOVE_STEP6),
    M.Buy: ("step7", BUY_STEP7),
    M.Stone: ("step7", BUY_STEP7),
    M.GiveBack: ("give_back", "a card is given back only when you lose your last Shelter (Players Turn, step 5)"),
    M.Block: ("block", "a Block card keeps a tile only when a change is about to happen (Evolution Cards, level 4)"),
    M.ShelterMove: (
        "shelter_move",
        "a Shelter move card moves a Shelter about to be destroyed, or once the impact point is known "
        "(Evolution Cards, level 4)",
    ),
    M.TakeTile: (
        "take_tile",
        "a tile is taken from the board only when the supply of that tile is out (Rules of Change)",
    ),
}


def why_illegal(st: PangaeaState, action: int) -> str:
    """Why ``action`` is refused now, naming the rulebook section."""
    A = st.A
    if not isinstance(action, int) or action < 0 or action >= A.SIZE:
        return f"actions are 0..{A.SIZE - 1}"
    step = st.top_step()
    phase = step.phase() if step is not None else ""
    now = _WHERE_NOW.get(phase, "it is not one of the legal choices now")
    if step is None or step.decider() < 0:
        return f"it is not one of the legal choices now ({now})"
    info = decode(st, action)
    moment = MOMENTS.get(type(info))
    if moment is not None and phase != moment[0]:
        return f"{moment[1]}; now: {now}"
    reason = REASONS.get(type(info))
    found = reason(st, step, info, action) if reason is not None else ""
    return found or f"it is not one of the legal choices now ({now})"


# ----- the board: Explorers, Shelters, Dinosaurs -----------------------------------------------------
def _start(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    w = st.world
    s = action - st.A.START
    if tuple(w.geo.rc(s)) not in {tuple(x) for x in st.game.data.stars}:
        return "an Explorer starts on a space marked with a star (Starting positions)"
    if s in w.explorers:
        return "another Explorer already stands on that star: one per star at the start (Starting positions)"
    return "your Explorer cannot stand on that star's tile now (Some General Basic Rules)"


def _off_board(st: PangaeaState, seat: int) -> str:
    if st.world.explorers[seat] >= 0:
        return ""
    return "your Explorer is off the board: it comes back in step 3 or at the Lightning Bolt (Re-enter the game)"


def _move(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    return _walk(st, step.decider(), action - st.A.MOVE, harvest=False)


def _harvest(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    return _walk(st, step.decider(), action - st.A.HARVEST, harvest=True)


def _walk(st: PangaeaState, seat: int, s: int, harvest: bool) -> str:
    """Step 6: why the Explorer of ``seat`` cannot move to space ``s`` (and ``harvest``)."""
    A, w = st.A, st.world
    off = _off_board(st, seat)
    if off:
        return off
    pos = w.explorers[seat]
    if harvest and A.MOVE + s in st.legal_actions():
        return "a harvest needs a move of just 1 space onto a level 1 tile (Players Turn, step 6)"
    if s == pos:
        return "your Explorer already stands there: a move goes 1 or 2 spaces (Players Turn, step 6)"
    distance = w.geo.distance(pos, s)
    if distance > 2:
        return "your Explorer moves 1 or at most 2 spaces (Players Turn, step 6)"
    if w.explorers_at(s) >= MAX_EXPLORERS_PER_SPACE:
        return "three Explorers already stand there, the most a space holds (Some General Basic Rules)"
    if distance == 1 and w.blocked(pos, s):
        return "an earthquake crack blocks the way (Earthquake)"
    return (
        "every way there crosses a crack or a space your Explorer cannot stand on "
        "(Players Turn, step 6; Some General Basic Rules)"
    )


def _build(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    return _build_with(st, step.decider(), special=False)


def _build_special(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    return _build_with(st, step.decider(), special=True)


def _build_with(st: PangaeaState, seat: int, special: bool) -> str:
    """Step 6: why ``seat`` cannot build a Shelter (``special``: with the Build anywhere card)."""
    w = st.world
    off = _off_board(st, seat)
    if off:
        return off
    if special and not st.has_active(seat, EVO_BUILD):
        return f"building anywhere needs an active {EVO_NAMES[EVO_BUILD]} card (Evolution Cards, level 3)"
    if st.shelters_left(seat) <= 0:
        return "all your Shelters are on the board already (Players Turn, step 6)"
    pos = w.explorers[seat]
    mask = w.shelters[pos]
    if mask >> seat & 1:
        return "you already have a Shelter on this space: one per player per space (Some General Basic Rules)"
    if bin(mask).count("1") >= 3:
        return "three Shelters already stand here, the most a space holds (Some General Basic Rules)"
    if special:
        return "even with Build anywhere a Shelter needs ground your Explorer can use (Evolution Cards, level 3)"
    return (
        "a Shelter is built on level 2 only, unless an active Build anywhere card allows level 1, "
        "a mountain or the sea (Players Turn, step 6; Evolution Cards)"
    )


def _dino_move(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    w = st.world
    d = (action - st.A.DINO_MOVE) // w.geo.n
    name = DINO_NAMES[d]
    if w.dinos[d] < 0:
        return f"{name} is not on the board (Dinosaurs)"
    if w.dino_moved >> d & 1:
        return f"{name} has moved this round already: each Dino moves once a round (Some General Basic Rules)"
    moves = walks.dino_moves(w, d)
    s = (action - st.A.DINO_MOVE) % w.geo.n
    if not moves:
        return f"{name} has no free space within 2 it can walk to (Dinosaurs)"
    if s in moves:
        return f"{name} may not go there: it would harm an ally's Explorer or Shelter (Alliances)"
    return (
        "a Dino walks 1 or 2 spaces over level 1, level 2, sand, snow and stone, never across a crack, "
        "onto a space with no Dino (Dinosaurs)"
    )


def _dino_place(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    w = st.world
    d, s = divmod(action - st.A.DINO_PLACE, w.geo.n)
    if s not in st.act_spaces:
        return "the Dinosaur appears on a space of the action's range (Dinosaurs)"
    stock = [x for x in range(len(w.dinos)) if w.dinos[x] < 0]
    if stock and d not in stock:
        return f"{DINO_NAMES[d]} is on the board already: a new Dinosaur comes from the stock (Dinosaurs)"
    first = next((x for x in stock if is_trex(x) == is_trex(d)), d)
    if first != d:
        return f"{DINO_NAMES[first]} comes first: the two of a kind are alike (Dinosaurs)"
    inside = [x for x in range(len(w.dinos)) if w.dinos[x] in st.act_spaces]
    if not stock and inside and d not in inside:
        return f"{DINO_NAMES[inside[0]]} is already in the range: only it may move within it (Dinosaurs)"
    if w.dino_at(s) >= 0:
        return "a Dinosaur already stands there: one Dino per space (Some General Basic Rules)"
    if not Wd.dino_space_ok(w, s):
        return "a Dinosaur stands only on level 1, level 2, sand, snow and stone (Dinosaurs)"
    return "that Dinosaur there would harm an ally's Explorer or Shelter (Alliances)"


# ----- the cards: STAR cards, Wild cards, Evolution cards ----------------------------------------------
def _card(st: PangaeaState, k: int) -> str:
    return "the Wild card" if k == st.WILD else card_text(st, k)


def _not_in_hand(st: PangaeaState, seat: int, k: int) -> str:
    """Why card kind ``k`` is not free in step 4: not held, or already chosen this turn."""
    if k in remaining_hand(st, seat):
        return ""
    if k not in st.hands[seat]:
        return f"you hold no {_card(st, k)} (STAR cards explained)"
    use = {0: "the distance", 2: "the action", 4: "the range"}
    used = next(use[i] for i in (0, 2, 4) if i < len(st.sel) and st.sel[i] == k)
    card = "the Wild card" if k == st.WILD else "this card"
    return f"{card} is already chosen for {used} this turn (Players Turn, step 4)"


def _star(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    """Step 4: the distance, the action, the range, in that order (or the swap of Note 2)."""
    stage = cast("F.Step4", step).stage  # MOMENTS: a STAR card is judged at step 4 only
    seat = step.decider()
    legal = st.legal_actions()
    swapping = st.A.KEEP in legal
    k = _card_of(info, st.WILD)
    if swapping:
        sym = st.restriction()
        if sym != ALL_SYMBOLS and len(remaining_hand(st, seat)) >= 2:
            return (
                f"no card you hold shows the {SYMBOL_NAMES[sym]} symbol and you hold no Wild card: discard one "
                "card for a new one or keep your cards; steps 4 and 5 are skipped (Asteroid board, Symbol Cards)"
            )
        return "you need two cards, for the distance and the action: swap one or keep them (Players Turn, step 4)"
    if stage == 2 and k == st.WILD:
        return "a Wild card can never set the range (Playing the Wild Card)"
    wanted = _STAGE_OF[type(info)]
    if wanted != stage:
        order = ("the distance card", "the action card", "the range card (or none)")
        return f"the cards are chosen in order: now {order[stage]} (Players Turn, step 4, Note 1)"
    missing = _not_in_hand(st, seat, k)
    if missing:
        return missing
    sym = st.restriction()
    if stage == 0 and sym != ALL_SYMBOLS and st.cards[k][3] != sym:
        return (
            f"the first card played must show the {SYMBOL_NAMES[sym]} symbol, or be a Wild card "
            "(Asteroid board, Symbol Cards)"
        )
    if wanted == 2 and not st.advanced:  # a range card
        return "this game plays with a fixed range, not range cards (Kick-off the game)"
    return ""


_STAGE_OF: dict[type[ActionInfo], int] = {
    M.DistanceCard: 0,
    M.DistanceWild: 0,
    M.ActionCard: 1,
    M.ActionWild: 1,
    M.RangeCard: 2,
}
"""Step 4: the stage (0 the distance, 1 the action, 2 the range) each kind of card choice answers."""


def _swap(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    """Note 2: a swap is refused only when a card can be played."""
    return "you can play a card this turn, so there is no swap (Players Turn, step 4, Note 2)"


def _card_of(info: ActionInfo, wild: int) -> int:
    """The STAR card a step 4 choice names (the Wild card ``wild`` for a choice that names none)."""
    match info:
        case M.DistanceCard(card=k) | M.DistanceWild(card=k) | M.ActionCard(card=k) | M.ActionWild(card=k):
            return k
        case M.RangeCard(card=k):
            return k
    return wild


def _no_wild(st: PangaeaState, seat: int) -> str:
    """Step 2: why ``seat`` plays no Wild card now at all ("" if it may)."""
    if st.WILD not in st.hands[seat]:
        return "you hold no Wild card (Playing the Wild Card)"
    if st.wild2:
        return "you have already played a Wild card in this step 2 (Players Turn, step 2)"
    return ""


def _wild_dino(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    """Step 2: a Wild card removes a Dino."""
    w, seat = st.world, step.decider()
    no_wild = _no_wild(st, seat)
    if no_wild:
        return no_wild
    if all(s < 0 for s in w.dinos) and not w.shelter_spaces(seat):
        return (
            "there is no Dino on the board and none of your Shelters for a Wild card to remove (Playing the Wild Card)"
        )
    return f"{DINO_NAMES[action - st.A.WILD_DINO]} is not on the board (Dinosaurs)"


def _wild_shelter(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    """Step 2: a Wild card removes one of your own Shelters."""
    w, seat = st.world, step.decider()
    no_wild = _no_wild(st, seat)
    if no_wild:
        return no_wild
    if not w.shelters[action - st.A.WILD_SHELTER] >> seat & 1:
        return "a Wild card removes only one of your own Shelters (Players Turn, step 2)"
    return ""


def _activate(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    seat = step.decider()
    e = action - st.A.ACTIVATE
    name = EVO_NAMES[e]
    if e not in st.evo_types(seat):
        return f"you hold no {name} card (Evolution Cards)"
    if EVO_LEVEL[e] == 1:
        return f"{name} is a level 1 card: always active, it needs no activation (Evolution Cards)"
    if st.has_active(seat, e):
        return f"your {name} card is active already (Evolution Cards)"
    if st.activated:
        return "only one Evolution card may be activated in a turn (Players Turn, step 2)"
    if st.points[seat] < 1:
        return "activating costs 1 point, and you have none (Evolution Cards)"
    return ""


def _buy(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    seat = step.decider()
    e, j = divmod(action - st.A.BUY, 9)
    name, level = EVO_NAMES[e], EVO_LEVEL[e]
    held = st.evo_types(seat)
    if st.points[seat] < 1:
        return "an Evolution card costs 1 point, and you have none (Evolution Cards)"
    if not st.evo_supply[e]:
        return f"no {name} card is left to buy (Evolution Cards)"
    if level == 1:
        if j:
            return "a level 1 card is bought without giving a card back (Evolution Cards)"
        return f"you hold {MAX_EVOLUTION} Evolution cards, the most allowed (Evolution Cards)"
    below = [x for x in held if EVO_LEVEL[x] == level - 1]
    if not below:
        return f"a level {level} card needs a level {level - 1} card of yours given back (Evolution Cards)"
    if not j or j - 1 not in below:
        return f"give back one of your level {level - 1} cards for it (Evolution Cards)"
    return ""


def _stone(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    w, seat = st.world, step.decider()
    s = action - st.A.STONE
    if st.points[seat] < 1:
        return "a stone costs 1 point, and you have none (Some General Basic Rules)"
    off = _off_board(st, seat)
    if off:
        return off
    if w.top(s) != LAVA:
        return "a stone is bought to cover a lava tile (Some General Basic Rules)"
    if w.supply[STONE] <= 0:
        return "no stone tile is left in the supply (Rules of Change)"
    return "a stone covers lava next to your Explorer (Players Turn, step 7)"


# ----- Evolution cards, level 4, and the Rules of Change: decisions about a space -------------------
LEVEL_4 = "Evolution Cards, level 4"


def _block(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    if action - st.A.BLOCK in st.blocked:
        return "that space's change is blocked already (Evolution Cards, level 4)"
    return (
        "the Block card keeps one tile that is about to change, and this one is not "
        f"(the Asteroid and its toxic ring are never blocked) ({LEVEL_4})"
    )


def _shelter_move(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    when = cast("F.ShelterMove", step).when  # MOMENTS: judged at a Shelter move only
    w, seat, n = st.world, step.decider(), st.world.geo.n
    src, dst = divmod(action - st.A.SHELTER_MOVE, n)
    if not w.shelters[src] >> seat & 1:
        return f"you have no Shelter there to move ({LEVEL_4})"
    legal = st.legal_actions()
    if not any(st.A.SHELTER_MOVE + src * n <= a < st.A.SHELTER_MOVE + (src + 1) * n for a in legal):
        if when == F.BRONTOSAURUS:
            return f"only the Shelter the Brontosaurus is about to land on may move now ({LEVEL_4})"
        if when == F.THREATENED:
            return f"only a Shelter about to be destroyed may move now ({LEVEL_4})"
        return f"no space within 2 of this Shelter can take it ({LEVEL_4})"
    if dst == src:
        return f"the Shelter moves to another space, within 2 of this one ({LEVEL_4})"
    if w.geo.distance(src, dst) > 2:
        return f"a Shelter moves at most 2 spaces ({LEVEL_4})"
    mask = w.shelters[dst]
    if mask >> seat & 1:
        return "you already have a Shelter on that space: one per player per space (Some General Basic Rules)"
    if bin(mask).count("1") >= 3:
        return "three Shelters already stand there, the most a space holds (Some General Basic Rules)"
    if w.special[src] >> seat & 1:
        return f"even a Shelter built anywhere needs ground an Explorer can use ({LEVEL_4}; Evolution Cards, level 3)"
    return (
        "a Shelter stands on level 2 only, unless it was built with the Build anywhere card "
        f"({LEVEL_4}; Some General Basic Rules)"
    )


def _take_tile(st: PangaeaState, step: PangaeaStep, info: ActionInfo, action: int) -> str:
    op = cast("F.TakeTile", step).op  # MOMENTS: judged when a tile is taken only
    w, s = st.world, action - st.A.TAKE_TILE
    if st.plan is None:
        return ""
    target, op = st.plan[1][op]
    tile = Wd.needed_tile(w, target, op)
    if tile < 0:
        return ""
    if s in Wd.plan_exclude(st.plan):
        return "no tile is taken from a space this change is altering (Rules of Change)"
    if w.top(s) != tile:
        return f"the {TILE_NAMES[tile]} tile needed comes from a space showing one on top (Rules of Change)"
    return "a tile with a piece on it cannot be taken (Rules of Change)"


REASONS: dict[type[ActionInfo], Reason] = {
    M.Start: _start,
    M.Move: _move,
    M.MoveHarvest: _harvest,
    M.Build: _build,
    M.BuildSpecial: _build_special,
    M.DinoMove: _dino_move,
    M.DinoPlace: _dino_place,
    M.DistanceCard: _star,
    M.DistanceWild: _star,
    M.ActionCard: _star,
    M.ActionWild: _star,
    M.RangeCard: _star,
    M.Swap: _swap,
    M.WildDino: _wild_dino,
    M.WildShelter: _wild_shelter,
    M.Activate: _activate,
    M.Buy: _buy,
    M.Stone: _stone,
    M.Block: _block,
    M.ShelterMove: _shelter_move,
    M.TakeTile: _take_tile,
}
"""The reasons of the decision at hand, by kind of action ("": none found, the general words)."""


# ----- what a board shows ----------------------------------------------------------------------------
def refusable(st: PangaeaState, seat: int) -> list[int]:
    """The refused ids a board shows as pieces at the seat's decision: the cards in its hand and
    its Evolution cards, the supply's Evolution cards, the spaces of the board, the Dinosaurs and
    its own Shelters, each as the action a click on it would ask for at this decision."""
    step = st.top_step()
    if step is None or step.decider() != seat:
        return []
    pieces = _PIECES.get(step.phase())
    return pieces(st, step, _Held.of(st, seat)) if pieces is not None else []


class _Held(NamedTuple):
    """The pieces a seat may click at any decision, each as the action a click asks for."""

    cards: list[int]  # the STAR cards of its hand, as distance cards
    evolution: list[int]  # its Evolution cards, as activations
    dinos: list[int]  # the Dinosaurs on the board, as removed by a Wild card
    shelters: list[int]  # its Shelters, as removed by a Wild card
    buys: list[int]  # the supply's Evolution cards, as the buy step 7 would make

    @staticmethod
    def of(st: PangaeaState, seat: int) -> _Held:
        A, w = st.A, st.world
        hand = sorted(set(st.hands[seat]))
        held = st.evo_types(seat)
        buys = []
        for e in range(NUM_EVO):
            below = [x for x in held if EVO_LEVEL[x] == EVO_LEVEL[e] - 1]
            buys.append(A.BUY + e * 9 + (below[0] + 1 if below else 0))
        return _Held(
            cards=[A.DIST_CARD + k for k in hand if k < st.K] + ([A.DIST_WILD] if st.WILD in hand else []),
            evolution=[A.ACTIVATE + e for e in sorted(set(held))],
            dinos=[A.WILD_DINO + d for d in range(len(w.dinos)) if w.dinos[d] >= 0],
            shelters=[A.WILD_SHELTER + s for s in w.shelter_spaces(seat)],
            buys=buys,
        )


def _step2_pieces(st: PangaeaState, step: PangaeaStep, h: _Held) -> list[int]:
    # the Wild card answers for its own use now: a Dino or a Shelter removed (else a stand-in)
    A = st.A
    wild = [A.WILD_DINO] if st.WILD in st.hands[step.decider()] and not h.dinos and not h.shelters else []
    return [a for a in h.cards if a != A.DIST_WILD] + wild + h.evolution + h.dinos + h.shelters + h.buys


def _dino_pieces(st: PangaeaState, step: PangaeaStep, h: _Held) -> list[int]:
    A, w = st.A, st.world
    n = w.geo.n
    options = resolve.dino_options(st, step.decider())
    d = options[0][0] if options else next((x for x in range(len(w.dinos)) if w.dinos[x] < 0), 0)
    return [A.DINO_PLACE + d * n + s for s in range(n)]


def _step6_pieces(st: PangaeaState, step: PangaeaStep, h: _Held) -> list[int]:
    A, w = st.A, st.world
    n = w.geo.n
    moving = {(a - A.DINO_MOVE) // n for a in st.legal_actions() if A.DINO_MOVE <= a < A.PASS}
    stuck = [A.DINO_MOVE + d * n + s for d, s in enumerate(w.dinos) if s >= 0 and d not in moving]
    return [A.MOVE + s for s in range(n)] + [A.BUILD] + stuck + h.cards + h.evolution + h.buys


def _step7_pieces(st: PangaeaState, step: PangaeaStep, h: _Held) -> list[int]:
    w = st.world
    lava = [st.A.STONE + s for s in range(w.geo.n) if w.top(s) == LAVA]
    return h.buys + lava + h.cards + h.evolution


def _spaces(base: Callable[[Fixed], int]) -> Callable[[PangaeaState, PangaeaStep, _Held], list[int]]:
    """Each space of the board as the action ``base(A) + space``."""
    return lambda st, step, h: [base(st.A) + s for s in range(st.world.geo.n)]


_PIECES: dict[str, Callable[[PangaeaState, PangaeaStep, _Held], list[int]]] = {
    "start": _spaces(lambda A: A.START),
    "step2": _step2_pieces,
    "step4": lambda st, step, h: _step4_cards(st, cast("F.Step4", step)) + h.evolution + h.buys,
    "dinosaur": _dino_pieces,
    "step6": _step6_pieces,
    "block": _spaces(lambda A: A.BLOCK),
    "take_tile": _spaces(lambda A: A.TAKE_TILE),
    "shelter_move": lambda st, step, h: _shelter_moves(st, step.decider()),
    "step7": _step7_pieces,
}
"""The pieces a board shows at each main decision, by its phase (the other decisions: none)."""


def refused_pieces(st: PangaeaState, seat: int) -> list[tuple[str, dict[str, str | int]]]:
    """The other players' STAR cards and Evolution cards, which no action of the seat names: a
    click on them says whose they are (all of it lies face up on the table)."""
    step = st.top_step()
    if step is None or step.decider() != seat:
        return []
    out: list[tuple[str, dict[str, str | int]]] = []
    for other in range(st.num_players):
        if other == seat:
            continue
        name = seat_name(other)
        if st.hands[other]:
            reason = f"those are {name}'s STAR cards: you play only your own (STAR cards explained)"
            out.append((reason, {"kind": "hand_of", "seat": other}))
        if st.evo_types(other):
            reason = f"those are {name}'s Evolution cards: you activate only your own (Evolution Cards)"
            out.append((reason, {"kind": "evolution_of", "seat": other}))
    return out


def _shelter_moves(st: PangaeaState, seat: int) -> list[int]:
    """Each space as the move of the first Shelter that may move there, and each of the seat's
    Shelters as its move onto its own space (what stops that Shelter)."""
    A, n = st.A, st.world.geo.n
    sources = sorted({(a - A.SHELTER_MOVE) // n for a in st.legal_actions() if A.SHELTER_MOVE <= a < A.NO_SHELTER_MOVE})
    own = [A.SHELTER_MOVE + s * n + s for s in st.world.shelter_spaces(seat)]
    if not sources:
        return own
    return [A.SHELTER_MOVE + sources[0] * n + s for s in range(n)] + own


def _step4_cards(st: PangaeaState, step: F.Step4) -> list[int]:
    """Each card of the hand as the use step 4 asks for now (distance, action or range)."""
    A = st.A
    base = (A.DIST_CARD, A.ACT_CARD, A.RANGE_CARD)[step.stage]
    out = [base + k for k in sorted(set(st.hands[step.seat])) if k < st.K]
    if st.WILD in st.hands[step.seat] and step.stage:
        out.append(A.ACT_WILD if step.stage == 1 else A.DIST_WILD)
    return out


_WHERE_NOW: dict[str, str] = {
    "start": "Starting positions: choose a free starting star",
    "step2": "Players Turn, step 2: a Wild card, an activation or go on",
    "step3": "Players Turn, step 3: re-enter or not",
    "step4": "Players Turn, step 4: choose the STAR cards (symbol restriction: Asteroid board, Symbol Cards)",
    "interrupt": "Players Turn, step 5: interrupt with a Wild card or not",
    "direction": "Moving the Event locator: choose one of the six directions",
    "earthquake": "Earthquake: a connected crack between two land spaces in the range",
    "dinosaur": "Dinosaurs: a free dino onto a suitable space of the range",
    "step6": "Players Turn, step 6: move, build or move a dino",
    "extra_move": "Evolution Cards (Extra move): use it or not",
    "step7": "Players Turn, step 7: buy Evolution cards (1 point) or stop",
    "block": "Evolution Cards (Block): a space about to change, or none",
    "shelter_move": "Evolution Cards (Shelter move): within 2 spaces, or none",
    "give_back": "Players Turn, step 5 Note: give back one card",
    "take_tile": "Rules of Change: the supply is out; take that tile from a free space outside the range",
    "reuse_crack": "Earthquake: no stick in stock; choose a crack on the board to move",
    "protection": "Evolution Cards (protection): use the card or not",
    "lightning_reenter": "Asteroid board, Lightning Bolt Tile: re-enter or not",
}
"""Where a refused action was tried: the decision on top of the flow, by its phase."""
