"""Setup: the starting player, paleontologist cards, bonus cards, starting bones, bones on the
dig sites, then the paleontologists on their start spaces in clockwise order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush.data import BLUE, NUM_COLOURS
from dinobox.games.dinosaur_rush.tuples import put

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC = NUM_COLOURS


def set_starter(st: DinosaurRushState, seat: int) -> None:
    """Setup 11: the starting player (option ``first``); the setup then runs from that seat."""
    n = st.num_players
    st.starter = seat
    st.first_starter = seat
    st.order = tuple((seat + i) % n for i in range(n))
    st._emit(E.First, seat, st.game.options["first"] == "random")
    data = st.game.data
    steps = st.steps
    steps.append(F.START_ROUND)
    for s in reversed(st.order):
        steps.append(F.PlaceStart(s))
    for cell in reversed(st.bone_sites):
        steps.append(F.SiteBones(cell, data.bones_per_site))
    steps.append(F.STARTING_BONES)
    choose = st.game.options["choose_paleontologists"]
    for s in reversed(st.order):
        steps.append(F.PickPaleontologist(s) if choose else F.DealPaleontologist(s))


def paleontologists_left(st: DinosaurRushState) -> list[int]:
    """Setup 7: the paleontologist cards nobody has yet, ascending."""
    left = st.paleo_left
    return [k for k in range(len(st.game.data.paleontologist_names)) if left >> k & 1]


def give_paleontologist(st: DinosaurRushState, seat: int, card: int) -> None:
    """Setup 7: ``seat``'s paleontologist card and its ability."""
    st.paleo = put(st.paleo, seat, card)
    abilities = list(st.abilities)
    abilities[seat] = st.game.data.paleontologist_abilities[card]
    st.abilities = tuple(abilities)
    st.paleo_left &= ~(1 << card)
    st._emit(E.Paleontologist, seat, card)


def starting_bones(st: DinosaurRushState) -> None:
    """Setup 8-9: bonus cards and starting bones, once the paleontologists are known."""
    data = st.game.data
    start_bones = list(st.start_bones)
    bag = list(st.bag)
    pile = list(st.pile)
    for seat in range(st.num_players):
        if st.ability(seat) == "blue_start":
            start_bones[seat * NC + BLUE] += 1
        for c in range(NC):
            take = min(start_bones[seat * NC + c], bag[c])
            bag[c] -= take
            pile[seat * NC + c] += take
    st.start_bones = tuple(start_bones)
    st.bag = tuple(bag)
    st.pile = tuple(pile)
    for seat in reversed(st.order):
        count = data.bonus_dealt + (1 if st.ability(seat) == "three_bonus" else 0)
        st.steps.append(F.DealBonus(seat, count))


def bonus_card_dealt(st: DinosaurRushState, seat: int, card: int) -> None:
    """Setup 8 and Research: the bonus card drawn goes to ``seat``'s hand (only ``seat`` sees it)."""
    st.deck &= ~(1 << card)
    st.hands = put(st.hands, seat, st.hands[seat] | 1 << card)
    st._emit_to((seat,), E.BonusCard, seat, card)


def start_space(st: DinosaurRushState, seat: int, cell: int) -> None:
    """Setup 11: the paleontologist on its start space."""
    st.pos = put(st.pos, seat, cell)
    st._emit(E.StartSpace, seat, cell)
