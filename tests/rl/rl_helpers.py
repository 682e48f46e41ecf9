"""Shared helpers for the adapter tests (a plain module, not a conftest: no name clashes)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import dinobox
from dinobox.engine.registry import game_class
from dinobox.engine.state import State

pytest.importorskip("numpy")

GAME_IDS = dinobox.game_ids()


def default_players(gid: str) -> int:
    cls = game_class(gid)
    return cls.default_players or cls.min_players


def walk(state: State, seed: int, every: int = 1) -> Iterator[tuple[int, State]]:
    """Play ``state`` at random to the end, yielding ``(step, state)`` every ``every`` steps."""
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            yield step, state
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        step += 1
    yield step, state

