"""The plug-in game of ``tests/plugin`` (registered only through its entry-point metadata) is
simulated like a built-in one."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dinobox.cli.app import app

runner = CliRunner()


def test_the_plugin_simulates(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner.invoke(
        app,
        [
            "simulate",
            "dino-eggs",
            "--games",
            "6",
            "--players",
            "2",
            "--bots",
            "heuristic,random",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["game"] == "dino-eggs"
