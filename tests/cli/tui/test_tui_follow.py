"""Following a game in the full-screen app: the game-over screen, the full log and the digest
since one's last turn, pauses on big events, help, resume, and the small screens around them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from rich.console import Console, Group
from textual.pilot import Pilot
from textual.widgets import Static

from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui.app import PlayApp
from dinobox.cli.tui.screens import BigEvents, ConfirmQuit, GameOver, HelpScreen, LogScreen
from dinobox.engine.registry import load_game

from .helpers import finished_app, make_app, press, settle


def shown(renderable: object, width: int = 78) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_the_game_over_screen_has_the_winner_and_every_seats_breakdown() -> None:
    async def run() -> None:
        app = finished_app("dinosaur-rush", 5, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, GameOver)
            tables = shown(Group(*app.screen.tables))
            for name in app.table.names:
                assert name in tables
            assert "round 1" in tables and "notoriety" in tables and "total" in tables
            assert "wins with" in app.screen.headline
            await press(pilot, app, "b")  # back to the board; Enter on the listing brings it back
            assert not isinstance(app.screen, GameOver)
            await pilot.press("enter")
            assert isinstance(app.screen, GameOver)
            await press(pilot, app, "l")
            assert isinstance(app.screen, LogScreen)

    asyncio.run(run())


def test_the_log_screen_shows_everything_and_marks_what_came_since_your_turn() -> None:
    async def run() -> None:
        app = make_app("trex-island", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            turn = app.table.state.turn_count()
            while app.table.state.turn_count() == turn or app.table.human_to_act() is None:
                await press(pilot, app, sorted(app.keymap)[0])
                if len(app.screen_stack) > 1:
                    await press(pilot, app, "enter")
            assert app.digest > 0
            assert "since your turn" in str(app.query_one("#log").border_title)
            await press(pilot, app, "l")
            assert isinstance(app.screen, LogScreen)
            lines = [str(line) for line in app.screen.lines]
            assert "── since your last turn ──" in lines
            assert len(lines) == app.table.state.log_length() + 1  # one seat, nothing hidden from the log
            await press(pilot, app, "escape")
            assert not isinstance(app.screen, LogScreen)

    asyncio.run(run())


def test_big_events_wait_for_a_key_and_can_be_turned_off() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=5, pause=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for _ in range(400):
                if isinstance(app.screen, BigEvents) or app.table.is_over():
                    break
                await press(pilot, app, sorted(app.keymap)[-1])
            assert isinstance(app.screen, BigEvents)
            assert app.screen.lines
            await press(pilot, app, "n")  # no more pauses
            assert not app.pause and not isinstance(app.screen, BigEvents)

    asyncio.run(run())


def test_help_shows_the_keys_the_legend_and_the_rules_by_heading() -> None:
    async def run() -> None:
        app = make_app("trex-island", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            titles = [title for title, _ in app.screen.sections]
            assert titles == ["Keys", "Board", "Rules"]
            rules = app.screen.sections[2][1]
            assert "### Moving a team" in rules  # the rulebook's own heading
            await press(pilot, app, "escape")
            await press(pilot, app, "f1")
            assert isinstance(app.screen, HelpScreen)

    asyncio.run(run())


def test_ctrl_q_asks_and_a_small_terminal_is_told() -> None:
    async def run() -> None:
        app = make_app("pangaea", seed=4)
        async with app.run_test(size=(50, 14)) as pilot:
            await settle(pilot, app)
            small = app.query_one("#too-small")
            assert small.display and "too small" in str(small.render())
            await pilot.press("ctrl+q")
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("escape")
            await app.run_action("quit")  # the command palette's Quit asks too
            assert isinstance(app.screen, ConfirmQuit) and len(app.screen_stack) == 2

    asyncio.run(run())


def test_a_saved_game_resumes_with_its_seats_seed_and_clock(tmp_path: Path) -> None:
    async def run() -> None:
        game = load_game("dino-race", players=3)
        table = Table(game, [HUMAN, "random", "heuristic"], 9)
        app = PlayApp(table, save_path=tmp_path / "g.json", pause=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            for _ in range(5):
                await press(pilot, app, sorted(app.keymap)[0])
            await press(pilot, app, "s")
        record = json.loads((tmp_path / "g.json").read_text())
        assert record["seats"] == [HUMAN, "random", "heuristic"] and record["seed"] == 9
        again = Table.resume(record)
        assert again.state.history() == table.state.history() and again.seats == table.seats
        resumed = PlayApp(again, pause=False)
        async with resumed.run_test(size=(80, 24)) as pilot:
            await settle(pilot, resumed)
            assert resumed.table.human_to_act() == 0 and resumed.keymap

    asyncio.run(run())


def test_the_log_can_be_read_while_bots_play_and_its_keys_choose_nothing() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=6)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "l")
            history = app.table.state.history()
            await press(pilot, app, "1")  # a choice key on the log screen chooses nothing
            assert app.table.state.history() == history and isinstance(app.screen, LogScreen)
            app.refresh_all()  # what a bot's move redraws, under the log screen: the table's panes
            await press(pilot, app, "escape")
            await press(pilot, app, "r")  # roll: the bot plays while the log is open again
            await press(pilot, app, "l")
            await settle(pilot, app)
            assert app.table.human_to_act() == 0

    asyncio.run(run())


async def to_next_turn(pilot: Pilot[None], app: PlayApp, key: int = 0) -> None:
    """Press the ``key``-th offered key until the person's next turn starts."""
    await settle(pilot, app)
    turn = app.table.state.turn_count()
    while app.table.state.turn_count() == turn or app.table.human_to_act() is None:
        await press(pilot, app, sorted(app.keymap)[key])
        if len(app.screen_stack) > 1:
            await press(pilot, app, "enter")


def test_a_turn_starts_with_what_changed_for_you_since_the_last() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=11)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert app.digest_lines == []  # the first turn: nothing to compare with
            await to_next_turn(pilot, app, key=-1)  # roll the event die: the turn ends
            preview = str(app.query_one("#preview-text", Static).render())
            assert "Since your last turn:" in preview
            assert app.digest_lines[-1] == f"{app.digest} new log entries (l: the log)"
            assert any(line.startswith("deck size: ") for line in app.digest_lines)
            await press(pilot, app, "down")  # moving along the choices: the preview takes the pane
            assert "Since your last turn:" not in str(app.query_one("#preview-text", Static).render())

    asyncio.run(run())
