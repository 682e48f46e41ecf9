"""Build phase: behind the screen, keep last round's dinosaur as a start or start afresh, then
add bones one at a time while a complete dinosaur stays possible."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.data import NUM_COLOURS

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC: Final = NUM_COLOURS
SLOTS: Final = K.SIZE_OF_ALLOCATION


def placements(st: DinosaurRushState, seat: int) -> list[int]:
    """Build phase: every bone placement that still leaves a complete dinosaur possible."""
    base = seat * SLOTS
    left = K.bones_left(st.alloc, base, st.pile, seat * NC)
    return K.open_slots(st.alloc, left, base, st.layout.PLACE)


def begin_build(st: DinosaurRushState, seat: int) -> None:
    """Build phase: keep last round's dinosaur as a start, or start again."""
    base = seat * SLOTS
    st.alloc[base : base + SLOTS] = [0] * SLOTS
    st._emit(E.Building, seat)
    st.steps.append(F.Build(seat, not st.keepable(seat)))


def build(st: DinosaurRushState, seat: int, placing_bones: bool, action: int) -> None:
    """Build phase: the start chosen (``placing_bones`` false), or one bone placed; the dinosaur
    is done when no bone can be added any more."""
    L = st.layout
    base = seat * SLOTS
    if not placing_bones:
        if action == L.BUILD_KEEP:
            old = st.shown[seat]
            assert old is not None
            st.alloc[base : base + SLOTS] = list(old)
        st.steps[-1] = F.Build(seat, True)
    else:
        slot = base + action - L.PLACE
        st.alloc[slot] = st.alloc[slot] + 1
    placing = placements(st, seat)
    if placing:
        st._placing = placing  # the next decision's legal actions
    else:
        st._placing = None
        st.steps.pop()
        st.built = (*st.built[:seat], True, *st.built[seat + 1 :])
        st._emit(E.Built, seat)
