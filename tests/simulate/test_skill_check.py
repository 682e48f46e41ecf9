"""`simulate --skill-check N`: the ladder strong > heuristic > random under the changed rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.simulate import SimConfig, probes
from dinobox.simulate.documents import GameRow, ProbeCheck, ProbeRow
from dinobox.simulate.probes import probe_check, probe_plan, probe_sentence, probe_wins, probed_levels, verdict
from dinobox.simulate.skill import ladder_sentence, skill_check

runner = CliRunner()


def test_the_ladder_is_played_under_the_changed_rules_and_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # master with one playout plays the strong policy's move unsearched: the check's plumbing at hard's cost
    monkeypatch.setitem(probes.SEARCH_BUDGETS, "master", "master:iterations=1")
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--games", "2", "--players", "2", "--set", "hand_size=4", "--no-report"]
    result = runner.invoke(app, [*args, "--skill-check", "30", "--probe-games", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    check = json.loads((out / "summary.json").read_text())["skill_check"]
    assert [(s["stronger"], s["weaker"], s["games"]) for s in check["steps"]] == [
        ("strong", "heuristic", 30),
        ("heuristic", "random", 30),
    ]
    assert check["steps"][1]["verdict"] == "holds"  # the heuristic beats random by far
    assert "Skill check:" in " ".join(result.output.split())
    found = check["probes"]
    assert found["levels"] == ["medium", "hard", "master:iterations=1"]
    met = {(row["probe"], row["level"]) for row in found["rows"]}
    assert {("probe:first", "medium"), ("probe:greedy", "hard"), ("probe:prefer=move", "master:iterations=1")} <= met
    assert all(row["games"] == 2 and row["fair"] == 0.5 for row in found["rows"])
    assert "Exploit probes" in " ".join(result.output.split())


def test_a_step_the_games_cannot_tell_is_not_called_a_hold() -> None:
    config = SimConfig(game="dino-race", bots=("random",), games=1, seed=2, players=2)
    check = skill_check(config, 2, probe_games=0)
    assert [s["verdict"] for s in check["steps"]] == ["not shown", "not shown"] and not check["holds"]
    assert check["probes"] is None
    assert "strong vs heuristic" in ladder_sentence(check)


def test_a_probe_exploits_a_level_only_when_clearly_above_fair_share_plus_the_margin() -> None:
    assert verdict(90, 100, 0.5) == "exploits"  # interval about [0.83, 0.95]
    assert verdict(62, 100, 0.5) == "ahead"  # above 0.5, not clearly above 0.55
    assert verdict(56, 100, 0.5) == "no edge"
    assert verdict(50, 100, 1 / 3) == "exploits"


def _row(seats: list[str], winners: list[int]) -> GameRow:
    returns = [1 / len(winners) if s in winners else 0.0 for s in range(len(seats))]
    n = len(seats)
    return GameRow(
        index=0,
        seed=0,
        seats=seats,
        scores=[0] * n,
        winners=winners,
        returns=returns,
        turns=1,
        decisions=1,
        choice_decisions=1,
        lead_changes=0,
        margin=0,
        capped=False,
        actions={},
        seat_actions=[{}] * n,
    )


def test_a_game_nobody_won_counts_for_neither_side() -> None:
    # Pangaea ends with no winner when no Shelter survives: against its own level a probe would
    # otherwise sit below 1 / players, and a head-to-head edge could pass for a fair share
    probe, level = "probe:first", "medium"
    rows = [
        _row([probe, level], [0]),
        _row([level, probe], [1]),
        _row([probe, level], [1]),
        _row([level, probe], []),
        _row([probe, level], [0, 1]),
    ]
    assert probe_wins(rows, probe) == (2.5, 4)


def test_the_probe_sentence_names_the_exploits() -> None:
    row: ProbeRow = {
        "probe": "probe:prefer=draw",
        "level": "medium",
        "games": 100,
        "decided": 100,
        "win_rate": 0.7,
        "ci95": [0.65, 0.75],
        "fair": 0.5,
        "verdict": "exploits",
    }
    check: ProbeCheck = {
        "levels": ["medium", "hard"],
        "margin": 0.05,
        "rows": [row],
        "exploits": [row],
        "interrupted": False,
    }
    assert "probe:prefer=draw beats medium 0.700" in probe_sentence(check)
    assert "none above" in probe_sentence({**check, "exploits": []})


def test_every_lobby_level_from_medium_up_is_probed_searching_ones_with_a_budget_in_playouts() -> None:
    """``master`` thinks a CPU-second a move in the lobby; the check plays it with a fixed number
    of playouts a decision, so a check reproduces and its cost does not depend on the machine."""
    assert probed_levels() == ("medium", "hard", "master:iterations=16")
    config = SimConfig(game="dino-race", bots=("random",), games=1, seed=2, players=2)
    plan = probe_plan(config)
    assert {level for _, level in plan} == set(probed_levels())
    assert len(plan) == 3 * len({probe for probe, _ in plan})


def test_a_probe_plays_the_searching_level_at_its_budget() -> None:
    config = SimConfig(game="dino-race", bots=("random",), games=1, seed=3, players=2)
    check = probe_check(config, 1, plan=[("probe:first", "master:iterations=16")])
    assert [(r["probe"], r["level"], r["games"]) for r in check["rows"]] == [("probe:first", "master:iterations=16", 1)]
