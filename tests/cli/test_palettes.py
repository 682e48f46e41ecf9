"""Each game draws from one palette, and no two of its colours look alike."""

from __future__ import annotations

import itertools

import pytest
from rich.color import Color

from dinobox.cli.table import Table, renderer_module
from dinobox.engine.registry import load_game
from dinobox.games.dinosaur_rush.render import initials

MIN_DISTANCE = 60
"""Two colours closer than this (RGB distance) are taken for one another on a dark terminal."""


def rgb(style: str) -> tuple[int, int, int]:
    colour = Color.parse(style.split()[-1]).get_truecolor()
    return colour.red, colour.green, colour.blue


@pytest.mark.parametrize("game_id", ["dino-race", "trex-island", "dinosaur-rush"])
def test_the_palette_colours_stay_apart(game_id: str) -> None:
    module = renderer_module(load_game(game_id))
    assert module is not None
    palette = module.PALETTE
    for (a, sa), (b, sb) in itertools.combinations(palette.items(), 2):
        distance = sum((x - y) ** 2 for x, y in zip(rgb(sa), rgb(sb), strict=True)) ** 0.5
        assert distance >= MIN_DISTANCE, f"{game_id}: {a} ({sa}) and {b} ({sb}) look alike"


@pytest.mark.parametrize("game_id", ["dino-race", "trex-island", "dinosaur-rush"])
def test_the_panes_colour_players_as_the_board_does(game_id: str) -> None:
    game = load_game(game_id, players=4)
    table = Table(game, ["random"] * 4, 1)
    table.run_automatic()  # to the end: past the choice of characters, where there is one
    module = renderer_module(game)
    assert module is not None
    styles = module.PLAYER_STYLES
    for seat in range(4):
        assert table.style(seat) == styles[table.names[seat]]


def test_dinosaur_rush_players_have_letters_of_their_own() -> None:
    players = [{"name": n} for n in ("Orange", "Purple", "Teal", "Pink", "Black")]
    assert initials(players) == ["O", "P", "T", "I", "B"]  # type: ignore[arg-type]
