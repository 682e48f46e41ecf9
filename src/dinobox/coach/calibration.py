"""From raw search values to win chances, and each game's coach settings.

A search value (the mean win share of random or heuristic playouts) is not a win probability:
playouts play worse than people and bots, so positions look closer (or further apart) than they
are. Each game ships a monotone map, fitted by isotonic regression on self-play games
(``benchmarks/coach_calibration.py --fit``), from raw value to observed win rate. It is data in
the game's package, ``coach.json``, found through the registry (``GameEntry.resource``)::

    {"playout": "random", "iterations": 300, "hint_depth": 12,
     "calibration": {"2": {"x": [...], "y": [...]}, "*": {...}}}

``playout`` and ``iterations`` are the game's search settings (the default budget);
``hint_depth`` cuts the playouts of a hint's search under an iterations budget (for games whose
playouts are long; a seconds budget cuts them by itself); the
calibration is keyed by player count (``"*"`` for any count without its own map). A map is the
piecewise-linear curve through its points (``x`` increasing, ``y`` non-decreasing), flat beyond
the ends. A game without ``coach.json`` gets random playouts, the default budget and raw values.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from dinobox.coach.value import ValueModel
from dinobox.engine.errors import DataError
from dinobox.engine.registry import game_entry

SETTINGS_FILE = "coach.json"
DEFAULT_ITERATIONS = 200
"""Base iterations per decision for a game whose ``coach.json`` names none."""


@dataclass(frozen=True)
class CalibrationMap:
    """A monotone map from a raw search value to a win chance (identity when empty)."""

    x: tuple[float, ...] = ()
    y: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        if len(self.x) != len(self.y):
            raise DataError("a calibration map needs as many x as y")
        if any(b <= a for a, b in zip(self.x, self.x[1:], strict=False)):
            raise DataError("a calibration map's x must increase")
        if any(b < a for a, b in zip(self.y, self.y[1:], strict=False)):
            raise DataError("a calibration map's y must not decrease")
        if any(not 0 <= v <= 1 for v in self.x + self.y):
            raise DataError("a calibration map's points lie in 0..1")

    def __call__(self, raw: float) -> float:
        raw = min(max(raw, 0.0), 1.0)
        xs, ys = self.x, self.y
        if not xs:
            return raw
        if raw <= xs[0]:
            return ys[0]
        if raw >= xs[-1]:
            return ys[-1]
        i = bisect.bisect_right(xs, raw)
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)

    def to_json(self) -> dict[str, list[float]]:
        return {"x": [round(v, 4) for v in self.x], "y": [round(v, 4) for v in self.y]}

    @classmethod
    def from_json(cls, data: object) -> CalibrationMap:
        if not isinstance(data, Mapping) or not isinstance(data.get("x"), list) or not isinstance(data.get("y"), list):
            raise DataError("a calibration map is {'x': [...], 'y': [...]}")
        try:
            return cls(tuple(float(v) for v in data["x"]), tuple(float(v) for v in data["y"]))
        except (TypeError, ValueError) as exc:
            raise DataError(f"a calibration map holds numbers: {exc}") from None

    @classmethod
    def fit(
        cls, raw: Sequence[float], outcome: Sequence[float], weight: Sequence[float] | None = None
    ) -> CalibrationMap:
        """The isotonic (pool-adjacent-violators) fit of ``outcome`` on ``raw``: one point per
        pooled block, at the block's mean raw value."""
        return cls(*isotonic_points(raw, outcome, weight))


def isotonic_points(
    raw: Sequence[float], outcome: Sequence[float], weight: Sequence[float] | None = None
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Pool adjacent violators over the pairs sorted by ``raw``: blocks of non-decreasing mean
    outcome, returned as (block mean raw value, block mean outcome)."""
    if len(raw) != len(outcome) or (weight is not None and len(weight) != len(raw)):
        raise ValueError("raw, outcome and weight must have the same length")
    w = [1.0] * len(raw) if weight is None else [float(v) for v in weight]
    order = sorted(range(len(raw)), key=lambda i: raw[i])
    # each block: [total weight, weighted raw sum, weighted outcome sum]
    blocks: list[list[float]] = []
    for i in order:
        blocks.append([w[i], w[i] * raw[i], w[i] * outcome[i]])
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][0] >= blocks[-1][2] / blocks[-1][0]:
            last = blocks.pop()
            for k in range(3):
                blocks[-1][k] += last[k]
    xs: list[float] = []
    ys: list[float] = []
    for total, rx, oy in blocks:
        x = rx / total
        if xs and x <= xs[-1]:  # equal raw values pooled apart: keep x increasing
            continue
        xs.append(x)
        ys.append(min(max(oy / total, 0.0), 1.0))
    return tuple(xs), tuple(ys)


@dataclass(frozen=True)
class CoachSettings:
    """One game's coach settings (``coach.json`` in its package)."""

    playout: str = "random"
    iterations: int = DEFAULT_ITERATIONS
    calibration: Mapping[str, CalibrationMap] = field(default_factory=dict)
    hint_depth: int | None = None  # playout depth of the hint's search under an iterations budget
    value: Mapping[str, ValueModel] = field(default_factory=dict)

    def calibration_for(self, players: int) -> CalibrationMap:
        return self.calibration.get(str(players)) or self.calibration.get("*") or CalibrationMap()

    def value_for(self, players: int) -> ValueModel | None:
        """The learned value model for ``players`` (``None``: the calibration map alone)."""
        return self.value.get(str(players)) or self.value.get("*")

    @classmethod
    def from_json(cls, data: object) -> CoachSettings:
        if not isinstance(data, Mapping):
            raise DataError(f"{SETTINGS_FILE} holds an object")
        playout = data.get("playout", "random")
        if playout not in ("random", "heuristic"):
            raise DataError(f"{SETTINGS_FILE}: playout is 'random' or 'heuristic', not {playout!r}")
        iterations = data.get("iterations", DEFAULT_ITERATIONS)
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise DataError(f"{SETTINGS_FILE}: iterations is a whole number of at least 1, not {iterations!r}")
        depth = data.get("hint_depth")
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise DataError(f"{SETTINGS_FILE}: hint_depth is a whole number of at least 1, not {depth!r}")
        maps = data.get("calibration", {})
        if not isinstance(maps, Mapping):
            raise DataError(f"{SETTINGS_FILE}: calibration maps player counts to maps")
        values = data.get("value", {})
        if not isinstance(values, Mapping):
            raise DataError(f"{SETTINGS_FILE}: value maps player counts to value models")
        return cls(
            playout,
            iterations,
            {str(k): CalibrationMap.from_json(v) for k, v in maps.items()},
            depth,
            {str(k): ValueModel.from_json(v) for k, v in values.items()},
        )


@cache
def coach_settings(game_id: str) -> CoachSettings:
    """The settings ``game_id`` ships (defaults when its package has no ``coach.json``)."""
    text = game_entry(game_id).read_resource(SETTINGS_FILE)
    if text is None:
        return CoachSettings()
    try:
        return CoachSettings.from_json(json.loads(text))
    except json.JSONDecodeError as exc:
        raise DataError(f"{game_id}'s {SETTINGS_FILE} is not JSON: {exc}") from None
