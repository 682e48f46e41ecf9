"""Escape from T-Rex Island: perft counts (as python-chess pins its move generation): from fixed,
seeded positions, the number of action sequences of length 1-3 (every decision and every chance
outcome) and of distinct positions they reach. The counts at the first two levels are checked
by hand against the rulebook; the deepest pins today's generation so that a change shows."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.testing import perft, random_position, run_chance


def test_set_up_perft_characters_then_the_deal() -> None:
    # SET-UP: the first chooser takes one of the four Character Cards (4), the other seat one
    # of the three left (12); then a card is dealt: 3 colours x 6 dinos of Action Cards (18 kinds)
    # under each of the 12 pairs (216). No two orders of choice reach the same position.
    state = run_chance(load_game("trex-island", players=2).new_initial_state(), random.Random(1))
    assert perft(state, 3) == [(4, 4), (12, 12), (216, 216)]


def test_moving_a_team_perft_in_mid_game() -> None:
    # Yellow holds an orange Triceratops and a cyan Raptor and leads two teams. Moving a team:
    # each card moves either team to the next free space of its colour, and where a rest point
    # comes first the team may stop there or go on: Triceratops 1 each (2); Raptor a rest point
    # or the space past it, for each team (4). Drawing card: 1. Total 7.
    state = random_position(load_game("trex-island", players=2).new_initial_state(), seed=7, decisions=25)
    assert [(c["colour"], c["kind"]) for c in state.view(0)["hand"]] == [("orange", "triceratops"), ("cyan", "raptor")]
    assert perft(state, 2) == [(7, 7), (27, 27)]
