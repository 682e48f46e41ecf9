"""Pangaea's tiles, pieces, directions, ranges and the complete table of the Rules of Change.

Everything here is data (see rules.md beside this file for each cell's source). The world module
reads these tables; nothing in the hot path looks tiles up by name.
"""

from __future__ import annotations

from typing import Final

# ----- tile types (a space is a stack of tiles on the sea; the sea itself is "no tile") -----
SEA: Final = 0
L1: Final = 1
L2: Final = 2
MOUNTAIN: Final = 3
VOLCANO: Final = 4
SAND: Final = 5
SNOW: Final = 6
LAVA: Final = 7
STONE: Final = 8
NUM_TILES: Final = 9
# The name tables are typed ``tuple[..., ...]``: compiled, such a constant is one tuple object indexed in
# place (a fixed-length tuple type would be rebuilt from its items at every index).
TILE_KEYS: Final[tuple[str, ...]] = ("sea", "level1", "level2", "mountain", "volcano", "sand", "snow", "lava", "stone")
TILE_NAMES: Final[tuple[str, ...]] = (
    "Sea",
    "Level 1",
    "Level 2",
    "Mountain",
    "Volcano",
    "Sand",
    "Snow/Ice",
    "Lava",
    "Stone",
)
TILE_SYMBOLS: Final = ".12MV:*#o"
SYMBOL_TILE: Final = {ch: t for t, ch in enumerate(TILE_SYMBOLS)}
# What a starting-map symbol stands for as a stack, bottom first (Basic game setup: every land
# tile lies on the level below it).
STACK_OF_SYMBOL: Final[dict[str, tuple[int, ...]]] = {
    ".": (),
    "1": (L1,),
    "2": (L1, L2),
    "M": (L1, L2, MOUNTAIN),
    "V": (L1, L2, VOLCANO),
    ":": (L1, L2, SAND),
    "*": (SNOW,),
    "#": (L1, LAVA),
    "o": (L1, STONE),
}

# ----- the five STAR actions and the internal operations on one space --------------------------
UP: Final = 0
DOWN: Final = 1
SHIFT: Final = 2
QUAKE: Final = 3
DINO: Final = 4
ACTION_KEYS: Final[tuple[str, ...]] = ("up", "down", "climate", "earthquake", "dino")
ACTION_NAMES: Final[tuple[str, ...]] = ("Level up", "Level down", "Climate shift", "Earthquake", "Dinosaur")
LAVA_OP: Final = 5  # lava is placed (eruption, debris)
TSUNAMI_OP: Final = 6  # a tsunami's wave levels a space down, sand or snow first
DEBRIS_OP: Final = 7  # the asteroid's debris: lava as LAVA_OP, but it destroys everything on its space, sea too
OP_KEYS: Final[tuple[str, ...]] = ("up", "down", "climate", "earthquake", "dino", "lava", "tsunami", "debris")

# ----- results of one action on one top tile -------------------------------------------------
NOTHING: Final = 0
ADD: Final = 1
REMOVE: Final = 2
REMOVE_THEN_UP: Final = 3
ERUPT: Final = 4
RESULT_KEYS: Final[tuple[str, ...]] = ("nothing", "add", "remove", "remove then level up", "erupt")

# The climate bands (Rules of Change, read with the poles of Moving the Event locator - part 2 and
# the hemispheres of Tsunami; an assumption, see rules.md): a climate shift turns the climate
# colder in the POLAR_ROWS rows next to each pole and warmer in the rows between them. Land
# (level 1, level 2, mountain) answers both ways ("Climate shift in 2 directions": snow when
# colder, sand when warmer); the sea answers only to the cold ("only in 1 direction": it
# freezes). With 10 rows: rows 0-2 and 7-9 are cold, rows 3-6 warm (row 2 water -> snow, row 6
# level 2 -> sand, as in the worked examples).
POLAR_ROWS: Final = 3
WARM: Final = 3  # the change table's fourth column: a climate shift in a warm row ("SHIFT" is the cold one)


def is_cold_row(row: int, rows: int) -> bool:
    """Whether a climate shift on ``row`` turns colder (near a pole) rather than warmer."""
    return min(row, rows - 1 - row) < POLAR_ROWS


