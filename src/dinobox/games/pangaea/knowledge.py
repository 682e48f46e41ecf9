"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Nothing on a Pangaea table is hidden from a seat: the player boards (STAR cards, the cards
chosen in step 4, Evolution cards) lie face up, the discard piles too, and the decks are
multisets here (a draw is already a fair chance node, their order is never stored). So a
resample is the state itself, copied.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def resample(state: PangaeaState, seat: int, rng: random.Random) -> PangaeaState:
    new = state.clone()
    assert isinstance(new, type(state))
    return new
