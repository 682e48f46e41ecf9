"""The terminal front end, driven as a user would (Typer's CliRunner)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dinobox.cli.app import app

runner = CliRunner()


def test_games_lists_every_registered_game() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "dino-race" in result.output and "Dino Race" in result.output


def test_play_with_only_bots_runs_to_the_end_and_saves_a_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "dino-race", "--players", "3", "--bots", "random,random,random", "--seed", "4", "--save", str(record)],
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output and " wins" in result.output
    data = json.loads(record.read_text())
    assert data["game"] == "dino-race" and data["players"] == 3 and data["history"]
    replay = runner.invoke(app, ["replay", str(record)])
    assert replay.exit_code == 0, replay.output
    assert "Final scores" in replay.output


def test_play_is_reproducible_with_a_seed() -> None:
    args = ["play", "dino-race", "--players", "2", "--bots", "random,random", "--seed", "9"]
    assert runner.invoke(app, args).output == runner.invoke(app, args).output


def test_play_variants_from_the_command_line() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            "dino-race",
            "--players",
            "4",
            "--variant",
            "teams",
            "--bots",
            "random,random,random,random",
            "--seed",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    bots = "random,random,random,random"
    result = runner.invoke(app, ["play", "dino-race", "--variant", "double-match", "--bots", bots, "--seed", "1"])
    assert result.exit_code == 0 and "Race 2 begins" in result.output


def test_a_human_seat_is_prompted_and_bad_input_is_refused_with_the_reason() -> None:
    # seat 0 is human: answer with nonsense, an out-of-range number, then the last choice (roll) forever
    answers = "\n".join(["banana", "999"] + ["1"] * 400) + "\n"
    result = runner.invoke(
        app, ["play", "dino-race", "--players", "2", "--bots", "human,random", "--seed", "2"], input=answers
    )
    assert "'banana' is not a choice" in result.output
    assert "'999' is not a choice" in result.output
    assert "Your hand:" in result.output
    assert "your choice:" in result.output


def test_bad_command_lines_get_clear_errors() -> None:
    cases = [
        (["play", "no-such-game"], "no game 'no-such-game'"),
        (["play", "dino-race", "--players", "9"], "2 to 4 players"),
        (["play", "dino-race", "--variant", "flying"], "no variant 'flying'"),
        (["play", "dino-race", "--bots", "random,wizard"], "no bot 'wizard'"),
        (["play", "dino-race", "--players", "2", "--bots", "random,random,random"], "names 3 players but"),
        (["play", "dino-race", "--option", "teams=maybe"], "true or false"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_replay_refuses_bad_files(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert "is not JSON" in runner.invoke(app, ["replay", str(bad)]).output
    bad.write_text(json.dumps({"format": 1, "game": "dino-race", "players": 2, "history": [999]}))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "history[0]" in result.output
