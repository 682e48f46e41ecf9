"""``clone()`` is an independent copy in every built-in game, in the compiled and the pure build.

A compiled state copies its fields by name (``_copy_fields``): a field left out would break the
clone (missing) or tie it to the original (a shared list). Both show through the public
contract: the clone must equal the position rebuilt from its record, stay so while the original
plays on, and then play the same continuation to the same views.
"""

from __future__ import annotations

import json
import random

import pytest

import dinobox
from dinobox.engine.state import State

BUILT_IN = ("dino-race", "trex-island", "dinosaur-rush", "pangaea")


def _snapshot(state: State) -> str:
    seats: list[int | None] = [None, *range(state.num_players)]
    return json.dumps(
        {
            "views": [state.view(seat) for seat in seats],
            "logs": [state.log(seat) for seat in seats],
            "player": state.current_player(),
            "legal": state.legal_actions(),
            "scores": state.scores(),
            "move": state.move_number(),
            "history": state.history(),
        },
        sort_keys=True,
    )


def _step(state: State, rng: random.Random) -> int:
    action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
    state.apply_action(action)
    return action


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_clone_is_independent_and_complete(game_id: str) -> None:
    game = dinobox.load_game(game_id)
    rng = random.Random(7)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal() and checked < 12:
        for _ in range(rng.randrange(1, 40)):
            if state.is_terminal():
                break
            _step(state, rng)
        copy = state.clone()
        before = _snapshot(copy)
        assert before == _snapshot(dinobox.from_record(state.to_record()))
        # the original plays on: the clone does not move
        played = []
        probe_rng = random.Random(checked)
        for _ in range(30):
            if state.is_terminal():
                break
            played.append(_step(state, probe_rng))
        assert _snapshot(copy) == before
        # the clone plays the same continuation to the same position
        for action in played:
            copy.apply_action(action)
        assert _snapshot(copy) == _snapshot(state)
        checked += 1
    assert checked > 0


def _play_to_end(state: State, rng: random.Random) -> None:
    while not state.is_terminal():
        _step(state, rng)


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_playing_a_clone_or_a_resampled_copy_to_the_end_never_changes_the_original(game_id: str) -> None:
    """Copy-on-write fields (tuples a clone shares with its original) stay untouched by play."""
    rng = random.Random(5)
    state = dinobox.load_game(game_id, players=4).new_initial_state()
    checked = 0
    while not state.is_terminal():
        before = _snapshot(state)
        _play_to_end(state.clone(), rng)
        _play_to_end(state.resample(rng.randrange(state.num_players), rng), rng)
        assert _snapshot(state) == before
        checked += 1
        for _ in range(rng.randrange(20, 60)):
            if state.is_terminal():
                break
            _step(state, rng)
    assert checked >= 5
