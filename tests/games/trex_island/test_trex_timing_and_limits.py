"""Escape from T-Rex Island: when a carnivore strikes, firing a Shotgun at will, the deck end
when nobody can act, and ids that name nothing.
Test names follow the rulebook's section headings; chance outcomes are forced."""

from __future__ import annotations

import pytest
from trex_helpers import (
    BRACHIO,
    HUNTER,
    JOURNALIST,
    PTERO,
    RAPTOR,
    SCOUT,
    SHOTGUN,
    STEGO,
    SURVIVOR,
    TREX,
    TRICERA,
    C,
    O,
    P,
    card,
    crew,
    draw,
    line_map,
    move,
    phase,
    table,
)

from dinobox import IllegalActionError
from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A

NO_TOKENS = {"tokens_per_rest": [0, 0, 0]}


def _texts(state) -> list[str]:  # type: ignore[no-untyped-def]
    return [e["text"] for e in state.log(None)]


# ----- Carnivore cards: the effect comes right after the move --------------------------------


def test_carnivore_cards_effect_comes_before_the_token_draw_survivor() -> None:
    """Two tied teams of 4: the Pterosaurs strike both, before the survivor found on that move
    makes one of them the biggest team."""
    state = table(hands=[[card(PTERO, O), card(PTERO, P), 0, 1], [3, 4, 5, 6, 7]], data=line_map("?opc?opcH"))
    move(state, PTERO, O, 0, 1)
    play(state, A.move(card(PTERO, P), 1, 0))
    play(state, A.PILE + 1)  # two Pterosaurs on top: they strike at once
    assert (crew(state, 0), crew(state, 1)) == (3, 3)
    assert phase(state) == "token"  # only now the rest point's token
    play(state, A.TOKEN_TAKE)
    force(state, SURVIVOR)
    assert (crew(state, 0), crew(state, 1)) == (3, 4)


def test_carnivore_cards_a_weapon_found_on_the_move_comes_too_late_for_its_strike() -> None:
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=line_map("o?pc?H"))
    move(state, RAPTOR, O, 0, 0)
    play(state, A.move(card(RAPTOR, P), 1, 1))  # the rest point on 1 is closest to the helipad
    play(state, A.PILE + 1)
    assert crew(state, 1) == 3  # struck with no defence: the Shotgun is still face down
    play(state, A.TOKEN_TAKE)
    force(state, SHOTGUN)
    assert state.view(None)["players"][0]["tokens"] == {"shotgun": 1} and crew(state, 1) == 3


def test_carnivore_cards_no_token_for_a_team_the_effect_wiped_out() -> None:
    data = {**line_map("o?pc?H"), "start_crew": 1}
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=data)
    move(state, RAPTOR, O, 0, 0)
    play(state, A.move(card(RAPTOR, P), 1, 1))
    play(state, A.PILE + 1)
    assert state.view(None)["dice"][1]["lost"] and phase(state) == "action"


# ----- Shotgun token: whenever the player wants --------------------------------------------
TREX_LINE = {**line_map("pppppppoc" + "opc?H"), **NO_TOKENS}


def _trex_on_six(chars: tuple[int, ...]) -> State:
    """Seat 0 puts a team on 7 and raises the T-Rex (it ends on 6); seat 1 moves twice."""
    hands = [[card(STEGO, O), card(TREX, C), 1, 2], [card(TRICERA, P), card(TRICERA, P), 3, 5, 6]]
    state = table(hands=hands, data=TREX_LINE, chars=chars)
    move(state, STEGO, O, 0, 7)
    move(state, TREX, C, 1, 8, pile=1)
    assert state.view(None)["trex"] == 6
    return state


def test_shotgun_token_hunter_fires_at_the_trex_in_his_turn_as_a_free_action() -> None:
    state = _trex_on_six((HUNTER, JOURNALIST))
    assert not [a for a in state.legal_actions() if a >= A.SHOOT]  # Yellow has no Shotgun
    move(state, TRICERA, P, 0, 0)
    move(state, TRICERA, P, 0, 1)
    assert state.current_player() == 0
    assert [a for a in state.legal_actions() if a >= A.SHOOT] == [A.SHOOT + A.SHOOT_FREE]
    play(state, A.SHOOT + A.SHOOT_FREE)
    view = state.view(None)
    assert view["trex"] is None and view["players"][0]["free_shotgun"] is False
    assert view["actions_done"] == 0 and state.current_player() == 0  # both actions still to come
    assert _texts(state)[-2:] == [
        "Red fires the Hunter's free Shotgun at the T-Rex.",
        "The T-Rex is driven off the map.",
    ]
    assert not [a for a in state.legal_actions() if a >= A.SHOOT]  # once per game, and no T-Rex
    with pytest.raises(IllegalActionError, match="no T-Rex on the map"):
        state.apply_action(A.SHOOT + A.SHOOT_FREE)


