"""The Great Dinosaur Rush component data: every count, value, card and the board in one place.

The rulebook lost its pictures: the board, the Notoriety denominations, the 21 bonus cards and
the 15 paleontologist cards are designed here and documented in docs/rules/dinosaur-rush.md
under "Assumptions". The board layout lives in ``board.json`` beside this file (edit it there).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from dinobox.games.dinosaur_rush.board import BoardError, parse_board

# ----- bones ---------------------------------------------------------------------------------
GREEN: Final = 0
RED: Final = 1
YELLOW: Final = 2
BLUE: Final = 3
WHITE: Final = 4
NUM_COLOURS: Final = 5
COLOUR_KEYS = ("green", "red", "yellow", "blue", "white")
COLOUR_LETTERS = "GRYBW"

# ----- skeleton parts (allocation order) ----------------------------------------------------
SPINE: Final = 0
RIBS: Final = 1
NECK: Final = 2
HEAD: Final = 3
TAIL: Final = 4
LIMB1: Final = 5
LIMB2: Final = 6
NUM_PARTS: Final = 7
PART_KEYS = ("spine", "ribs", "neck", "head", "tail", "limb1", "limb2")
PART_NAMES = ("spine", "ribs", "neck", "head", "tail", "first limb", "second limb")
PART_COLOUR = (GREEN, GREEN, YELLOW, GREEN, YELLOW, RED, RED)

# ----- museum categories ----------------------------------------------------------------------
SIZE: Final = 0
HEIGHT: Final = 1
LENGTH: Final = 2
FEROCITY: Final = 3
UNIQUENESS: Final = 4
CATEGORY_KEYS = ("size", "height", "length", "ferocity", "uniqueness")
CATEGORY_NAMES = ("Size", "Height", "Length", "Ferocity", "Uniqueness")
CLASS_NAMES = ("A", "B", "C", "D", "E", "F")

# ----- paleontologist abilities (keys used by the rules) ---------------------------------------
ABILITIES = (
    "steal_two",
    "dynamite_four",
    "donate_bonus",
    "cross_tar",
    "height_both_limbs",
    "length_neck",
    "blue_start",
    "publicize_two",
    "sabotage_immune",
    "three_bonus",
    "first_notorious_free",
    "dynamite_keep",
    "ferocity_big_limb",
    "bonus_penalty_one",
    "donate_any_token",
)

BOARD_FILE = Path(__file__).with_name("board.json")


def _board_rows() -> tuple[str, ...]:
    with BOARD_FILE.open(encoding="utf-8") as handle:
        rows = json.load(handle)["rows"]
    return tuple(str(r) for r in rows)


BOARD_SYMBOLS = "oO#Ss "


@dataclass(frozen=True)
class DinosaurRushData:
    """Counts and values of The Great Dinosaur Rush components (Components, Setup)."""

    # Components: 210 bones, green 60 / red 50 / yellow 50 / blue 30 / white 20 (colour order above).
    bones: tuple[int, ...] = (60, 50, 50, 30, 20)
    # Setup 9: starting bones per player, never lost.
    starting_bones: tuple[int, ...] = (3, 2, 2, 0, 0)
    # Setup 10: bones per dig site; End of the field phase: refill after rounds 1 and 2.
    bones_per_site: int = 3
    refill: tuple[int, ...] = (2, 1)
    # Components: 45 Notoriety tokens, 15 of each denomination (assumed 1, 2 and 3).
    notoriety_values: tuple[int, ...] = (1, 2, 3)
    notoriety_counts: tuple[int, ...] = (15, 15, 15)
    # Exhibit phase: the class table, (1st, 2nd, 3rd) per row A..F.
    class_points: tuple[tuple[int, ...], ...] = (
        (2, 1, 0),
        (4, 2, 1),
        (7, 4, 2),
        (10, 7, 4),
        (15, 10, 7),
        (21, 15, 10),
    )
    # End of round: the museum markers move up this many rows after rounds 1 and 2.
    museum_rise: tuple[int, ...] = (2, 1)
    # Setup 8: bonus cards dealt; End of game: Notoriety per bonus card never completed.
    bonus_dealt: int = 2
    unscored_bonus_notoriety: int = 3
    # Two-player variant: categories start on row 2; second place within 2 bones, third within 4.
    two_player_start_row: int = 1
    two_player_second_within: int = 2
    two_player_third_within: int = 4
    # Overview: three rounds of three field turns.
    rounds: int = 3
    field_turns: int = 3
    # Game board (board.json): o dig site, O outer-row dig site, # tar pit, S/s start spaces.
    board: tuple[str, ...] = _board_rows()
    # Dinosaur bonus cards (21): name, points, exact part counts ("limbs" is big/small).
    bonus_names: tuple[str, ...] = (
        "Edaphosaurus",
        "Stegosaurus",
        "Triceratops",
        "Allosaurus",
        "Apatosaurus",
        "Brontosaurus",
        "Diplodocus",
        "Camarasaurus",
        "Ceratosaurus",
        "Coelophysis",
        "Dimetrodon",
        "Elasmosaurus",
        "Hadrosaurus",
        "Monoclonius",
        "Pteranodon",
        "Dryptosaurus",
        "Camptosaurus",
        "Dryosaurus",
        "Nodosaurus",
        "Claosaurus",
        "Uintatherium",
    )
    bonus_points: tuple[int, ...] = (9, 8, 7, 6, 7, 9, 10, 5, 4, 4, 7, 9, 5, 6, 6, 6, 4, 3, 6, 4, 5)
    bonus_specs: tuple[str, ...] = (
        "spine=4 unique=5",
        "spine=3 tail=3 unique=4",
        "head=4 unique=3",
        "head=3 limbs=3/1",
        "neck=5 tail=5",
        "neck=6 tail=6 ribs=4",
        "neck=6 tail=8",
        "neck=4 ribs=4",
        "head=3 unique=1",
        "neck=3 tail=3",
        "spine=3 unique=4",
        "neck=8 tail=2",
        "head=2 limbs=4/2",
        "head=3 unique=2",
        "unique=6 head=2",
        "limbs=4/2 tail=3",
        "limbs=3/2",
        "ribs=2 tail=3",
        "ribs=5 unique=2",
        "limbs=2/2 head=2",
        "head=3 unique=3 ribs=3",
    )
    # Paleontologist cards (15): a figure of the Bone Wars and the one rule they change.
    paleontologist_names: tuple[str, ...] = (
        "Edward Drinker Cope",
        "Othniel Charles Marsh",
        "Joseph Leidy",
        "Charles H. Sternberg",
        "Barnum Brown",
        "Samuel Wendell Williston",
        "Arthur Lakes",
        "Benjamin Mudge",
        "John Bell Hatcher",
        "William Harlow Reed",
        "David Baldwin",
        "Oscar Harger",
        "Jacob Wortman",
        "Henry Fairfield Osborn",
        "Earl Douglass",
    )
    paleontologist_abilities: tuple[str, ...] = ABILITIES

    def validate(self) -> str | None:
        if len(self.bones) != NUM_COLOURS or any(b < 0 for b in self.bones):
            return "bones must list 5 non-negative counts (green, red, yellow, blue, white)"
        if len(self.starting_bones) != NUM_COLOURS or any(s < 0 for s in self.starting_bones):
            return "starting_bones must list 5 non-negative counts"
        for colour in (GREEN, RED, YELLOW):
            need = (3, 2, 2)[(GREEN, RED, YELLOW).index(colour)]
            if self.starting_bones[colour] < need:
                return "starting bones must cover the smallest skeleton (3 green, 2 red, 2 yellow)"
        if any(self.starting_bones[c] * 5 > self.bones[c] for c in range(NUM_COLOURS)):
            return "there are not enough bones for five players' starting bones"
        if len(self.notoriety_values) != len(self.notoriety_counts) or not self.notoriety_values:
            return "notoriety_values and notoriety_counts must have the same, non-zero length"
        if any(v < 1 for v in self.notoriety_values) or any(c < 0 for c in self.notoriety_counts):
            return "Notoriety values must be positive and counts non-negative"
        if len(self.class_points) != 6 or any(len(r) != 3 for r in self.class_points):
            return "class_points must have 6 rows (A..F) of 3 values"
        if len(self.refill) != self.rounds - 1 or len(self.museum_rise) != self.rounds - 1:
            return "refill and museum_rise need one value per round end before the last"
        if not 1 <= self.rounds <= 5 or not 1 <= self.field_turns <= 5:
            return "rounds and field_turns must be 1..5"
        if not (len(self.bonus_names) == len(self.bonus_points) == len(self.bonus_specs)):
            return "bonus_names, bonus_points and bonus_specs must have the same length"
        if len(self.bonus_names) > 40:
            return "at most 40 bonus cards"
        for spec in self.bonus_specs:
            try:
                parse_bonus_spec(spec)
            except ValueError as err:
                return f"bonus spec {spec!r}: {err}"
        if len(self.paleontologist_names) != len(self.paleontologist_abilities):
            return "paleontologist_names and paleontologist_abilities must have the same length"
        if not 5 <= len(self.paleontologist_names) <= 20:
            return "between 5 and 20 paleontologist cards are needed"
        unknown = [a for a in self.paleontologist_abilities if a not in ABILITIES]
        if unknown:
            return f"unknown paleontologist abilities {unknown} (known: {', '.join(ABILITIES)})"
        if not 0 <= self.two_player_start_row < 6:
            return "two_player_start_row must be 0..5"
        try:
            parse_board(self.board)
        except BoardError as err:
            return str(err)
        return None


BONUS_KEYS = ("spine", "ribs", "neck", "head", "tail", "limbs", "unique")


def parse_bonus_spec(spec: str) -> dict[str, tuple[int, ...]]:
    """``"neck=5 limbs=3/1"`` -> ``{"neck": (5,), "limbs": (3, 1)}`` (limbs big first)."""
    out: dict[str, tuple[int, ...]] = {}
    for word in spec.split():
        key, eq, value = word.partition("=")
        if not eq or key not in BONUS_KEYS:
            raise ValueError(f"expected PART=COUNT with PART one of {', '.join(BONUS_KEYS)}, got {word!r}")
        try:
            numbers = tuple(int(v) for v in value.split("/"))
        except ValueError:
            raise ValueError(f"counts must be whole numbers in {word!r}") from None
        if key == "limbs":
            if len(numbers) != 2 or min(numbers) < 1:
                raise ValueError(f"limbs take two sizes like limbs=3/1, got {word!r}")
            numbers = (max(numbers), min(numbers))
        elif len(numbers) != 1 or numbers[0] < (0 if key == "unique" else 1):
            raise ValueError(f"bad count in {word!r}")
        out[key] = numbers
    if not out:
        raise ValueError("a bonus card names at least one part")
    return out


DEFAULT_DATA = DinosaurRushData()
