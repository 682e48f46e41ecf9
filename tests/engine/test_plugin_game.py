"""A fifth game ships as its own package: ``tests/plugin/dino_eggs`` is registered only through
its entry-point metadata (as ``pip install`` would), and dinobox finds it everywhere without a
change: listed, played in the terminal, simulated (in tests/simulate), and checked by the
conformance suite (which walks every registered game)."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dinobox
from dinobox.cli.app import app, main
from dinobox.engine.errors import PluginError
from dinobox.engine.registry import REGISTRY, Registry, game_entry

runner = CliRunner()


def test_the_plugin_is_discovered_through_its_entry_point() -> None:
    assert "dino-eggs" in dinobox.game_ids()
    entry = game_entry("dino-eggs")
    assert entry.game.title == "Dino Eggs" and entry.heuristic is not None
    assert dinobox.load_game("dino-eggs", players=3, rounds=2).num_players == 3


def test_the_built_in_games_are_entry_points_too_and_come_first() -> None:
    own = [p for p in metadata.entry_points(group="dinobox.games") if p.dist is not None and p.dist.name == "dinobox"]
    assert [p.name for p in own] == ["dino-race", "dinosaur-rush", "pangaea", "trex-island"]
    assert dinobox.game_ids() == [*(p.name for p in own), "dino-eggs"]


def test_an_installation_whose_metadata_lists_no_built_in_game_says_how_to_refresh_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plugin_only = [p for p in metadata.entry_points(group="dinobox.games") if p.name == "dino-eggs"]
    monkeypatch.setattr(metadata, "entry_points", lambda group: plugin_only)
    with pytest.raises(PluginError, match=r"pip install -e \."):
        Registry().ids()


def test_the_command_line_says_how_to_refresh_a_stale_installation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin_only = [p for p in metadata.entry_points(group="dinobox.games") if p.name == "dino-eggs"]
    monkeypatch.setattr(metadata, "entry_points", lambda group: plugin_only)
    monkeypatch.setattr(sys, "argv", ["dinobox", "games"])
    REGISTRY.refresh()
    try:
        with pytest.raises(SystemExit) as stop:
            main()
    finally:
        monkeypatch.undo()
        REGISTRY.refresh()
    assert stop.value.code == 2
    assert "run `pip install -e .`" in capsys.readouterr().out


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
