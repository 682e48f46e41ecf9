"""Flat Monte Carlo at the root: a rollout (policy-improvement) step over the playout policy.

Used by ``ismcts:search=flat``. Each round draws one determinization
``state.resample(seat, rng)`` and plays every remaining candidate action from it, followed by
a playout with the *same* random numbers (common random numbers: one seed drives chance and
one drives the playout policy, identical for every candidate), so the candidates are compared
on the same hidden cards and, as far as the games let them stay in step, the same dice.

With heuristic playouts this is Bertsekas' rollout algorithm: the heuristic's own choice
(the *default*) is kept unless another action beats it by a paired margin the samples support;
so the bot plays like the heuristic where search sees nothing, and better where it does.

Racing: after ``MIN_ROUNDS`` rounds a challenger is dropped once its mean paired gain over the
default, plus ``Z_DROP`` standard errors, falls below ``DELTA`` (not worth switching to); the
search ends when every challenger is dropped or the playout budget is spent. At the end the
challenger with the best mean gain whose gain minus ``Z_PICK`` standard errors still exceeds
``DELTA`` is played, else the default (a strict test: with several challengers, a looser one
lets noise pull the bot off a good default). Candidates beyond ``MAX_WIDTH`` are a seeded sample (the default
always stays).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from dinobox.engine.state import State

Policy = Callable[[State, random.Random], int]

MIN_ROUNDS = 4
MAX_WIDTH = 16
Z_DROP = 2.0
Z_PICK = 2.0
DELTA = 0.02
MARGIN_WEIGHT = 0.1  # share of the reward given to the final score margin (a tie-breaker)


def reward(state: State, seat: int) -> float:
    """Win share, plus a small term for the score margin over the best opponent."""
    win = state.returns()[seat] if state.is_terminal() else _leader_share(state, seat)
    scores = state.scores()
    mine = scores[seat]
    best_other = max((v for s, v in enumerate(scores) if s != seat), default=0)
    margin = (mine - best_other) / (abs(mine) + abs(best_other) + 1)
    return (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * margin


def _leader_share(state: State, seat: int) -> float:
    scores = state.scores()
    best = max(scores)
    if scores[seat] != best:
        return 0.0
    return 1.0 / sum(1 for v in scores if v == best)


def playout(
    det: State, seat: int, chance_rng: random.Random, policy_rng: random.Random, policy: Policy, depth: int | None
) -> float:
    decisions = 0
    while not det.is_terminal():
        if det.is_chance_node():
            det.apply_action(det.sample_chance(chance_rng))
            continue
        if depth is not None and decisions >= depth:
            break
        legal = det.legal_actions()
        det.apply_action(legal[0] if len(legal) == 1 else policy(det, policy_rng))
        decisions += 1
    return reward(det, seat)


def _value(det: State, action: int, seat: int, seeds: tuple[int, int], policy: Policy, depth: int | None) -> float:
    """``action`` from a copy of ``det``, then a playout driven by the round's two seeds."""
    probe = det.clone()
    probe.apply_action(action)
    return playout(probe, seat, random.Random(seeds[0]), random.Random(seeds[1]), policy, depth)


class PairedGain:
    """Running mean and standard error of one candidate's paired gain over the default (the
    rollout search's and the strong bot's)."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    def stderr(self) -> float:
        if self.n < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return math.sqrt(var / self.n)


def flat_choose(
    state: State,
    legal: list[int],
    policy: Policy,
    guide: Policy | None,
    rng: random.Random,
    budget: tuple[int | None, float | None, int | None],
) -> tuple[int, int]:
    """The rollout choice for ``state.current_player()`` and the number of playouts it took,
    within ``budget`` (iterations, seconds, playout depth; None for no limit)."""
    limit, seconds, depth = budget
    seat = state.current_player()
    default = guide(state, random.Random(rng.getrandbits(64))) if guide is not None else legal[0]
    others = [a for a in legal if a != default]
    if len(others) > MAX_WIDTH - 1:
        others = sorted(rng.sample(others, MAX_WIDTH - 1))
    gains = {a: PairedGain() for a in others}
    alive = list(others)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    rounds = 0
    while alive:
        if limit is not None and done + len(alive) + 1 > limit and rounds:
            break
        if deadline is not None and rounds and time.perf_counter() >= deadline:
            break
        det = state.resample(seat, rng)
        seeds = (rng.getrandbits(64), rng.getrandbits(64))
        base = _value(det, default, seat, seeds, policy, depth)
        for a in alive:
            gains[a].add(_value(det, a, seat, seeds, policy, depth) - base)
        done += len(alive) + 1
        rounds += 1
        if rounds >= MIN_ROUNDS:
            alive = [a for a in alive if gains[a].mean() + Z_DROP * gains[a].stderr() >= DELTA]
    best, best_gain = default, 0.0
    for a in others:
        g = gains[a]
        if g.n >= 2 and g.mean() - Z_PICK * g.stderr() > DELTA and g.mean() > best_gain:
            best, best_gain = a, g.mean()
    return best, done
