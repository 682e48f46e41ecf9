"""The decisions of Pangaea: legal choices and their effects, step by step (Players Turn and
steps, Alliances, Evolution Cards, Earthquake, Dinosaurs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import resolve, walks
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.data import (
    ALL_SYMBOLS,
    EVO_BLOCK,
    EVO_BRONTO,
    EVO_BUILD,
    EVO_EXTRA,
    EVO_LEVEL,
    EVO_SHELTER_MOVE,
    EVO_TREX,
    MAX_EVOLUTION,
    NUM_EVO,
)
from dinobox.games.pangaea.events import (
    Activate,
    Block,
    Build,
    Buy,
    Choose,
    DinoMove,
    Direction,
    ExtraMove,
    Harvest,
    Interrupt,
    Keep,
    Move,
    NoGuard,
    Pass,
    ShelterMove,
    Start,
    StayOff,
    Stone,
    Swap,
    Trim,
    WildDino,
    WildShelter,
)
from dinobox.games.pangaea.tiles import L1, LAVA, STONE, is_trex

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


# ===== legal choices ============================================================================
# Each decision step's ``choices`` (``flow.py``): sorted (none: the step is dropped). Most come out
# in order (the blocks of ``actions.Layout`` are in the order they are listed there).
def interrupt_choices(st: PangaeaState, seat: int) -> list[int]:
    if not resolve.can_interrupt(st, seat):
        return []
    return [st.A.INTERRUPT, st.A.NO_INTERRUPT]


def direction_choices(st: PangaeaState, seat: int) -> list[int]:
    return [st.A.DIR + d for d in resolve.safe_directions(st, seat)]


def reenter_choices(st: PangaeaState, seat: int) -> list[int]:
    if st.world.explorers[seat] >= 0 or Wd.reentry_space(st.world, seat) < 0:
        return []
    return [st.A.REENTER, st.A.STAY_OFF]


def crack_choices(st: PangaeaState) -> list[int]:
    return [st.A.CRACK + e for e in resolve.crack_choices(st)]


def reuse_choices(st: PangaeaState) -> list[int]:
    # oldest first on the board
    return sorted([st.A.REUSE_CRACK + e for e in st.world.cracks if e not in st.quake_edges])


def take_tile_choices(st: PangaeaState, op: int) -> list[int]:
    w = st.world
    if st.plan is None:
        return []
    s, change = st.plan[1][op]
    tile = Wd.needed_tile(w, s, change)
    if tile < 0 or w.supply[tile] > 0:
        return []
    return [st.A.TAKE_TILE + x for x in Wd.board_sources(w, tile, Wd.plan_exclude(st.plan))]


def guard_choices(st: PangaeaState, seat: int) -> list[int]:
    if not st.pending_dino:
        return []
    etype = EVO_TREX if is_trex(st.pending_dino[0]) else EVO_BRONTO
    return [st.A.GUARD_YES, st.A.GUARD_NO] if st.has_active(seat, etype) else []


def dino_choices(st: PangaeaState, seat: int) -> list[int]:
    n = st.world.geo.n
    return sorted([st.A.DINO_PLACE + d * n + s for d, s in resolve.dino_options(st, seat)])  # range order


def extra_choices(st: PangaeaState, seat: int) -> list[int]:
    if st.extra_used or not st.has_active(seat, EVO_EXTRA) or not step6_choices(st, seat):
        return []
    return [st.A.EXTRA_YES, st.A.EXTRA_NO]


def block_choices(st: PangaeaState, seat: int) -> list[int]:
    if st.plan is None or not st.has_active(seat, EVO_BLOCK):
        return []
    spaces = [s for s in Wd.plan_changes(st.world, st.plan) if s not in st.blocked]
    if not spaces:
        return []
    return [st.A.BLOCK + s for s in spaces] + [st.A.NO_BLOCK]


def give_back_choices(st: PangaeaState, seat: int) -> list[int]:
    if len(st.hands[seat]) <= st.hand_limit(seat):
        return []
    return sorted({st.A.TRIM + k for k in st.hands[seat]})


def start_choices(st: PangaeaState, seat: int) -> list[int]:
    w = st.world
    geo = w.geo
    taken = set(w.explorers)
    stars = [geo.space(r, c) for r, c in st.game.data.stars]
    return sorted({s for s in stars if s not in taken and w.explorer_ok(s, seat)})


def step2_choices(st: PangaeaState, seat: int) -> list[int]:
    """Step 2: a Wild removes a Dino or one of your Shelters; one Evolution activation."""
    A = st.A
    w = st.world
    out: list[int] = []
    if not st.wild2 and Wd.holds(st.hands[seat], st.WILD):
        for d in range(4):
            if w.dinos[d] >= 0:
                out.append(A.WILD_DINO + d)
        for s in w.shelter_spaces(seat):
            out.append(A.WILD_SHELTER + s)
    if not st.activated and st.points[seat] >= 1 and st.evo[seat]:
        for e in sorted({c >> 1 for c in st.evo[seat] if not c & 1}):
            out.append(A.ACTIVATE + e)
    if out:
        out.append(A.CONTINUE)
    return out


def remaining_hand(st: PangaeaState, seat: int) -> list[int]:
    """The hand without the cards already chosen in step 4."""
    hand = list(st.hands[seat])
    sel = st.sel
    if not sel:
        return hand
    for i in (0, 2, 4):
        if i < len(sel) and sel[i] >= 0:
            hand.remove(sel[i])
    return hand


def _cards_left(st: PangaeaState, seat: int) -> tuple[list[int], bool, int]:
    """Step 4: what ``remaining_hand`` holds, in one pass over the hand: its numbered kinds (each
    once, in order), whether a Wild is among them, and how many cards."""
    sel = st.sel
    # the cards chosen (distance, action, range), -1 for none (no card is -1); one copy of each
    # is set aside (the sum of what is set aside, not which copy, is what counts)
    first = sel[0] if len(sel) > 0 else -1
    second = sel[2] if len(sel) > 2 else -1
    third = sel[4] if len(sel) > 4 else -1
    K, wild_kind = st.K, st.WILD
    kinds: list[int] = []
    wild = False
    count = 0
    for k in st.hands[seat]:
        if k == first:
            first = -1
            continue
        if k == second:
            second = -1
            continue
        if k == third:
            third = -1
            continue
        count += 1
        if k == wild_kind:
            wild = True
        elif k < K and (not kinds or kinds[-1] != k):
            kinds.append(k)
    return kinds, wild, count


def step4_choices(st: PangaeaState, seat: int, stage: int) -> list[int]:
    """Step 4: the distance card (or a Wild, 0..10), the action card (or a Wild, any action),
    then in advanced play the range card (never a Wild). Under a symbol restriction the first
    card must show the symbol or be a Wild; if impossible: swap one card or keep them."""
    A = st.A
    kinds, wild, count = _cards_left(st, seat)
    if stage == 0:
        sym = st.restriction()
        out = []
        for k in kinds:
            if sym == ALL_SYMBOLS or st.cards[k][3] == sym:
                out.append(A.DIST_CARD + k)
        if wild:
            out.extend(A.dist_wilds)  # DIST_WILD + 0..WILD_MAX_DISTANCE
        if out and count >= 2:
            return out
        out = [A.SWAP + k for k in kinds]
        out.append(A.KEEP)
        return out
    if stage == 1:
        out = [A.ACT_CARD + k for k in kinds]
        if wild:
            out.extend(A.act_wilds)  # ACT_WILD + each action
        return out
    out = [A.RANGE_CARD + k for k in kinds]
    out.append(A.NO_RANGE)
    return out


def step6_choices(st: PangaeaState, seat: int) -> list[int]:
    """Step 6: move the Explorer 1-2 spaces (harvest after 1 onto level 1), build a Shelter, or
    move a Dino. PASS only when every option would destroy your Explorer. (The blocks of
    actions come out in the order of ``actions.Layout``, each sorted: the list is sorted.)"""
    A = st.A
    w = st.world
    n = w.geo.n
    out: list[int] = []
    safe = False
    pos = w.explorers[seat]
    if pos >= 0:
        ones, twos = walks.explorer_moves(w, seat, out, A.MOVE)  # the moves, in order, into ``out``
        trex = walks.trex_spaces(w, seat)  # (safe: explorer_ok off these spaces)
        harvests: list[int] = []
        for s in ones:
            if w.explorer_ok(s, seat) and not (trex and Wd.lists(trex, s)):
                safe = True
                if w.top(s) == L1:
                    harvests.append(A.HARVEST + s)
        if not safe:
            for s in twos:
                if w.explorer_ok(s, seat) and not (trex and Wd.lists(trex, s)):
                    safe = True
                    break
        out.extend(harvests)
        if st.shelters_left(seat) > 0:
            if Wd.can_build(w, seat, pos, False):
                out.append(A.BUILD)
                safe = True
            if st.has_active(seat, EVO_BUILD) and Wd.can_build(w, seat, pos, True):
                out.append(A.BUILD_SPECIAL)
                safe = True
    allies = st.allies(seat) if st.alliances else 0
    dinos, moved = w.dinos, w.dino_moved
    for d in range(4):
        if dinos[d] >= 0 and not moved >> d & 1:
            for s in walks.dino_moves(w, d):
                if allies and resolve.dino_hurts(st, allies, d, s):
                    continue
                out.append(A.DINO_MOVE + d * n + s)
                safe = True
    if not safe:
        if not out:
            return out  # nothing but PASS: the step is dropped
        out.append(A.PASS)
    return out


def step7_choices(st: PangaeaState, seat: int) -> list[int]:
    """Step 7: buy Evolution cards (1 point each; from level 2 discard one of the level below;
    at most 3) and stones for lava beside your Explorer (1 point each)."""
    A = st.A
    if st.points[seat] < 1:
        return []
    out: list[int] = []
    held = st.evo_types(seat)
    kinds_held: list[int] | None = None  # each type held once, in order (made when a level 2+ card is for sale)
    for e in range(NUM_EVO):
        if not st.evo_supply[e]:
            continue
        level = EVO_LEVEL[e]
        if level == 1:
            if len(held) < MAX_EVOLUTION:
                out.append(A.BUY + e * 9)
        else:
            if kinds_held is None:
                kinds_held = sorted(set(held))
            for j in kinds_held:
                if EVO_LEVEL[j] == level - 1:
                    out.append(A.BUY + e * 9 + j + 1)
    w = st.world
    pos = w.explorers[seat]
    if pos >= 0 and w.supply[STONE] > 0:
        lava = [s for s in w.geo.nb[pos] if s >= 0 and w.top(s) == LAVA]  # neighbours: each once
        lava.sort()
        for s in lava:
            out.append(A.STONE + s)
    if out:
        out.append(A.DONE)
    return out


def shelter_choices(st: PangaeaState, seat: int, end: int) -> list[int]:
    """Level 4 Shelter move: a Shelter about to be destroyed (by tile changes, lava, or a
    Brontosaurus: ``end`` ``THREATENED`` or ``BRONTOSAURUS``) or, at the end (``AT_THE_END``),
    any Shelter once the impact point is known, moves up to 2 spaces."""
    A = st.A
    w = st.world
    if not st.has_active(seat, EVO_SHELTER_MOVE):
        return []
    if end == F.AT_THE_END:
        sources = w.shelter_spaces(seat)
    elif end == F.BRONTOSAURUS:  # a Brontosaurus is about to land on this space
        s = st.pending_dino[1] if st.pending_dino else -1
        sources = [s] if s >= 0 and w.shelters[s] >> seat & 1 and not st.guard_use >> seat & 1 else []
    else:
        sources = resolve.threatened(st, seat)
    n = w.geo.n
    out = [A.SHELTER_MOVE + src * n + dst for src in sources for dst in Wd.shelter_targets(w, seat, src)]
    if not out:
        return []
    out.sort()
    out.append(A.NO_SHELTER_MOVE)
    return out


# ===== effects ====================================================================================
# Each decision step's ``decide`` (``flow.py``): carry out a legal choice, the step still on top.
def decide_step6(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    if not st.extra_used and st.has_active(seat, EVO_EXTRA):
        st.steps.append(F.ExtraMove(seat))
    _do_step6(st, seat, action)  # may stack decisions (a protection card) above the Extra move


def decide_interrupt(st: PangaeaState, seat: int, turn_seat: int, action: int) -> None:
    steps = st.steps
    steps.pop()
    if action == st.A.INTERRUPT:
        st.interrupted = True
        st.take_card(seat, st.WILD)
        st.discard_card(st.WILD)
        st._emit(Interrupt, seat, turn_seat)
        while (top := st.top_step()) is not None and top.interrupts():  # nobody else is asked
            steps.pop()


def decide_direction(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    st.direction = action - st.A.DIR
    if not st._quiet:  # a playout keeps no log: no event built
        st._emit(Direction, seat, st.direction)


def decide_reenter(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    if action == st.A.REENTER:
        Wd.reenter(st.world, [seat])
    elif not st._quiet:
        st._emit(StayOff, seat)


def decide_crack(st: PangaeaState, seat: int, action: int) -> None:
    w = st.world
    edge = action - st.A.CRACK
    if w.sticks <= 0:
        reusable = [e for e in w.cracks if e not in st.quake_edges]
        if len(reusable) >= 2:  # the player chooses which stick to move
            st.steps.append(F.ReuseCrack(seat, edge))
            return
        Wd.place_crack(w, edge, reusable[0])
    else:
        Wd.place_crack(w, edge)
    st.quake_edges = (*st.quake_edges, edge)


def decide_reuse(st: PangaeaState, edge: int, action: int) -> None:
    st.steps.pop()
    Wd.place_crack(st.world, edge, action - st.A.REUSE_CRACK)
    st.quake_edges = (*st.quake_edges, edge)


def decide_take_tile(st: PangaeaState, op: int, action: int) -> None:
    w = st.world
    st.steps.pop()
    assert st.plan is not None
    s, change = st.plan[1][op]
    Wd.take_from_board(w, action - st.A.TAKE_TILE, Wd.needed_tile(w, s, change))


def decide_guard(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    if action == st.A.GUARD_YES:
        st.guard_use |= 1 << seat
    else:
        st._emit(NoGuard, seat)


def decide_dino(st: PangaeaState, action: int) -> None:
    st.steps.pop()
    d, s = divmod(action - st.A.DINO_PLACE, st.world.geo.n)
    resolve.dino_lands(st, d, s)


def decide_extra(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    if action == st.A.EXTRA_YES:
        st.extra_used = True
        st.set_active(seat, EVO_EXTRA, False)
        st._emit(ExtraMove, seat)
        st.steps.append(F.Step6(seat))


def decide_block(st: PangaeaState, seat: int, action: int) -> None:
    A = st.A
    st.steps.pop()
    if action != A.NO_BLOCK:
        s = action - A.BLOCK
        st.blocked = st.blocked | {s}
        st.set_active(seat, EVO_BLOCK, False)
        st._emit(Block, seat, s)


def decide_shelter(st: PangaeaState, seat: int, action: int) -> None:
    A = st.A
    st.steps.pop()
    if action != A.NO_SHELTER_MOVE:
        src, dst = divmod(action - A.SHELTER_MOVE, st.world.geo.n)
        Wd.move_shelter(st.world, seat, src, dst)
        st.set_active(seat, EVO_SHELTER_MOVE, False)
        st._emit(ShelterMove, seat, src, dst)


def decide_give_back(st: PangaeaState, seat: int, action: int) -> None:
    st.steps.pop()
    k = action - st.A.TRIM
    st.take_card(seat, k)
    st.discard_card(k)
    st._emit(Trim, seat, k)


def decide_start(st: PangaeaState, seat: int, action: int) -> None:
    w = st.world
    st.steps.pop()
    space = action - st.A.START
    w.explorers = Wd.with_item(w.explorers, seat, space)
    st.start_stars = Wd.with_item(st.start_stars, seat, space)
    st._emit(Start, seat, space)


def decide_step2(st: PangaeaState, seat: int, action: int) -> None:
    A = st.A
    w = st.world
    if action == A.CONTINUE:
        st.steps.pop()
    elif action < A.WILD_SHELTER:
        d = action - A.WILD_DINO
        _use_wild(st, seat)
        s = w.dinos[d]
        w.dinos = Wd.with_item(w.dinos, d, -1)
        st._emit(WildDino, seat, d, s)
    elif action < A.ACTIVATE:
        s = action - A.WILD_SHELTER
        _use_wild(st, seat)
        Wd.remove_shelter(w, seat, s)
        st._emit(WildShelter, seat, s)
    else:
        e = action - A.ACTIVATE
        st.activated = True
        st.gain(seat, -1, F.PART_EVOLUTION)
        st.set_active(seat, e, True)
        st._emit(Activate, seat, e)


def _use_wild(st: PangaeaState, seat: int) -> None:
    st.wild2 = True
    st.take_card(seat, st.WILD)
    st.discard_card(st.WILD)


def decide_step4(st: PangaeaState, seat: int, stage: int, action: int) -> None:
    A = st.A
    steps = st.steps
    if stage == 0:
        if action == A.KEEP or A.SWAP <= action < A.KEEP:
            steps.pop()
            st.sel = ()
            if action != A.KEEP:
                k = action - A.SWAP
                st.take_card(seat, k)
                st.discard_card(k)
                st._emit(Swap, seat, k)
                steps.append(F.draw_cards(seat, 1))
            else:
                st._emit(Keep, seat)
            return
        if action >= A.DIST_WILD:
            st.sel = (st.WILD, action - A.DIST_WILD)
        else:
            k = action - A.DIST_CARD
            st.sel = (k, st.cards[k][0])
        steps[-1] = F.STEP4_ACTION[seat]
        if not st._quiet:
            st._emit(Choose, seat, 0, st.sel[0], st.sel[1])
    elif stage == 1:
        if action >= A.ACT_WILD:
            card, act = st.WILD, action - A.ACT_WILD
        else:
            card = action - A.ACT_CARD
            act = st.cards[card][1]
        st.sel = (*st.sel, card, act)
        if not st._quiet:
            st._emit(Choose, seat, 1, card, act)
        if st.advanced:
            steps[-1] = F.STEP4_RANGE[seat]
        else:
            st.sel = (*st.sel, -1, st.novice_range)
            steps.pop()
    else:
        if action == A.NO_RANGE:
            st.sel = (*st.sel, -1, 0)
        else:
            k = action - A.RANGE_CARD
            st.sel = (*st.sel, k, st.cards[k][2])
        if not st._quiet:
            st._emit(Choose, seat, 2, st.sel[4], st.sel[5])
        steps.pop()


def _do_step6(st: PangaeaState, seat: int, action: int) -> None:
    A = st.A
    w = st.world
    n = w.geo.n
    if action == A.PASS:
        st._emit(Pass, seat)
    elif action < A.BUILD:
        harvest = action >= A.HARVEST
        s = action - (A.HARVEST if harvest else A.MOVE)
        if not st._quiet:
            st._emit(Move, seat, s)
        d = w.dino_at(s)
        if d >= 0 and is_trex(d) and w.explorer_ok(s, seat) and w.trex_guard >> seat & 1:
            # onto a T-Rex with an active protection card: the player decides to use it or not
            st.pending_dino = (d, s)
            st.guard_use = 0
            st.steps.append(F.ExplorerArrives(seat, s, harvest))
            st.steps.append(F.Guard(seat))
        elif Wd.move_explorer(w, seat, s, False) and harvest:
            if not st._quiet:
                st._emit(Harvest, seat, s)
            st.gain(seat, 1, F.PART_HARVEST)
    elif action == A.BUILD or action == A.BUILD_SPECIAL:
        special = action == A.BUILD_SPECIAL
        s = w.explorers[seat]
        Wd.build_shelter(w, seat, s, special)
        if special:
            st.set_active(seat, EVO_BUILD, False)
        if not st._quiet:
            st._emit(Build, seat, s, special)
        st.gain(seat, 1, F.PART_BUILD)
    else:
        d, s = divmod(action - A.DINO_MOVE, n)
        if not st._quiet:
            st._emit(DinoMove, seat, d, w.dinos[d], s)
        w.dino_moved |= 1 << d
        resolve.dino_lands(st, d, s)


def decide_step7(st: PangaeaState, seat: int, action: int) -> None:
    A = st.A
    if action == A.DONE:
        st.steps.pop()
        return
    if action >= A.STONE:
        s = action - A.STONE
        st.gain(seat, -1, F.PART_STONE)
        Wd.lava_to_stone(st.world, s)
        st._emit(Stone, seat, s)
        return
    e, j = divmod(action - A.BUY, 9)
    j -= 1  # the card discarded to buy a higher level, or -1
    st.gain(seat, -1, F.PART_EVOLUTION)
    cards = list(st.evo[seat])
    if j >= 0:
        old = next(c for c in cards if c >> 1 == j)  # an inactive copy goes first
        cards.remove(old)
        st.evo_supply = Wd.with_added(st.evo_supply, j, 1)
    st.evo_supply = Wd.with_added(st.evo_supply, e, -1)
    cards.append(e * 2 + (1 if EVO_LEVEL[e] == 1 else 0))
    st.set_evo(seat, tuple(sorted(cards)))
    st.sync_evo()
    st._emit(Buy, seat, e, j)
    pos = st.world.explorers[seat]
    if pos >= 0:
        Wd.settle(st.world, pos)  # a lost sea or mountain power may leave the Explorer stranded
