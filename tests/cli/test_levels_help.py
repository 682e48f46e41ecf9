"""The terminal names the lobby's levels where seats are chosen: ``--bots``'s help lists them,
weakest first, each with what it is, and each is a seat ``play`` and ``simulate`` accept."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from dinobox.bots import LEVEL_INFO
from dinobox.cli.app import app

runner = CliRunner()


def _words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_bots_help_lists_the_levels_weakest_first_with_what_each_is() -> None:
    for command in ("play", "simulate"):
        result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "160"})
        assert result.exit_code == 0, result.output
        text = _words(result.output)
        places = [text.index(f"{level.name} ({level.label})") for level in LEVEL_INFO]
        assert places == sorted(places), text
    assert "master (hard plus a search of up to a CPU-second a move)" in text


def test_master_takes_a_seat_in_simulate(tmp_path: Path) -> None:
    out = f"{tmp_path}/run"
    args = ["simulate", "dino-race", "--players", "2", "--games", "2", "--seed", "5", "--no-report"]
    result = runner.invoke(app, [*args, "--bots", "master:iterations=16,hard", "--out", out])
    assert result.exit_code == 0, result.output
    assert "master:iterations=16" in _words(result.output)
