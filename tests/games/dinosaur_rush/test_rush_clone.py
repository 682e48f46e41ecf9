"""Copy-on-write fields: playing a clone (or a resampled copy) on to the end never changes the
position it was taken from (the fields that change rarely are tuples that copies share)."""

from __future__ import annotations

import json
import random

import dinobox
from dinobox.engine.state import State

GAME = "dinosaur-rush"


def _snapshot(state: State) -> str:
    seats: list[int | None] = [None, *range(state.num_players)]
    return json.dumps(
        {
            "views": [state.view(seat) for seat in seats],
            "logs": [state.log(seat) for seat in seats],
            "player": state.current_player(),
            "legal": state.legal_actions(),
            "scores": state.scores(),
            "history": state.history(),
        },
        sort_keys=True,
    )


def _play_to_end(state: State, rng: random.Random) -> None:
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_playing_a_clone_to_the_end_never_changes_the_original() -> None:
    rng = random.Random(5)
    state = dinobox.load_game(GAME, players=4).new_initial_state()
    checked = 0
    while not state.is_terminal():
        before = _snapshot(state)
        _play_to_end(state.clone(), rng)
        seat = rng.randrange(state.num_players)
        _play_to_end(state.resample(seat, rng), rng)
        assert _snapshot(state) == before
        checked += 1
        for _ in range(rng.randrange(20, 60)):
            if state.is_terminal():
                break
            state.apply_action(
                state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
    assert checked >= 5
