"""The coach's estimator: ISMCTS root statistics for one decision, from one seat's information.

Every iteration starts from ``state.resample(seat, rng)`` and the tree is keyed by views (the
search of ``dinobox.bots.ismcts``, reused through a subclass), so the estimate never reads the
true hidden state. What the coach needs on top of the bot:

- **the value of every root action**, not only the most visited one: ``RootStats``;
- **enough visits for the action the player chose** (UCB may neglect a poor action, and then its
  value rests on a handful of playouts): iterations that force the root action, here the chosen
  one, grow the same tree below it (``forced``);
- **an adaptive budget**: ``base`` iterations, extended (up to ``extensions`` times) while the
  chosen action and the best alternative are closer than the noise of their estimates says they
  can be told apart.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from dinobox.bots.ismcts import ISMCTSBot, Node, Policy, info_key
from dinobox.engine.state import CHANCE, State

MIN_SHARE = 4
"""The chosen action gets at least ``base // MIN_SHARE`` root visits."""

MIN_VISITS = 8
"""An alternative needs this many root visits before its mean can name it the best."""

CLOSE_Z = 2.0
"""A decision is close while the gap between the best and the chosen is within this many
standard errors of the difference: the budget is then extended."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    action: int
    visits: int
    value: float  # mean win share of the searching seat after this action


@dataclass(frozen=True, slots=True)
class RootStats:
    """The root of one search: a value per action tried, and the iterations spent."""

    values: dict[int, ActionValue]
    iterations: int

    def best(self, chosen: int) -> ActionValue:
        """The alternative with the best mean among those visited enough (the chosen action
        when none beats it)."""
        mine = self.values[chosen]
        best = mine
        for item in self.values.values():
            if item.action != chosen and item.visits >= MIN_VISITS and item.value > best.value:
                best = item
        return best

    def close(self, chosen: int) -> bool:
        """Are the chosen action and the best alternative within the noise of each other?"""
        mine, best = self.values[chosen], self.best(chosen)
        if best.action == chosen:
            return False
        spread = _variance(mine) + _variance(best)
        return best.value - mine.value <= CLOSE_Z * math.sqrt(spread)


def _variance(item: ActionValue) -> float:
    p = min(max(item.value, 0.05), 0.95)  # a win share is near Bernoulli: p(1-p)/n, kept off 0
    return p * (1 - p) / max(item.visits, 1)


class Deadline:
    """A wall-clock budget shared by the decisions of one analysis (``None``: no limit)."""

    def __init__(self, seconds: float | None) -> None:
        self.end = None if seconds is None else time.perf_counter() + seconds

    def passed(self) -> bool:
        return self.end is not None and time.perf_counter() >= self.end

    def remaining(self) -> float:
        return math.inf if self.end is None else max(0.0, self.end - time.perf_counter())


class CoachSearch(ISMCTSBot):
    """ISMCTS that reports its root statistics and can force its first action."""

    def __init__(self, seed: int, playout: str = "random", exploration: float = 0.7, prior: float = 1.0) -> None:
        super().__init__(seed=seed, iterations=1, playout=playout, exploration=exploration, prior=prior)
        self._returns: list[float] = []

    def rollout(self, det: State, rng: random.Random, policy: Policy) -> list[float]:
        returns = super().rollout(det, rng, policy)
        self._returns = returns
        return returns

    def evaluate(
        self,
        state: State,
        chosen: int,
        base: int,
        extensions: int = 2,
        should_stop: Callable[[], bool] | None = None,
    ) -> RootStats:
        """Search ``state`` for its player (the seat) and return the root statistics: ``base``
        iterations, then ``base // MIN_SHARE`` root visits of ``chosen`` at least; then ``base``
        more (and a higher floor for ``chosen``), at most ``extensions`` times, while the chosen
        action and the best alternative are within the noise of each other."""
        seat = state.current_player()
        root_key = info_key(state, seat)
        tree: dict[Hashable, Node] = {}
        never = Deadline(None)
        done = rounds = 0
        while True:
            done += self._free(state, seat, base, tree, root_key, never, should_stop)
            rounds += 1
            target = rounds * base // MIN_SHARE
            done += self._top_up(state, seat, chosen, target, tree, root_key, never, should_stop)
            stats = self._stats(tree[root_key], state.legal_actions(), done)
            if rounds > extensions or not stats.close(chosen):
                return self._confirm(state, chosen, stats, target, tree, root_key, never, should_stop)

    def evaluate_for(
        self,
        state: State,
        chosen: int,
        seconds: float,
        share: float = 0.75,
        should_stop: Callable[[], bool] | None = None,
    ) -> RootStats:
        """As ``evaluate``, under a wall-clock budget: the free search for ``share`` of
        ``seconds`` (at least one iteration per legal action), then the chosen action topped up
        to ``1 / MIN_SHARE`` of the iterations and the best alternative likewise, in the time left."""
        seat = state.current_player()
        root_key = info_key(state, seat)
        tree: dict[Hashable, Node] = {}
        done = self._free(state, seat, 10**9, tree, root_key, Deadline(seconds * share), should_stop)
        target = done // MIN_SHARE
        rest = Deadline(seconds * (1 - share) / 2)
        done += self._top_up(state, seat, chosen, target, tree, root_key, rest, should_stop)
        stats = self._stats(tree[root_key], state.legal_actions(), done)
        rest = Deadline(seconds * (1 - share) / 2)
        return self._confirm(state, chosen, stats, target, tree, root_key, rest, should_stop)

    def _confirm(
        self,
        state: State,
        chosen: int,
        stats: RootStats,
        target: int,
        tree: dict[Hashable, Node],
        root_key: Hashable,
        deadline: Deadline,
        should_stop: Callable[[], bool] | None,
    ) -> RootStats:
        """Top the best alternative up to ``target`` root visits too (twice at most, should
        the best change): the best of several noisy means is flattered by its luck, and fresh
        playouts of it dilute that. The chosen action's statistics are left as they were."""
        seat = state.current_player()
        for _ in range(2):
            best = stats.best(chosen)
            if best.action == chosen or best.visits >= target or deadline.passed():
                break
            done = self._top_up(state, seat, best.action, target, tree, root_key, deadline, should_stop)
            stats = self._stats(tree[root_key], state.legal_actions(), stats.iterations + done)
        return stats

    def _free(
        self,
        state: State,
        seat: int,
        count: int,
        tree: dict[Hashable, Node],
        root_key: Hashable,
        deadline: Deadline,
        should_stop: Callable[[], bool] | None,
    ) -> int:
        """Up to ``count`` ordinary iterations (fewer when the deadline passes)."""
        policy = self.playout_policy(state)
        guide = self.prior_policy(state)
        width = len(state.legal_actions())
        rng = self.rng
        done = 0
        while done < count:
            if done % 16 == 0 and self._stop(deadline, should_stop, done, width):
                break
            self.iterate(state.resample(seat, rng), root_key, tree, rng, policy, guide)
            done += 1
        return done

    def _stop(self, deadline: Deadline, should_stop: Callable[[], bool] | None, done: int, width: int) -> bool:
        if should_stop is not None and should_stop():
            raise Cancelled("the analysis was cancelled")
        return done >= width and deadline.passed()

    def _top_up(
        self,
        state: State,
        seat: int,
        action: int,
        visits: int,
        tree: dict[Hashable, Node],
        root_key: Hashable,
        deadline: Deadline,
        should_stop: Callable[[], bool] | None,
    ) -> int:
        """Iterations that play ``action`` at the root until it has ``visits`` root visits."""
        root = tree.get(root_key)
        if root is None:
            root = tree[root_key] = Node()
        done = 0
        while root.visits.get(action, 0) < max(visits, 1):
            if done % 16 == 0 and (done or root.visits.get(action, 0)) and self._stop(deadline, should_stop, 1, 1):
                break
            self.forced(state.resample(seat, self.rng), seat, action, root, tree)
            done += 1
        return done

    def forced(self, det: State, seat: int, action: int, root: Node, tree: dict[Hashable, Node]) -> None:
        """One iteration from the determinization ``det`` that plays ``action`` at the root: the
        search below it is the ordinary one (the first node met is keyed by its own view), and
        the seat's reward is credited to ``action`` at ``root``."""
        legal = det.legal_actions()
        det.apply_action(action)
        rng = self.rng
        while True:
            player = det.current_player()
            if player == CHANCE:
                det.apply_action(det.sample_chance(rng))
                continue
            if player < 0:
                returns = det.returns()
                break
            options = det.legal_actions()
            if len(options) == 1:
                det.apply_action(options[0])
                continue
            self.iterate(det, info_key(det, player), tree, rng, self.playout_policy(det), self.prior_policy(det))
            returns = self._returns
            break
        for a in legal:
            root.avail[a] = root.avail.get(a, 0) + 1
        root.visits[action] = root.visits.get(action, 0) + 1
        root.reward[action] = root.reward.get(action, 0.0) + returns[seat]

    @staticmethod
    def _stats(root: Node, legal: list[int], done: int) -> RootStats:
        values = {
            a: ActionValue(a, root.visits[a], root.reward[a] / root.visits[a])
            for a in legal
            if root.visits.get(a, 0) > 0
        }
        return RootStats(values, done)


class Cancelled(Exception):
    """The caller's ``should_stop()`` said to stop: the analysis was abandoned."""
