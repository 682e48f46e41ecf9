"""A game's learned heuristic weights: the file format, its checks, and where it ships.

A game whose heuristic is a ``WeightedPolicy`` (``bots/heuristic.py``) may ship learned weights
as ``weights.json`` in its package (``dinobox train GAME`` writes one)::

    {"format": 1, "game": "dino-race", "weights": {"move_ahead": -1.7, ...},
     "training": {...how they were learned: seed, budget, fitness per generation...},
     "master": {"interrupt_plan": 1.0}, "master_search": {"z": 3.0}}

``weights`` names a subset of the heuristic's weights (the rest keep their defaults); every
value is a finite number. The optional ``master`` table is checked the same way: weights the
``master`` level's own moves take on top of ``weights`` (terms that think ahead, measured to
beat the strong policy; ``bots/master.py``); the optional ``master_search`` table sets that
search's ``z``, ``margin``, ``cut`` (decisions after which a playout is cut and scored by the
learned value) and ``floor`` (the mean gain a challenger must also exceed) for the game
(``SEARCH_SETTINGS``) where its defaults measured worse. A file that breaks any of this raises
``WeightsError`` saying what was wrong; a game without the file has no learned weights (the
``strong`` bot then plays the plain heuristic, see ``bots/strong.py``).
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TypedDict

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.heuristic import WeightedPolicy
from dinobox.engine.registry import game_entry

FORMAT = 1
FILE_NAME = "weights.json"


class WeightsError(InvalidOptionError):
    """A weights file or table that cannot be used, with the reason."""


def weighted_policy(game_id: str) -> WeightedPolicy:
    """The game's heuristic as a ``WeightedPolicy``; ``WeightsError`` when it has no weights."""
    policy = game_entry(game_id).heuristic
    if not isinstance(policy, WeightedPolicy):
        raise WeightsError(f"the {game_id} heuristic has no named weights to learn")
    return policy


def check_weights(game_id: str, weights: object, where: str = "weights") -> dict[str, float]:
    """``weights`` as a checked table for ``game_id``'s heuristic (names it has, finite numbers)."""
    defaults = weighted_policy(game_id).defaults
    if not isinstance(weights, dict) or not weights:
        raise WeightsError(f"{where}: expected a non-empty table of weight names to numbers")
    out: dict[str, float] = {}
    for name, value in weights.items():
        if name not in defaults:
            raise WeightsError(f"{where}: {game_id} has no heuristic weight {name!r}")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise WeightsError(f"{where}: weight {name!r} must be a finite number, not {value!r}")
        out[name] = float(value)
    return out


def parse_weights_file(text: str, game_id: str, where: str, table: str = "weights") -> dict[str, float]:
    """The weights of a ``weights.json`` text for ``game_id``, checked (``table="master"``: the
    master level's table on top of them, empty when the file has none)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise WeightsError(f"{where}: not JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(data, dict):
        raise WeightsError(f"{where}: expected a JSON object")
    if data.get("format") != FORMAT:
        raise WeightsError(f"{where}: format must be {FORMAT}, not {data.get('format')!r}")
    if data.get("game") != game_id:
        raise WeightsError(f"{where}: weights for {data.get('game')!r}, not {game_id!r}")
    if table != "weights" and table not in data:
        return {}
    return check_weights(game_id, data.get(table), where if table == "weights" else f"{where}, {table}")


def load_weights_file(path: Path, game_id: str) -> dict[str, float]:
    """A weights file on disk (``dinobox train --out``) for ``game_id``, checked."""
    try:
        text = path.read_text()
    except OSError as e:
        raise WeightsError(f"cannot read {path}: {e.strerror}") from None
    return parse_weights_file(text, game_id, str(path))


def _shipped_file(game_id: str) -> tuple[str, str] | None:
    """The text of the weights file the game's package ships, and where it is; ``None`` without."""
    entry = game_entry(game_id)
    if not entry.package:
        return None
    resource = resources.files(entry.package).joinpath(FILE_NAME)
    if not resource.is_file():
        return None
    return resource.read_text(), f"{entry.package}/{FILE_NAME}"


