"""Playing without a mouse or sharp colour vision, at 80×24 (pytest-textual-snapshot): menus whose
lines tell their groups apart, a refused key that says why, the command palette's own commands,
the help that scrolls at once. The snapshots were looked at before they were committed."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui.app import PlayApp
from dinobox.cli.tui.screens import BigEvents
from dinobox.engine.registry import load_game

from .helpers import press, settle


def played(game_id: str, players: int, seed: int, moves: int) -> Table:
    """A table where the person (seat 1) made ``moves`` seeded random moves against heuristic bots."""
    table = Table(load_game(game_id, players=players), [HUMAN] + ["heuristic"] * (players - 1), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        table.run_automatic()
        table.act(rng.choice(table.state.legal_actions()))
    table.run_automatic()
    return table


def opening(words: str) -> Any:
    """Press the key of the menu line that holds ``words`` (a group: it opens)."""

    async def run_before(pilot: Pilot[None]) -> None:
        app: Any = pilot.app
        await settle(pilot, app)
        key = next(k for k, option in app.keymap.items() if words in option.label)
        await press(pilot, app, key)
        await pilot.pause(0.1)

    return run_before


def pressing(*keys: str) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, pilot.app)  # type: ignore[arg-type]
        for key in keys:
            await pilot.press(key)
        await pilot.app.workers.wait_for_complete()  # the board and preview redrawn after the key
        await settle(pilot, pilot.app)  # type: ignore[arg-type]
        await pilot.pause(0.3)

    return run_before


def test_steal_menu_lines_tell_the_sites_apart(snap_compare: Any) -> None:
    app = PlayApp(played("dinosaur-rush", 3, seed=1, moves=9), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=opening("Steal"))
    labels = [option.label for option in app.shown]
    assert len(labels) >= 3 and len(set(labels)) == len(labels)
    assert all("bone from" in label for label in labels)


def test_explorer_menu_lines_tell_the_rows_apart(snap_compare: Any) -> None:
    app = PlayApp(played("pangaea", 2, seed=2, moves=5), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=opening("move your Explorer to …"))
    labels = [option.label for option in app.shown]
    assert len(labels) >= 3 and len(set(labels)) == len(labels)


def test_a_refused_key_says_why_with_the_rule(snap_compare: Any) -> None:
    # Dino Race, seed 1: the person's dino is knocked over, so r (roll) must wait for it to stand up
    app = PlayApp(played("dino-race", 2, seed=1, moves=5), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=pressing("down", "up", "r"))
    assert app.message.startswith("r: not now: your tripped dino must stand up")
    assert "(Playing special cards" in app.message


async def open_palette(pilot: Pilot[None]) -> None:
    await settle(pilot, pilot.app)  # type: ignore[arg-type]
    await pilot.press("ctrl+p")
    await pilot.pause(0.3)
    pilot.app.screen.query_one(Input).cursor_blink = False  # a still picture
    await pilot.pause(0.1)


def test_the_command_palette_holds_the_tables_commands(snap_compare: Any) -> None:
    app = PlayApp(played("dino-race", 2, seed=3, moves=0), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=open_palette)
    titles = [command.title for command in app.get_system_commands(Screen())]
    assert {"Hint", "Save", "Log", "Help", "Undo", "Rules"} <= set(titles)


def test_help_scrolls_at_once(snap_compare: Any) -> None:
    app = PlayApp(played("trex-island", 2, seed=3, moves=0), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=pressing("question_mark", "pagedown"))


def test_a_resumed_game_does_not_pop_up_old_big_events() -> None:
    table = Table(load_game("dino-race", players=2), [HUMAN, "heuristic"], 5)
    rng = random.Random(5)
    while not any(entry.get("kind") in ("volcano", "lava") for entry in table.state.log(0)):
        table.run_automatic()
        table.act(rng.choice(table.state.legal_actions()))
    table.run_automatic()
    app = PlayApp(Table.resume(json.loads(json.dumps(table.record()))), pause=True)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert not isinstance(app.screen, BigEvents)  # the table, not "Meanwhile"
            assert app.keymap

    asyncio.run(run())


@pytest.mark.parametrize("size", [(80, 24), (64, 18)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_trex_island_map_shows_the_teams_in_play(size: tuple[int, int], snap_compare: Any) -> None:
    """The map scrolls to the spaces the highlighted move changes; on a narrow terminal it takes
    the whole width rather than folding ([ and ] scroll it, b brings the side column back)."""
    app = PlayApp(played("trex-island", 2, seed=5, moves=5), pause=False)
    assert snap_compare(app, terminal_size=size, run_before=to_a_discard)


async def to_a_discard(pilot: Pilot[None]) -> None:
    """Play the first line until a card is played and its discard pile is to choose."""
    app: Any = pilot.app
    await settle(pilot, app)
    for _ in range(6):
        if app.shown and app.shown[0].label.startswith("discard onto pile"):
            await pilot.press("down")
            await pilot.pause(0.2)
            return
        await press(pilot, app, "1")
    raise AssertionError("no discard pile to choose")


MARKS = {  # a table of each game, and the letter each seat's pieces carry on its board
    "dino-race": (4, ["R", "B", "G", "Y"]),  # Dino Race: R1, B2 … on the tiles
    "trex-island": (2, ["1", "2"]),  # before the characters are chosen: "Seat 1", "Seat 2"
    "dinosaur-rush": (5, ["O", "P", "T", "I", "B"]),  # the paleontologists: @O … Pink is @I beside Purple
    "pangaea": (2, ["a/A", "b/B"]),  # the Explorers a, b and the Shelters A, B
    "dino-eggs": (2, ["1", "2"]),  # the plug-in game: "Player 1", "Player 2" start alike
}


@pytest.mark.parametrize("game_id", list(MARKS))
def test_the_players_pane_gives_every_seat_its_letter_as_on_the_board(game_id: str) -> None:
    """Who is who needs no colour: each line of the players pane carries the seat's letter."""
    players, marks = MARKS[game_id]
    app = PlayApp(Table(load_game(game_id, players=players), [HUMAN] + ["heuristic"] * (players - 1), 3), pause=False)

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            lines = str(app.screen.query_one("#players").content).splitlines()  # type: ignore[attr-defined]
            assert [line.split("[", 1)[1].split("]", 1)[0] for line in lines] == marks, lines
            board = str(app.screen.query_one("#board-text").content)  # type: ignore[attr-defined]
            if game_id == "dinosaur-rush":  # the board's own players list names the odd one out
                assert "Pink (@I)" in board

    asyncio.run(run())


