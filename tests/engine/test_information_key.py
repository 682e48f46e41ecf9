"""``information_key(seat)`` stands for ``view(seat)``: two states give equal keys exactly when the
seat's views of them are equal (search trees are keyed by it, so a key that merged two views would
merge two information sets, and one that split a view would read what the seat cannot see).

Checked in every registered game at several player counts over seeded random positions, their
resamples for each seat (the same view, other hidden facts) and every position one step on.
"""

from __future__ import annotations

import json
import random

import pytest

import dinobox
from dinobox.engine.registry import game_class
from dinobox.engine.state import State

CASES = [
    (game_id, players)
    for game_id in dinobox.game_ids()
    for players in sorted({game_class(game_id).min_players, game_class(game_id).max_players})
]
POSITIONS = 60


def _step(state: State, rng: random.Random) -> None:
    action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
    state.apply_action(action)


def _states(game_id: str, players: int) -> list[State]:
    """Seeded positions along random games, each with its resamples and next positions."""
    game = dinobox.load_game(game_id, players=players)
    rng = random.Random(players * 31 + 5)
    state = game.new_initial_state()
    out: list[State] = []
    for i in range(POSITIONS):
        for _ in range(rng.randrange(1, 25)):
            if state.is_terminal():
                state = game.new_initial_state()
            _step(state, rng)
        out.append(state.clone())
        for seat in range(players):
            out.append(state.resample(seat, random.Random(i * 10 + seat)))
        if not state.is_terminal():
            for action in (state.legal_actions() if not state.is_chance_node() else [])[:4]:
                after = state.clone()
                after.apply_action(action)
                out.append(after)
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_information_key_is_equal_exactly_when_the_view_is(game_id: str, players: int) -> None:
    states = _states(game_id, players)
    for seat in range(players):
        by_key: dict[object, str] = {}
        by_view: dict[str, object] = {}
        for state in states:
            key = state.information_key(seat)
            hash(key)
            view = json.dumps(state.view(seat), sort_keys=True)
            assert by_key.setdefault(key, view) == view, f"{game_id}: one key, two views (seat {seat})"
            assert by_view.setdefault(view, key) == key, f"{game_id}: one view, two keys (seat {seat})"
        assert len(by_key) > POSITIONS // 2  # the positions are many different information sets
