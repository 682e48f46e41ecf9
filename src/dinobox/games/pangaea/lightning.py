"""Asteroid board, Lightning Bolt Tile: points for Shelters, the asteroid recalculation, the
action of a STAR card and the re-entries; and the STAR cards drawn for it (and for the end game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import resolve
from dinobox.games.pangaea.data import ALL_SEA_COUNT

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def auto_l_score(st: PangaeaState, _step: F.LightningScore) -> None:
    for p in range(st.num_players):
        count = st.world.shelter_count(p)
        if count:
            st.gain(p, count, F.PART_LIGHTNING)


def auto_l_recalc(st: PangaeaState, _step: F.LightningRecalc) -> None:
    recalculate(st)


def auto_l_action(st: PangaeaState, _step: F.LightningAction) -> None:
    st.ctx = F.CTX_LIGHTNING
    st.decider = st.turn
    if st.drawn >= 0:
        number, action, rng, _ = st.cards[st.drawn]
        shape = rng if st.advanced else st.novice_range
        resolve.move_locator(st, st.direction, number)
        resolve.resolve_action(st, action, shape)


def auto_l_reenter(st: PangaeaState, step: F.LightningReentries) -> None:
    # Re-enter the game: each waiting player, from the current player's left, may return
    st.steps.append(F.NewRound(step.seat))
    for seat in reversed(st.left_of(st.turn)):
        st.steps.append(F.LightningReenter(seat))


def auto_l_round(st: PangaeaState, _step: F.NewRound) -> None:
    st.world.dino_moved = 0
    st.round += 1
    st._emit("round", (st.round,))


def recalculate(st: PangaeaState) -> None:
    """Asteroid recalculation: minus the land spaces on the Event locator's row (10 for an
    all-sea row), skipping numbers held by score cubes; at 0 or below the end game starts."""
    w = st.world
    row = w.locator // w.geo.cols
    count = w.non_sea_in_row(row) or ALL_SEA_COUNT
    new = st.asteroid - count
    while new > 0 and new in st.points:
        new -= 1
    st._emit("recalc", (row, count, st.asteroid, new))
    st.asteroid = new
    if new <= 0:
        st.ending = new


def star_drawn(st: PangaeaState, purpose: int, outcome: int) -> None:
    """A STAR card drawn for the lightning action, the impact column or the debris: Wild and
    Reshuffle cards are set aside (the Reshuffle reshuffles) and another is drawn."""
    if outcome < 0:
        st.drawn = -1
        return
    if outcome == st.RESHUFFLE:
        st._emit("reshuffle_drawn", (-1,))
        st.reshuffle()
        return
    st.deal(outcome)
    st.discard_card(outcome)
    if outcome == st.WILD:
        st._emit("wild_set_aside", ())
        return
    st.steps.pop()
    st._emit("star_drawn", (purpose, outcome))
    if purpose in (F.FOR_IMPACT_1, F.FOR_IMPACT_2):
        st.impact_sum += st.cards[outcome][0]
    else:
        st.drawn = outcome
