"""``uniform_playout``: the search bots' playout loop, with and without keeping the record."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.engine import load_game
from dinobox.engine.runner import uniform_playout


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_a_playout_without_its_record_plays_the_same_game(gid: str) -> None:
    start = load_game(gid).new_initial_state()
    kept, spent = start.clone(), start.clone()
    assert uniform_playout(kept, random.Random(5)) == uniform_playout(spent, random.Random(5), keep_record=False)
    assert kept.is_terminal() and spent.is_terminal()
    assert spent.returns() == kept.returns() and spent.scores() == kept.scores()
    assert spent.move_number() == kept.move_number() > start.move_number()
    # nothing recorded past the start; the state it was cloned from is untouched
    assert spent.history() == start.history() and spent.log_length() == start.log_length()
    assert kept.history()[: start.move_number()] == start.history()
    again = start.clone()  # a clone of the start records as before
    uniform_playout(again, random.Random(5))
    assert again.history() == kept.history() and again.log(None) == kept.log(None)
