"""Escape from T-Rex Island, Game Tokens: "Once all tokens were drawn from that rest point space,
no more tokens can be drawn from that space", at its boundary: with one token left a team
arriving is offered it; with none left, the next team arriving is not (two players: two tokens
per rest point)."""

from __future__ import annotations

from trex_helpers import FOOD1, SMG, STEGO, TRICERA, O, P, card, line_map, move, phase, table

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A

REST_FIRST = line_map("?opc?opcH")  # a rest point right after the arrow, another on 4


def tokens_left(state: State, space: int) -> int:
    left: int = state.view(None)["board"][space]["tokens"]
    return left


def arrive(state: State, kind: int, colour: int, slot: int, space: int) -> None:
    """Play a card to move a team and put the card on pile A; stop before any token choice."""
    play(state, A.move(card(kind, colour), slot, space))
    if phase(state) == "discard":
        play(state, A.PILE + 0)


def test_game_tokens_the_last_token_of_a_rest_point_is_still_offered() -> None:
    state = table(hands=[[0, 0, 1, 1], [3, 3, 4, 4, 5]], data=REST_FIRST)
    move(state, STEGO, O, 0, 0, token=SMG)
    assert tokens_left(state, 0) == 1
    arrive(state, STEGO, P, 1, 0)
    assert phase(state) == "token" and state.legal_actions() == [A.TOKEN_TAKE, A.TOKEN_LEAVE]
    play(state, A.TOKEN_TAKE)
    force(state, FOOD1)
    assert tokens_left(state, 0) == 0
    assert state.view(None)["players"][0]["tokens"] == {"smg": 1, "food1": 1}


def test_game_tokens_a_rest_point_with_no_token_left_offers_none() -> None:
    state = table(hands=[[0, 0, 1, 1], [3, 3, 4, 4, 5]], data=REST_FIRST)
    move(state, STEGO, O, 0, 0, token=SMG)
    move(state, STEGO, P, 1, 0, token=FOOD1)
    assert tokens_left(state, 0) == 0 and state.current_player() == 1
    arrive(state, TRICERA, O, 0, 0)
    assert phase(state) != "token" and A.TOKEN_TAKE not in state.legal_actions()
    assert state.view(None)["players"][1]["tokens"] == {}
