"""Copy-on-write fields of the T-Rex Island state: tuples that clones share; a change builds a
new tuple."""

from __future__ import annotations


def put(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with item ``i`` replaced."""
    out = list(items)
    out[i] = value
    return tuple(out)


def put_pile(piles: tuple[tuple[int, ...], ...], i: int, pile: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The two discard piles with pile ``i`` replaced."""
    return (pile, piles[1]) if i == 0 else (piles[0], pile)
