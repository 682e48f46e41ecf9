"""The games' hand-written heuristic policies, found through the registry.

Each game declares its policy in its ``GameEntry`` (``games/<game>/heuristic.py`` for the
built-in games), written with :mod:`dinobox.engine.heuristic` (``Turn``, ``heuristic``,
``weighted_heuristic``, ``best_option``), which this module re-exports for the games and
plug-ins that import them from here.
"""

from __future__ import annotations

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.heuristic import (
    Option,
    Turn,
    WeightedPolicy,
    Weights,
    best_option,
    heuristic,
    weighted_heuristic,
)
from dinobox.engine.registry import Policy, game_entry, game_ids


def has_heuristic(game_id: str) -> bool:
    return game_entry(game_id).heuristic is not None


def heuristic_policy(game_id: str) -> Policy:
    """The game's heuristic; ``InvalidOptionError`` when it declares none."""
    policy = game_entry(game_id).heuristic
    if policy is None:
        known = ", ".join(g for g in game_ids() if has_heuristic(g))
        raise InvalidOptionError(f"no heuristic bot for {game_id!r} yet (games with one: {known})")
    return policy


__all__ = [
    "Option",
    "Policy",
    "Turn",
    "WeightedPolicy",
    "Weights",
    "best_option",
    "has_heuristic",
    "heuristic",
    "heuristic_policy",
    "weighted_heuristic",
]
