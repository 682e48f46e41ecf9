"""Pangaea rules: bad input and whole games.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

import random
from typing import Any

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


def test_scoring_view_is_part_of_the_view() -> None:
    """The heuristic's look-ahead reads ``scoring_view``: along whole games (the end included),
    every part of it equals the seat's full view, players and world cut to the keys it keeps."""
    from dinobox.games.pangaea.view import SCORING_KEYS, scoring_view

    for seed, players in ((1, 2), (4, 3)):
        s = new(players)
        rng = random.Random(seed)
        while True:
            for seat in range(players):
                full: dict[str, Any] = s.view(seat)
                part: dict[str, Any] = dict(scoring_view(s, seat))  # type: ignore[arg-type]
                assert set(part) == set(SCORING_KEYS) & set(full)
                for key in ("seat", "asteroid", "end"):
                    assert part.get(key) == full.get(key)
                assert part["world"] == {k: full["world"][k] for k in part["world"]}
                cut = [{k: p[k] for k in q} for p, q in zip(full["players"], part["players"], strict=True)]
                assert part["players"] == cut
            if s.is_terminal():
                break
            s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