def test_the_preview_puts_your_own_pieces_first_and_scrolls_from_the_keyboard() -> None:
    """Dinosaur Rush, seed 5, 47 moves in: Orange's Donate changes a dig site, Orange's pile and
    Purple's. The preview speaks of Orange's own pile first, and ``>`` scrolls what does not fit."""
    app = PlayApp(played("dinosaur-rush", 3, seed=5, moves=47), pause=False)
    donate = 127

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for _ in range(4):  # open the groups that hold the Donate, by their keys, then move onto it
                index = next(i for i, option in enumerate(app.shown) if donate in option.actions)
                if app.shown[index].action == donate:
                    for _ in range(index):
                        await pilot.press("down")
                    break
                await press(pilot, app, next(k for k, o in app.keymap.items() if o is app.shown[index]))
            await pilot.pause(0.2)
            text = str(app.screen.query_one("#preview-text").content)  # type: ignore[attr-defined]
            changes = [line.strip() for line in text.splitlines() if line.startswith("  ")]
            assert changes[0].startswith("Orange: "), text  # the rules list the dig site first
            assert any(line.startswith("I5: ") for line in changes[1:]), text
            preview = app.screen.query_one("#preview")
            assert preview.max_scroll_y > 0, "the preview fits: nothing to scroll"
            await pilot.press("greater_than_sign")
            await pilot.pause(0.1)
            assert preview.scroll_y > 0, "> did not scroll the preview"
            await pilot.press("less_than_sign")
            await pilot.pause(0.1)
            assert preview.scroll_y == 0

    asyncio.run(run())
