"""Records: the action history plus what is needed to rebuild the game (JSON)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dinobox.engine.errors import DinoboxError, IllegalActionError, RecordError
from dinobox.engine.registry import load_game

if TYPE_CHECKING:
    from dinobox.engine.state import State

RECORD_FORMAT = 1


def make_record(state: State) -> dict[str, Any]:
    game = state.game
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game.id,
        "players": game.num_players,
        "options": dict(game.options),
        "history": state.history(),
    }
    if game.data_overrides:
        record["data"] = dict(game.data_overrides)
    return record


def from_record(record: Any) -> State:
    """Rebuild the exact state a record describes, or raise ``RecordError`` saying what is wrong."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unsupported record format {fmt!r} (this dinobox reads format {RECORD_FORMAT})")
    for key in ("game", "players", "history"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("'options' must be an object")
    data = record.get("data", {})
    if not isinstance(data, Mapping):
        raise RecordError("'data' must be an object")
    history = record["history"]
    if not isinstance(history, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in history):
        raise RecordError("'history' must be a list of whole numbers")
    try:
        game = load_game(record["game"], players=record["players"], data=data, **options)
    except DinoboxError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from exc
    state = game.new_initial_state()
    for index, action in enumerate(history):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(f"history[{index}] = {action} is illegal there: {exc}") from exc
    return state
