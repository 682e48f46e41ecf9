"""Set-up: characters, the opening hands and the first player (SET-UP 1, 3 and 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.trex_island import events as E
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island.data import EVADE_PTERO, EVADE_RAPTOR, EXPLORER, FREE_SHOTGUN, HUNTER
from dinobox.games.trex_island.tuples import put

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState


def choosers_drawn(st: TRexIslandState, first: int) -> None:
    """Set-up 1: the seat drawn chooses its character first, then the others clockwise."""
    st.first_chooser = first
    order = st.choosing_order()
    st._emit(E.Choosers, order)
    for seat in reversed(order):
        st.steps.append(F.PickCharacter(seat))


def take_character(st: TRexIslandState, seat: int, character: int) -> None:
    """Set-up 1: the character card and the dice of its colour."""
    st.chars = put(st.chars, seat, character)
    if character == HUNTER:
        st.perks = put(st.perks, seat, FREE_SHOTGUN)
    elif character == EXPLORER:
        st.perks = put(st.perks, seat, EVADE_RAPTOR | EVADE_PTERO)
    st._emit(E.Character, seat, character)


def deal(st: TRexIslandState) -> None:
    """Set-up 3 and 4: deal the opening hands (the Journalist gets more), then pick the first
    player at random."""
    steps = st.steps
    steps.append(F.DRAW_FIRST_PLAYER)
    for seat in reversed(range(st.num_players)):
        steps.append(F.Draw(seat, st.hand_limit(seat)))


def first_player_drawn(st: TRexIslandState, seat: int) -> None:
    """Set-up 4: the first player begins."""
    st.first_player = seat
    st._emit(E.First, seat)
    st.steps.append(F.START_TURN[seat])
