"""The Great Dinosaur Rush: perft counts (as python-chess pins its move generation): from fixed,
seeded positions, the number of action sequences of length 1-3 (every decision and every chance
outcome) and of distinct positions they reach, each checked by hand against the rulebook."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.testing import perft, random_position, run_chance


def test_set_up_perft_each_paleontologist_starts_on_a_free_space() -> None:
    # Set-up: the six starting spaces of the board, one paleontologist each, chosen in turn:
    # 6, then 6 x 5, then 6 x 5 x 4, all different positions.
    state = run_chance(load_game("dinosaur-rush", players=3).new_initial_state(), random.Random(1))
    assert perft(state, 3) == [(6, 6), (30, 30), (120, 120)]


def test_build_phase_perft_bones_added_in_either_order_make_one_skeleton() -> None:
    # Build phase: Orange may add a bone of any of the eight parts (8); adding two bones one
    # after the other gives 8 x 8 = 64 sequences but only 8 x 9 / 2 = 36 skeletons, since the
    # order in which two bones are laid does not matter.
    state = random_position(load_game("dinosaur-rush", players=3).new_initial_state(), seed=7, decisions=30)
    assert {state.describe_action(a)["kind"] for a in state.legal_actions()} == {"place_bone"}
    assert perft(state, 2) == [(8, 8), (64, 36)]
