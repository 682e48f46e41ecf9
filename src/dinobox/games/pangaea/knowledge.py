"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Nothing on a Pangaea table is hidden from a seat: the player boards (STAR cards, the cards
chosen in step 4, Evolution cards) lie face up, the discard piles too, and the decks are
multisets here (a draw is already a fair chance node, their order is never stored). So a
resample is the state itself, copied.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import TYPE_CHECKING

from dinobox.engine.state import TERMINAL

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def resample(state: PangaeaState, seat: int, rng: random.Random) -> PangaeaState:
    return state.clone()


def information_key(state: PangaeaState, seat: int) -> Hashable:
    """``view(seat)`` as a tuple of the fields it is built from (``State.information_key``); the
    whole table is public, so it is the same for every seat."""
    player = state.current_player()
    over = player == TERMINAL
    top = None if over else state.top_step()
    w = state.world
    plan = state.plan
    return (
        player,
        "over" if over else ("resolve" if top is None else top.phase()),
        state.turns,
        state.round,
        state.turn,
        state.first,
        state.asteroid,
        state.points,
        state.score_parts,
        state.ring,
        state.ring_pos,
        state.centre,
        tuple(state.hands),
        state.evo,
        sum(state.deck),
        tuple(state.discard),
        sum(state.dir_deck),
        state.dir_discard,
        state.evo_supply,
        tuple(w.stacks),
        w.explorers,
        w.shelters,
        w.special,
        w.dinos,
        w.dino_moved,
        w.locator,
        w.cracks,
        w.sticks,
        w.supply,
        state.sel,
        state.played,
        state.interrupted,
        state.direction,
        state.act_spaces,
        tuple([s for s, _ in plan[1]]) if plan else (),
        state.blocked,
        state.pending_dino,
        state.final,
        state.end_player,
        state.impact,
        (state.end_bonus, tuple(state.won)) if over else (),
    )
