"""Hints in the full-screen app: ``h`` asks the coach for the person to act, as a player would."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, RichLog, Static
from typer.testing import CliRunner

from dinobox.cli.app import app as cli
from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui import hinting
from dinobox.cli.tui.app import PlayApp
from dinobox.cli.tui.screens import HelpScreen
from dinobox.coach import Hint
from dinobox.engine.record import from_record
from dinobox.engine.registry import load_game

from .helpers import make_app, press, settle

HINT_SECONDS = 0.2
"""A quick coach for the tests (the game's own hint takes 0.8 s)."""


def quick(app: PlayApp) -> PlayApp:
    app.hint_seconds = HINT_SECONDS
    return app


def log_text(app: PlayApp) -> list[str]:
    return [strip.text.rstrip() for strip in app.query_one("#log", RichLog).lines]


def choices_text(app: PlayApp) -> list[str]:
    listing = app.query_one("#choices", OptionList)
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


def test_h_shows_the_coachs_move_in_the_log_marks_it_and_the_record_keeps_it(tmp_path: Path) -> None:
    async def run() -> None:
        app = quick(make_app("dino-race", seed=3))
        app.save_path = tmp_path / "g.json"
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            before = app.table.state.history()
            await press(pilot, app, "h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.table.state.history() == before  # a hint plays nothing
            log = " ".join(log_text(app))
            assert "? Hint: " in log and "win chance" in log
            lines = choices_text(app)
            marked = [i for i, line in enumerate(lines) if "◆ hint" in line]
            assert len(marked) == 1
            listing = app.query_one("#choices", OptionList)
            assert listing.highlighted == marked[0]  # the hinted line is the one Enter would choose
            hint = app.table.hints[0]
            assert hint.action in app.shown[marked[0]].actions and hint.seat == 0
            assert "Hint: " in str(app.query_one("#preview-text", Static).render())
            await press(pilot, app, "h")  # asked again at the same decision: the same hint, noted once
            await app.workers.wait_for_complete()
            assert len(app.table.hints) == 1
            await press(pilot, app, "s")
        record = json.loads((tmp_path / "g.json").read_text())
        assert record["hints"] == [{"move": len(before), "seat": 0, "action": hint.action, "text": hint.text}]
        assert from_record(record).history() == app.table.state.history()  # the record still loads
        assert Table.resume(record).hints == app.table.hints
        replayed = CliRunner().invoke(cli, ["replay", str(tmp_path / "g.json"), "--seat", "0"])
        assert "Red asked for a hint here: " + hint.text in " ".join(replayed.output.split())

    asyncio.run(run())


def test_a_hint_for_a_decision_already_made_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    # The coach's answer is held back until the person has rolled, however busy the machine is:
    # the hint then comes for a decision that is gone.
    rolled = threading.Event()
    real_job = hinting.hint_job

    def held_job(*args: Any, **kwargs: Any) -> Callable[[], Hint]:
        job = real_job(*args, **kwargs)

        def after_the_roll() -> Hint:
            assert rolled.wait(timeout=60)
            return job()

        return after_the_roll

    monkeypatch.setattr(hinting, "hint_job", held_job)

    async def run() -> None:
        app = quick(make_app("dino-race", seed=3))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            before = app.table.state.history()
            await press(pilot, app, "h")
            await press(pilot, app, "r")  # the person rolls while the coach still thinks
            assert len(app.table.state.history()) > len(before)
            rolled.set()
            await app.workers.wait_for_complete()
            await settle(pilot, app)
            assert not app.table.hints
            assert not any("Hint:" in line for line in log_text(app))
            assert not any("◆ hint" in line for line in choices_text(app))

    asyncio.run(run())


def test_hints_are_told_only_to_the_seat_that_asked_at_a_hotseat() -> None:
    async def run() -> None:
        game = load_game("dino-race", players=2)
        app = quick(PlayApp(Table(game, [HUMAN, HUMAN], 3), pause=False))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            if len(app.screen_stack) > 1:
                await press(pilot, app, "enter")  # the first handover
            asker = app.table.human_to_act()
            await press(pilot, app, "h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert any("Hint:" in line for line in log_text(app))
            while app.table.human_to_act() == asker:
                await press(pilot, app, sorted(app.keymap)[-1])
            await press(pilot, app, "enter")  # the handover to the other person
            assert app.viewer != asker
            assert not any("Hint:" in line for line in log_text(app))
            await press(pilot, app, "l")
            assert not any("Hint:" in str(line) for line in app.screen.lines)  # type: ignore[attr-defined]
            await press(pilot, app, "escape")
            while app.table.human_to_act() != asker or len(app.screen_stack) > 1:
                await press(pilot, app, "enter" if len(app.screen_stack) > 1 else sorted(app.keymap)[-1])
            assert any("Hint:" in line for line in log_text(app))  # back with the asker: their hint

    asyncio.run(run())


def test_the_help_lists_h() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, "question_mark")
            assert isinstance(app.screen, HelpScreen)
            assert "| h | a hint" in app.screen.sections[0][1]

    asyncio.run(run())
