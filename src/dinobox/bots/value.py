"""A learned position value: a seat's win chance read off a position in microseconds.

Each game may declare the features of a position (``GameEntry.value_features``: the names, and
``features(state, seat)``, which reads only what the seat may know, relative to the seat, one of
them ``progress``) and ship fitted weights in its package as ``value.json``::

    {"features": ["progress", "run", ...],
     "models": {"2": {"intercept": b, "weights": [...], "progress_weights": [...]}, ...}}

A model is a logistic over the features and their products with ``progress`` (so that a lead
can count for more as the game nears its end), per player count:
``win_chance = sigmoid(b + sum(w_i x_i) + progress * sum(v_i x_i))``. Evaluating it is two dot
products (no NumPy); fitting it is ``benchmarks/fit_value.py`` (NumPy, SciPy). A finished game
is worth the seat's actual share of the win. ``position_value(game_id, players)`` finds the model
through the registry (``None`` when the game declares no features or ships no model for that
player count); the coach and the searches call ``PositionValue.win_chance(state, seat)``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import mul

from dinobox.engine.errors import DataError
from dinobox.engine.registry import game_entry
from dinobox.engine.state import State

VALUE_FILE = "value.json"

LIMIT = 30.0
"""The logit is clipped to this (a win chance of 1e-13 .. 1 - 1e-13): no overflow."""


class PositionValue:
    """One game's fitted value for one player count (see the module doc)."""

    __slots__ = ("features", "intercept", "names", "players", "progress_at", "progress_weights", "weights")

    def __init__(
        self,
        names: Sequence[str],
        features: Callable[[State, int], tuple[float, ...]],
        intercept: float,
        weights: Sequence[float],
        progress_weights: Sequence[float],
        players: int,
    ) -> None:
        if "progress" not in names:
            raise DataError(f"a position value's features include 'progress', not only {list(names)}")
        if len(weights) != len(names) or len(progress_weights) != len(names):
            raise DataError(
                f"a position value has one weight and one progress weight per feature ({len(names)}), "
                f"not {len(weights)} and {len(progress_weights)}"
            )
        numbers = (intercept, *weights, *progress_weights)
        if not all(math.isfinite(v) for v in numbers):
            raise DataError("a position value's weights are finite numbers")
        self.names = tuple(names)
        self.features = features
        self.intercept = float(intercept)
        self.weights = tuple(float(w) for w in weights)
        self.progress_weights = tuple(float(w) for w in progress_weights)
        self.progress_at = self.names.index("progress")
        self.players = players

    def logit(self, x: Sequence[float]) -> float:
        """The model's logit for a feature vector (``names`` order), clipped to ``LIMIT``."""
        z = (
            self.intercept
            + sum(map(mul, self.weights, x))
            + x[self.progress_at] * sum(map(mul, self.progress_weights, x))
        )
        return LIMIT if z > LIMIT else -LIMIT if z < -LIMIT else z

    def chance(self, x: Sequence[float]) -> float:
        """The win chance of a feature vector."""
        return 1.0 / (1.0 + math.exp(-self.logit(x)))

    def win_chance(self, state: State, seat: int) -> float:
        """``seat``'s chance to win from ``state`` as it may know it: the seat's share of the win
        when the game is over, else the model over ``features(state, seat)``."""
        if state.is_terminal():
            return state.returns()[seat]
        return self.chance(self.features(state, seat))

    def to_json(self) -> dict[str, object]:
        return {
            "intercept": round(self.intercept, 6),
            "weights": [round(w, 6) for w in self.weights],
            "progress_weights": [round(w, 6) for w in self.progress_weights],
        }


def parse_models(
    data: object, names: Sequence[str], features: Callable[[State, int], tuple[float, ...]], where: str
) -> dict[int, PositionValue]:
    """The models of a ``value.json`` object, by player count; ``DataError`` saying what is
    wrong (``where`` names the file)."""
    if not isinstance(data, Mapping):
        raise DataError(f"{where} holds an object with 'features' and 'models'")
    listed = data.get("features")
    if not isinstance(listed, list) or listed != list(names):
        raise DataError(f"{where}: the features are {list(names)} (the game's own), not {listed!r}")
    models = data.get("models")
    if not isinstance(models, Mapping):
        raise DataError(f"{where}: 'models' maps player counts to models")
    found: dict[int, PositionValue] = {}
    for key, model in models.items():
        if not isinstance(key, str) or not key.isdigit() or not 1 <= int(key) <= 99:
            raise DataError(f"{where}: a model is keyed by its player count, not {key!r}")
        if not isinstance(model, Mapping):
            raise DataError(f"{where}: the {key}-player model is an object")
        intercept, weights, progress = model.get("intercept"), model.get("weights"), model.get("progress_weights")
        if not _number(intercept) or not _numbers(weights) or not _numbers(progress):
            raise DataError(
                f"{where}: the {key}-player model has a number 'intercept' and lists of numbers "
                "'weights' and 'progress_weights'"
            )
        assert isinstance(intercept, int | float) and isinstance(weights, list) and isinstance(progress, list)
        try:
            found[int(key)] = PositionValue(names, features, intercept, weights, progress, int(key))
        except DataError as exc:
            raise DataError(f"{where}, {key} players: {exc}") from None
    return found


def _number(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float)


def _numbers(value: object) -> bool:
    return isinstance(value, list) and all(_number(v) for v in value)


@cache
def game_models(game_id: str) -> Mapping[int, PositionValue]:
    """Every model ``game_id`` ships, by player count (none without features or ``value.json``)."""
    entry = game_entry(game_id)
    if entry.value_features is None:
        return {}
    text = entry.read_resource(VALUE_FILE)
    if text is None:
        return {}
    names, features = entry.value_features
    where = f"{game_id}'s {VALUE_FILE}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{where} is not JSON: {exc}") from None
    return parse_models(data, names, features, where)


def position_value(game_id: str, players: int) -> PositionValue | None:
    """The learned value of ``game_id`` for ``players``, or ``None`` when it ships none."""
    return game_models(game_id).get(players)
