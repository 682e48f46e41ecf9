"""The training example's saved policy takes a seat by the plug-in route: in the terminal, in
``simulate``, and on the ladder (the web table: tests/server/test_plugin_bot_table.py)."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dinobox
from dinobox.bots import make_bot
from dinobox.cli.app import app
from dinobox.engine.errors import InvalidOptionError

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
POLICY = "plugin:train_dino_race:SavedPolicy"


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A policy trained for a few episodes by the example, saved; the example importable."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.delitem(sys.modules, "train_dino_race", raising=False)
    path = tmp_path / "policy.npz"
    example = importlib.import_module("train_dino_race")
    example.main(["--episodes", "4", "--eval-games", "2", "--checkpoints", "1", "--save", str(path)])
    return path


def test_simulate_seats_the_saved_policy_and_the_ladder_rates_it(saved: Path, tmp_path: Path) -> None:
    spec = f"{POLICY}:policy={saved}"
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--bots", f"{spec},heuristic", "--games", "4", "--seed", "3", "--ratings"]
    result = runner.invoke(app, [*args, "--no-report", "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert {row["spec"] for row in summary["ratings"]} == {spec, "heuristic"}
    assert all(row["games"] == 4 for row in summary["ratings"])


def test_a_person_plays_the_saved_policy_at_the_terminal(
    saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DINOBOX_POLICY", str(saved))  # the file from the environment this time
    record = tmp_path / "g.json"
    answers = "\n".join(["1"] * 60) + "\nq\ns\n"
    args = ["play", "dino-race", "--plain", "--players", "2", "--bots", f"human,{POLICY}", "--seed", "4"]
    result = runner.invoke(app, [*args, "--save", str(record)], input=answers)
    assert "to act" in result.output
    assert json.loads(record.read_text())["seats"] == ["human", POLICY]


def test_a_missing_or_wrong_policy_file_says_so(saved: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DINOBOX_POLICY", raising=False)
    with pytest.raises(InvalidOptionError, match="name the saved policy"):
        make_bot(POLICY, 0)
    with pytest.raises(InvalidOptionError, match="cannot read the saved policy"):
        make_bot(f"{POLICY}:policy={tmp_path / 'nothing.npz'}", 0)
    bot = make_bot(f"{POLICY}:policy={saved}", 0)
    state = dinobox.load_game("dino-race", players=3).new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(ValueError, match="plays dino-race with 2 players"):
        bot.choose(state)
