"""The ``strong`` bot: the game's heuristic with learned weights, optionally improved further by a
rollout (policy-improvement) search over it.

**The learned policy** (the default, ``strong`` with no budget): each game's heuristic names its
scoring terms as weights (``WEIGHTS`` in ``games/<game>/heuristic.py``); ``dinobox train GAME``
learns better values by playing against the default heuristic (``bots/train.py``), and the game
ships them as ``games/<game>/weights.json`` (``bots/weights.py``). The bot plays the heuristic
with those weights: as cheap as the heuristic, and it reads only the seat's view. A game that
ships no weights (or has no weighted heuristic) is played by its plain heuristic (uniform random
for a game without one).

**The search** (``iterations=N`` or ``seconds=S``): a rollout search that may leave the learned
policy's move. A plain search mostly confirms its playout policy: a playout's outcome (win or
loss) in these dice-and-cards games has a standard deviation near 0.5, and a few hundred
playouts cannot show the small per-decision gains (a few percent of win probability). This
search lowers the noise instead:

- **a lower-variance reward**: the seat's win share blended with its final score margin over
  the best opponent (``margin``, default 0.4 of the reward);
- **common random numbers**: each round draws one determinization ``state.resample(seat, rng)``
  and plays every candidate from it with the *same* two seeds (chance, playout policy), so the
  paired difference against the policy's move cancels most of the luck;
- **a decision rule for gains, not proofs**: the policy's move is replaced by the candidate with
  the best mean paired gain when that gain exceeds ``z`` standard errors (default 1), raised for
  the number of candidates (``family_z``) so that a dozen candidates no better than the policy's
  move do not, between them, clear the bar by luck more often than one would. Candidates
  whose gain is clearly negative (below ``-z_drop`` standard errors after a few rounds) stop
  being played, so the budget goes to the contenders (racing).

Playouts follow the learned policy for every seat; ``depth=N`` stops them after N decisions and
scores the provisional ``scores()`` instead. Budgets: ``iterations`` counts playouts
(reproducible); ``seconds`` is wall-clock time per decision.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from statistics import NormalDist

from dinobox.bots.rollout import PairedGain
from dinobox.bots.weights import learned_weights
from dinobox.engine.heuristic import WeightedPolicy
from dinobox.engine.registry import game_entry
from dinobox.engine.state import State

Policy = Callable[[State, random.Random], int]

MIN_ROUNDS = 4
TARGET_ROUNDS = 8  # under a seconds budget with no depth, playouts are cut to allow this many rounds
MIN_DEPTH = 8
EPSILON = 1e-9  # added to a gain's standard error: a gain that never varied is not certain


def _random_policy(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def family_z(z: float, candidates: int) -> float:
    """The bar, in standard errors, that one of ``candidates`` alternatives must clear so that
    the chance of *any* of them clearing it by luck is what ``z`` alone gives one (Šidák). Without
    it, one of a dozen alternatives no better than the policy's move clears one standard error
    most of the time, and the search trades good moves for lucky ones."""
    if candidates <= 1 or z <= 0:
        return z
    one = 1 - NormalDist().cdf(z)
    return NormalDist().inv_cdf((1 - one) ** (1 / candidates))


def seat_reward(state: State, seat: int, margin_weight: float) -> float:
    """Win share (the provisional leaders' share if the playout was cut off), blended with the
    score margin over the best opponent, normalised to -1..1."""
    scores = state.scores()
    if state.is_terminal():
        win = state.returns()[seat]
    else:
        best = max(scores)
        win = 1.0 / scores.count(best) if scores[seat] == best else 0.0
    mine = scores[seat]
    other = max((v for s, v in enumerate(scores) if s != seat), default=0)
    margin = (mine - other) / (abs(mine) + abs(other) + 1)
    return (1 - margin_weight) * win + margin_weight * margin


def strong_policy(game_id: str, weights: Mapping[str, float] | None = None) -> Policy:
    """The policy the strong bot plays in ``game_id``: the heuristic with ``weights`` (default:
    the learned weights the game ships), the plain heuristic when there are none, uniform random
    for a game without a heuristic."""
    heuristic = game_entry(game_id).heuristic
    if heuristic is None:
        return _random_policy
    if not isinstance(heuristic, WeightedPolicy):
        return heuristic
    chosen = weights if weights is not None else learned_weights(game_id)
    return heuristic if chosen is None else heuristic.with_weights(chosen)


class StrongBot:
    """The learned policy, with an optional rollout search over it (see the module doc)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        depth: int | None = None,
        margin: float = 0.4,
        z: float = 1.0,
        z_drop: float = 1.5,
        width: int = 12,
        weights: Mapping[str, float] | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"strong iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"strong seconds must be positive, not {seconds}")
        if depth is not None and depth < 1:
            raise ValueError(f"strong depth must be at least 1, not {depth}")
        if not 0 <= margin <= 1:
            raise ValueError(f"strong margin must be between 0 and 1, not {margin}")
        if z < 0 or z_drop < 0:
            raise ValueError("strong z and z_drop must not be negative")
        if width < 2:
            raise ValueError(f"strong width must be at least 2, not {width}")
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.margin = margin
        self.z = z
        self.z_drop = z_drop
        self.width = width
        self.weights = None if weights is None else dict(weights)
        self.searches = iterations is not None or seconds is not None
        self.last_iterations = 0
        self._depth = depth
        self._decisions = 0
        self._policies: dict[str, Policy] = {}

    def _policy(self, state: State) -> Policy:
        game_id = state.game.id
        if game_id not in self._policies:
            self._policies[game_id] = strong_policy(game_id, self.weights)
        return self._policies[game_id]

    def _value(
        self, det: State, action: int, seat: int, seeds: tuple[int, int], policy: Policy, deadline: float | None
    ) -> float | None:
        """``action`` on a copy of ``det``, then a playout driven by the round's two seeds;
        ``None`` when the deadline passes first (the playout is then not counted)."""
        probe = det.clone()
        probe.apply_action(action)
        chance_rng, policy_rng = random.Random(seeds[0]), random.Random(seeds[1])
        decisions = 0
        depth = self._depth
        while not probe.is_terminal():
            if probe.is_chance_node():
                probe.apply_action(probe.sample_chance(chance_rng))
                continue
            if depth is not None and decisions >= depth:
                break
            if deadline is not None and decisions % 8 == 0 and time.perf_counter() >= deadline:
                self._decisions = decisions
                return None
            legal = probe.legal_actions()
            probe.apply_action(legal[0] if len(legal) == 1 else policy(probe, policy_rng))
            decisions += 1
        self._decisions = decisions
        return seat_reward(probe, seat, self.margin)

    def _first_base(
        self, det: State, default: int, seat: int, seeds: tuple[int, int], policy: Policy, candidates: int
    ) -> float | None:
        """The first round's playout of the default. Under a wall-clock budget with no ``depth``
        it is also a probe: if a playout (allowed a quarter of the budget) leaves fewer than
        ``TARGET_ROUNDS`` rounds over the candidates, playouts are cut to the length that does
        (for this decision), and the default's playout is replayed at that length."""
        seconds = self.seconds
        if seconds is None or self.depth is not None:
            return self._value(det, default, seat, seeds, policy, None)
        started = time.perf_counter()
        base = self._value(det, default, seat, seeds, policy, started + seconds / 4)
        spent = time.perf_counter() - started
        per_playout = seconds / (TARGET_ROUNDS * candidates)
        if base is not None and spent <= per_playout:
            return base
        self._depth = max(MIN_DEPTH, int(self._decisions * per_playout / max(spent, 1e-9)))
        return self._value(det, default, seat, seeds, policy, started + seconds)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        rng = self.rng
        policy = self._policy(state)
        if not self.searches:
            self.last_iterations = 0
            return policy(state, rng)
        seat = state.current_player()
        self._depth = self.depth
        default = policy(state, random.Random(rng.getrandbits(64)))
        others = [a for a in legal if a != default]
        if len(others) > self.width - 1:
            others = sorted(rng.sample(others, self.width - 1))
        gains = {a: PairedGain() for a in others}
        alive = list(others)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = rounds = 0
        while alive:
            if self.iterations is not None and rounds and done + len(alive) + 1 > self.iterations:
                break
            if deadline is not None and rounds and time.perf_counter() >= deadline:
                break
            det = state.resample(seat, rng)
            seeds = (rng.getrandbits(64), rng.getrandbits(64))
            if rounds:
                base = self._value(det, default, seat, seeds, policy, deadline)
            else:
                base = self._first_base(det, default, seat, seeds, policy, len(alive) + 1)
            if base is None:
                break
            for a in alive:
                value = self._value(det, a, seat, seeds, policy, deadline)
                if value is None:
                    break
                gains[a].add(value - base)
                done += 1
            done += 1
            rounds += 1
            if rounds >= MIN_ROUNDS:
                alive = [a for a in alive if gains[a].mean() + self.z_drop * (gains[a].stderr() + EPSILON) >= 0]
        self.last_iterations = done
        z = family_z(self.z, len(others))
        best, best_gain = default, 0.0
        for a in others:
            g = gains[a]
            if g.n >= MIN_ROUNDS and g.mean() - z * (g.stderr() + EPSILON) > 0 and g.mean() > best_gain:
                best, best_gain = a, g.mean()
        return best


__all__ = ["StrongBot", "seat_reward", "strong_policy"]
