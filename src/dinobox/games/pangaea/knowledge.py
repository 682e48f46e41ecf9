"""Resampling for search bots: redraw what one seat cannot know, consistently with what it saw.

Hidden in Pangaea: the order of the STAR and Direction decks (they are multisets here, so a
draw is already a fair chance node) and, between steps 4 and 5, which of the face-up cards the
player whose turn it is has chosen for the distance, the action and the range. Another seat
gets a fresh choice drawn uniformly among the legal ones, stage by stage.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from dinobox.games.pangaea import steps

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def resample(state: PangaeaState, seat: int, rng: random.Random) -> PangaeaState:
    new = state.clone()
    assert isinstance(new, type(state))
    if new.sel_hidden and seat != new.turn and new.sel:
        _redraw_selection(new, rng)
    return new


def _redraw_selection(st: PangaeaState, rng: random.Random) -> None:
    A = st.A
    chosen = len(st.sel) // 2
    if not st.advanced and chosen == 3:
        chosen = 2  # the novice range is not a card
    novice_tail = (-1, st.novice_range) if not st.advanced and len(st.sel) == 6 else ()
    st.sel = ()
    for stage in range(chosen):
        options = steps._step4(st, st.turn, stage)
        action = options[rng.randrange(len(options))]
        if stage == 0:
            if action >= A.DIST_WILD:
                st.sel = (st.WILD, action - A.DIST_WILD)
            else:
                k = action - A.DIST_CARD
                st.sel = (k, st.cards[k][0])
        elif stage == 1:
            if action >= A.ACT_WILD:
                st.sel = (*st.sel, st.WILD, action - A.ACT_WILD)
            else:
                k = action - A.ACT_CARD
                st.sel = (*st.sel, k, st.cards[k][1])
        elif action == A.NO_RANGE:
            st.sel = (*st.sel, -1, 0)
        else:
            k = action - A.RANGE_CARD
            st.sel = (*st.sel, k, st.cards[k][2])
    st.sel = (*st.sel, *novice_tail)
