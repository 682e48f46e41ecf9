"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Hidden in Dino Race: the other hands (their sizes are public, the discard pile is public, a few
cards are known through steals and team passes), the deck, and the prize counters (the stack
is face down; each finisher sees it when choosing, and chosen prizes stay secret).
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import TYPE_CHECKING

from dinobox.engine.chance import shuffle_ints
from dinobox.engine.state import TERMINAL
from dinobox.games.dino_race.data import NUM_CARD_TYPES
from dinobox.games.dino_race.view import prize_chooser_seen

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T = NUM_CARD_TYPES


def step_reveals(before: DinoRaceState, after: DinoRaceState, seat: int) -> bool:
    """Finish line: a step that brings ``seat`` (or, in Playing in Teams, its team-mate) to
    choosing a prize shows ``seat`` the face-down stack (its view lists the counters), which it
    did not see before."""
    return prize_chooser_seen(after, seat) is not None and prize_chooser_seen(before, seat) is None


def resample(state: DinoRaceState, seat: int, rng: random.Random) -> DinoRaceState:
    new = state.clone()
    _redeal_cards(new, seat, rng)
    if state.current_player() != TERMINAL:  # at the end every prize is revealed
        _redraw_prizes(new, seat, rng)
    return new


def _redeal_cards(state: DinoRaceState, seat: int, rng: random.Random) -> None:
    n = state.num_players
    hand = state.hand
    known: dict[int, list[int]] = {}
    pool_counts = state.deck[:]
    for h in range(n):
        if h == seat:
            continue
        base = h * T
        bounds = state.known.get((seat, h))
        fixed = [min(bounds[t], hand[base + t]) for t in range(T)] if bounds else [0] * T
        known[h] = fixed
        for t in range(T):
            pool_counts[t] += hand[base + t] - fixed[t]
    pool = [t for t in range(T) for _ in range(pool_counts[t])]
    shuffle_ints(pool, rng)
    cursor = 0
    for h, fixed in known.items():
        base = h * T
        need = sum(hand[base : base + T]) - sum(fixed)
        for t in range(T):
            hand[base + t] = fixed[t]
        for t in pool[cursor : cursor + need]:
            hand[base + t] += 1
        cursor += need
    deck = [0] * T
    for t in pool[cursor:]:
        deck[t] += 1
    state.deck = deck


def _bits(mask: int) -> list[int]:
    return [c for c in range(mask.bit_length()) if mask >> c & 1]


def _redraw_prizes(state: DinoRaceState, seat: int, rng: random.Random) -> None:
    log = state.prize_log
    if state.survive:
        return
    everything = (1 << state.num_prizes) - 1
    # the stacks the seat saw: its own choices and, in Playing in Teams, its team-mate's
    looks: list[tuple[int, int, int]] = [
        (i, mask, c) for i, (s, mask, c) in enumerate(log) if seat in state.prize_audience(s)
    ]
    if prize_chooser_seen(state, seat) is not None:
        looks.append((len(log), state.stack, -1))  # looking at the stack right now
    counters: list[int] = [c for (_, _, c) in log]
    final_stack = state.stack
    if not looks:
        order = _bits(everything)
        shuffle_ints(order, rng)
        for i in range(len(log)):
            counters[i] = order[i]
        final_stack = sum(1 << c for c in order[len(log) : len(log) + bin(state.stack).count("1")])
    else:
        # Before the first look: taken from counters not in the stack seen then.
        first_index, first_mask = looks[0][0], looks[0][1]
        _assign(counters, range(first_index), everything & ~first_mask, rng)
        for (i, mask, mine), (j, next_mask, _) in pairwise(looks):
            between = mask & ~(1 << mine) & ~next_mask
            _assign(counters, range(i + 1, j), between, rng)
        last_index, last_mask, last_mine = looks[-1]
        after = last_mask & ~(1 << last_mine) if last_mine >= 0 else last_mask
        taken_after = range(last_index + 1, len(log))
        chosen = _assign(counters, taken_after, after, rng)
        final_stack = after & ~chosen
    # Rebuild the prize log, the prizes held and the stack.
    stack = final_stack
    for c in counters:
        stack |= 1 << c
    new_log = []
    prizes: list[list[int]] = [[] for _ in range(state.num_players)]
    for (s, _, _), c in zip(log, counters, strict=True):
        new_log.append((s, stack, c))
        stack &= ~(1 << c)
        prizes[s].append(c)
    state.prize_log = tuple(new_log)
    state.prizes = tuple(tuple(p) for p in prizes)
    state.stack = final_stack


def _assign(counters: list[int], indices: range, pool_mask: int, rng: random.Random) -> int:
    """Give the log entries at ``indices`` distinct counters drawn from ``pool_mask``."""
    if not len(indices):
        return 0
    pool = _bits(pool_mask)
    picks = rng.sample(pool, len(indices))
    for i, c in zip(indices, picks, strict=True):
        counters[i] = c
    return sum(1 << c for c in picks)
