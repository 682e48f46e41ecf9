"""Dino Race: the options open in the play phase (2) Play and swap cards), as sorted action ids.

Built in ascending order, so never sorted: movement (matching card, wildcard, three of a kind),
then Push back, Throw the egg and Steal a card, then swaps, passes (Playing in Teams) and the roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race.data import EGG, HOME, NUM_CARD_TYPES, PUSH, STEAL, VOLCANO, WILD

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T: Final = NUM_CARD_TYPES
_SWAPS: Final[dict[int, tuple[int, ...]]] = {}  # hand signature -> its swap actions (filled as met)


def swap_actions(held: int, doubles: int) -> tuple[int, ...]:
    """The ``SWAP`` actions, ascending, of a hand holding the card types in the bitmask ``held``,
    two or more of those in ``doubles``: every pair of cards it can pay (one table per signature)."""
    key = held | doubles << T
    found = _SWAPS.get(key)
    if found is None:
        out: list[int] = []
        for x in range(T):
            if held >> x & 1:
                if doubles >> x & 1:
                    out.append(A.SWAP + A.PAIR_INDEX[(x, x)])
                for y in range(x + 1, T):
                    if held >> y & 1:
                        out.append(A.SWAP + A.PAIR_INDEX[(x, y)])
        found = tuple(out)
        _SWAPS[key] = found
    return found


def play_actions(state: DinoRaceState, seat: int) -> list[int]:
    """2) Play and swap cards: every option open to ``seat`` now, ascending (built in order)."""
    k_per = state.dinos_per_player
    first = seat * k_per
    pos = state.pos
    down = state.down
    racing = False
    tripped = False
    for d in range(first, first + k_per):
        if pos[d] != HOME:
            racing = True
        if down >> d & 1:
            tripped = True
    if not racing:
        return [A.ROLL]
    hand = state.hand
    base = seat * T
    size = held = doubles = triples = 0
    for t in range(T):
        c = hand[base + t]
        if c:
            size += c
            held |= 1 << t
            if c >= 2:
                doubles |= 1 << t
                if c >= 3:
                    triples |= 1 << t
    out: list[int] = []
    if size >= 2 and tripped:
        return _owing_stand_up(state, seat, held, doubles, triples, size)
    _move_actions(state, seat, out, held, triples)
    if hand[base + PUSH] or hand[base + EGG] or hand[base + STEAL]:
        _special_actions(state, seat, out)
    if size >= 2:
        out.extend(swap_actions(held, doubles))
    if state.teams and not state.passed and size and state.is_racing(state.mate_of(seat)):
        for t in range(T):
            if held >> t & 1:
                out.append(A.PASS + t)
    out.append(A.ROLL)
    return out


def _owing_stand_up(state: DinoRaceState, seat: int, held: int, doubles: int, triples: int, size: int) -> list[int]:
    """Throw the egg: a tripped dino stands up when its owner discards two cards in the next turn.
    The discard is owed this turn, at any time before that dino moves (rules.md, Assumptions):
    every other option stays open as long as it leaves the cards the owed stand-ups need, and
    the roll waits until nothing is owed."""
    k_per = state.dinos_per_player
    first = seat * k_per
    down = state.down
    downs = [k for k in range(k_per) if down >> (first + k) & 1]
    spare = size - 2 * min(len(downs), size // 2)  # cards free to spend before standing up
    swaps = swap_actions(held, doubles)
    out: list[int] = []
    if spare:
        _move_actions(state, seat, out, held, triples)
        if spare < 3:
            out = [a for a in out if not A.MOVE_TRIPLE <= a < A.PUSH]
        base = seat * T
        hand = state.hand
        if hand[base + PUSH] or hand[base + EGG] or hand[base + STEAL]:
            _special_actions(state, seat, out)  # a trick costs its card (a steal gets one back)
        out.extend(swaps)  # two cards out, one drawn back
    elif state.hand[seat * T + STEAL]:
        tricks: list[int] = []
        _special_actions(state, seat, tricks)
        out.extend(a for a in tricks if A.STEAL <= a < A.SWAP)
    for k in downs:
        shift = A.STAND_UP - A.SWAP + 36 * k
        out.extend(a + shift for a in swaps)
    if spare and state.teams and not state.passed and state.is_racing(state.mate_of(seat)):
        out.extend(A.PASS + t for t in range(T) if held >> t & 1)
    return out


def _move_actions(state: DinoRaceState, seat: int, out: list[int], held: int, triples: int) -> None:
    """Playing movement cards, appended ascending: matching cards, wildcards, then triples."""
    k_per = state.dinos_per_player
    first = seat * k_per
    pos = state.pos
    down = state.down
    tiles = state.tiles
    for k in range(k_per):
        d = first + k
        p = pos[d]
        if p != HOME and not down >> d & 1 and held >> tiles[p] & 1:  # next tile is p + 1, at index p
            out.append(A.MOVE_MATCH + k)
    if held >> WILD & 1:
        for k in range(k_per):
            d = first + k
            if pos[d] != HOME and not down >> d & 1:
                out.append(A.MOVE_WILD + k)
    elif triples:
        for k in range(k_per):
            d = first + k
            p = pos[d]
            if p != HOME and not down >> d & 1 and not held >> tiles[p] & 1:
                for t in range(T):
                    if triples >> t & 1:
                        out.append(A.MOVE_TRIPLE + 8 * k + t)


def _special_actions(state: DinoRaceState, seat: int, out: list[int]) -> None:
    """Push back, Throw the egg and Steal a card, appended ascending: they target the
    opponents' dinos on a tile where one of ``seat``'s dinos stands."""
    k_per = state.dinos_per_player
    first = seat * k_per
    pos = state.pos
    targets: list[int] = []
    for d in range(state.num_dinos):
        p = pos[d]
        if p == HOME or not state.is_opponent(seat, d // k_per):
            continue
        for m in range(first, first + k_per):
            if pos[m] == p:
                targets.append(d)
                break
    if not targets:
        return
    hand = state.hand
    base = seat * T
    if hand[base + PUSH]:
        for d in targets:
            if pos[d] != VOLCANO:
                out.append(A.PUSH + d)
    if hand[base + EGG]:
        last = -1
        if state.egg == seat:
            for d in targets:
                owner = d // k_per
                if owner != last:
                    out.append(A.GIVE_EGG + owner)
                    last = owner
        else:
            down = state.down
            for d in targets:
                if not down >> d & 1:
                    out.append(A.TRIP + d)
    if hand[base + STEAL]:
        last = -1
        for d in targets:
            owner = d // k_per
            if owner != last:
                last = owner
                if state.hand_size(owner):
                    out.append(A.STEAL + owner)
