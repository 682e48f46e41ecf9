"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Hidden in The Great Dinosaur Rush (What's secret): the values of Notoriety tokens the seat did
not draw or take (other players' tokens and face-down sabotage tokens), the other players'
bonus cards and the bonus deck, and the dinosaurs other players built behind their screens this
round. Bone piles, dig sites and the bag's contents (by subtraction) are public.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from dinobox.engine.chance import shuffle_ints
from dinobox.engine.state import TERMINAL
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.field_actions import GONE
from dinobox.games.dinosaur_rush.view import step_name

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

SLOTS = K.SIZE_OF_ALLOCATION


def step_reveals(before: DinosaurRushState, after: DinosaurRushState, seat: int) -> bool:
    """Exhibit phase: the step that completes the last skeleton shows every seat every skeleton
    (and the scores they earn), which were built in secret: it adds the round's summary."""
    return len(after.round_log) > len(before.round_log)


def resample(state: DinosaurRushState, seat: int, rng: random.Random) -> DinosaurRushState:
    new = state.clone()
    if new.is_terminal():  # the end of the game revealed every token, card and skeleton
        return new
    _redraw_tokens(new, seat, rng)
    _redeal_bonus(new, seat, rng)
    _rebuild_skeletons(new, seat)
    return new


def _redraw_tokens(state: DinosaurRushState, seat: int, rng: random.Random) -> None:
    bit = 1 << seat
    unknown = [i for i, w in enumerate(state.tok_where) if w != GONE and not state.tok_known[i] & bit]
    if not unknown:
        return
    pool = [v for v, count in enumerate(state.nbag) for _ in range(count)]
    pool.extend(state.tok_value[i] for i in unknown)
    pool.sort()
    shuffle_ints(pool, rng)
    values = list(state.tok_value)
    for k, i in enumerate(unknown):  # (the pool holds at least the unknown tokens)
        values[i] = pool[k]
    state.tok_value = tuple(values)
    bag = [0] * len(state.nbag)
    for value in pool[len(unknown) :]:
        bag[value] = bag[value] + 1
    state.nbag = tuple(bag)


def _redeal_bonus(state: DinosaurRushState, seat: int, rng: random.Random) -> None:
    others = [p for p in range(state.num_players) if p != seat]
    pool_mask = state.deck
    for p in others:
        pool_mask |= state.hands[p]
    pool = [k for k in range(state.num_bonus) if pool_mask >> k & 1]
    shuffle_ints(pool, rng)
    cursor = 0
    hands = list(state.hands)
    for p in others:
        size = bin(hands[p]).count("1")
        hands[p] = sum(1 << k for k in pool[cursor : cursor + size])
        cursor += size
    state.hands = tuple(hands)
    state.deck = sum(1 << k for k in pool[cursor:])


def _rebuild_skeletons(state: DinosaurRushState, seat: int) -> None:
    """Dinosaurs built this round behind other screens: a plausible skeleton from public facts."""
    top = state.top_step()
    if top is None or top.phase() != "build":
        return
    data = state.game.data
    weights = tuple(float(data.class_points[r][0]) for r in state.rows)
    building = top.builder()
    for p in range(state.num_players):
        if p == seat:
            continue
        base = p * SLOTS
        if state.built[p]:
            have = tuple(state.bones_of(p))
            state.alloc[base : base + SLOTS] = list(K.best_allocation(have, weights, (), state.ability(p)))
        elif building == p:
            state.alloc[base : base + SLOTS] = [0] * SLOTS
            state.steps[-1] = F.Build(p, True)
            state._placing = None  # worked out for the skeleton redrawn here


def information_key(state: DinosaurRushState, seat: int) -> Hashable:
    """``view(seat)`` as a tuple of the fields it is built from (``State.information_key``): the
    public table, the token values ``seat`` knows, its bonus cards and the skeleton it is building;
    never another seat's secrets."""
    top = state.top_step()
    player = state.current_player()
    over = player == TERMINAL
    bit = 1 << seat
    values = state.tok_value
    known = state.tok_known
    tokens = tuple([values[i] if over or known[i] & bit else -1 for i in range(len(values))])
    build: tuple[object, ...] = ()
    if top is not None and top.builder() == seat:
        base = seat * SLOTS
        build = (not top.choosing_start(), tuple(state.alloc[base : base + SLOTS]))
    hands = state.hands
    return (
        player,
        "over" if over else step_name(top),
        "over" if top is None else top.phase(),
        state.round,
        state.field_turn,
        state.turn_player,
        state.starter,
        state.pos,
        state.paleo,
        tuple(state.site),
        state.pile,
        state.start_bones,
        state.vp,
        state.rows,
        state.shown,
        state.built,
        state.scored_cards,
        state.tok_where,
        tokens,
        tuple([bin(h).count("1") for h in hands]),
        hands[seat],
        sum(state.bag),
        sum(state.nbag),
        bin(state.deck).count("1"),
        build,
        _PICKLED.of(state.round_log, state.final if over else None) if state.round_log else b"",
    )


class _PickledRounds:
    """The rounds scored, pickled for ``information_key``, kept with the very objects it was made
    from: clones share them (copy-on-write), so a search's keys mostly reuse the last one. (One
    attribute holds all three: a thread reading it never sees a half-made entry.)"""

    def __init__(self) -> None:
        self.last: tuple[object, object, bytes] = (None, None, b"")

    def of(self, rounds: object, final: object) -> bytes:
        last = self.last
        if last[0] is rounds and last[1] is final:
            return last[2]
        data = pickle.dumps((rounds, final), pickle.HIGHEST_PROTOCOL)
        self.last = (rounds, final, data)
        return data


_PICKLED = _PickledRounds()
