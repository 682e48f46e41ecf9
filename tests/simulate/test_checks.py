"""Checks before the first game and after the run: the output folder really takes a file, data
changes that change nothing, and degenerate settings."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.simulate.checks import FirstGames, check_writable, degenerate
from dinobox.simulate.documents import GameRow
from dinobox.simulate.play import SimConfig
from simulate.sim_helpers import game_row

runner = CliRunner()


def test_an_output_folder_that_takes_no_file_fails_before_any_game(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "dino-race", "--games", "2", "--out", "/proc/nope"])
    assert (result.exit_code != 0 and result.exception is None) or isinstance(result.exception, SystemExit)
    assert "cannot write to --out /proc/nope" in " ".join(result.output.split())
    assert "nothing was played" in result.output and "Traceback" not in result.output
    assert "games/s" not in result.output  # no game was played
    check_writable(tmp_path / "new" / "run")  # a folder that can be made is made, and left clean
    assert list((tmp_path / "new" / "run").iterdir()) == []


def _row(turns: int, decisions: int, choices: int, legal: int, capped: bool = False) -> GameRow:
    return game_row(turns=turns, decisions=decisions, choice_decisions=choices, legal_choices=legal, capped=capped)


def test_degenerate_settings_are_named() -> None:
    assert degenerate([_row(40, 100, 90, 600)] * 3) == []
    (short,) = degenerate([_row(1, 12, 10, 60)] * 3)
    assert "1.0 turns" in short
    (few,) = degenerate([_row(40, 100, 6, 106)] * 3)
    assert "1.06 legal choices per decision" in few
    (plays_itself,) = degenerate([_row(40, 100, 10, 160)] * 3)
    assert "only 10% of decisions" in plays_itself
    (capped,) = degenerate([_row(40, 100, 90, 600, capped=True), _row(40, 100, 90, 600)])
    assert "1 of 2 games hit the turn cap" in capped


def test_degenerate_settings_and_dead_data_changes_are_warned_before_and_in_the_report(tmp_path: Path) -> None:
    out = tmp_path / "zero"
    args = ["simulate", "dino-race", "--games", "3", "--players", "2", "--bots", "random,random"]
    args += ["--set", "lava_drops=3"]
    result = runner.invoke(app, [*args, "--set", "cards=[0,0,0,0,0,0,0,0]", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert text.index("Warning: --set lava_drops") < text.index("games/s")  # before the run, and again after
    assert text.count("hardly choose anything") + text.count("mostly plays itself") == 2
    page = (out / "report.html").read_text()
    assert "Warning: --set lava_drops" in page and "legal choice" in page
    assert re.search(r"<td>random</td><td>6</td><td>\d+(\.5)?</td>", page)  # wins as counts, not "3.000"


def test_a_data_change_the_games_check_trips_on_is_a_clear_error(tmp_path: Path) -> None:
    stars = "stars=[[2],[4,1],[4,7],[6,3],[6,9]]"  # one star without its column
    result = runner.invoke(app, ["simulate", "pangaea", "--games", "1", "--set", stars, "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "data override rejected: stars cannot be read" in " ".join(result.output.split())
    assert not (tmp_path / "o").exists()


def test_the_first_four_games_warn_once_as_soon_as_all_are_in_whatever_order_they_finish() -> None:
    said: list[str] = []
    watch = FirstGames(SimConfig(game="dino-race", bots=("random",), games=50, players=2), said.append)
    for index in (3, 7, 1, 0):  # worker processes finish games out of order
        watch.see({**_row(1, 12, 10, 60), "index": index})
        assert said == []
    watch.see({**_row(1, 12, 10, 60), "index": 2})
    assert len(said) == 1 and "end the game almost at once" in said[0]
    watch.see({**_row(1, 12, 10, 60), "index": 2})
    assert len(said) == 1  # said once
    short = FirstGames(SimConfig(game="dino-race", bots=("random",), games=2, players=2), said.append)
    short.see({**_row(40, 100, 90, 600), "index": 1})
    short.see({**_row(40, 100, 90, 600, capped=True), "index": 0})
    assert len(said) == 2 and "turn cap" in said[1]  # a run of two games is seen whole
