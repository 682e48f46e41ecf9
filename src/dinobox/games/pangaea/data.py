"""Pangaea component data: the world map (world.json) and the cards and boards (cards.json).

The rulebook's pictures are lost; every value here is an assumption recorded in
docs/rules/pangaea.md under "Assumptions". Designers may override fields (they are checked by
``validate``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Final, TypeVar

from dinobox.games.pangaea.worldmap import WorldMap, load_map

SYMBOL_NAMES: tuple[str, ...] = ("Moon", "Sun", "Volcano", "Planet", "All symbols")
SYMBOL_KEYS: tuple[str, ...] = ("moon", "sun", "volcano", "planet", "all")
ALL_SYMBOLS: Final = 4

# Evolution cards (Evolution Cards chapter): eight abilities on four levels.
EVO_SEA: Final = 0
EVO_MOUNTAIN: Final = 1
EVO_TREX: Final = 2
EVO_BRONTO: Final = 3
EVO_BUILD: Final = 4
EVO_EXTRA: Final = 5
EVO_SHELTER_MOVE: Final = 6
EVO_BLOCK: Final = 7
NUM_EVO: Final = 8
EVO_KEYS: tuple[str, ...] = (
    "sea",
    "mountain",
    "trex_guard",
    "bronto_guard",
    "build_anywhere",
    "extra_move",
    "shelter_move",
    "block",
)
EVO_NAMES: tuple[str, ...] = (
    "Sea explorer",
    "Mountain explorer",
    "T-Rex protection",
    "Brontosaurus protection",
    "Build anywhere",
    "Extra move",
    "Shelter move",
    "Block a tile change",
)
EVO_LEVEL: Final[tuple[int, ...]] = (1, 1, 2, 2, 3, 3, 4, 4)  # tuple[int, ...]: see tiles.TILE_KEYS
MAX_EVOLUTION: Final = 3

COLOURS: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow")
LENGTHS: tuple[int, ...] = (30, 45, 60)
WILD_MAX_DISTANCE: Final = 10
ALL_SEA_COUNT: Final = 10  # Asteroid recalculation: a row of sea counts 10


def _cards() -> dict[str, object]:
    text = resources.files("dinobox.games.pangaea").joinpath("cards.json").read_text(encoding="utf-8")
    raw: dict[str, object] = json.loads(text)
    return raw


_MAP = load_map()
_CARDS = _cards()


T = TypeVar("T")


def _card_field(key: str, kind: type[T]) -> T:
    """The field ``key`` of ``cards.json``, checked to be a ``kind`` (the one check of the file's shape)."""
    value = _CARDS[key]
    if not isinstance(value, kind):
        raise ValueError(f"cards.json: {key!r} must be a JSON {kind.__name__}, not {type(value).__name__}")
    return value


def _tuple4(rows: list[list[int]]) -> tuple[tuple[int, int, int, int], ...]:
    return tuple((int(a), int(b), int(c), int(d)) for a, b, c, d in rows)


def _ints(values: list[int]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _evo_counts(values: dict[str, int]) -> tuple[int, ...]:
    return tuple(int(values[k]) for k in EVO_KEYS)


@dataclass(frozen=True)
class PangaeaData:
    """Counts, decks and boards of Pangaea (all assumed; see the Assumptions in the docs)."""

    world_rows: tuple[str, ...] = _MAP.rows
    stars: tuple[tuple[int, int], ...] = _MAP.stars
    locator: tuple[int, int] = _MAP.locator
    tile_supply: tuple[int, ...] = _MAP.supply
    crack_sticks: int = _MAP.sticks
    # STAR cards: (number, action, range, symbol) each; plus Wild and Reshuffle cards.
    star_cards: tuple[tuple[int, int, int, int], ...] = _tuple4(_card_field("star_cards", list))
    wild_cards: int = _card_field("wild_cards", int)
    reshuffle_cards: int = _card_field("reshuffle_cards", int)
    direction_cards: tuple[int, ...] = _ints(_card_field("direction_cards", list))
    evolution_cards: tuple[int, ...] = _evo_counts(_card_field("evolution_cards", dict))
    # The asteroid board: the ring's spaces, the lightning space A first.
    asteroid_ring: int = _card_field("asteroid_ring", int)
    # Symbol tokens: moon, sun, volcano, planet, all four symbols.
    symbol_tokens: tuple[int, ...] = _ints(_card_field("symbol_tokens", list))
    shelters_per_player: int = _card_field("shelters_per_player", int)
    hand_size: int = _card_field("hand_size", int)
    # A designer's knob: start the countdown here instead of the game length option (0 = off).
    countdown_start: int = 0

    def world_map(self) -> WorldMap:
        return WorldMap(self.world_rows, self.stars, self.locator, self.tile_supply, self.crack_sticks)

    def validate(self) -> str | None:
        problem = self.world_map().validate()
        if problem:
            return problem
        if len(self.stars) < 4:
            return "at least 4 starting stars are needed (one Explorer per player)"
        for number, action, rng, symbol in self.star_cards:
            if not (0 <= number <= 20 and 0 <= action < 5 and 0 <= rng < 5 and 0 <= symbol < 4):
                return "each STAR card is [number 0..20, action 0..4, range 0..4, symbol 0..3]"
        if len(self.star_cards) < 8:
            return "the STAR deck needs at least 8 numbered cards"
        if self.wild_cards < 0 or self.reshuffle_cards < 0:
            return "card counts must not be negative"
        if len(self.direction_cards) != 6 or sum(self.direction_cards) < 2 or min(self.direction_cards) < 0:
            return "direction_cards needs 6 counts (one per direction), at least 2 cards in all"
        if len(self.evolution_cards) != NUM_EVO or min(self.evolution_cards) < 0:
            return f"evolution_cards needs {NUM_EVO} counts"
        if not 2 <= self.asteroid_ring <= 12:
            return "asteroid_ring must be 2..12 spaces"
        if len(self.symbol_tokens) != 5 or min(self.symbol_tokens) < 0:
            return "symbol_tokens needs 5 counts (moon, sun, volcano, planet, all)"
        if sum(self.symbol_tokens[:4]) < 1 or sum(self.symbol_tokens) < self.asteroid_ring:
            return "too few symbol tokens for the asteroid board (one single symbol for the centre)"
        if not 0 <= self.countdown_start <= 200:
            return "countdown_start must be 0 (use the length option) .. 200"
        if not 1 <= self.shelters_per_player <= 20 or not 3 <= self.hand_size <= 8:
            return "shelters_per_player must be 1..20 and hand_size 3..8"
        return None


DEFAULT_DATA = PangaeaData()
