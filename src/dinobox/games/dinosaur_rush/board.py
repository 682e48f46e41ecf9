"""The board of hexagonal dig sites, parsed from the text layout in ``board.json``.

The layout uses doubled coordinates: a symbol at text column ``x`` of row ``y`` is a hex whose
six neighbours are at ``(x +- 2, y)`` and ``(x +- 1, y +- 1)``. Symbols: ``o`` dig site, ``O``
dig site of the outer rows (bones only with 4-5 players), ``#`` tar pit, ``S`` start space,
``s`` start space used only with 4-5 players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Final

DIRECTIONS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
DIRECTION_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")

SITE: Final = 0
OUTER: Final = 1
TAR: Final = 2
START: Final = 3
START_BIG: Final = 4
KIND_OF_SYMBOL = {"o": SITE, "O": OUTER, "#": TAR, "S": START, "s": START_BIG}


class BoardError(ValueError):
    """A board layout that cannot be played."""


@dataclass(frozen=True)
class Board:
    """Cells in reading order (top row first, left to right)."""

    coords: tuple[tuple[int, int], ...]
    kinds: tuple[int, ...]
    # neighbour[c][d]: the cell one step from c in direction d, or -1 off the board.
    neighbour: tuple[tuple[int, ...], ...]
    rows: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.coords)

    def is_site(self, cell: int) -> bool:
        return self.kinds[cell] in (SITE, OUTER)

    def is_start(self, cell: int) -> bool:
        return self.kinds[cell] in (START, START_BIG)

    def sites(self) -> list[int]:
        return [c for c in range(self.size) if self.is_site(c)]

    def label(self, cell: int) -> str:
        """A readable name: row letter and position, e.g. ``C4``."""
        return self.labels[cell]

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every cell's name, worked out once per board (views name every cell)."""
        top = min(cy for _, cy in self.coords)
        rows: dict[int, list[int]] = {}
        for cx, cy in self.coords:
            rows.setdefault(cy, []).append(cx)
        for xs in rows.values():
            xs.sort()
        return tuple(f"{chr(ord('A') + y - top)}{rows[y].index(x) + 1}" for x, y in self.coords)


@lru_cache(maxsize=8)
def parse_board(rows: Sequence[str]) -> Board:
    rows = tuple(rows)
    coords: list[tuple[int, int]] = []
    kinds: list[int] = []
    parity = -1
    for y, row in enumerate(rows):
        for x, symbol in enumerate(row):
            if symbol == " ":
                continue
            if symbol not in KIND_OF_SYMBOL:
                raise BoardError(f"board row {y + 1} has an unknown symbol {symbol!r} (use o O # S s)")
            if parity < 0:
                parity = (x + y) % 2
            if (x + y) % 2 != parity:
                raise BoardError(
                    f"board row {y + 1}, column {x + 1}: hexes sit on every other column, "
                    "shifted by one on alternate rows"
                )
            coords.append((x, y))
            kinds.append(KIND_OF_SYMBOL[symbol])
    index = {xy: i for i, xy in enumerate(coords)}
    neighbour = tuple(tuple(index.get((x + dx, y + dy), -1) for dx, dy in DIRECTIONS) for x, y in coords)
    board = Board(tuple(coords), tuple(kinds), neighbour, rows)
    starts = [c for c in range(board.size) if board.kinds[c] == START]
    big = [c for c in range(board.size) if board.kinds[c] == START_BIG]
    if len(starts) < 3 or len(starts) + len(big) < 5:
        raise BoardError("the board needs at least 3 start spaces (S), and 5 counting the 4-5 player ones (s)")
    if not any(k == SITE for k in kinds):
        raise BoardError("the board needs dig sites (o)")
    for c in starts + big:
        if not any(n >= 0 and board.is_site(n) for n in board.neighbour[c]):
            raise BoardError(f"start space {board.label(c)} does not touch any dig site")
    return board
