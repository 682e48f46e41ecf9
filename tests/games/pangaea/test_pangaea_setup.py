"""Pangaea rules: Basic game setup, Starting positions, Kick-off the game, Duration of the game.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

import pytest
from pangaea_helpers import (
    RESHUFFLE,
    TEST_STARS,
    TOKENS,
    WILD,
    act,
    begin,
    new,
)

from dinobox.engine import IllegalActionError
from dinobox.engine.testing import force, play


# ===== Basic game setup ==========================================================================
def test_basic_game_setup_first_single_symbol_token_goes_to_the_centre() -> None:
    s = new()
    force(s, 4, 0, 1, 2, 4)  # "all" first: stays; moon is the first single: centre
    v = s.view(None)
    assert v["centre"] == "moon"
    assert v["ring"] == ["A", "all", "sun", "volcano", "all"]
    assert v["ring_pos"] == 0  # the token starts on the lightning space


def test_basic_game_setup_reshuffle_card_is_never_dealt() -> None:
    s = new()
    force(s, *TOKENS)
    force(s, RESHUFFLE, 0, 1, 2, 3)
    v = s.view(None)
    assert [c["kind"] for c in v["players"][0]["hand"]] == [0, 1, 2, 3]
    assert v["deck_count"] == 47 - 4


def test_basic_game_setup_four_face_up_cards_each() -> None:
    s = begin([[0, 1, 2, 3], [30, 31, 32, WILD]], [[4, 1], [4, 7]])
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert [len(p["hand"]) for p in v["players"]] == [4, 4]
        assert v["players"][1]["hand"][-1] == {"kind": WILD, "wild": True}


def test_starting_positions_one_explorer_per_star() -> None:
    s = new()
    force(s, *TOKENS, 0, 1, 2, 3, 4, 5, 6, 8)
    stars = [[r, c] for r, c in TEST_STARS]
    assert len(s.legal_actions()) == len(stars)
    play(s, act(s, "start", space=[4, 1]))
    taken = [s.describe_action(a)["space"] for a in s.legal_actions()]
    assert [4, 1] not in taken and len(taken) == len(stars) - 1
    with pytest.raises(IllegalActionError, match="Starting positions"):
        s.apply_action(0)


def test_kick_off_the_game_start_player_given() -> None:
    """The start player is an option; starting positions are taken from them on, in turn order."""
    s = new(3, first=2)
    force(s, *TOKENS, 0, 1, 2, 3, 10, 11, 12, 13, 30, 31, 32, 33)
    order = []
    for star in ([4, 1], [4, 7], [6, 3]):
        order.append(s.current_player())
        play(s, act(s, "start", space=star))
    assert order == [2, 0, 1]
    v = s.view(None)
    assert v["turn_player"] == 2 and v["start_player"] == 2 and v["options"]["first"] == 2
    assert any(e["text"] == "Green is the start player." for e in s.log(0))


def test_kick_off_the_game_start_player_drawn_at_random() -> None:
    s = new(2, first="random")
    force(s, *TOKENS, 0, 1, 2, 3, 30, 31, 32, 33)
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert s.view(None)["start_player"] is None
    force(s, 1)
    assert s.current_player() == 1 and s.view(None)["start_player"] == 1
    assert "Blue is the start player (drawn at random)." in [e["text"] for e in s.log(None)]
    play(s, act(s, "start", space=[4, 7]), act(s, "start", space=[4, 1]))
    assert s.view(None)["turn_player"] == 1


def test_kick_off_the_game_start_player_must_be_a_seat_or_random() -> None:
    with pytest.raises(ValueError, match=r"start player \(option 'first'\) must be a seat 0..1 or 'random', not 3"):
        new(2, first=3)
    with pytest.raises(ValueError, match="first"):
        new(2, first="oldest")
    assert new(4, first="3").view(None)["options"]["first"] == 3


def test_duration_of_the_game_countdown_options() -> None:
    for length in (30, 45, 60):
        assert new(length=length).view(None)["asteroid"] == length
    with pytest.raises(ValueError, match="length"):
        new(length=50)
