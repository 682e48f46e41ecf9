"""Escape from T-Rex Island: Game Goal's tie-break and Game Score's clauses one by one, each with
its boundary on both sides: equal VP goes to the player with more survivors (at either seat, among
two, three or four players); one VP ahead wins with fewer survivors; equal VP and survivors share
the win (rules.md: "A remaining tie is shared"); the arrival multipliers 5/4/3 and 2 for the
fourth team and every later one; the trophies 3/6/8. Each position is a whole game of seeded
uniformly random play (decisions and chance from one ``random.Random(seed)``), found by search
and pinned here."""

from __future__ import annotations

import random
from typing import Any

from dinobox import load_game
from dinobox.engine.state import State


def finished(players: int, seed: int) -> State:
    state = load_game("trex-island", players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def survivors(state: State) -> list[int]:
    return [p["rescued"] for p in state.view(None)["players"]]


def arrived(state: State, seat: int) -> list[tuple[int, int]]:
    """(arrival order, crew) of each of a seat's teams at the helipad, in arrival order."""
    dice: list[dict[str, Any]] = state.view(None)["dice"]
    return sorted((d["arrival"], d["crew"]) for d in dice if d["owner"] == seat and d["arrived"])


# ----- Game Goal: "If there is a tie, the player who has more survivors wins" ---------------------
def test_game_goal_tie_goes_to_more_survivors_in_the_first_seat() -> None:
    state = finished(players=2, seed=6)
    assert state.scores() == [29, 29] and survivors(state) == [7, 2]
    assert state.winners() == [0]


def test_game_goal_tie_goes_to_more_survivors_in_the_second_seat() -> None:
    state = finished(players=2, seed=88)
    assert state.scores() == [18, 18] and survivors(state) == [3, 6]
    assert state.winners() == [1]


def test_game_goal_tie_goes_to_more_survivors_among_three() -> None:
    state = finished(players=3, seed=239)
    assert state.scores() == [23, 16, 23] and survivors(state) == [4, 5, 3]
    assert state.winners() == [0]  # seat 1 has more survivors but not the top VP


def test_game_goal_three_way_tie_goes_to_most_survivors() -> None:
    state = finished(players=4, seed=164)
    assert state.scores() == [17, 17, 17, 0] and survivors(state) == [3, 4, 5, 0]
    assert state.winners() == [2]


def test_game_goal_one_vp_ahead_wins_with_fewer_survivors() -> None:
    state = finished(players=2, seed=10)
    assert state.scores() == [29, 30] and survivors(state) == [6, 4]
    assert state.winners() == [1]


def test_game_goal_tie_on_vp_and_survivors_is_shared() -> None:
    state = finished(players=3, seed=300)
    assert state.scores() == [15, 18, 18] and survivors(state) == [6, 3, 3]
    assert state.winners() == [1, 2]


# ----- Game Score ----------------------------------------------------------------------------
def test_game_score_first_to_third_arrivals_score_five_four_three_per_crew() -> None:
    state = finished(players=2, seed=6)
    assert arrived(state, 0) == [(1, 3), (2, 3), (4, 1)]
    assert state.view(None)["breakdown"][0] == {"teams": 5 * 3 + 4 * 3 + 2 * 1, "trophies": 0}
    assert arrived(state, 1) == [(3, 2)]
    assert state.view(None)["breakdown"][1]["teams"] == 3 * 2


def test_game_score_the_fourth_and_later_arrivals_score_two_per_crew() -> None:
    state = finished(players=4, seed=164)
    assert arrived(state, 2) == [(2, 2), (5, 1), (6, 2)]
    assert state.view(None)["breakdown"][2] == {"teams": 4 * 2 + 2 * 1 + 2 * 2, "trophies": 3}
    assert arrived(state, 1) == [(1, 3), (4, 1)]
    assert state.view(None)["breakdown"][1]["teams"] == 5 * 3 + 2 * 1


def test_game_score_trophies_stegosaurus_three_triceratops_six_brachiosaurus_eight() -> None:
    state = finished(players=2, seed=6)
    player = state.view(None)["players"][1]
    assert player["trophies"] == {"stegosaurus": 3, "triceratops": 1, "brachiosaurus": 1}
    assert state.view(None)["breakdown"][1] == {"teams": 6, "trophies": 3 * 3 + 6 + 8}
    assert state.scores()[1] == 29
