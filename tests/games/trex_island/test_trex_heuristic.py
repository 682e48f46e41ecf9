"""The hand-written Escape from T-Rex Island policy: legal, complete games, better than random."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.bots.heuristic import heuristic_policy


def test_heuristic_beats_random_and_finishes_games() -> None:
    policy = heuristic_policy("trex-island")
    won = 0.0
    for g in range(12):
        n = 2 + g % 3
        state = load_game("trex-island", players=n).new_initial_state()
        rng = random.Random(g)
        seat = g % n
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance(rng))
            elif p == seat or g % 4 == 0:  # every fourth game: heuristic at every seat
                state.apply_action(policy(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if g % 4:
            won += state.returns()[seat]
    assert won >= 6  # of 9 games against random players
