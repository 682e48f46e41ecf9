"""The coach's learned value: a win chance from the search's raw value and the position itself.

A search value (the mean win share of fast playouts) moves little with the position: fast
playouts play so much worse than people and bots that a clear lead still looks like a coin toss.
The score tells more, and more so late in a game. The value is a logistic model per game and
player count, over features any game offers through the engine contract (no game is named):

- ``logit``: the logit of the search's raw value of the action (clipped to 0.02..0.98);
- ``margin``: the seat's provisional score (``State.scores``) after the action minus the best
  opponent's, and ``behind``: minus the mean of the opponents' (both in the game's points);
- ``progress``: the decision's move number over the game's typical length (``length``);
- their products with ``progress``, so that the model can trust the score more as the game
  nears its end.

The features are read from ``state.resample(seat, rng)`` after the action, so they use only
what the seat knew. An action that ends the game is worth its outcome (1 for a win on the spot).
The model's weights are data in the game's ``coach.json`` (``"value"``, keyed by player count),
fitted by ``benchmarks/coach_calibration.py --fit`` on games between mixed levels; evaluating it
needs no NumPy (a dot product and a logistic).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dinobox.engine.errors import DataError
from dinobox.engine.state import CHANCE, State

FEATURES = (
    "logit",
    "margin",
    "behind",
    "progress",
    "logit_progress",
    "margin_progress",
    "behind_progress",
)
"""The model's inputs, in the order of its weights (the intercept comes first in ``weights``)."""

CLIP = 0.02


def logit(p: float) -> float:
    p = min(max(p, CLIP), 1 - CLIP)
    return math.log(p / (1 - p))


def sigmoid(z: float) -> float:
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    e = math.exp(z)
    return e / (1 + e)


@dataclass(frozen=True, slots=True)
class Position:
    """What the value reads of one action at one decision, besides the search's raw value."""

    margin: float
    behind: float
    move: int
    ended: float | None  # the seat's share of the win when the action settles the game, else None


SETTLE_TRIES = 8
"""Random continuations that must all end the game the same way for an action to count as settling it."""

SETTLE_STEPS = 12
"""How many steps (decisions and chance) a continuation may take to reach the end."""


def settled(det: State, seat: int, rng: random.Random) -> float | None:
    """The seat's share of the win when the game is over, or ends within ``SETTLE_STEPS`` steps
    the same way in each of ``SETTLE_TRIES`` random continuations (e.g. a dino brought to the
    finish with an unbeatable lead: a win on the spot, whatever the last prize counter); else None."""
    if det.is_terminal():
        return det.returns()[seat]
    outcome: float | None = None
    for _ in range(SETTLE_TRIES):
        sim = det.clone()
        for _ in range(SETTLE_STEPS):
            if sim.is_terminal():
                break
            player = sim.current_player()
            sim.apply_action(sim.sample_chance(rng) if player == CHANCE else rng.choice(sim.legal_actions()))
        if not sim.is_terminal():
            return None
        share = sim.returns()[seat]
        if outcome is not None and share != outcome:
            return None
        outcome = share
    return outcome


def position_after(state: State, seat: int, action: int, rng: random.Random) -> Position:
    """The seat's score margins after ``action`` on a state redrawn from the seat's view, and
    the outcome when the action settles the game (``settled``)."""
    det = state.resample(seat, rng)
    det.apply_action(action)
    scores = det.scores()
    others = [s for i, s in enumerate(scores) if i != seat] or [0]
    ended = settled(det, seat, rng)
    mine = scores[seat]
    return Position(float(mine - max(others)), float(mine - sum(others) / len(others)), state.move_number(), ended)


def features(raw: float, position: Position, length: float) -> list[float]:
    """The model's inputs (``FEATURES``) for a raw value and a position."""
    progress = min(position.move / max(length, 1.0), 1.5)
    lg = logit(raw)
    return [
        lg,
        position.margin,
        position.behind,
        progress,
        lg * progress,
        position.margin * progress,
        position.behind * progress,
    ]


@dataclass(frozen=True)
class ValueModel:
    """A logistic model: ``weights[0]`` the intercept, then one weight per ``FEATURES`` entry;
    ``length`` the typical number of moves of a game (for ``progress``)."""

    weights: tuple[float, ...]
    length: float

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES) + 1:
            raise DataError(f"a value model has {len(FEATURES) + 1} weights, not {len(self.weights)}")
        if not all(math.isfinite(w) for w in self.weights) or not (math.isfinite(self.length) and self.length > 0):
            raise DataError("a value model's weights and length are finite numbers (length above 0)")

    def logit_of(self, raw: float, position: Position) -> float:
        x = features(raw, position, self.length)
        return self.weights[0] + sum(w * v for w, v in zip(self.weights[1:], x, strict=True))

    def __call__(self, raw: float, position: Position) -> float:
        if position.ended is not None:
            return position.ended
        return sigmoid(self.logit_of(raw, position))

    def slope(self, raw: float, position: Position) -> float:
        """d(win chance) / d(raw value): turns the raw value's standard error into the win
        chance's (the delta method); 0 for an action that ends the game."""
        if position.ended is not None:
            return 0.0
        p = self(raw, position)
        progress = min(position.move / max(self.length, 1.0), 1.5)
        q = min(max(raw, CLIP), 1 - CLIP)
        dlogit = 0.0 if q != raw else 1 / (q * (1 - q))
        return p * (1 - p) * (self.weights[1] + self.weights[5] * progress) * dlogit

    def to_json(self) -> dict[str, object]:
        return {
            "features": list(FEATURES),
            "weights": [round(w, 6) for w in self.weights],
            "length": round(self.length, 2),
        }

    @classmethod
    def from_json(cls, data: object) -> ValueModel:
        if not isinstance(data, Mapping):
            raise DataError("a value model is {'features': [...], 'weights': [...], 'length': L}")
        if list(data.get("features", [])) != list(FEATURES):
            raise DataError(f"a value model's features are {list(FEATURES)}, not {data.get('features')!r}")
        weights, length = data.get("weights"), data.get("length")
        if not isinstance(weights, Sequence) or isinstance(length, bool) or not isinstance(length, int | float):
            raise DataError("a value model has a list of weights and a length")
        try:
            return cls(tuple(float(w) for w in weights), float(length))
        except (TypeError, ValueError) as exc:
            raise DataError(f"a value model holds numbers: {exc}") from None


def raw_se(value: float, visits: int) -> float:
    """The standard error of a mean win share over ``visits`` playouts (near Bernoulli, kept off
    0 and 1 so that a value that never varied is not certain)."""
    p = min(max(value, 0.05), 0.95)
    return math.sqrt(p * (1 - p) / max(visits, 1))
