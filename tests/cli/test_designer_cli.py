"""The designer's command line keeps its word: the README's commands run as written (with fewer
games), one ``--bots`` meaning, and bad paths or missing extras refused before any game."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.engine.data import describe_fields
from dinobox.engine.registry import game_class, game_ids

runner = CliRunner()
README = Path(__file__).resolve().parents[2] / "README.md"
FEWER = {"--games": "4", "--trials": "2"}


def designer_commands() -> list[list[str]]:
    text = README.read_text()
    block = text[text.index("Designers (needs") :]
    block = block[block.index("```sh") + 5 : block.index("```", block.index("```sh") + 5)]
    commands = []
    for line in block.strip().splitlines():
        words = shlex.split(line.split("  #")[0])
        assert words[0] == "dinobox", line
        words = words[1:]
        for i, word in enumerate(words[:-1]):
            if word in FEWER:
                words[i + 1] = FEWER[word]
        commands.append(words)
    return commands


def test_the_readme_designer_commands_run_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = designer_commands()
    assert any(c[0] == "tune" for c in commands) and any("--compare" in c for c in commands)
    for words in commands:
        result = runner.invoke(app, words)
        assert result.exit_code == 0, (words, result.output)
    assert (tmp_path / "runs" / "compare" / "compare.html").is_file()
    summary = json.loads((tmp_path / "runs" / "base" / "summary.json").read_text())
    assert summary["bots_given"] == ["heuristic", "random", "heuristic", "heuristic"]
    assert (tmp_path / "runs" / "tune" / "tune.html").is_file()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_bots_entries_are_players_and_missing_seats_are_heuristic(tmp_path: Path) -> None:
    result = run(
        "simulate",
        "dino-race",
        "--bots",
        "random,random,random",
        "--games",
        "1",
        "--no-report",
        "--out",
        str(tmp_path / "a"),
    )
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "a" / "summary.json").read_text())["players"] == 3
    result = run("play", "dino-race", "--bots", "random,random,random", "--seed", "2")
    assert result.exit_code == 0 and "3 players" in result.output and "seats: random, random, random" in result.output
    result = run("play", "dino-race", "--players", "3", "--bots", "random", "--seed", "2")
    assert result.exit_code == 0 and "seats: random, heuristic, heuristic" in result.output
    result = run("simulate", "dino-race", "--bots", "random", "--games", "1", "--out", str(tmp_path / "b"))
    assert result.exit_code != 0 and "--players N" in " ".join(result.output.split())


def test_outputs_are_checked_before_any_game(tmp_path: Path) -> None:
    afile = tmp_path / "file.txt"
    afile.write_text("x")
    result = run("simulate", "dino-race", "--bots", "random,random", "--games", "500", "--out", str(afile))
    assert result.exit_code != 0 and "is a file" in result.output and "games/s" not in result.output
    result = run("play", "dino-race", "--bots", "random,random", "--save", str(tmp_path / "no" / "game.json"))
    assert result.exit_code != 0 and "does not exist" in result.output and "Final scores" not in result.output
    result = run("play", "dino-race", "--bots", "random,random", "--save", str(tmp_path))
    assert result.exit_code != 0 and "is a folder" in result.output and "Final scores" not in result.output


def test_a_missing_extra_is_named_before_any_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = run("simulate", "dino-race", "--bots", "random,random", "--games", "3", "--out", str(tmp_path / "o"))
    assert result.exit_code != 0 and "pip install 'dinobox[sim]'" in result.output
    assert not (tmp_path / "o").exists()


def test_resume_never_drops_games_and_a_run_is_not_replaced_silently(tmp_path: Path) -> None:
    out = str(tmp_path / "run")
    common = ["simulate", "dino-race", "--bots", "heuristic,random", "--seed", "4", "--no-report", "--out", out]
    assert run(*common, "--games", "4").exit_code == 0
    before = (tmp_path / "run" / "summary.json").read_text()
    result = run(*common, "--games", "2", "--resume")
    assert result.exit_code != 0 and "would drop 2 of them" in " ".join(result.output.split())
    result = run(*common, "--games", "4")
    assert result.exit_code != 0 and "--overwrite replaces it" in " ".join(result.output.split())
    assert (tmp_path / "run" / "summary.json").read_text() == before
    result = run(*common, "--games", "2", "--overwrite")
    assert result.exit_code == 0 and json.loads((tmp_path / "run" / "summary.json").read_text())["games"] == 2


@pytest.mark.parametrize("gid", game_ids())
def test_data_lists_every_field_with_type_default_and_meaning(gid: str) -> None:
    result = run("data", gid, "--json")
    assert result.exit_code == 0, result.output
    listed = json.loads(result.output)["data"]
    fields = describe_fields(game_class(gid).default_data)
    assert [f["name"] for f in listed] == [f.name for f in fields]
    assert all(f["type"] and f["meaning"] for f in listed)
    table = runner.invoke(app, ["data", gid], terminal_width=80)
    assert table.exit_code == 0 and all(f.name in table.output for f in fields[:3])


def test_data_meanings_come_from_the_data_class_comments() -> None:
    meanings = {f.name: f.meaning for f in describe_fields(game_class("dino-race").default_data)}
    assert "pair" in meanings["pair_bonus"] and meanings["team_hand_size"].startswith("(the note on hand_size:)")


def test_games_does_not_truncate_options_at_80_columns() -> None:
    result = runner.invoke(app, ["games"], terminal_width=80)
    assert result.exit_code == 0 and "…" not in result.output
    flat = re.sub(r"\s+", "", result.output)
    for gid in game_ids():
        for spec in game_class(gid).option_specs:
            assert spec.name.replace("_", "-") in flat or spec.name in flat


def test_compare_refuses_other_player_counts_and_leads_with_what_matters(tmp_path: Path) -> None:
    for name, bots in (("two", "heuristic,random"), ("two_b", "heuristic,random"), ("three", "random,random,random")):
        result = run(
            "simulate", "dino-race", "--bots", bots, "--games", "2", "--no-report", "--out", str(tmp_path / name)
        )
        assert result.exit_code == 0, result.output
    result = run("simulate", "--compare", str(tmp_path / "two"), str(tmp_path / "three"))
    assert result.exit_code != 0 and "same player count" in " ".join(result.output.split())
    result = run("simulate", "--compare", str(tmp_path / "two"), str(tmp_path / "two_b"))
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert text.index("Seat effect A") < text.index("No difference is significant") < text.index("every difference")
    assert "games" in text.split("To see a 0.05 change")[1]
