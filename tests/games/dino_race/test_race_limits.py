"""Dino Race: the written limits at their boundary. 1) Draw cards: "There is no limit to the
number of cards a player may have in his hand". 2) Play and swap cards: "discard three cards of
the same type" to move without the right card, so two of a kind are not enough."""

from __future__ import annotations

from race_helpers import DE, EGG, JU, PL, PUSH, STEAL, SW, TWO_CARDS, WILD, roll, table

from dinobox.engine.testing import force
from dinobox.games.dino_race import actions as A


def test_draw_cards_no_limit_to_the_cards_in_hand() -> None:
    state = table(hands=[[DE] * 5, [JU] * 5])
    pool = [SW] * 8 + [WILD] * 8 + [PL] * 6 + [PUSH, EGG]  # 24 cards still in the deck
    for _ in range(4):  # each roll: two cards each, then the next player's own draw of two
        roll(state, TWO_CARDS)
        force(state, *pool[:6])
        del pool[:6]
    counts = [p["hand_count"] for p in state.view(None)["players"]]
    assert counts == [5 + 2 + 8 + 4, 5 + 8 + 4]  # deal, own draws, four "Two cards" rolls
    assert state.view(None)["deck_count"] == 52 - sum(counts)
    assert state.current_player() == 0 and A.ROLL in state.legal_actions()  # nothing to give up


def test_playing_movement_cards_two_of_a_kind_do_not_stand_in() -> None:
    state = table(hands=[[PL, PL, PUSH, STEAL, EGG], [JU] * 5], draws=(SW, JU))
    # dino 0 needs desert: no desert, no wildcard, and only two plains
    assert A.MOVE_TRIPLE + 8 * 0 + PL not in state.legal_actions()


def test_playing_movement_cards_exactly_three_of_a_kind_stand_in() -> None:
    state = table(hands=[[PL, PL, PUSH, STEAL, EGG], [JU] * 5], draws=(PL, JU))
    # the first draw brings the third plains card
    assert A.MOVE_TRIPLE + 8 * 0 + PL in state.legal_actions()
