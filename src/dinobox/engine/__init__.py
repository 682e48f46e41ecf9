"""The engine contract every game implements (see docs/architecture.md)."""

from dinobox.engine import build as _build

_build.select()  # compiled or pure Python, decided before any compiled module is imported

# ruff: noqa: E402

from dinobox.engine.data import apply_overrides, data_to_json, parse_override
from dinobox.engine.errors import (
    DataError,
    DinoboxError,
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    UnknownGameError,
)
from dinobox.engine.game import EndCondition, Game, RoleKind
from dinobox.engine.options import OptionSpec, parse_variants
from dinobox.engine.record import RECORD_FORMAT, from_record
from dinobox.engine.registry import game_class, game_ids, load_game
from dinobox.engine.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "RECORD_FORMAT",
    "TERMINAL",
    "DataError",
    "DinoboxError",
    "EndCondition",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "OptionSpec",
    "RecordError",
    "RoleKind",
    "State",
    "UnknownGameError",
    "apply_overrides",
    "data_to_json",
    "from_record",
    "game_class",
    "game_ids",
    "load_game",
    "parse_override",
    "parse_variants",
]
