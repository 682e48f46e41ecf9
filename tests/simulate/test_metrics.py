"""Designers' own metrics: a small plug-in module named with --metric sees every step and shows up
in games.csv, summary.json and report.html; the built-in metrics come with every run."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app

runner = CliRunner()
PLUGIN = '''
class Decisions:
    """Counts the players' decisions and the chance events of a game."""

    def __init__(self, game):
        self.players = game.num_players
        self.decisions = 0
        self.chance = 0

    def step(self, state, player, action):
        if player >= 0:
            self.decisions += 1
        else:
            self.chance += 1

    def end(self, state):
        return {"decisions": self.decisions, "chance_events": self.chance}
'''


def test_a_metric_from_a_small_plug_in_appears_in_the_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_metrics.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--games", "3", "--players", "2", "--bots", "random,random"]
    result = runner.invoke(app, [*args, "--metric", "my_metrics:Decisions", "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text()
    assert "Designer metrics (my_metrics:Decisions)" in page and "Decisions.chance_events" in page
    assert "metric_Decisions.decisions.png" in page and (out / "metric_Decisions.decisions.png").is_file()
    rows = list(csv.DictReader((out / "games.csv").open()))
    assert [float(r["Decisions.decisions"]) for r in rows] == [float(r["decisions"]) for r in rows]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["designer"]["custom"]["Decisions.decisions"]["n"] == 3


def test_built_in_metrics_score_by_source_usage_by_outcome_and_the_first_seat_edge(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner.invoke(
        app, ["simulate", "trex-island", "--games", "4", "--bots", "random,random", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    designer = json.loads((out / "summary.json").read_text())["designer"]
    assert set(designer["score_by_source"]) == {"teams", "trophies"}  # the game's own breakdown
    assert designer["usage_by_outcome"] and designer["cards_by_outcome"] and designer["first_seat_edge"]["rounds"]
    page = (out / "report.html").read_text()
    assert all(name in page for name in ("score_sources.png", "usage_outcome.png", "first_seat_edge.png"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [("nope_module:x", "cannot import"), ("zzz", "entry point"), ("builtins:id", "needs step(")],
)
def test_a_bad_metric_is_refused_before_any_game(spec: str, message: str, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", "dino-race", "--games", "2", "--metric", spec, "--out", str(tmp_path / "o")]
    )
    assert result.exit_code != 0 and message in " ".join(result.output.split())
    assert not (tmp_path / "o").exists()


def test_players_range_sweeps_the_counts_into_one_report(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    args = ["simulate", "dino-race", "--games", "2", "--players", "2..3", "--bots", "random", "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (out / "players-2" / "summary.json").is_file() and (out / "players-3" / "summary.json").is_file()
    page = (out / "report.html").read_text()
    assert "players-3/report.html" in page and "sweep.png" in page
    assert [s["players"] for s in json.loads((out / "sweep.json").read_text())["summaries"]] == [2, 3]
    bad = runner.invoke(app, [*args[:5], "2..x", "--out", str(tmp_path / "bad")])
    assert bad.exit_code != 0 and "a range such as 2..4" in bad.output


COUNTER = '''
GAMES = []


class Seen:
    """Counts the games it sees to their end."""

    def __init__(self, game):
        self.players = game.num_players

    def step(self, state, player, action):
        pass

    def end(self, state):
        GAMES.append(self.players)
        return {"seen": float(len(GAMES))}
'''


def test_a_metric_sees_each_game_of_a_run_once_and_a_resumed_run_only_its_new_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the run looks at its first games for degenerate settings before the progress bar: those are
    # the run's own games, kept, not played a second time (nor replayed when the run resumes)
    (tmp_path / "seen_metric.py").write_text(COUNTER)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--players", "2", "--bots", "random,random", "--metric", "seen_metric:Seen"]
    first = runner.invoke(app, [*args, "--games", "6", "--out", str(out)])
    assert first.exit_code == 0, first.output
    import seen_metric  # the plug-in module the run loaded

    assert len(seen_metric.GAMES) == 6
    assert len(list(csv.DictReader((out / "games.csv").open()))) == 6
    more = runner.invoke(app, [*args, "--games", "9", "--out", str(out), "--resume"])
    assert more.exit_code == 0, more.output
    assert len(seen_metric.GAMES) == 9
    assert json.loads((out / "summary.json").read_text())["timing"]["games_played_now"] == 3
