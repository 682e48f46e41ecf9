"""Dino Race component data: every count and value in one place.

The rulebook's pictures are lost; values marked "assumed" are documented in
this package's rules.md under "Assumptions".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

TERRAINS = ("plains", "desert", "swamp", "jungle")

# Card types, in hand-vector order.
# (Final literals: the compiled rules read them as constants, not module look-ups.)
PLAINS: Final = 0
DESERT: Final = 1
SWAMP: Final = 2
JUNGLE: Final = 3
WILD: Final = 4
PUSH: Final = 5
EGG: Final = 6
STEAL: Final = 7
NUM_CARD_TYPES: Final = 8
CARD_NAMES = ("Plains", "Desert", "Swamp", "Jungle", "Wildcard", "Push back", "Throw the egg", "Steal a card")
CARD_KEYS = ("plains", "desert", "swamp", "jungle", "wild", "push", "egg", "steal")

# Event die faces.
DIE_TWO_CARDS: Final = 4
DIE_ERUPTION: Final = 5
DIE_FACES = ("Plains", "Desert", "Swamp", "Jungle", "Two cards", "Eruption")

COLOURS = ("Red", "Blue", "Green", "Yellow")

# Positions on the track: the volcano tile, then the terrain tiles 1..track_length.
VOLCANO: Final = 0
HOME: Final = 99  # a dino that finished the race
MAX_SEATS: Final = 8


@dataclass(frozen=True)
class DinoRaceData:
    """Counts and values of the Dino Race components (Contents, Before you play)."""

    # Contents: 12 terrain tiles, three of each terrain; the track is all of them in a row.
    tiles_per_terrain: int = 3
    # Contents: 40 movement cards (8 per terrain + 8 wild) and 12 special cards (4 of each).
    cards: tuple[int, ...] = (8, 8, 8, 8, 8, 4, 4, 4)
    # Before you play: five cards each; Playing in Teams: four.
    hand_size: int = 5
    team_hand_size: int = 4
    # Contents: 12 prize counters. Values and colours are lost with the pictures (assumed):
    # a red and a green set, each worth 1..6.
    prize_values: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6)
    prize_colours: tuple[str, ...] = ("red",) * 6 + ("green",) * 6
    # Final scoring: a same-colour pair of prizes earns this bonus.
    pair_bonus: int = 3
    # Contents: 4 egg counters; values lost (assumed 2..5).
    egg_values: tuple[int, ...] = (2, 3, 4, 5)
    # Contents: 22 lava drops, each -1 point.
    lava_drops: int = 22
    # Fields that change only what players see, not how the game plays: drops keep counting
    # after the box's supply runs out (rules.md, Assumptions 13), so lava_drops sets only the
    # supply shown. `dinobox data` marks them; `simulate --set` warns, `tune` refuses them.
    SHOWN_ONLY: ClassVar[frozenset[str]] = frozenset({"lava_drops"})

    @property
    def track_length(self) -> int:
        return self.tiles_per_terrain * len(TERRAINS)

    def validate(self) -> str | None:
        if self.tiles_per_terrain < 1 or self.tiles_per_terrain > 10:
            return "tiles_per_terrain must be 1..10"
        if len(self.cards) != NUM_CARD_TYPES or any(c < 0 for c in self.cards):
            return f"cards must list {NUM_CARD_TYPES} non-negative counts ({', '.join(CARD_KEYS)})"
        if len(self.prize_values) != len(self.prize_colours):
            return "prize_values and prize_colours must have the same length"
        if len(self.prize_values) < MAX_SEATS:
            return f"at least {MAX_SEATS} prize counters are needed (one per dino)"
        if not self.egg_values:
            return "at least one egg counter is needed"
        if self.hand_size < 0 or self.team_hand_size < 0 or self.lava_drops < 0:
            return "hand sizes and lava drops must not be negative"
        return None


DEFAULT_DATA = DinoRaceData()
