"""Declared game options (variants, lengths, modes) and their validation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dinobox.engine.errors import InvalidOptionError


@dataclass(frozen=True)
class OptionSpec:
    """One option a game declares.

    ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``. A bool option with ``variant=True``
    is a rulebook variant that ``--variant NAME`` switches on.
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    variant: bool = False

    def parse(self, value: Any) -> Any:
        """Check (and, for strings from a command line, convert) one value."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "1", "on"):
                return True
            if isinstance(value, str) and value.lower() in ("false", "no", "0", "off"):
                return False
            raise InvalidOptionError(f"option {self.name!r} takes true or false, not {value!r}")
        if self.kind == "int":
            if isinstance(value, str):
                try:
                    value = int(value)
                except ValueError:
                    raise InvalidOptionError(f"option {self.name!r} takes a whole number, not {value!r}") from None
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptionError(f"option {self.name!r} takes a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if self.kind == "choice":
            for choice in self.choices:
                if value == choice or (isinstance(value, str) and str(choice) == value):
                    return choice
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidOptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")
        raise InvalidOptionError(f"option {self.name!r} has an unknown kind {self.kind!r}")  # pragma: no cover

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "description": self.description,
            "variant": self.variant,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


@dataclass(frozen=True)
class OptionSet:
    specs: tuple[OptionSpec, ...] = field(default_factory=tuple)

    def resolve(self, given: Mapping[str, Any], game_id: str) -> dict[str, Any]:
        """Defaults overlaid with the given values, each validated. Unknown names raise."""
        by_name = {s.name: s for s in self.specs}
        unknown = sorted(set(given) - set(by_name))
        if unknown:
            known = ", ".join(sorted(by_name)) or "none"
            raise InvalidOptionError(
                f"{game_id} has no option {', '.join(repr(u) for u in unknown)} (its options: {known})"
            )
        resolved = {s.name: s.default for s in self.specs}
        for name, value in given.items():
            resolved[name] = by_name[name].parse(value)
        return resolved


def parse_variants(specs: Sequence[OptionSpec], variants: Sequence[str], game_id: str) -> dict[str, Any]:
    """Turn variant names (``--variant survive``) into option values."""
    by_name = {s.name: s for s in specs if s.variant}
    options: dict[str, Any] = {}
    for raw in variants:
        for name in (part.strip() for part in raw.split(",")):
            if not name:
                continue
            key = name.replace("-", "_")
            if key not in by_name:
                known = ", ".join(s.replace("_", "-") for s in sorted(by_name)) or "none"
                raise InvalidOptionError(f"{game_id} has no variant {name!r} (its variants: {known})")
            options[key] = True
    return options
