"""Hints: the master search's move for the seat to act (the strong policy's unless measurably beaten)."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.coach import suggest
from dinobox.engine.state import CHANCE, State


def choice_point(game_id: str, seed: int = 4) -> State:
    state = dinobox.load_game(game_id).new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 2:
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    return state


@pytest.mark.parametrize("game_id", ["dino-race", "pangaea"])
def test_hint_is_a_legal_move_with_its_text(game_id: str) -> None:
    state = choice_point(game_id)
    seat = state.current_player()
    hint = suggest(state, seat, iterations=8, seed=1)
    assert hint.action in state.legal_actions()
    assert hint.text == state.action_to_string(hint.action, seat)
    assert hint.win_chance is not None and 0 <= hint.win_chance <= 1
    assert suggest(state, seat, iterations=8, seed=1) == hint


def test_hint_within_seconds() -> None:
    state = choice_point("dino-race")
    hint = suggest(state, state.current_player(), seconds=0.2)
    assert hint.action in state.legal_actions()


def test_hint_only_for_the_seat_to_act() -> None:
    state = choice_point("dino-race")
    other = 1 - state.current_player()
    with pytest.raises(ValueError, match="seat to act"):
        suggest(state, other)
    with pytest.raises(ValueError, match="seconds"):
        suggest(state, state.current_player(), seconds=0)
