"""Asteroid board, Lightning Bolt Tile: points for Shelters, the asteroid recalculation, the
action of a STAR card and the re-entries (the STAR card drawn for it: ``draws.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import resolve
from dinobox.games.pangaea.data import ALL_SEA_COUNT
from dinobox.games.pangaea.events import Recalc, Round

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def score(st: PangaeaState) -> None:
    for p in range(st.num_players):
        count = st.world.shelter_count(p)
        if count:
            st.gain(p, count, F.PART_LIGHTNING)


def action(st: PangaeaState) -> None:
    st.ctx = F.CTX_LIGHTNING
    st.decider = st.turn
    if st.drawn >= 0:
        number, action, rng, _ = st.cards[st.drawn]
        shape = rng if st.advanced else st.novice_range
        resolve.move_locator(st, st.direction, number)
        resolve.resolve_action(st, action, shape)


def reentries(st: PangaeaState, seat: int) -> None:
    """Re-enter the game: each waiting player, from the current player's left, may return."""
    st.steps.append(F.NewRound(seat))
    for seat in reversed(st.left_of(st.turn)):
        st.steps.append(F.LightningReenter(seat))


def new_round(st: PangaeaState) -> None:
    st.world.dino_moved = 0
    st.round += 1
    st._emit(Round, st.round)


def recalculate(st: PangaeaState) -> None:
    """Asteroid recalculation: minus the land spaces on the Event locator's row (10 for an
    all-sea row), skipping numbers held by score cubes; at 0 or below the end game starts."""
    w = st.world
    row = w.locator // w.geo.cols
    count = w.non_sea_in_row(row) or ALL_SEA_COUNT
    new = st.asteroid - count
    while new > 0 and new in st.points:
        new -= 1
    st._emit(Recalc, row, count, st.asteroid, new)
    st.asteroid = new
    if new <= 0:
        st.ending = new
