"""The JSON a service passes through without reading it (a game's options and data, a stored
record, a message part built elsewhere): what ``json.loads`` may return, named as a type."""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"
JsonObject: TypeAlias = "dict[str, JsonValue]"
