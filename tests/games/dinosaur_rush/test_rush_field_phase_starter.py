"""The Great Dinosaur Rush: Field Phase's starting player in later rounds: the player with the
most points; on a tie, the next clockwise tied player from the last starting player, so the last
starter, tied or not, is passed over first and the count wraps past the last seat. Each position
is the first moment of round 2 or 3 in a game of seeded uniformly random play (decisions and
chance from one ``random.Random(seed)``), found by search and pinned here."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.state import State


def starters(players: int, seed: int, until: int) -> tuple[list[int], State]:
    """The starter of each round up to ``until``, and the state as round ``until`` begins."""
    state = load_game("dinosaur-rush", players=players).new_initial_state()
    rng = random.Random(seed)
    seen = [state.view(None)["starter"]]
    while len(seen) < until:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        view = state.view(None)
        if view["round"] == len(seen) + 1:
            seen.append(view["starter"])
    return seen, state


def points(state: State) -> list[int]:
    return [p["score"] for p in state.view(None)["players"]]


def test_field_phase_tie_for_most_points_passes_over_the_tied_last_starter() -> None:
    seen, state = starters(players=3, seed=13, until=2)
    assert points(state) == [13, 13, 11]
    assert seen == [0, 1]  # seat 0 started round 1 and is tied: the next tied seat clockwise


def test_field_phase_tie_for_most_points_the_nearest_tied_player_clockwise() -> None:
    seen, state = starters(players=3, seed=31, until=2)
    assert points(state) == [4, 23, 23]
    assert seen == [0, 1]


def test_field_phase_tie_for_most_points_counts_clockwise_past_the_last_seat() -> None:
    seen, state = starters(players=3, seed=27, until=3)
    assert points(state) == [34, 16, 34]
    assert seen[1:] == [2, 0]  # from seat 2, clockwise: seat 0 before seat 2 itself


def test_field_phase_tie_for_most_points_with_four_players() -> None:
    seen, state = starters(players=4, seed=10, until=3)
    assert points(state) == [47, 40, 28, 47]
    assert seen[1:] == [0, 3]
    seen, state = starters(players=4, seed=16, until=3)
    assert points(state) == [39, 29, 39, 36]
    assert seen[1:] == [2, 0]
