"""Copy-on-write fields of the Dinosaur Rush state: tuples that clones share; a change builds a
new tuple."""

from __future__ import annotations

from typing import Final

from dinobox.games.dinosaur_rush.data import NUM_COLOURS

NO_BONES: Final[tuple[int, ...]] = (0,) * NUM_COLOURS


def put(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with item ``i`` replaced."""
    out = list(items)
    out[i] = value
    return tuple(out)


def add(items: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``items`` with ``delta`` added to item ``i``."""
    out = list(items)
    out[i] = out[i] + delta  # (not +=: compiled, an item's += is a generic op)
    return tuple(out)


def any_left(counts: tuple[int, ...]) -> bool:
    """Whether a bag of ``counts`` (per kind) holds anything (compiled, ``sum`` is a generic call)."""
    return any(count for count in counts)  # (a generator in any(): a loop, compiled)
