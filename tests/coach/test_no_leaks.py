"""The coach reads only what the seat knew: two states that differ only in what the seat cannot see
(the second is ``state.resample(seat, rng)`` of the first) get the same judgement and the same
hint under the same seed."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.coach import judge, suggest
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State

GAMES = (("dino-race", 2), ("trex-island", 3), ("dinosaur-rush", 3), ("pangaea", 2))


def positions(game_id: str, players: int, count: int, seed: int = 11) -> list[State]:
    """``count`` positions with a real choice, spread over one seeded heuristic game."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    heuristic = game_entry(game_id).heuristic
    assert heuristic is not None
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and rng.random() < 0.08:
            found.append(state.clone())
        state.apply_action(heuristic(state, rng))
    return found


def twins(game_id: str, players: int) -> list[tuple[State, State]]:
    pairs = []
    for state in positions(game_id, players, 2):
        seat = state.current_player()
        other = state.resample(seat, random.Random(99))
        assert other.view(seat) == state.view(seat)
        pairs.append((state, other))
    return pairs


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_judgement_depends_only_on_the_seats_information(game_id: str, players: int) -> None:
    for state, other in twins(game_id, players):
        chosen = state.legal_actions()[-1]
        move = state.move_number()
        assert judge(state, chosen, move, iterations=8, seed=4) == judge(other, chosen, move, iterations=8, seed=4)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_hint_depends_only_on_the_seats_information(game_id: str, players: int) -> None:
    for state, other in twins(game_id, players)[:1]:
        seat = state.current_player()
        assert suggest(state, seat, iterations=4, seed=4) == suggest(other, seat, iterations=4, seed=4)
