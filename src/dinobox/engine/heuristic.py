"""The common part of writing a game's heuristic policy (``games/<game>/heuristic.py``).

A heuristic is part of a game (its ``GameEntry`` names it), so what it is written with lives in
the engine: ``choose(state, rng) -> int`` for ``state.current_player()``, reading only the
seat's view, the legal actions and look-ahead on the seat's own resampled states. The
``heuristic`` decorator gives every policy the same start: a forced move is played at once, and
otherwise the policy gets a ``Turn`` with the seat, its typed view, the legal actions and their
typed descriptions (``Turn.options``; the view and the descriptions built when first read);
``best_option`` picks the highest-scoring action, breaking ties with the bot's rng.

``weighted_heuristic(defaults)`` is the same start for a policy whose scoring terms are named
weights (a small table of numbers): the result plays with ``defaults`` (the ``heuristic`` bot)
and ``with_weights(w)`` gives the same policy with other weights (the learned ones the
``strong`` bot plays, ``dinobox.bots.weights``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, NamedTuple, TypeVar, cast

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.registry import Policy
from dinobox.engine.state import State
from dinobox.engine.values import ActionInfo

V = TypeVar("V")


class Option(NamedTuple):
    """A legal action and its typed description (``State.action_info``)."""

    action: int
    info: ActionInfo


@dataclass
class Turn(Generic[V]):
    """What a heuristic reads at one decision. The seat's view and the descriptions of the legal
    actions are built when first read (a policy that decides by look-ahead alone never builds
    the view: as the search's guide, it is asked at many tree nodes)."""

    state: State
    seat: int
    legal: list[int]

    @cached_property
    def view(self) -> V:
        """``state.view(seat)``, typed as the game's view."""
        return cast(V, self.state.view(self.seat))

    @cached_property
    def options(self) -> list[Option]:
        """Each legal action with its typed description, in the order of ``legal``: a policy
        matches on the description's class and reads its fields."""
        state, seat = self.state, self.seat
        return [Option(a, state.action_info(a, seat)) for a in self.legal]


def heuristic(policy: Callable[[Turn[Any], random.Random], int]) -> Policy:
    """A policy from its decision part: forced moves are played without asking it."""

    def choose(state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        return policy(Turn(state, seat, legal), rng)

    choose.__doc__ = policy.__doc__
    choose.__wrapped__ = policy  # type: ignore[attr-defined]
    return choose


Weights = Mapping[str, float]
"""A weighted heuristic's named weights."""


class WeightedPolicy:
    """A heuristic whose scoring terms are named weights: called as a ``Policy`` it plays with
    its ``defaults``; ``with_weights`` binds other weights (same names, see ``bots/weights.py``)."""

    def __init__(self, decide: Callable[[Turn[Any], random.Random, Weights], int], defaults: Weights) -> None:
        self.decide = decide
        self.defaults: dict[str, float] = dict(defaults)
        self.__doc__ = decide.__doc__
        self.__wrapped__ = decide

    def _play(self, state: State, rng: random.Random, weights: Weights) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        return self.decide(Turn(state, seat, legal), rng, weights)

    def __call__(self, state: State, rng: random.Random) -> int:
        return self._play(state, rng, self.defaults)

    def with_weights(self, weights: Weights) -> Policy:
        """The policy with ``weights`` (names the defaults lack raise ``InvalidOptionError``;
        names not given keep their default)."""
        unknown = sorted(set(weights) - set(self.defaults))
        if unknown:
            raise InvalidOptionError(
                f"no heuristic weight {unknown[0]!r} (weights: {', '.join(sorted(self.defaults))})"
            )
        bound = {**self.defaults, **{k: float(v) for k, v in weights.items()}}

        def choose(state: State, rng: random.Random) -> int:
            return self._play(state, rng, bound)

        return choose


def weighted_heuristic(
    defaults: Weights,
) -> Callable[[Callable[[Turn[Any], random.Random, Weights], int]], WeightedPolicy]:
    """A weighted policy from its decision part and its default weights."""

    def wrap(decide: Callable[[Turn[Any], random.Random, Weights], int]) -> WeightedPolicy:
        return WeightedPolicy(decide, defaults)

    return wrap


def best_option(options: list[Option], score: Callable[[ActionInfo], float], rng: random.Random) -> int:
    """The action whose description has the highest ``score``; ties broken by ``rng``."""
    scored = [(score(o.info), o.action) for o in options]
    top = max(s for s, _ in scored)
    best = [a for s, a in scored if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)
