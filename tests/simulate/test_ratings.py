"""Ratings (``dinobox.ratings``): standings with ties and shared wins, OpenSkill updates, and the
simulator's bot ladder (``dinobox simulate --ratings``, ``dinobox ratings --runs``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.ratings import Ladder, Rating, bot_player, rate_game, standings
from dinobox.simulate.ratings import bot_ladder
from simulate.sim_helpers import game_row

runner = CliRunner()


def test_standings_rank_winners_first_then_scores_with_ties() -> None:
    assert standings([10, 7, 12], [2]) == [2, 3, 1]
    assert standings([10, 10, 3, 10], [0]) == [1, 2, 3, 2]  # a tie-break winner; the tied others share 2nd
    assert standings([9, 9, 4], [0, 1]) == [1, 1, 2]  # a shared win
    assert standings([5, 8, 1], []) == [1, 1, 1]  # everyone lost: a tie of all


def test_a_win_raises_and_a_loss_lowers_and_ties_move_together() -> None:
    new = rate_game(["a", "b", "c"], [1, 2, 2], {})
    assert new["a"].mu > 25 > new["b"].mu
    assert new["b"] == new["c"]
    assert all(r.games == 1 and r.sigma < 25 / 3 for r in new.values())
    even = rate_game(["a", "b"], [1, 1], {})
    assert even["a"].mu == pytest.approx(25) and even["a"].sigma < 25 / 3


def test_an_upset_moves_ratings_more_than_an_expected_result() -> None:
    strong, weak = Rating(35, 3, 40), Rating(15, 3, 40)
    expected = rate_game(["s", "w"], [1, 2], {"s": strong, "w": weak})
    upset = rate_game(["s", "w"], [2, 1], {"s": strong, "w": weak})
    assert abs(upset["s"].mu - 35) > abs(expected["s"].mu - 35)


def test_a_mirror_match_changes_nothing_and_repeated_seats_average() -> None:
    assert rate_game([bot_player("heuristic")] * 3, [1, 2, 3], {}) == {}
    new = rate_game(["h", "h", "r"], [1, 3, 2], {})
    assert set(new) == {"h", "r"} and new["h"].games == 1
    with pytest.raises(ValueError, match="places"):
        rate_game(["a", "b"], [1], {})


def test_the_bot_ladder_follows_the_rows() -> None:
    rows = [
        game_row(seats=["heuristic", "random"], scores=[10, 2], winners=[0]),
        game_row(seats=["random", "heuristic"], scores=[1, 9], winners=[1]),
    ]
    ladder = bot_ladder(rows)
    assert [r["spec"] for r in ladder] == ["heuristic", "random"]
    assert ladder[0]["games"] == 2 and ladder[0]["interval"][0] < ladder[0]["mu"] < ladder[0]["interval"][1]
    direct = Ladder()
    direct.add([bot_player("heuristic"), bot_player("random")], [1, 2])
    direct.add([bot_player("random"), bot_player("heuristic")], [2, 1])
    assert direct.table()[0]["mu"] == ladder[0]["mu"]


def test_simulate_ratings_reports_the_ladder_and_runs_pool(tmp_path: Path) -> None:
    outs = []
    for seed in (1, 2):
        out = tmp_path / f"run{seed}"
        args = ["simulate", "dino-race", "--games", "4", "--players", "2", "--bots", "heuristic,random"]
        result = runner.invoke(app, [*args, "--seed", str(seed), "--ratings", "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert "ratings by bot" in result.output
        summary = json.loads((out / "summary.json").read_text())
        assert [r["spec"] for r in summary["ratings"]] == ["heuristic", "random"]
        assert "Ratings (OpenSkill" in (out / "report.html").read_text()
        outs.append(str(out))
    result = runner.invoke(app, ["ratings", "dino-race", *outs])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "8" in result.output
    without = runner.invoke(
        app,
        [
            "simulate",
            "dino-race",
            "--games",
            "2",
            "--bots",
            "heuristic,random",
            "--no-report",
            "--players",
            "2",
            "--out",
            str(tmp_path / "plain"),
        ],
    )
    assert without.exit_code == 0 and "ratings" not in json.loads((tmp_path / "plain" / "summary.json").read_text())


def test_ratings_cli_refuses_bad_input(tmp_path: Path) -> None:
    for args, message in (
        (["ratings", "chess"], "no game 'chess'"),
        (["ratings", "dino-race", str(tmp_path)], "no summary.json"),
        (["ratings", "dino-race", "--db", f"sqlite:///{tmp_path / 'none.sqlite3'}"], "no store"),
        (["ratings", "dino-race", "--limit", "0"], "--limit"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code != 0 and message in result.output, result.output
    assert not (tmp_path / "none.sqlite3").exists()
