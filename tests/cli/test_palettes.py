"""Each game draws from one palette, and no two of its colours look alike: on a dark terminal, and
for its players' colours under the three colour-blindness simulations, held to the page's
thresholds (``tests/colour_blind.py``)."""

from __future__ import annotations

import itertools
from types import ModuleType

import pytest
from rich.color import Color

from colour_blind import MIN_ANY, MIN_FIRST_FIVE, closest
from dinobox.cli.table import Table
from dinobox.engine.registry import game_entry, load_game
from dinobox.games.dino_race import render as dino_race
from dinobox.games.dinosaur_rush import render as dinosaur_rush
from dinobox.games.dinosaur_rush.render import initials
from dinobox.games.pangaea import render as pangaea
from dinobox.games.trex_island import render as trex_island

PALETTES: dict[str, ModuleType] = {
    "dino-race": dino_race,
    "trex-island": trex_island,
    "dinosaur-rush": dinosaur_rush,
    "pangaea": pangaea,
}

MIN_DISTANCE = 60
"""Two colours closer than this (RGB distance) are taken for one another on a dark terminal."""


def rgb(style: str) -> tuple[int, int, int]:
    colour = Color.parse(style.split()[-1]).get_truecolor()
    return colour.red, colour.green, colour.blue


@pytest.mark.parametrize("game_id", list(PALETTES))
def test_the_palette_colours_stay_apart(game_id: str) -> None:
    palette = dict(PALETTES[game_id].PALETTE)
    if game_id == "trex-island":  # the T-Rex is drawn white on red: apart from the spaces and players too
        palette["the T-Rex"] = trex_island.TREX_STYLE.split(" on ")[-1]
    for (a, sa), (b, sb) in itertools.combinations(palette.items(), 2):
        distance = sum((x - y) ** 2 for x, y in zip(rgb(sa), rgb(sb), strict=True)) ** 0.5
        assert distance >= MIN_DISTANCE, f"{game_id}: {a} ({sa}) and {b} ({sb}) look alike"


@pytest.mark.parametrize(
    ("game_id", "options"), [(g, {}) for g in PALETTES] + [("dino-race", {"teams": True})], ids=lambda x: str(x)
)
def test_the_panes_colour_players_as_the_board_does(game_id: str, options: dict[str, bool]) -> None:
    game = load_game(game_id, players=4, **options)
    table = Table(game, ["random"] * 4, 1)
    table.run_automatic()  # to the end: past the choice of characters, where there is one
    styles = game_entry(game_id).player_styles
    assert styles is PALETTES[game_id].PLAYER_STYLES
    for seat in range(4):
        assert table.style(seat) == styles[table.names[seat]]


def hex_colour(style: str) -> str:
    red, green, blue = rgb(style)
    return f"#{red:02x}{green:02x}{blue:02x}"


@pytest.mark.parametrize("game_id", list(PALETTES))
def test_the_players_colours_stay_apart_for_colour_blind_players(game_id: str) -> None:
    """Every pair of the game's seat colours (as the board and the panes draw them), under
    protanopia, deuteranopia and tritanopia: the four-seat games as far apart as the page's first
    five seats, Dinosaur Rush's own five as far as the page's named colours."""
    colours: dict[str, str] = {}
    for name, style in game_entry(game_id).player_styles.items():
        if hex_colour(style) not in colours.values():  # Dino Race's Red+ is Red's team colour
            colours[name] = hex_colour(style)
    assert len(colours) >= 4
    bound = MIN_ANY if len(colours) > 4 else MIN_FIRST_FIVE
    distance, pair = closest(colours)
    assert distance >= bound, f"{game_id}: {pair}: ΔE2000 {distance:.1f} < {bound}"


def test_dinosaur_rush_players_have_letters_of_their_own() -> None:
    players = [{"name": n} for n in ("Orange", "Purple", "Teal", "Pink", "Black")]
    assert initials(players) == ["O", "P", "T", "I", "B"]  # type: ignore[arg-type]
