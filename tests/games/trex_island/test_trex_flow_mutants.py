"""Escape from T-Rex Island's set-up, its pending decisions and the copy of a table, where the
mutation run over ``rules``, ``board``, ``set_up`` and ``flow`` found them untested
(benchmarks/mutation.py, docs/mutation.md). Each test is named after the rulebook section it
pins; situations are set up by forcing chance outcomes or by seeded play, through the public
contract."""

from __future__ import annotations

import random

from trex_helpers import FOOD3, STEGO, TRICERA, O, P, card, line_map, move, new_game, phase, table

from dinobox.engine.runner import random_playout
from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A

LINE = {**line_map("opcopcopc?H"), "tokens_per_rest": [0, 0, 0]}
REST_FIRST = line_map("?opc?opcH")  # a rest point right after the arrow, another on 4


def test_set_up_before_the_characters_are_chosen_no_seat_has_one() -> None:
    """Set-up 1: the seat drawn first is to choose; the others have no character yet, and any
    other choice waits for that one."""
    state = new_game(2).new_initial_state()
    force(state, 0)
    assert state.seat_roles() == {"character": [None, None]}
    assert phase(state) == "character"
    assert state.why_illegal(A.DRAW) == "choose one of the character cards still free (Set-up)"


def test_set_up_characters_dealt_at_random_show_the_character_phase() -> None:
    state = new_game(2, characters="random").new_initial_state()
    assert phase(state) == "character"


def test_turn_sequence_no_card_is_on_its_way_to_a_pile_while_an_action_is_chosen() -> None:
    state = table(data=LINE)
    assert phase(state) == "action"
    assert "playing" not in state.view(None)


def test_moving_a_team_the_choice_of_discard_pile_comes_first() -> None:
    """Pile A holds a card and B none: the card played next waits for its pile, and nothing else
    may be chosen before."""
    hands = [[card(STEGO, O), card(STEGO, P), card(TRICERA, O), 1], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data=LINE)
    move(state, STEGO, O, 0, 0)
    play(state, A.move(card(STEGO, P), 0, 1))
    assert phase(state) == "discard"
    assert state.why_illegal(A.DRAW) == (
        "put the card just played or given up on discard pile A or B first (Moving a team)"
    )


def test_game_tokens_a_team_at_a_rest_point_first_says_whether_to_draw() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST)
    play(state, A.move(0, 0, 0))
    assert state.why_illegal(A.DRAW) == "first say whether to draw a game token at this rest point (Game Tokens)"
    play(state, A.TOKEN_TAKE)
    assert phase(state) == "token"


def test_food_token_three_cans_feed_six_survivors() -> None:
    """Seat 0 (the Boy Scout, who feeds three for free) finds a 3-can food token."""
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST)
    move(state, STEGO, O, 0, 0, token=FOOD3)
    me = state.view(None)["players"][0]
    assert (me["food_cans"], me["can_feed"]) == (3, 3 * 2 + 3)


def playout_from(state: State, seed: int) -> tuple[list[float], dict[str, object]]:
    random_playout(state, random.Random(seed))
    return state.returns(), state.view(None)


def test_game_goal_a_copy_of_the_table_shows_the_same_and_plays_to_the_same_end() -> None:
    """A copy taken mid-game (teams at the helipad, pictures taken, tokens drawn) shows every seat
    the same table and, played on with the same chance and choices, ends the same."""
    for seed, moves in ((1, 60), (2, 90), (3, 120)):
        state = new_game(3).new_initial_state()
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        copy = state.clone()
        for seat in (None, 0, 1, 2):
            assert copy.view(seat) == state.view(seat)
        assert copy.play_order() == state.play_order() and copy.choice_order() == state.choice_order()
        assert playout_from(copy, seed) == playout_from(state, seed)
