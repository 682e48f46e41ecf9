"""A fifth game ships as its own package: ``tests/plugin/dino_eggs`` is registered only through
its entry-point metadata (as ``pip install`` would), and dinobox finds it everywhere without a
change: listed, played in the terminal, simulated (in tests/simulate), and checked by the
conformance suite (which walks every registered game)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import dinobox
from dinobox.cli.app import app
from dinobox.engine.registry import game_entry

runner = CliRunner()


def test_the_plugin_is_discovered_through_its_entry_point() -> None:
    assert "dino-eggs" in dinobox.game_ids()
    entry = game_entry("dino-eggs")
    assert entry.game.title == "Dino Eggs" and entry.heuristic is not None
    assert dinobox.load_game("dino-eggs", players=3, rounds=2).num_players == 3


def test_dinobox_games_lists_the_plugin_in_a_fresh_process() -> None:
    out = subprocess.run([sys.executable, "-m", "dinobox", "games"], capture_output=True, text=True, check=True).stdout
    assert "dino-eggs" in out and "Dino Eggs" in out


def test_the_plugin_plays_in_the_terminal(tmp_path: Path) -> None:
    record = tmp_path / "eggs.json"
    result = runner.invoke(
        app,
        ["play", "dino-eggs", "--bots", "human,heuristic", "--seed", "3", "--save", str(record)],
        input="1\n1\n1\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert json.loads(record.read_text())["game"] == "dino-eggs"
