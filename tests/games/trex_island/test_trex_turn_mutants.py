"""Escape from T-Rex Island's turn sequence where the mutation run over ``turn`` and ``walks``
found it untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"). Each test is
named after the rulebook section it pins; situations are set up by forcing chance outcomes
through the public contract."""

from __future__ import annotations

from trex_helpers import PTERO, RAPTOR, TREX, TRICERA, C, O, P, any_move, card, draw, idle, move, table, tops

from dinobox.engine.testing import play
from dinobox.games.trex_island import actions as A


def test_taking_dino_picture_the_second_card_played_goes_under_the_matching_pile() -> None:
    """Two Triceratops played to one on pile A: the trophy is one of them, the other goes to the
    bottom of pile A, the matching pile (rules.md, Assumptions: Taking dino picture)."""
    hands = [[card(TRICERA, O), card(TRICERA, P), card(TRICERA, C), 0], [card(TRICERA, O), 6, 7, 8, 9]]
    state = table(hands=hands)
    move(state, TRICERA, O, 0, 0, pile=0)
    play(state, A.picture(TRICERA, (P, C)))
    assert [p["count"] for p in state.view(None)["piles"]] == [2, 0]
    assert tops(state) == ["triceratops", None]


def test_drawing_card_the_log_counts_the_cards_the_deck_is_rebuilt_from() -> None:
    """Three cards on pile A when the last card is drawn: the two under its top make the deck."""
    deck = {"cards": [2, 2, 0, 2, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0], "journalist_hand_size": 4}
    state = table(hands=[[0, 0, 1, 1], [3, 3, 4, 4]], data=deck)
    idle(state)  # Green moves twice, both cards on pile A
    any_move(state)  # Yellow moves, its card on pile A too
    draw(state, card(RAPTOR, O))
    draw(state, card(PTERO, O), card(TREX, O))  # Green takes the last card
    view = state.view(None)
    assert view["deck_count"] == 2 and [p["count"] for p in view["piles"]] == [1, 0]
    assert "The draw deck is rebuilt from 2 discarded cards." in [e["text"] for e in state.log(None)]
