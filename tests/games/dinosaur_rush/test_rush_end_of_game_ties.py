"""The Great Dinosaur Rush: End of Game's clauses one by one, each with its boundary on both
sides: the most notorious player subtracts and the others add, a tie for the most Notoriety makes
everyone add; the highest final score wins, one point ahead wins even with more Notoriety; a tie
on the final score goes to the lowest Notoriety among the tied players (at a lower or a higher
seat, among three or four players); a tie on both is shared. Each position is a whole game of
seeded uniformly random play (decisions and chance from one ``random.Random(seed)``), found by
search and pinned here. The same tie-break in the Two-player variant (after its Notoriety
difference) and in the Family variant (no Notoriety: a tie is shared)."""

from __future__ import annotations

import random

from dinobox import load_game
from dinobox.engine.state import State


def finished(players: int, seed: int, **options: bool) -> State:
    state = load_game("dinosaur-rush", players=players, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def notoriety(state: State) -> list[int]:
    return list(state.view(None)["final"]["notoriety"])


def adjust(state: State) -> list[int]:
    return list(state.view(None)["final"]["adjust"])


# ----- End of game: Notoriety -----------------------------------------------------------------
def test_end_of_game_the_one_most_notorious_player_subtracts_the_others_add() -> None:
    state = finished(players=3, seed=26)
    assert notoriety(state) == [17, 14, 9] and adjust(state) == [-17, 14, 9]


def test_end_of_game_a_tie_for_the_most_notoriety_everyone_adds() -> None:
    state = finished(players=4, seed=1)
    assert notoriety(state) == [9, 9, 6, 6] and adjust(state) == [9, 9, 6, 6]


def test_end_of_game_each_unfinished_bonus_card_counts_three_notoriety() -> None:
    state = finished(players=3, seed=19)
    player = state.view(None)["players"][0]
    assert sum(player["token_values"]) == 1
    assert len(player["bonus"]) == 1 and len(player["scored_bonus"]) == 1  # one unfinished, one scored
    assert notoriety(state)[0] == 1 + 3  # the completed card adds nothing
    player = state.view(None)["players"][1]
    assert sum(player["token_values"]) == 5 and len(player["bonus"]) == 2 and player["scored_bonus"] == []
    assert notoriety(state)[1] == 5 + 2 * 3


# ----- End of game: the winner ----------------------------------------------------------------
def test_end_of_game_one_point_ahead_wins_with_more_notoriety() -> None:
    state = finished(players=3, seed=5)
    assert state.scores() == [62, 84, 85] and notoriety(state) == [14, 7, 11]
    assert state.winners() == [2]


def test_end_of_game_tie_goes_to_the_lowest_notoriety_at_the_lower_seat() -> None:
    state = finished(players=3, seed=125)
    assert state.scores() == [56, 13, 56] and notoriety(state) == [4, 16, 13]
    assert state.winners() == [0]


def test_end_of_game_tie_goes_to_the_lowest_notoriety_at_the_higher_seat() -> None:
    state = finished(players=3, seed=26)
    assert state.scores() == [41, 70, 70] and notoriety(state) == [17, 14, 9]
    assert state.winners() == [2]


def test_end_of_game_tie_goes_to_the_lowest_notoriety_among_the_tied_only() -> None:
    state = finished(players=4, seed=61)
    assert state.scores() == [60, 78, 76, 78] and notoriety(state) == [6, 9, 9, 5]
    assert state.winners() == [3]
    state = finished(players=4, seed=33)  # seat 3 is less notorious, but not tied for the top
    assert state.scores() == [68, 68, 42, 61] and notoriety(state) == [9, 7, 10, 8]
    assert state.winners() == [1]


def test_end_of_game_tie_on_score_and_notoriety_is_shared() -> None:
    state = finished(players=3, seed=56)
    assert state.scores() == [116, 116, 82] and notoriety(state) == [10, 10, 11]
    assert state.winners() == [0, 1]
    state = finished(players=4, seed=256)
    assert state.scores() == [56, 72, 72, 32] and notoriety(state) == [9, 12, 12, 23]
    assert state.winners() == [1, 2]


# ----- Variant rules: the same tie-break --------------------------------------------------------
def test_two_player_variant_tie_goes_to_the_lower_notoriety_in_the_first_seat() -> None:
    state = finished(players=2, seed=179, two_player=True)
    assert notoriety(state) == [10, 13] and adjust(state) == [10, -3]
    assert state.scores() == [70, 70] and state.winners() == [0]


def test_two_player_variant_tie_goes_to_the_lower_notoriety_in_the_second_seat() -> None:
    state = finished(players=2, seed=198, two_player=True)
    assert notoriety(state) == [11, 7] and adjust(state) == [-4, 7]
    assert state.scores() == [58, 58] and state.winners() == [1]


def test_family_variant_no_notoriety_so_a_tie_is_shared() -> None:
    state = finished(players=3, seed=47, family=True)
    assert notoriety(state) == [0, 0, 0] and adjust(state) == [0, 0, 0]
    assert state.scores() == [97, 114, 114] and state.winners() == [1, 2]
