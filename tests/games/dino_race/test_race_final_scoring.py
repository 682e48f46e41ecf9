"""Dino Race: Final scoring's clauses one by one, each with its boundary on both sides: the
same-colour pair bonus (two prizes of one colour, of two colours, a single prize), the point per
lava drop, and the tie-break (a tie goes to the player who brought the egg to safety, whichever
seat that is; one point short of the top, the egg does not help; a tie the egg bringer is not in
is shared, Assumption 20). Each position is a whole game of seeded uniformly random play
(decisions and chance from one ``random.Random(seed)``), found by search and pinned here."""

from __future__ import annotations

import random
from typing import Any

from dinobox import load_game
from dinobox.engine.state import State


def finished(players: int, seed: int) -> State:
    state = load_game("dino-race", players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def prizes(state: State, seat: int) -> list[tuple[int, str]]:
    player: dict[str, Any] = state.view(None)["players"][seat]
    return [(p["value"], p["colour"]) for p in player["prizes"]]


def breakdown(state: State, seat: int) -> dict[str, int]:
    return dict(state.view(None)["breakdown"][seat])


# ----- Final scoring: the same-colour bonus -----------------------------------------------------
def test_final_scoring_two_prizes_of_one_colour_earn_three_points() -> None:
    state = finished(players=2, seed=69)
    assert prizes(state, 0) == [(2, "green"), (3, "green")]
    assert breakdown(state, 0) == {"prizes": 5, "egg": 5, "lava_drops": -8, "pair_bonus": 3}
    assert state.scores()[0] == 5 + 5 - 8 + 3


def test_final_scoring_two_prizes_of_two_colours_earn_no_bonus() -> None:
    state = finished(players=2, seed=29)
    assert prizes(state, 1) == [(2, "red"), (1, "green")]
    assert breakdown(state, 1)["pair_bonus"] == 0
    assert state.scores()[1] == 2 + 1 + breakdown(state, 1)["egg"] - 6


def test_final_scoring_a_single_prize_earns_no_bonus() -> None:
    state = finished(players=2, seed=29)
    assert prizes(state, 0) == [(4, "green")]
    assert breakdown(state, 0) == {"prizes": 4, "egg": 0, "lava_drops": -5, "pair_bonus": 0}
    assert state.scores()[0] == -1


# ----- Final scoring: the tie-break -----------------------------------------------------------
def test_final_scoring_tie_goes_to_the_egg_bringer_in_the_first_seat() -> None:
    state = finished(players=2, seed=69)
    assert state.scores() == [5, 5] and state.view(None)["egg_safe_by"] == 0
    assert state.winners() == [0]


def test_final_scoring_tie_goes_to_the_egg_bringer_in_the_second_seat() -> None:
    state = finished(players=2, seed=29)
    assert state.scores() == [-1, -1] and state.view(None)["egg_safe_by"] == 1
    assert state.winners() == [1]


def test_final_scoring_tie_goes_to_the_egg_bringer_over_one_of_three() -> None:
    state = finished(players=3, seed=128)
    assert state.scores() == [4, -3, 4] and state.view(None)["egg_safe_by"] == 2
    assert state.winners() == [2]


def test_final_scoring_the_egg_bringer_one_point_short_loses() -> None:
    state = finished(players=2, seed=4)
    assert state.scores() == [-6, -5] and state.view(None)["egg_safe_by"] == 0
    assert state.winners() == [1]


def test_final_scoring_the_egg_bringer_one_point_short_loses_among_three() -> None:
    state = finished(players=3, seed=16)
    assert state.scores() == [3, 2, 1] and state.view(None)["egg_safe_by"] == 1
    assert state.winners() == [0]  # the top score, not the egg


def test_final_scoring_a_tie_without_the_egg_bringer_is_shared() -> None:
    state = finished(players=3, seed=14)
    assert state.scores() == [7, 7, 2] and state.view(None)["egg_safe_by"] == 2
    assert state.winners() == [0, 1]
