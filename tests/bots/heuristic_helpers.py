"""Seeded games of a heuristic policy, decision by decision: the heuristic tests check its
choices as properties over them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import dinobox
from dinobox.engine.heuristic import WeightedPolicy
from dinobox.engine.state import CHANCE, State


def policy_positions(
    game_id: str,
    choose: WeightedPolicy,
    players: int,
    games: int,
    weights: dict[str, float] | None = None,
    **options: Any,
) -> Iterator[tuple[State, int]]:
    """Every decision of games ``0 .. games - 1`` in which every seat plays ``choose`` (with
    ``weights`` on top of its defaults, if given), with the action the policy chose."""
    policy = choose if weights is None else choose.with_weights(weights)
    game = dinobox.load_game(game_id, players=players, **options)
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        policy_rng = random.Random(seed + 1000)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            action = policy(state, policy_rng)
            yield state, action
            state.apply_action(action)