# (top tile, action) -> (result, tile added or -1). The Rules of Change, reconstructed; every
# cell is explained in rules.md ("The change table"). SHIFT is a climate shift in a cold row,
# WARM one in a warm row.
CHANGE_TABLE: Final[dict[tuple[int, int], tuple[int, int]]] = {
    (SEA, UP): (ADD, L1),
    (SEA, DOWN): (NOTHING, -1),
    (SEA, SHIFT): (ADD, SNOW),
    (SEA, WARM): (NOTHING, -1),
    (L1, UP): (ADD, L2),
    (L1, DOWN): (REMOVE, -1),
    (L1, SHIFT): (ADD, SNOW),
    (L1, WARM): (ADD, SAND),
    (L2, UP): (ADD, MOUNTAIN),
    (L2, DOWN): (REMOVE, -1),
    (L2, SHIFT): (ADD, SNOW),
    (L2, WARM): (ADD, SAND),
    (MOUNTAIN, UP): (NOTHING, -1),
    (MOUNTAIN, DOWN): (REMOVE, -1),
    (MOUNTAIN, SHIFT): (ADD, SNOW),
    (MOUNTAIN, WARM): (ADD, SAND),
    (VOLCANO, UP): (ERUPT, -1),
    (VOLCANO, DOWN): (REMOVE, -1),
    (VOLCANO, SHIFT): (NOTHING, -1),
    (VOLCANO, WARM): (NOTHING, -1),
    (SAND, UP): (NOTHING, -1),
    (SAND, DOWN): (NOTHING, -1),
    (SAND, SHIFT): (REMOVE, -1),
    (SAND, WARM): (REMOVE, -1),
    (SNOW, UP): (NOTHING, -1),
    (SNOW, DOWN): (NOTHING, -1),
    (SNOW, SHIFT): (REMOVE, -1),
    (SNOW, WARM): (REMOVE, -1),
    (LAVA, UP): (REMOVE_THEN_UP, -1),
    (LAVA, DOWN): (REMOVE, -1),
    (LAVA, SHIFT): (NOTHING, -1),
    (LAVA, WARM): (NOTHING, -1),
    (STONE, UP): (REMOVE, -1),
    (STONE, DOWN): (REMOVE, -1),
    (STONE, SHIFT): (NOTHING, -1),
    (STONE, WARM): (NOTHING, -1),
}
# Flat form for the hot path: index top * 4 + column (UP, DOWN, SHIFT, WARM).
CHANGE_FLAT: Final[tuple[tuple[int, int], ...]] = tuple(
    CHANGE_TABLE[(t, a)] for t in range(NUM_TILES) for a in range(4)
)

# ----- which pieces a top tile holds (Some General Basic Rules; Dinosaurs; Evolution Cards) ----
EXPLORER_TILES: Final = frozenset({L1, L2, SAND, SNOW, STONE})
DINO_TILES: Final = frozenset({L1, L2, SAND, SNOW, STONE})
SHELTER_TILES: Final = frozenset({L2})
SPECIAL_SHELTER_TILES: Final = frozenset({L1, L2, MOUNTAIN, SEA})  # level 3 "build elsewhere" shelters
EXPLORER_OK: Final = tuple(t in EXPLORER_TILES for t in range(NUM_TILES))
DINO_OK: Final = tuple(t in DINO_TILES for t in range(NUM_TILES))
SHELTER_OK: Final = tuple(t in SHELTER_TILES for t in range(NUM_TILES))
SPECIAL_OK: Final = tuple(t in SPECIAL_SHELTER_TILES for t in range(NUM_TILES))

# ----- directions (clockwise from the top right) and ranges --------------------------------------
NE: Final = 0
E: Final = 1
SE: Final = 2
SW: Final = 3
W: Final = 4
NW: Final = 5
DIRECTION_KEYS: Final[tuple[str, ...]] = ("NE", "E", "SE", "SW", "W", "NW")
DIRECTION_NAMES: Final[tuple[str, ...]] = ("up-right", "right", "down-right", "down-left", "left", "up-left")
# Moving the Event locator - part 2: at the top or bottom row the vertical part turns round.
BOUNCE: Final[tuple[int, ...]] = (SE, E, NE, NW, W, SW)

SINGLE: Final = 0
HORIZONTAL: Final = 1
DIAGONAL_UP: Final = 2
DIAGONAL_DOWN: Final = 3
STAR7: Final = 4
RANGE_KEYS: Final[tuple[str, ...]] = ("single", "horizontal", "diagonal-up", "diagonal-down", "star")
RANGE_NAMES: Final[tuple[str, ...]] = ("1 space", "3 horizontal", "3 diagonal (/)", "3 diagonal (\\)", "7 spaces")
RANGE_DIRS: Final[tuple[tuple[int, ...], ...]] = ((), (W, E), (NE, SW), (NW, SE), (NE, E, SE, SW, W, NW))

# ----- pieces -------------------------------------------------------------------------------
TREX_1: Final = 0
TREX_2: Final = 1
BRONTO_1: Final = 2
BRONTO_2: Final = 3
NUM_DINOS: Final = 4
DINO_NAMES: Final[tuple[str, ...]] = ("T-Rex 1", "T-Rex 2", "Brontosaurus 1", "Brontosaurus 2")
MAX_EXPLORERS_PER_SPACE: Final = 3


def is_trex(dino: int) -> bool:
    return dino < 2
