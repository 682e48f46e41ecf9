"""The world as JSON (for views) and as text for the terminal (offset hex rows: even rows sit
half a space to the right).

Legend: one symbol per top tile (``.`` sea, ``1`` level 1, ``2`` level 2, ``M`` mountain,
``V`` volcano, ``:`` sand, ``*`` snow/ice, ``#`` lava, ``o`` stone), then the pieces on it:
Explorers ``a``-``d`` (by seat), Shelters ``A``-``D``, ``R`` a T-Rex, ``S`` a Brontosaurus
(sauropod), ``@`` the Event locator.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable

from dinobox.games.boardmarks import SEAT_HUES
from dinobox.games.pangaea.tiles import DINO_NAMES, NUM_DINOS, TILE_KEYS, TILE_SYMBOLS, is_trex
from dinobox.games.pangaea.viewtypes import ShelterView, WorldView
from dinobox.games.pangaea.world import World

SEAT_LETTERS = "abcdefgh"
PLAYER_STYLES = {name: SEAT_HUES[name] for name in ("Red", "Blue", "Green", "Yellow")}
"""Each player's colour: their Explorer and Shelters on the world, their name in the terminal's
panes (``render.PALETTE`` holds it with the tiles' colours)."""
SEAT_STYLE = tuple(PLAYER_STYLES.values())
TILE_STYLE = {
    ".": "blue3",
    "1": "dark_sea_green4",
    "2": "light_goldenrod3",
    "M": "bold white",
    "V": "bold #E69F00",
    ":": "wheat1",
    "*": "bright_white",
    "#": "dark_red",
    "o": "grey46",
}
"""Each top tile's colour, apart from every player's (a tile never looks like a piece's owner)."""


_SYMBOL_OF_TILE = bytes.maketrans(bytes(range(len(TILE_SYMBOLS))), TILE_SYMBOLS.encode("ascii"))
"""Tile ids to their symbols, a byte each (the whole board in one translation)."""


def tile_rows(world: World) -> list[str]:
    """The top tile of every space, one string a row (the legend above)."""
    cols = world.geo.cols
    tops = bytes(world.tops()).translate(_SYMBOL_OF_TILE).decode("ascii")
    return [tops[r * cols : r * cols + cols] for r in range(world.geo.rows)]


def shelter_views(world: World) -> list[ShelterView]:
    """The Shelters on the world, space by space: where, whose, and whose are special."""
    cols = world.geo.cols
    seats_n = len(world.explorers)
    shelters: list[ShelterView] = []
    for s in world.sheltered():
        mask = world.shelters[s]
        seats = [p for p in range(seats_n) if mask >> p & 1]
        special = [p for p in seats if world.special[s] >> p & 1]
        shelters.append({"at": [s // cols, s % cols], "seats": seats, "special": special})
    return shelters


def world_view(world: World) -> WorldView:
    """Everything about the world is public: a JSON projection."""
    geo = world.geo
    cols = geo.cols

    keys = TILE_KEYS

    def at(s: int) -> list[int]:
        return [s // cols, s % cols]

    def rc(s: int) -> list[int] | None:
        return None if s < 0 else at(s)

    return {
        "rows": geo.rows,
        "cols": cols,
        "tiles": tile_rows(world),
        "stacks": [list(map(keys.__getitem__, st)) for st in world.stacks],  # (no inner comprehension per space)
        "explorers": [rc(s) for s in world.explorers],
        "shelters": shelter_views(world),
        "dinos": [
            {"id": d, "name": DINO_NAMES[d], "at": rc(world.dinos[d]), "moved": bool(world.dino_moved >> d & 1)}
            for d in range(NUM_DINOS)
        ],
        "locator": at(world.locator),
        "cracks": [[at(a), at(b)] for a, b in (geo.edge_ends[e] for e in world.cracks)],
        "sticks": world.sticks,
        "supply": {TILE_KEYS[t]: n for t, n in enumerate(world.supply) if t},
    }


def render_world(
    view: WorldView,
    markup: bool = False,
    stars: list[list[int]] | None = None,
    marks: Collection[Hashable] = (),
    width: int = 6,
) -> str:
    """The hex world as text: offset rows, a symbol per tile and the pieces on it, ``width``
    columns a space (at least 3). ``marks``: spaces (``(row, col)``) drawn in reverse video."""
    rows, cols = view["rows"], view["cols"]
    width = max(3, width)
    marks_at = piece_marks(view, stars)
    gap = "  " if width >= 6 else " "
    lines = [" " * (2 + len(gap)) + "".join(f"{c:<{width}}" for c in range(cols))]
    for r in range(rows):
        cells = []
        for c in range(cols):
            sym = view["tiles"][r][c]
            extra = marks_at.get((r, c), "")
            if len(extra) > width - 2:
                extra = extra[: width - 3] + "+"
            pad = " " * (width - 1 - len(extra))
            shown = f"[{TILE_STYLE[sym]}]{_esc(sym)}[/]" if markup else sym
            if markup and extra:
                extra = "".join(_piece(ch) for ch in extra)
            if markup and (r, c) in marks:
                cells.append(f"[reverse]{shown}{extra}{pad[:-1]}[/reverse]{pad[-1:]}")
            else:
                cells.append(shown + extra + pad)
        indent = "" if r & 1 else " " * (width // 2)
        lines.append(f"{r:>2}{gap}" + indent + "".join(cells).rstrip())
    if view["cracks"]:
        lines.append("cracks: " + ", ".join(f"r{a[0]}c{a[1]}|r{b[0]}c{b[1]}" for a, b in view["cracks"]))
    return "\n".join(lines)


def piece_marks(view: WorldView, stars: list[list[int]] | None = None) -> dict[tuple[int, int], str]:
    """The letters of the pieces on each space (``+`` a free star while stars are chosen)."""
    marks: dict[tuple[int, int], str] = {}

    def add(at: list[int] | None, ch: str) -> None:
        if at is not None:
            key = (at[0], at[1])
            marks[key] = marks.get(key, "") + ch

    for d in view["dinos"]:
        add(d["at"], "R" if is_trex(d["id"]) else "S")
    for sh in view["shelters"]:
        for p in sh["seats"]:
            add(sh["at"], SEAT_LETTERS[p].upper())
    for p, at in enumerate(view["explorers"]):
        add(at, SEAT_LETTERS[p])
    add(view["locator"], "@")
    for at in stars or []:
        key = (at[0], at[1])
        if key not in marks:
            marks[key] = "+"
    return marks


def _piece(ch: str) -> str:
    """A piece's letter in bold, an Explorer's or a Shelter's in its owner's colour."""
    seat = SEAT_LETTERS.find(ch.lower())
    style = f"bold {SEAT_STYLE[seat % len(SEAT_STYLE)]}" if seat >= 0 else "bold"
    return f"[{style}]{_esc(ch)}[/]"


def _esc(text: str) -> str:
    return text.replace("[", r"\[")