def test_shotgun_token_fired_at_the_trex_clears_the_way() -> None:
    """A Shotgun token fired before a move: the team goes past the old T-Rex space for free."""
    data = {**line_map("?ppppppoc" + "opc?H")}
    hands = [[card(STEGO, O), card(TREX, C), card(BRACHIO, C), 2], [card(TRICERA, P), card(TRICERA, O), 3, 5, 6]]
    state = table(hands=hands, data=data, chars=(SCOUT, JOURNALIST))
    move(state, STEGO, O, 0, 0, token=SHOTGUN)  # the rest point on 0: a Shotgun token
    move(state, TREX, C, 1, 8, pile=1)  # the T-Rex appears by the arrow and walks toward the team on 8
    trex = state.view(None)["trex"]
    assert trex is not None
    assert trex == 2  # from the arrow (the slowest team has no three spaces behind it), two steps
    move(state, TRICERA, P, 0, 1)
    move(state, TRICERA, O, 1, 0)
    assert state.current_player() == 0
    assert state.describe_action(A.move(card(BRACHIO, C), 0, 11))["passes_trex"] is True
    assert [a for a in state.legal_actions() if a >= A.SHOOT] == [A.SHOOT + A.SHOOT_TOKEN]
    play(state, A.SHOOT + A.SHOOT_TOKEN)
    assert state.view(None)["trex"] is None and state.view(None)["players"][0]["tokens"] == {}
    move(state, BRACHIO, C, 0, 11)  # past where the T-Rex stood: no man lost
    assert crew(state, 0) == 4


# ----- Game Goal: the deck end when nobody can act (the hand size: test_trex_hand_limit.py) ----
# Every team placed, no food: Green's teams fill the three orange spaces, Yellow's wait on the
# rest point, and the helipad is closed to crews of 4 (the Boy Scout feeds 3, the Journalist 0).
PARKED = {**line_map("?oooH"), **NO_TOKENS}


def test_game_goal_deck_empty_and_no_team_can_move_to_the_tokens_left() -> None:
    """The gap the text leaves: the deck is empty and the piles hold only their tops, Yellow has
    played its last card (its teams wait behind the arrow, the token ahead of them face down),
    and Green's parked teams leave it cards it cannot play. After a whole round of passes no
    token can ever be drawn: the deck end."""
    cards = [2, 2, 2, 0, 0, 1, 0, 0, 0, 1] + [0] * 8  # 8 cards, all dealt
    data = {**line_map("?H"), "cards": cards, "journalist_hand_size": 4, "tokens_per_rest": [1, 1, 1]}
    green = [card(STEGO, O), card(STEGO, P), card(RAPTOR, O), card(TRICERA, C)]
    yellow = [card(STEGO, C), card(STEGO, C), card(STEGO, O), card(STEGO, P)]
    state = table(hands=[green, yellow], data=data, chars=(SCOUT, JOURNALIST))
    assert state.view(None)["deck_count"] == 0
    move(state, STEGO, O, 0, 0)  # Green parks its teams on the rest point (4 men, food for 3)
    move(state, STEGO, P, 1, 0, pile=1)
    play(state, A.picture(STEGO, (O,)), A.picture(STEGO, (P,)))  # Yellow: Stegosaurus trophies
    move(state, RAPTOR, O, 2, 0, pile=0)  # a card under a top: rebuilt at once (1 card)
    assert state.view(None)["deck_count"] == 1
    draw(state, card(STEGO, O))
    play(state, A.picture(STEGO, (C,)), A.picture(STEGO, (C,)))  # Yellow's last cards
    play(state, A.picture(STEGO, (O,)))  # Green keeps a Triceratops it cannot play
    passes = 0
    while not state.is_terminal():
        assert state.legal_actions() == [A.PASS]
        play(state, A.PASS)
        passes += 1
    assert passes == 4  # a whole round: both actions of both players
    view = state.view(None)
    assert view["deck_count"] == 0 and view["board"][0]["tokens"] == 1
    assert [d["space"] for d in view["dice"][3:]] == [None] * 3
    assert _texts(state)[-1] == "The game is over: the draw deck is empty and no team can move to the tokens left."


def test_game_goal_play_goes_on_while_someone_can_act() -> None:
    hands = [[card(RAPTOR, O), card(PTERO, O), card(RAPTOR, O), card(STEGO, P)], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data=PARKED, chars=(SCOUT, JOURNALIST))
    move(state, RAPTOR, O, 0, 1)
    move(state, PTERO, O, 1, 2, pile=1)
    idle_twice = 0
    while state.current_player() == 1 and idle_twice < 2:  # Yellow can always play or draw
        assert A.PASS not in state.legal_actions()
        play(state, min(a for a in state.legal_actions() if a < A.PICTURE))
        while phase(state) in ("discard", "token"):
            play(state, state.legal_actions()[0])
        idle_twice += 1
    assert not state.is_terminal()


# ----- ids that name nothing here ---------------------------------------------------------------


def test_describe_action_refuses_ids_out_of_context_with_value_error() -> None:
    state = table()
    for bad in (A.TREX_WAY + 60, A.move(0, 0, 50), A.NUM_ACTIONS, -1):
        with pytest.raises(ValueError, match=r"not on this board|not an action"):
            state.describe_action(bad)
        with pytest.raises(ValueError, match=r"not on this board|not an action"):
            state.action_to_string(bad)
    assert state.describe_action(A.TREX_WAY + 3)["space"] == 3
    play(state, A.DRAW)  # a chance node: card types 0..17
    assert state.current_player() == CHANCE
    assert state.action_to_string(17) == "card: cyan T-Rex"
    with pytest.raises(ValueError, match="chance outcome"):
        state.action_to_string(18)
    force(state, 2)
    assert phase(state) == "action"
    assert "Shotgun" in state.action_to_string(A.SHOOT + A.SHOOT_FREE)
    assert state.describe_action(A.SHOOT + A.SHOOT_TOKEN)["kind"] == "shoot"
