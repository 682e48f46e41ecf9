"""`simulate --skill-check N`: the ladder strong > heuristic > random under the changed rules."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.simulate import SimConfig
from dinobox.simulate.skill import ladder_sentence, skill_check

runner = CliRunner()


def test_the_ladder_is_played_under_the_changed_rules_and_reported(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--games", "2", "--players", "2", "--set", "hand_size=4", "--no-report"]
    result = runner.invoke(app, [*args, "--skill-check", "30", "--out", str(out)])
    assert result.exit_code == 0, result.output
    check = json.loads((out / "summary.json").read_text())["skill_check"]
    assert [(s["stronger"], s["weaker"], s["games"]) for s in check["steps"]] == [
        ("strong", "heuristic", 30),
        ("heuristic", "random", 30),
    ]
    assert check["steps"][1]["verdict"] == "holds"  # the heuristic beats random by far
    assert "Skill check:" in " ".join(result.output.split())


def test_a_step_the_games_cannot_tell_is_not_called_a_hold() -> None:
    config = SimConfig(game="dino-race", bots=("random",), games=1, seed=2, players=2)
    check = skill_check(config, 2)
    assert [s["verdict"] for s in check["steps"]] == ["not shown", "not shown"] and not check["holds"]
    assert "strong vs heuristic" in ladder_sentence(check)
