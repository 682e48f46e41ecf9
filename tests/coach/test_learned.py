"""The coach's win chance from the learned position value (``dinobox.bots.value``): the value
after the action, averaged over redraws of what the seat knew, with an uncertainty."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.bots.value import game_models
from dinobox.coach import judge
from dinobox.coach.marking import MODEL_SE, Estimator
from dinobox.engine.registry import game_entry, game_ids
from dinobox.engine.state import CHANCE, State

LEARNED = [(g, n) for g in game_ids() for n in sorted(game_models(g))]


def midgame(game_id: str, players: int, seed: int, moves: int) -> State:
    """A position of a seeded heuristic game about ``moves`` moves in, a seat to act with a choice."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    heuristic = game_entry(game_id).heuristic
    assert heuristic is not None
    rng = random.Random(seed)
    while True:
        player = state.current_player()
        if player >= 0 and state.move_number() >= moves and len(state.legal_actions()) > 1:
            return state
        state.apply_action(state.sample_chance(rng) if player == CHANCE else heuristic(state, rng))
        assert not state.is_terminal()


@pytest.mark.parametrize(("game_id", "players"), LEARNED)
def test_each_action_gets_a_chance_and_an_uncertainty(game_id: str, players: int) -> None:
    state = midgame(game_id, players, seed=5, moves=30)
    estimate = Estimator(state, random.Random(1))
    for action in state.legal_actions()[:6]:
        found = estimate(action, None)
        assert 0 <= found.chance <= 1
        if not found.wins and 0 < found.chance < 1:
            floor = MODEL_SE * 4 * found.chance * (1 - found.chance)
            assert floor - 1e-12 <= found.se <= 0.5


@pytest.mark.parametrize(("game_id", "players"), LEARNED)
def test_the_estimate_reads_only_what_the_seat_knew(game_id: str, players: int) -> None:
    state = midgame(game_id, players, seed=9, moves=20)
    seat = state.current_player()
    redrawn = state.resample(seat, random.Random(3))
    action = state.legal_actions()[0]
    assert Estimator(state, random.Random(4))(action, None) == Estimator(redrawn, random.Random(4))(action, None)


@pytest.mark.parametrize(("game_id", "players"), LEARNED)
def test_a_judgement_uses_the_learned_value(game_id: str, players: int) -> None:
    state = midgame(game_id, players, seed=2, moves=25)
    chosen = state.legal_actions()[-1]
    found = judge(state, chosen, state.move_number(), iterations=30, seed=1)
    assert 0 <= found.win_chance_chosen <= found.win_chance_best <= 1
    assert found.best == chosen or found.loss > 0
