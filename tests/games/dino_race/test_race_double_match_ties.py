"""Dino Race, Variants, Double Match: "sum the score of each player. The winner is the player with
more points after the two races"; a tie goes to the player who brought more eggs to safety across
both races, else the win is shared (rules.md, Assumption 19). Each clause with its boundary on both
sides: the tie broken toward either seat, one point ahead with fewer eggs, a tie on both shared
(only among those tied on both). Each position is a whole double match of seeded uniformly random
play (decisions and chance from one ``random.Random(seed)``), found by search and pinned here; the
eggs are read from the public log."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.state import State


def finished(players: int, seed: int) -> State:
    state = load_game("dino-race", players=players, double_match=True).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def eggs(state: State) -> list[int]:
    """How many eggs each seat brought to safety over both races, from the log."""
    names = [p["name"] for p in state.view(None)["players"]]
    safe = [e["text"] for e in state.log(None) if e["kind"] == "egg_safe"]
    assert len(safe) == 2  # one egg per race
    return [sum(text.startswith(f"{name} brings") for text in safe) for name in names]


def test_variant_double_match_the_sum_of_both_races_decides() -> None:
    state = finished(players=2, seed=72)
    assert state.view(None)["race_scores"] == [[0, -10], [-5, 6]]
    assert state.scores() == [-5, -4] and eggs(state) == [2, 0]
    assert state.winners() == [1]  # one point ahead, with no egg


def test_variant_double_match_one_point_ahead_wins_among_three() -> None:
    state = finished(players=3, seed=2)
    assert state.scores() == [-19, 3, 4] and eggs(state) == [0, 2, 0]
    assert state.winners() == [2]


def test_variant_double_match_tie_goes_to_more_eggs_in_the_first_seat() -> None:
    state = finished(players=2, seed=4)
    assert state.scores() == [-2, -2] and eggs(state) == [2, 0]
    assert state.winners() == [0]


def test_variant_double_match_tie_goes_to_more_eggs_in_the_second_seat() -> None:
    state = finished(players=2, seed=20)
    assert state.scores() == [-1, -1] and eggs(state) == [0, 2]
    assert state.winners() == [1]


def test_variant_double_match_tie_goes_to_more_eggs_among_the_tied_only() -> None:
    state = finished(players=3, seed=18)
    assert state.scores() == [3, 0, 3] and eggs(state) == [0, 1, 1]
    assert state.winners() == [2]  # seat 1 brought an egg too, but is not tied for the top


def test_variant_double_match_tie_on_points_and_eggs_is_shared() -> None:
    state = finished(players=2, seed=69)
    assert state.scores() == [6, 6] and eggs(state) == [1, 1]
    assert state.winners() == [0, 1]
    state = finished(players=3, seed=121)
    assert state.scores() == [3, 3, 3] and eggs(state) == [1, 1, 0]
    assert state.winners() == [0, 1]
