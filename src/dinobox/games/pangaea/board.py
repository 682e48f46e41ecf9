"""Pangaea's world as data: the stacks of tiles and the pieces on them (``World``), what they
hold and how a copy shares them, and the copy-on-write helpers of tuple fields. The changes of the
world (Rules of Change, Earthquake, Dinosaurs, the pieces' moves) are in ``world.py``.

The world is plain data (lists of ints and tuples), so a game state can hold one and copy it
cheaply (``World.copy``). The board's shape (``geometry.Geometry``) never changes and is shared;
the starting world comes from ``worldmap.load_map``. A space is a stack of tiles on the sea (an
empty stack is open sea). Changes record what happened in ``World.events`` (typed events,
``events.WorldChange``); the game reads and clears them.
"""

from __future__ import annotations

from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea.geometry import Geometry, geometry
from dinobox.games.pangaea.tiles import (
    EXPLORER_OK,
    MOUNTAIN,
    NUM_DINOS,
    SEA,
    SNOW,
    STACK_OF_SYMBOL,
)
from dinobox.games.pangaea.worldmap import WorldMap


# ===== copy-on-write fields ======================================================================
def with_item(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with item ``i`` replaced: how a copy-on-write field (a tuple that copies share)
    changes."""
    out = list(items)
    out[i] = value
    return tuple(out)


def with_stack(stacks: list[tuple[int, ...]], s: int, stack: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A copy of ``stacks`` with space ``s``'s stack replaced."""
    out = stacks[:]
    out[s] = stack
    return out


def with_added(items: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    """``items`` with ``delta`` added to item ``i`` (a copy-on-write field)."""
    out = list(items)
    out[i] += delta
    return tuple(out)


def holds(items: tuple[int, ...], x: int) -> bool:
    """``x in items`` for a few ints, compared as ints (the compiled build's ``in`` compares
    objects)."""
    return any(item == x for item in items)  # compiled: a plain loop


def lists(items: list[int], x: int) -> bool:
    """``x in items`` for a short list of ints, compared as ints (see ``holds``)."""
    return any(item == x for item in items)  # compiled: a plain loop


def owners(mask: int) -> int:
    """How many players a bitmask of players (a space's Shelters) holds."""
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


# ===== the world =================================================================================
class World:
    """Tiles, pieces and the Event locator. Copy with ``copy()``: the geometry and the fields
    that change rarely (tuples, replaced on change) are shared, the lists copied."""

    geo: Geometry
    stacks: list[tuple[int, ...]]  # per space: its tiles, bottom first (changed in place: copied)
    supply: tuple[int, ...]
    explorers: tuple[int, ...]  # per player: space, or -1 when off the board (waiting to re-enter)
    shelters: tuple[int, ...]  # per space: bitmask of players with a Shelter there
    shelter_n: tuple[int, ...]  # per player: how many spaces hold one of its Shelters (kept with ``shelters``)
    special: tuple[int, ...]  # per space: bitmask of Shelters built with the level 3 ability
    dinos: tuple[int, ...]  # per dino: space, or -1 in stock
    dino_moved: int  # bitmask of dinos moved this round
    cracks: tuple[int, ...]  # edges, oldest first
    sticks: int  # crack sticks left in stock
    locator: int
    ex_sea: int  # players whose Explorer may use sea (level 1 Evolution card)
    ex_mountain: int  # players whose Explorer may use mountains (level 1 Evolution card)
    trex_guard: int  # players with an active T-Rex protection card
    bronto_guard: int  # players with an active Brontosaurus protection card
    events: list[Ev.WorldChange]

    @classmethod
    def from_map(cls, world_map: WorldMap, players: int) -> World:
        geo = geometry(len(world_map.rows), len(world_map.rows[0]))
        self = cls()
        self.geo = geo
        self.stacks = [STACK_OF_SYMBOL[ch] for row in world_map.rows for ch in row]
        self.supply = tuple(world_map.supply)
        self.explorers = (-1,) * players
        self.shelters = (0,) * geo.n
        self.shelter_n = (0,) * players
        self.special = (0,) * geo.n
        self.dinos = (-1,) * NUM_DINOS
        self.dino_moved = 0
        self.cracks = ()
        self.sticks = world_map.sticks
        self.locator = geo.space(*world_map.locator)
        self.ex_sea = self.ex_mountain = 0
        self.trex_guard = self.bronto_guard = 0
        self.events = []
        return self

    def copy(self) -> World:
        new = World()
        new.geo = self.geo
        new.stacks = self.stacks[:]
        new.supply = self.supply
        new.explorers = self.explorers
        new.shelters = self.shelters
        new.shelter_n = self.shelter_n
        new.special = self.special
        new.dinos = self.dinos
        new.dino_moved = self.dino_moved
        new.cracks = self.cracks
        new.sticks = self.sticks
        new.locator = self.locator
        new.ex_sea = self.ex_sea
        new.ex_mountain = self.ex_mountain
        new.trex_guard = self.trex_guard
        new.bronto_guard = self.bronto_guard
        new.events = []
        return new

    # ----- queries ---------------------------------------------------------------------------
    def top(self, s: int) -> int:
        st = self.stacks[s]
        return st[-1] if st else SEA

    def tops(self) -> list[int]:
        """The top tile of every space, in order."""
        return [st[-1] if st else SEA for st in self.stacks]

    def sheltered(self) -> list[int]:
        """The spaces holding a Shelter, in order."""
        return [s for s in range(len(self.shelters)) if self.shelters[s]]

    def is_sea(self, s: int) -> bool:
        """Open sea, or sea frozen over with snow (no land tile underneath)."""
        st = self.stacks[s]
        return not st or st[0] == SNOW

    def explorer_ok(self, s: int, player: int) -> bool:
        t = self.top(s)
        if EXPLORER_OK[t]:
            return True
        if t == SEA:
            return bool(self.ex_sea >> player & 1)
        if t == MOUNTAIN:
            return bool(self.ex_mountain >> player & 1)
        return False

    def explorers_at(self, s: int) -> int:
        count = 0
        for x in self.explorers:
            if x == s:
                count += 1
        return count

    def dino_at(self, s: int) -> int:
        for d, x in enumerate(self.dinos):
            if x == s:
                return d
        return -1

    def occupied(self, s: int) -> bool:
        return s in self.explorers or bool(self.shelters[s]) or s in self.dinos

    def shelter_count(self, player: int) -> int:
        return self.shelter_n[player]

    def shelter_spaces(self, player: int) -> list[int]:
        bit = 1 << player
        return [s for s, m in enumerate(self.shelters) if m & bit]

    def non_sea_in_row(self, row: int) -> int:
        cols = self.geo.cols
        return sum(1 for s in range(row * cols, row * cols + cols) if not self.is_sea(s))

    def blocked(self, a: int, b: int) -> bool:
        """A crack between two neighbouring spaces blocks Explorers and Dinosaurs."""
        if not self.cracks:
            return False
        geo = self.geo
        return holds(self.cracks, geo.edge_code[a * geo.n + b])


# ===== tiles =====================================================================================