@cache
def _shipped(game_id: str, table: str) -> tuple[tuple[str, float], ...] | None:
    shipped = _shipped_file(game_id)
    if not isinstance(game_entry(game_id).heuristic, WeightedPolicy) or shipped is None:
        return None
    weights = parse_weights_file(shipped[0], game_id, shipped[1], table)
    return tuple(sorted(weights.items()))


def learned_weights(game_id: str) -> dict[str, float] | None:
    """The weights shipped in the game's package, or ``None`` when it ships none."""
    shipped = _shipped(game_id, "weights")
    return None if shipped is None else dict(shipped)


SEARCH_SETTINGS = {"z": (0.0, math.inf), "margin": (0.0, 1.0), "cut": (1.0, 10_000.0), "floor": (0.0, 1.0)}
WHOLE_SETTINGS = frozenset({"cut"})  # settings that are whole numbers


def check_search(game_id: str, settings: object, where: str) -> dict[str, float]:
    """``settings`` as a checked ``master_search`` table (``SEARCH_SETTINGS``: known names,
    finite numbers within their range)."""
    if not isinstance(settings, dict) or not settings:
        raise WeightsError(f"{where}: expected a non-empty table of search settings to numbers")
    out: dict[str, float] = {}
    for name, value in settings.items():
        if name not in SEARCH_SETTINGS:
            raise WeightsError(f"{where}: {game_id}'s master search has no setting {name!r}")
        low, high = SEARCH_SETTINGS[name]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise WeightsError(f"{where}: setting {name!r} must be a finite number, not {value!r}")
        if not low <= value <= high:
            raise WeightsError(f"{where}: setting {name!r} must be between {low:g} and {high:g}, not {value!r}")
        if name in WHOLE_SETTINGS and value != int(value):
            raise WeightsError(f"{where}: setting {name!r} must be a whole number, not {value!r}")
        out[name] = float(value)
    return out


@cache
def master_search(game_id: str) -> dict[str, float]:
    """The ``master`` search's own settings for ``game_id`` (``z``, ``margin``, ``cut``, ``floor``): the shipped
    file's ``master_search`` table, empty when there is none (the bot's defaults then hold)."""
    shipped = _shipped_file(game_id)
    if shipped is None:
        return {}
    text, where = shipped
    parse_weights_file(text, game_id, where)  # the file as a whole must hold
    data = json.loads(text)
    if "master_search" not in data:
        return {}
    return check_search(game_id, data["master_search"], f"{where}, master_search")


def master_weights(game_id: str) -> dict[str, float] | None:
    """The weights the ``master`` level's own moves are chosen with: the shipped weights with
    the file's ``master`` table on top, or ``None`` when that table is missing (``master`` then
    plays from the strong policy)."""
    extra = _shipped(game_id, "master")
    if not extra:
        return None
    return {**(learned_weights(game_id) or {}), **dict(extra)}


class GenerationRecord(TypedDict):
    generation: int
    centre_fitness: float
    centre_win_rate: float
    best_fitness: float
    centre: dict[str, float]


class TrainingRecord(TypedDict):
    """How a table of weights was learned (``TrainResult.record``)."""

    method: str
    players: int
    generations: int
    population: int
    games: int
    elite: float
    spread: float
    seed: int
    start: dict[str, float] | None
    history: list[GenerationRecord]


class WeightsDocument(TypedDict):
    """A weights file (``weights.json``): the learned table and how it was learned."""

    format: int
    game: str
    weights: dict[str, float]
    training: TrainingRecord


def weights_document(game_id: str, weights: dict[str, float], training: TrainingRecord) -> WeightsDocument:
    """The JSON document of a weights file."""
    return {"format": FORMAT, "game": game_id, "weights": weights, "training": training}


__all__ = [
    "FILE_NAME",
    "WeightsError",
    "check_weights",
    "learned_weights",
    "load_weights_file",
    "master_search",
    "master_weights",
    "parse_weights_file",
    "weighted_policy",
    "weights_document",
]
