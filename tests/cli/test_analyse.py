"""``dinobox analyse``, run as a user runs it: a saved record in, the coach's verdict out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dinobox
from dinobox.bots import make_bot
from dinobox.cli.app import app
from dinobox.engine.runner import play_game

runner = CliRunner()

# (game, players, actions kept: a whole game for Dino Race, the opening of the longer games)
GAMES = (("dino-race", 2, None), ("trex-island", 2, 90), ("dinosaur-rush", 3, 250), ("pangaea", 2, 90))


def save_record(tmp_path: Path, game_id: str, players: int, cut: int | None, seed: int = 5) -> Path:
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    play_game(state, [make_bot("heuristic", seed + i) for i in range(players)], seed=seed, max_actions=cut)
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(state.to_record()))
    return path


@pytest.mark.parametrize(("game_id", "players", "cut"), GAMES)
def test_analyse_reports_every_decision_and_a_summary(tmp_path: Path, game_id: str, players: int, cut: int) -> None:
    record = save_record(tmp_path, game_id, players, cut)
    out = tmp_path / "analysis.json"
    result = runner.invoke(app, ["analyse", str(record), "--seat", "1", "--iterations", "3", "--json", str(out)])
    assert result.exit_code == 0, result.output
    title = dinobox.load_game(game_id, players=players).title
    assert f"Analysis of {title}" in result.output
    assert "Summary:" in result.output and "decisions judged" in result.output
    data = json.loads(out.read_text())
    assert set(data) == {"game", "seat", "decisions", "win_chance"}
    assert data["game"] == game_id and data["seat"] == 1
    assert data["decisions"], "the seat had choices to judge"
    for decision in data["decisions"]:
        assert set(decision) == {
            "move",
            "chosen",
            "chosen_text",
            "best",
            "best_text",
            "win_chance_chosen",
            "win_chance_best",
            "uncertainty",
        }
        assert decision["chosen_text"] in result.output.replace("\n", " ") or len(decision["chosen_text"]) > 20
    assert len(data["win_chance"]) >= len(data["decisions"])
    costly = [d for d in data["decisions"] if d["win_chance_best"] - d["win_chance_chosen"] > 0.10]
    assert result.output.count("✗ -") == len(costly)
    assert f"{len(costly)} lost more than 10%" in result.output


def test_the_same_seed_gives_the_same_analysis(tmp_path: Path) -> None:
    record = save_record(tmp_path, "dino-race", 2, 100)
    args = ["analyse", str(record), "--seat", "0", "--iterations", "4", "--seed", "3"]
    assert runner.invoke(app, args).output == runner.invoke(app, args).output


def test_a_seconds_budget(tmp_path: Path) -> None:
    record = save_record(tmp_path, "dino-race", 2, 60)
    result = runner.invoke(app, ["analyse", str(record), "--seat", "0", "--seconds", "0.5"])
    assert result.exit_code == 0, result.output
    assert "seconds=0.5" in result.output


def test_hostile_input_gets_one_clear_line_and_exit_code_2(tmp_path: Path) -> None:
    record = save_record(tmp_path, "dino-race", 2, 40)
    data = json.loads(record.read_text())
    (tmp_path / "not.json").write_text("{nope")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "illegal.json").write_text(json.dumps({**data, "history": [*data["history"], 99999]}))
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    cases = [
        ([str(tmp_path / "missing.json"), "--seat", "0"], "cannot read"),
        ([str(tmp_path / "not.json"), "--seat", "0"], "is not JSON"),
        ([str(tmp_path / "binary.json"), "--seat", "0"], "not a text file"),
        ([str(tmp_path / "list.json"), "--seat", "0"], "a record is a JSON object"),
        ([str(tmp_path / "illegal.json"), "--seat", "0"], "is illegal there"),
        ([str(record), "--seat", "2"], "--seat must be 0..1"),
        ([str(record), "--seat", "-1"], "--seat must be 0..1"),
        ([str(record), "--seat", "0", "--iterations", "0"], "iterations must be"),
        ([str(record), "--seat", "0", "--seconds", "-2"], "seconds must be"),
        ([str(record), "--seat", "0", "--seconds", "nan"], "seconds must be"),
        ([str(record), "--seat", "0", "--seconds", "1", "--iterations", "5"], "not both"),
        ([str(record), "--seat", "0", "--json", str(tmp_path / "no" / "x.json")], "does not exist"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["analyse", *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)
        assert result.output.strip().startswith("error:"), result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    for bad_seat in ("x", ""):
        result = runner.invoke(app, ["analyse", str(record), "--seat", bad_seat])
        assert result.exit_code == 2
        assert "--seat" in result.output
