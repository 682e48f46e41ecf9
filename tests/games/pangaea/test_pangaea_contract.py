"""Pangaea rules: bad input and whole games.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

import random

import pytest
from pangaea_helpers import (
    OTHER,
    begin,
    new,
)

from dinobox.engine import IllegalActionError
from dinobox.engine.state import CHANCE


def test_bad_input_is_refused_and_changes_nothing() -> None:
    s = begin([[0, 1, 2, 3], OTHER], [[4, 1], [4, 7]])
    before = s.view(None), s.history()
    for bad in (-1, 10**6, "x", None):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)  # a wrong type on purpose
    assert (s.view(None), s.history()) == before
    with pytest.raises(ValueError, match="countdown_start"):
        new(data={"countdown_start": -5})


def test_heuristic_policy_plays_a_whole_game_legally() -> None:

    from dinobox.games.pangaea.heuristic import choose as heuristic

    s = new(3)
    rng = random.Random(3)
    while not s.is_terminal():
        a = s.sample_chance(rng) if s.current_player() == CHANCE else heuristic(s, rng)
        assert a in s.legal_actions()
        s.apply_action(a)
    # a winner exactly when a Shelter survived (nobody wins otherwise)
    assert bool(s.winners()) == s.view(None)["end"]["survived"]
