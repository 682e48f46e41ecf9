"""The games' hand-written heuristic policies, found through the registry, and the common part
of writing one.

Each game declares its policy in its ``GameEntry`` (``games/<game>/heuristic.py`` for the
built-in games): ``choose(state, rng) -> int`` for ``state.current_player()``, reading only the
seat's view, the legal actions and look-ahead on the seat's own resampled states. The
``heuristic`` decorator gives every policy the same start: a forced move is played at once, and
otherwise the policy gets a ``Turn`` with the seat, its typed view, the legal actions and their
descriptions; ``best_action`` picks the highest-scoring action, breaking ties with the bot's rng.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.registry import Policy, game_entry, game_ids
from dinobox.engine.state import State

V = TypeVar("V")


@dataclass
class Turn(Generic[V]):
    """What a heuristic reads at one decision."""

    state: State
    seat: int
    view: V
    legal: list[int]

    @cached_property
    def infos(self) -> list[dict[str, Any]]:
        """``describe_action`` of each legal action, in the order of ``legal``."""
        return [self.state.describe_action(a) for a in self.legal]

    @cached_property
    def info_by_action(self) -> dict[int, dict[str, Any]]:
        return dict(zip(self.legal, self.infos, strict=True))


def heuristic(policy: Callable[[Turn[Any], random.Random], int]) -> Policy:
    """A policy from its decision part: forced moves are played without asking it."""

    def choose(state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        return policy(Turn(state, seat, state.view(seat), legal), rng)

    choose.__doc__ = policy.__doc__
    choose.__wrapped__ = policy  # type: ignore[attr-defined]
    return choose


def best_action(infos: list[dict[str, Any]], score: Callable[[dict[str, Any]], Any], rng: random.Random) -> int:
    """The described action with the highest ``score``; ties broken by ``rng``."""
    scored = [(score(i), i["action"]) for i in infos]
    top = max(s for s, _ in scored)
    options = [a for s, a in scored if s == top]
    return options[0] if len(options) == 1 else rng.choice(options)


def has_heuristic(game_id: str) -> bool:
    return game_entry(game_id).heuristic is not None


def heuristic_policy(game_id: str) -> Policy:
    """The game's heuristic; ``InvalidOptionError`` when it declares none."""
    policy = game_entry(game_id).heuristic
    if policy is None:
        known = ", ".join(g for g in game_ids() if has_heuristic(g))
        raise InvalidOptionError(f"no heuristic bot for {game_id!r} yet (games with one: {known})")
    return policy


__all__ = ["Policy", "Turn", "best_action", "has_heuristic", "heuristic", "heuristic_policy"]
