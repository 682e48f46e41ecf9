"""Shared helpers for the adapter tests (a plain module, not a conftest: no name clashes)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy  # noqa: F401  (a hard requirement of these tests)

import dinobox
from dinobox.engine.registry import game_class
from dinobox.engine.state import State

GAME_IDS = dinobox.game_ids()


def default_players(gid: str) -> int:
    cls = game_class(gid)
    return cls.default_players or cls.min_players


def walk(state: State, seed: int, every: int = 1) -> Iterator[tuple[int, State]]:
    """Play ``state`` at random to the end, yielding ``(step, state)`` every ``every`` steps
    (more often in a short game: about ten visits at least)."""
    probe, probe_rng = state.clone(), random.Random(seed)
    while not probe.is_terminal():
        probe.apply_action(
            probe.sample_chance(probe_rng) if probe.is_chance_node() else probe_rng.choice(probe.legal_actions())
        )
    every = max(1, min(every, (probe.move_number() - state.move_number()) // 10))
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield step, state
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        step += 1
    yield step, state
