"""Pangaea: perft counts (as python-chess pins its move generation): from fixed, seeded
positions, the number of action sequences of length 1-3 (every decision and every chance
outcome) and of distinct positions they reach, checked by hand against the rulebook."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.testing import perft, random_position, run_chance


def test_set_up_perft_explorers_on_stars_then_the_first_distance_card() -> None:
    # Set-up: each player starts the Explorer on one of the six stars, a different one each
    # (6, then 6 x 5); then Red's first turn opens with the choice of a card for the distance
    # from the four in hand (30 x 4). Every sequence reaches its own position.
    state = run_chance(load_game("pangaea", players=2).new_initial_state(), random.Random(1))
    assert perft(state, 3) == [(6, 6), (30, 30), (120, 120)]


def test_players_turn_perft_the_range_card() -> None:
    # Players Turn: after the distance, Red picks the card that gives the range: either of the
    # two range-bearing cards left in hand, or none (a range of one space): 3. Then the Event
    # locator's direction, one of the six hex directions, under each: 18.
    state = random_position(load_game("pangaea", players=2).new_initial_state(), seed=7, decisions=30)
    assert perft(state, 2) == [(3, 3), (18, 18)]
