"""Dino Race rules: Finish line!, End of the game and Final scoring.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import random

import pytest
from race_helpers import (
    DE,
    EGG,
    JU,
    MANY_WILDS,
    SW,
    TWO_CARDS,
    WILD,
    roll,
    table,
    tile_of,
)

from dinobox import CHANCE, IllegalActionError, load_game
from dinobox.engine.runner import random_playout
from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A


# ----- Finish line! -----------------------------------------------------------------------------
def finish_one_dino(prizes: list[int] | None = None) -> State:
    """Seat 0 walks dino 1 from tile 2 to the finish with eleven wildcards... built by forcing."""
    state = table(hands=[[WILD] * 5, [JU] * 5], draws=(WILD, WILD), prizes=prizes, data=MANY_WILDS)
    for _ in range(7):
        play(state, A.MOVE_WILD + 1)
    assert tile_of(state, 1) == 9
    roll(state, TWO_CARDS)
    force(state, WILD, WILD, DE, DE, DE, DE)  # two each, then seat 1's draw
    roll_seat1_quietly(state)
    force(state, WILD, WILD)  # seat 0's draw
    play(state, A.MOVE_WILD + 1, A.MOVE_WILD + 1)
    assert tile_of(state, 1) == 11
    play(state, A.MOVE_WILD + 1)
    return state


def roll_seat1_quietly(state: State) -> None:
    assert state.current_player() == 1
    roll(state, JU)  # tile 1/2 are plains/desert: nobody is on jungle


def test_finish_line_the_dino_is_safe_and_its_owner_chooses_a_prize_in_secret() -> None:
    state = finish_one_dino(prizes=[0, 7, 3, 11])
    assert tile_of(state, 1) is None and state.view(None)["dinos"][1]["home"]
    assert state.current_player() == 0
    own = state.view(0)["prize_choice"]
    assert sorted(p["id"] for p in own) == [0, 3, 7, 11]
    assert "prize_choice" not in state.view(1) and "prize_choice" not in state.view(None)
    play(state, A.PRIZE + 11)
    assert [p["id"] for p in state.view(0)["players"][0]["prizes"]] == [11]
    assert "prizes" not in state.view(1)["players"][0]  # secret from the others
    assert state.view(1)["players"][0]["prize_count"] == 1
    assert state.view(None)["prize_stack_count"] == 3
    with pytest.raises(IllegalActionError):
        state.apply_action(A.PRIZE + 11)


def test_finish_line_one_dino_home_draws_one_card() -> None:
    state = finish_one_dino()
    play(state, A.PRIZE + 0)
    roll(state, JU)
    force(state, JU, JU)  # seat 1's draw
    roll_seat1_quietly(state)
    force(state, SW)  # seat 0 draws only one card: one dino left on the track
    assert state.current_player() == 0 and not state.is_chance_node()


def walk_home(state: State, seat_moves: int, stop: int) -> None:
    """Seat 0 runs with wildcards; every die shows Two cards; draws are wildcards."""
    for _ in range(400):
        if state.is_terminal() or (
            state.view(None)["players"][0]["dinos_home"] >= stop and "prize_choice" not in state.view(0)
        ):
            return
        p = state.current_player()
        if p == CHANCE:
            legal = state.legal_actions()
            if state.view(None)["phase"] == "roll":
                force(state, TWO_CARDS)
            else:
                force(state, WILD if WILD in legal else legal[0])
        elif "prize_choice" in state.view(p):
            play(state, state.legal_actions()[0])
        elif p == 0 and A.MOVE_WILD + 1 in state.legal_actions():
            play(state, A.MOVE_WILD + 1)
        elif p == 0 and A.MOVE_WILD in state.legal_actions():
            play(state, A.MOVE_WILD)
        else:
            play(state, A.ROLL)
    raise AssertionError("did not get home")


ALL_MANY = {"cards": [40, 40, 40, 40, 40, 4, 4, 4]}


def test_finish_line_both_dinos_home_with_the_egg_ends_the_game() -> None:
    state = table(hands=[[WILD] * 5, [JU] * 5], draws=(WILD, WILD), data=ALL_MANY)
    walk_home(state, 21, 2)
    force(state, 3)  # the egg counter drawn at random: the one worth 5
    assert state.is_terminal()
    view = state.view(None)
    assert view["egg_safe_by"] == 0 and view["egg_value"] == 5
    assert view["players"][0]["hand_count"] == 0  # both home: the hand is discarded
    assert view["breakdown"][0]["egg"] == 5


def test_finish_line_both_dinos_home_discard_the_hand_and_only_roll() -> None:
    state = table(hands=[[EGG, WILD, WILD, WILD, WILD], [JU] * 5], draws=(WILD, WILD), data=ALL_MANY)
    play(state, A.GIVE_EGG + 1)  # seat 1 now holds the egg
    walk_home(state, 21, 2)
    view = state.view(None)
    assert view["players"][0]["dinos_home"] == 2 and view["players"][0]["hand_count"] == 0
    assert not state.is_terminal()
    # play on until it is seat 0's turn again: no draw, no choice, only the die
    assert state.current_player() == 0 and state.legal_actions() == [A.ROLL]  # the rest of this turn
    play(state, A.ROLL)
    for _ in range(50):
        if state.view(None)["turn_player"] == 0:
            break
        p = state.current_player()
        if p == CHANCE:
            force(state, TWO_CARDS if state.view(None)["phase"] == "roll" else state.legal_actions()[0])
        else:
            play(state, A.ROLL)
    assert state.current_player() == CHANCE and state.view(None)["phase"] == "roll"
    force(state, TWO_CARDS)
    # "Two cards" applies only to players still in the race
    assert state.view(None)["players"][0]["hand_count"] == 0


def test_end_of_the_game_when_the_egg_is_safe_with_an_egg_counter() -> None:
    for seed in range(20):
        s = load_game("dino-race", players=3).new_initial_state()
        random_playout(s, random.Random(seed))
        view = s.view(None)
        holder = view["egg_safe_by"]
        assert view["players"][holder]["dinos_home"] == 2
        assert view["egg_value"] in (2, 3, 4, 5)
        assert view["breakdown"][holder]["egg"] == view["egg_value"]


# ----- Final scoring ------------------------------------------------------------------------------
def test_final_scoring_prizes_egg_drops_and_same_colour_pair() -> None:
    for seed in range(30):
        s = load_game("dino-race", players=4).new_initial_state()
        random_playout(s, random.Random(seed))
        view = s.view(None)
        for seat, p in enumerate(view["players"]):
            values = [x["value"] for x in p["prizes"]]
            colours = [x["colour"] for x in p["prizes"]]
            expected = sum(values) - p["lava_drops"]
            expected += 3 if len(colours) == 2 and colours[0] == colours[1] else 0
            expected += view["egg_value"] if view["egg_safe_by"] == seat else 0
            assert view["scores"][seat] == expected


def test_final_scoring_tie_goes_to_the_egg_bringer() -> None:
    found = 0
    for seed in range(400):
        s = load_game("dino-race", players=2).new_initial_state()
        random_playout(s, random.Random(seed))
        scores = s.scores()
        if scores[0] == scores[1]:
            found += 1
            assert s.winners() == [s.view(None)["egg_safe_by"]]
    assert found, "no tied game among 400 seeds"
