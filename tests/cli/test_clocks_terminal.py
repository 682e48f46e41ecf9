"""Clocks at the terminal (``dinobox play --clock``): the same rules as the server's, time
injected (no sleeps)."""

from __future__ import annotations

import asyncio
import io
import random
from unittest.mock import patch

import pytest
from rich.console import Console
from typer.testing import CliRunner

from dinobox.cli import plain
from dinobox.cli.app import app
from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui.app import PlayApp
from dinobox.clocks import LOSE, TimeControl
from dinobox.engine.registry import load_game

runner = CliRunner()


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def table_with_clock(control: TimeControl, now: FakeTime) -> Table:
    table = Table(load_game("dino-race", players=2), [HUMAN, "random"], 11, clock=control, now=now)
    table.run_automatic()
    return table


def test_a_persons_time_runs_and_a_bot_plays_the_move_when_it_is_out() -> None:
    now = FakeTime()
    table = table_with_clock(TimeControl.realtime(60, 5), now)
    assert table.human_to_act() == 0 and table.clock is not None and table.clock.ticking == 0
    now.t += 20
    assert table.time_left(0) == "0:40" and table.time_left(1) == "1:00"
    assert not table.check_clock()
    now.t += 40
    assert table.check_clock()  # out of time: a bot plays the seat's move
    assert table.human_to_act() is None and table.automatic_pending()
    rng = random.Random(1)
    while table.human_to_act() != 0 and not table.is_over():
        table.step_automatic()
        now.t += 1
    if not table.is_over():  # the person is back with the increment
        assert table.clock.standin is None and table.clock.remaining[0] == 5.0
        table.act(rng.choice(table.state.legal_actions()))


def test_a_person_out_of_time_loses_under_the_lose_rule() -> None:
    now = FakeTime()
    table = table_with_clock(TimeControl.realtime(30, 0, LOSE), now)
    now.t += 31
    assert table.check_clock()
    assert table.is_over() and table.forfeit == 0
    assert table.human_to_act() is None and not table.automatic_pending()


def test_play_with_a_clock_in_line_mode() -> None:
    args = ["play", "dino-race", "--plain", "--players", "2", "--bots", "human,heuristic", "--seed", "7"]
    result = runner.invoke(app, [*args, "--clock", "10m+5s"], input="q\ny\n")
    assert "clock 10m+5s" in result.output
    assert "to act · 10:00 left" in result.output


def test_bad_clock_options_are_refused_before_the_game() -> None:
    for extra, words in (
        (["--clock", "-5m"], "--clock"),
        (["--clock", "0s"], "between"),
        (["--clock", "ten minutes"], "not a duration"),
        (["--clock", "5m", "--on-timeout", "sulk"], "--on-timeout"),
    ):
        result = runner.invoke(app, ["play", "dino-race", "--plain", *extra], input="q\ny\n")
        assert result.exit_code != 0
        assert words in result.output, result.output


def test_the_players_pane_shows_the_clock_and_a_timeout_hands_the_move_to_a_bot() -> None:
    async def run() -> None:
        now = FakeTime()
        game = load_game("dino-race", players=2)
        table = Table(game, [HUMAN, "heuristic"], 3, clock=TimeControl.realtime(60, 10), now=now)
        play = PlayApp(table, pause=False)
        async with play.run_test(size=(100, 30)) as pilot:
            await asyncio.wait_for(play.settled.wait(), timeout=60)
            now.t += 15
            play.tick_clock()
            assert "⏱ 0:45" in str(play.query_one("#players").render())
            play.settled.clear()
            now.t += 60
            play.tick_clock()  # out of time: the bot moves for the person, then it is theirs again
            await pilot.pause(0)
            await asyncio.wait_for(play.settled.wait(), timeout=60)
            assert table.clock is not None and table.clock.timeouts[0] == 1
            assert table.human_to_act() == 0 and "⏱ 0:10" in str(play.query_one("#players").render())

    asyncio.run(run())


def test_a_clock_is_saved_with_the_time_left_and_resumed() -> None:
    now = FakeTime()
    game = load_game("dino-race", players=2)
    table = Table(game, [HUMAN, "heuristic"], 3, clock=TimeControl.realtime(60, 10), now=now)
    table.run_automatic()
    now.t += 20
    record = table.record()
    clock = record["clock"]
    assert isinstance(clock, dict)
    assert clock["remaining"][0] == pytest.approx(40) and clock["ticking"] is None
    later = FakeTime()
    later.t = 5000.0  # another process, another epoch: only the time left matters
    again = Table.resume(record, now=later)
    assert again.time_left(0) == "0:40" and again.clock is not None and again.clock.ticking == 0
    later.t += 15
    assert again.time_left(0) == "0:25"


def test_a_forfeit_ends_with_the_scores_so_far() -> None:
    now = FakeTime()
    game = load_game("dino-race", players=2)
    table = Table(game, [HUMAN, "heuristic"], 3, clock=TimeControl.realtime(60, 10, on_timeout=LOSE), now=now)
    table.run_automatic()
    now.t += 61
    assert table.check_clock() and table.forfeit == 0
    console = Console(width=80, record=True, file=io.StringIO())
    with patch.object(plain, "console", console):
        plain.print_outcome(table)
    text = console.export_text()
    assert "ran out of time and loses" in text and "Scores when the game stopped" in text and "lost on time" in text
