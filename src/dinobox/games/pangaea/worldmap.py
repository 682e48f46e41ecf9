"""The starting world as an editable data file (``world.json``): rows of tile symbols, the
starting stars, the Event locator's start, the tile supply and the crack sticks."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from dinobox.games.pangaea.tiles import NUM_TILES, STACK_OF_SYMBOL, TILE_KEYS


@dataclass(frozen=True)
class WorldMap:
    rows: tuple[str, ...]
    stars: tuple[tuple[int, int], ...]
    locator: tuple[int, int]
    supply: tuple[int, ...]
    sticks: int

    def validate(self) -> str | None:
        if not 3 <= len(self.rows) <= 20:
            return "the world needs 3..20 rows"
        cols = len(self.rows[0])
        if cols < 4 or any(len(r) != cols for r in self.rows):
            return "every row of the world must have the same length (at least 4)"
        bad = {ch for r in self.rows for ch in r if ch not in STACK_OF_SYMBOL}
        if bad:
            return f"unknown map symbols {sorted(bad)} (known: {''.join(STACK_OF_SYMBOL)})"
        for r, c in (*self.stars, self.locator):
            if not (0 <= r < len(self.rows) and 0 <= c < cols):
                return f"map position {[r, c]} is off the board"
        if len(self.supply) != NUM_TILES or any(x < 0 for x in self.supply):
            return f"the supply needs {NUM_TILES} non-negative counts"
        if self.sticks < 0:
            return "sticks must not be negative"
        return None


def load_map(text: str | None = None) -> WorldMap:
    """Read a world file (the packaged ``world.json`` by default)."""
    if text is None:
        text = resources.files("dinobox.games.pangaea").joinpath("world.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    supply = [0] * NUM_TILES
    for key, count in raw.get("supply", {}).items():
        if key not in TILE_KEYS:
            raise ValueError(f"world supply: unknown tile {key!r}")
        supply[TILE_KEYS.index(key)] = int(count)
    return WorldMap(
        rows=tuple(raw["rows"]),
        stars=tuple((int(r), int(c)) for r, c in raw["stars"]),
        locator=(int(raw["locator"][0]), int(raw["locator"][1])),
        supply=tuple(supply),
        sticks=int(raw.get("sticks", 12)),
    )
