"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Hidden in Escape from T-Rex Island: the other players' hands (their sizes are public) and the
draw deck. Every card played is seen face up, so the cards a seat cannot see are exactly the
36 minus its own hand, both discard piles and the trophies; they are redealt at random to the
other hands (same sizes) and the deck. Face-down game tokens are never stored by identity: a
token draw is a chance node over the undrawn mix, so there is nothing to redraw for them.

Simplification: right after the deck is rebuilt from the discard piles everyone knows its
contents; the resample pools deck and hands together and so forgets that knowledge.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.chance import shuffle_ints
from dinobox.engine.state import TERMINAL
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island.data import NUM_CARD_TYPES
from dinobox.games.trex_island.view import phase_name

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

T: Final = NUM_CARD_TYPES


def unseen_cards(state: TRexIslandState, seat: int) -> list[int]:
    """Per card type, how many cards ``seat`` cannot see (other hands and the deck)."""
    counts = list(state.game.data.cards)
    base = seat * T
    for t in range(T):
        counts[t] -= state.hand[base + t]
    for pile in state.piles:
        for card in pile:
            counts[card] -= 1
    for p in range(state.num_players):
        for t in range(T):
            counts[t] -= state.trophies[p * T + t]
    for step in state.steps:
        card = cast("F.IslandStep", step).playing()  # a card played face up, on its way to a pile
        if card >= 0:
            counts[card] -= 1
    return counts


def resample(state: TRexIslandState, seat: int, rng: random.Random) -> TRexIslandState:
    new = state.clone()
    counts = unseen_cards(state, seat)
    pool = [t for t in range(T) for _ in range(counts[t])]
    shuffle_ints(pool, rng)
    cursor = 0
    hand = new.hand
    for p in range(state.num_players):
        if p == seat:
            continue
        base = p * T
        size = state.hand_count(p)
        for t in range(T):
            hand[base + t] = 0
        for t in pool[cursor : cursor + size]:
            hand[base + t] += 1
        cursor += size
    deck = [0] * T
    for t in pool[cursor:]:
        deck[t] += 1
    new.deck = deck
    new._legal_cache = None
    return new


def information_key(state: TRexIslandState, seat: int) -> Hashable:
    """``view(seat)`` as a tuple of the fields it is built from (``State.information_key``): the
    public table, every hand's size, and ``seat``'s own hand; never another hand or the deck's
    cards."""
    top = state.top_step()
    player = state.current_player()
    shown: tuple[int, ...] = ()
    if player != TERMINAL and top is not None:
        attack = top.attack_on()
        if attack is not None:
            shown = (attack.die, attack.attack, attack.amount)
        elif top.playing() >= 0:
            shown = (top.playing(),)
    hand = state.hand
    n = state.num_players
    base = seat * T
    return (
        player,
        phase_name(state),
        shown,
        state.turns,
        state.turn_player,
        state.actions_done,
        state.first_chooser,
        state.trex,
        state.pos,
        state.crew,
        state.arrivals,
        state.rest_left,
        state.chars,
        state.perks,
        state.trophies,
        state.held,
        state.piles,
        state.pool,
        sum(state.deck),
        tuple([sum(hand[p * T : p * T + T]) for p in range(n)]),
        tuple(hand[base : base + T]),
    )
