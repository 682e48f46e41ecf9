"""``resample(seat, rng)`` depends only on what ``seat`` can see and on ``rng``.

Two states that differ only in what the seat cannot see must resample to the same state under the
same seed (a coach or a hint built on resampling must never read the true hidden facts). The
check, in every registered game at several player counts and along seeded random games:
``other = state.resample(seat, Random(a))`` is a state the seat cannot tell from ``state``; then
``state.resample(seat, Random(b))`` and ``other.resample(seat, Random(b))`` must agree on every
seat's view, the seat to act, the legal actions, and on their future under the same seeds.
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
STOPS = 8  # positions per game
FUTURE = 40  # actions played on from both redraws


def _step(state: State, rng: random.Random) -> None:
    action = state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions())
    state.apply_action(action)


def _snapshot(state: State) -> str:
    return json.dumps(
        {
            "views": [state.view(seat) for seat in [None, *range(state.num_players)]],
            "player": state.current_player(),
            "legal": state.legal_actions(),
        },
        sort_keys=True,
    )


def _future(state: State, seed: int) -> tuple[list[int], str]:
    """The actions played on under ``seed`` and the position they reach."""
    rng = random.Random(seed)
    start = state.move_number()
    for _ in range(FUTURE):
        if state.is_terminal():
            break
        _step(state, rng)
    return state.history()[start:], _snapshot(state)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_resample_depends_only_on_what_the_seat_sees(game_id: str, players: int) -> None:
    game = dinobox.load_game(game_id, players=players)
    walk = random.Random(players * 1000 + 17)
    state = game.new_initial_state()
    checked = 0
    for stop in range(STOPS):
        for _ in range(walk.randrange(5, 150)):
            if state.is_terminal():
                state = game.new_initial_state()
            _step(state, walk)
        for seat in range(players):
            a, b = 100 * stop + seat, 7919 + stop
            other = state.resample(seat, random.Random(a))
            assert other.view(seat) == state.view(seat)  # the seat cannot tell them apart
            first = state.resample(seat, random.Random(b))
            second = other.resample(seat, random.Random(b))
            where = f"{game_id} {players}p, move {state.move_number()}, seat {seat}"
            assert _snapshot(first) == _snapshot(second), where
            assert _future(first, b) == _future(second, b), where
            checked += 1
    assert checked == STOPS * players
