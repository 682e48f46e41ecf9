"""Dino Eggs' events, one typed value per kind (the kind is the class name in snake case)."""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event


@dataclass(frozen=True)
class Draw(Event):
    """``seat`` draws an egg of ``kind`` (only ``seat`` sees which)."""

    seat: int
    kind: int


@dataclass(frozen=True)
class Keep(Event):
    seat: int


@dataclass(frozen=True)
class Swap(Event):
    """``seat`` shows its egg of ``kind`` and swaps it."""

    seat: int
    kind: int


@dataclass(frozen=True)
class Reveal(Event):
    """The game is over: every egg is shown."""

    eggs: tuple[int, ...]
