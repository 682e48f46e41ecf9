"""Component data: every game keeps its counts, values and layouts in one frozen dataclass,
and designers may override fields (``dinobox simulate --set KEY=VALUE``)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from collections.abc import Mapping
from typing import Any, TypeVar

from dinobox.engine.errors import DataError

D = TypeVar("D")


def _same_shape(value: Any, like: Any) -> bool:
    """True if ``value`` has the JSON shape of ``like`` (the default value of a field)."""
    if isinstance(like, bool):
        return isinstance(value, bool)
    if isinstance(like, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(like, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(like, str):
        return isinstance(value, str)
    if isinstance(like, (list, tuple)):
        if not isinstance(value, (list, tuple)):
            return False
        if not like:
            return True
        return all(_same_shape(v, like[0]) for v in value)
    if isinstance(like, Mapping):
        if not isinstance(value, Mapping) or set(value) - set(like):
            return False
        return all(_same_shape(value[k], like[k]) for k in value)
    return False


def _freeze(value: Any, like: Any) -> Any:
    if isinstance(like, tuple) and isinstance(value, (list, tuple)):
        inner = like[0] if like else None
        return tuple(_freeze(v, inner) for v in value)
    if isinstance(like, Mapping) and isinstance(value, Mapping):
        merged = dict(like)
        merged.update({k: _freeze(v, like[k]) for k, v in value.items()})
        return merged
    if isinstance(like, float):
        return float(value)
    return value


def parse_override(text: str) -> tuple[str, Any]:
    """``"hand_size=6"`` -> ``("hand_size", 6)``; the value is JSON, or a bare string."""
    if "=" not in text:
        raise DataError(f"expected KEY=VALUE, got {text!r}")
    key, raw = text.split("=", 1)
    key = key.strip()
    if not key:
        raise DataError(f"missing key in {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def apply_overrides(data: D, overrides: Mapping[str, Any], game_id: str) -> D:
    """A copy of ``data`` (a frozen dataclass) with fields replaced, each checked against the
    shape of its default. The game's own ``validate()`` on the data class (if any) then checks
    the whole for consistency."""
    if not overrides:
        return data
    if not dataclasses.is_dataclass(data) or isinstance(data, type):
        raise TypeError("component data must be a dataclass instance")  # pragma: no cover
    fields = {f.name for f in dataclasses.fields(data)}
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in fields:
            raise DataError(f"{game_id} has no component data {key!r} (fields: {', '.join(sorted(fields))})")
        current = getattr(data, key)
        if not _same_shape(value, current):
            raise DataError(
                f"{game_id} data {key!r} must look like {json.dumps(_jsonable(current))}, not {json.dumps(value)}"
            )
        changes[key] = _freeze(value, current)
    new = dataclasses.replace(data, **changes)
    validate = getattr(new, "validate", None)
    if callable(validate):
        try:
            problem = validate()
        except (ValueError, TypeError, IndexError, KeyError) as exc:  # a shape the game's check trips on
            problem = f"{', '.join(sorted(changes))} cannot be read ({exc})"
        if problem:
            raise DataError(f"{game_id} data override rejected: {problem}")
    return new


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


def data_to_json(data: Any) -> dict[str, Any]:
    """The whole component data as a JSON dict (for docs, reports and the data schema)."""
    return {f.name: _jsonable(getattr(data, f.name)) for f in dataclasses.fields(data)}


@dataclasses.dataclass(frozen=True)
class FieldInfo:
    """One component-data field as a designer sees it (``dinobox data GAME``)."""

    name: str
    type: str
    default: Any
    meaning: str


_FIELD_LINE = re.compile(r"^\s{4}(\w+)\s*:\s*([^=]+?)\s*(=|$)")


def field_comments(cls: type) -> dict[str, str]:
    """Each field's meaning, from the comments in the data class's source: the comment lines
    just above a field (shared by the fields that follow it without a blank line), else its
    trailing comment, else the section heading (``# ----- name -----``) it sits under. A field
    under another field's comment says so: ``(the note on hand_size:) ...``."""
    try:
        lines = inspect.getsource(cls).splitlines()
    except (OSError, TypeError):  # pragma: no cover - source not shipped
        return {}
    names = {f.name for f in dataclasses.fields(cls)}
    meanings: dict[str, str] = {}
    block: list[str] = []
    shared = ""
    owner = ""  # the field the shared comment was written above
    section = ""
    for line in lines[1:]:
        text = line.strip()
        if text.startswith("#"):
            comment = text.lstrip("#").strip()
            if comment.startswith("---"):
                section = comment.strip("- ").strip()
                block, shared = [], ""
            else:
                block.append(comment)
            continue
        if not text:
            block, shared = [], ""
            continue
        match = _FIELD_LINE.match(line)
        if match and match.group(1) in names:
            name = match.group(1)
            if block:
                shared, owner, block = " ".join(block), name, []
            trailing = line.split("#", 1)[1].strip() if "#" in line and "'" not in line and '"' not in line else ""
            if trailing:
                meanings[name] = trailing
            elif shared:
                meanings[name] = shared if owner == name else f"(the note on {owner}:) {shared}"
            else:
                meanings[name] = f"(in the section: {section})" if section else "(no note in the data class)"
        elif not line.startswith("        ") and not text.startswith((")", "]", "}")):
            block = []  # a method or docstring ends the run of fields
    return meanings


def describe_fields(data: Any) -> list[FieldInfo]:
    """Every field of a component-data dataclass: name, type, default (JSON) and meaning (none
    for a game without component data)."""
    if not dataclasses.is_dataclass(data):
        return []
    meanings = field_comments(type(data))
    return [
        FieldInfo(f.name, str(f.type), _jsonable(getattr(data, f.name)), meanings.get(f.name, ""))
        for f in dataclasses.fields(data)
    ]
