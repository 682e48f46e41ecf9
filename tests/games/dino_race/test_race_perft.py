"""Dino Race: perft counts (as python-chess pins its move generation): from fixed, seeded
positions, the number of action sequences of length 1-3 (every decision and every chance
outcome) and of distinct positions they reach. Depth 1 is checked by hand against the rulebook
(2) Play and swap cards); deeper counts pin today's generation so that a change shows."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.testing import perft, random_position, run_chance


def test_play_and_swap_cards_perft_from_the_first_turn() -> None:
    # Red holds Plains x2, Swamp x3, Wildcard x2; Red's dinos stand on tile 1 (the next tile,
    # 2, is jungle) and tile 2 (next: 3, swamp). Moves: dino 1 by Wildcard; dino 2 by Swamp or
    # Wildcard (3). Swaps: any two cards of three kinds, with repeats: PP PS PW SS SW WW (6).
    # The event die: 1. Total 10.
    state = run_chance(load_game("dino-race", players=2).new_initial_state(), random.Random(1))
    assert state.view(0)["hand"] == {"plains": 2, "swamp": 3, "wild": 2}
    assert perft(state, 3) == [(10, 10), (81, 73), (750, 357)]


def test_play_and_swap_cards_perft_in_mid_race() -> None:
    # Red holds Plains x3, Desert x2, Swamp, Jungle, Push back; both Red dinos on tile 2 (next:
    # swamp), Blue dino 2 on tile 2 too. Moves: Swamp card, either dino (2). Push back: only an
    # opponent's dino on a tile shared with one of Red's, Blue dino 2 (1). Swaps: pairs of five
    # kinds where only Plains and Desert repeat: 10 + 2 (12). The event die: 1. Total 16.
    state = random_position(load_game("dino-race", players=2).new_initial_state(), seed=7, decisions=12)
    assert state.view(0)["hand"] == {"plains": 3, "desert": 2, "swamp": 1, "jungle": 1, "push": 1}
    assert perft(state, 2) == [(16, 16), (139, 133)]
