"""`dinobox simulate` end to end in a temporary directory (tiny runs)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app

runner = CliRunner()
FAST_ISMCTS = "ismcts:iterations=2,playout=random"
BOTS = f"heuristic,{FAST_ISMCTS}"


def simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def base_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sim") / "base"
    code, output = simulate(
        "dino-race",
        "--games",
        "6",
        "--players",
        "2",
        "--bots",
        BOTS,
        "--seed",
        "3",
        "--skill-trace",
        "2",
        "--out",
        str(out),
    )
    assert code == 0, output
    return out


def test_writes_summary_csv_and_report(base_run: Path) -> None:
    summary = json.loads((base_run / "summary.json").read_text())
    assert summary["games"] == 6
    assert [b["spec"] for b in summary["bots"]] == ["heuristic", FAST_ISMCTS]
    for entry in summary["bots"]:
        assert set(entry) >= {"spec", "games", "wins", "win_rate", "ci95"}
        assert entry["games"] == 6
        lo, hi = entry["ci95"]
        assert 0 <= lo <= entry["win_rate"] <= hi <= 1
    assert sum(b["wins"] for b in summary["bots"]) == pytest.approx(6)
    assert set(summary["timing"]) >= {"seconds", "games_per_second", "jobs"}
    assert summary["skill_trace"]["games"] == 2
    assert summary["skill_trace"]["strong"] == "ismcts:iterations=4,playout=random"
    with (base_run / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 6
    assert {"seed", "turns", "decisions", "winners", "bot_0", "bot_1", "score_0", "score_1"} <= set(rows[0])
    # Seats rotate: each bot sits in each seat equally often.
    assert [r["bot_0"] for r in rows] == ["heuristic", FAST_ISMCTS] * 3
    page = (base_run / "report.html").read_text()
    for png in (
        "win_rate_by_seat.png",
        "win_rate_by_bot.png",
        "length.png",
        "scores.png",
        "actions.png",
        "lead_changes.png",
        "skill_trace.png",
    ):
        assert png in page
        assert (base_run / png).stat().st_size > 1000


def test_same_seed_same_results_whatever_the_jobs(base_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "two_jobs"
    code, output = simulate(
        "dino-race",
        "--games",
        "6",
        "--players",
        "2",
        "--bots",
        BOTS,
        "--seed",
        "3",
        "--jobs",
        "2",
        "--no-report",
        "--out",
        str(out),
    )
    assert code == 0, output
    assert (out / "games.csv").read_text() == (base_run / "games.csv").read_text()
    a = json.loads((base_run / "summary.json").read_text())
    b = json.loads((out / "summary.json").read_text())
    for key in ("bots", "seats", "length", "scores", "actions", "balance"):
        assert a[key] == b[key]
    assert not (out / "report.html").exists()


def test_set_changes_component_data_and_compare_shows_both(base_run: Path, tmp_path: Path) -> None:
    out = tmp_path / "changed"
    code, output = simulate(
        "dino-race",
        "--games",
        "6",
        "--players",
        "2",
        "--bots",
        BOTS,
        "--seed",
        "3",
        "--set",
        "hand_size=9",
        "--set",
        "pair_bonus=5",
        "--no-report",
        "--out",
        str(out),
    )
    assert code == 0, output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["data_overrides"] == {"hand_size": 9, "pair_bonus": 5}
    code, output = simulate("--compare", str(base_run), str(out), "--out", str(tmp_path / "cmp"))
    assert code == 0, output
    assert "balance" in output and "heuristic win rate" in " ".join(output.split())
    page = (tmp_path / "cmp" / "compare.html").read_text()
    assert "data pair_bonus" in page and "cmp_seats.png" in page and "{&#x27;" not in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["dino-race", "--set", "hand_size=-1"], "must not be negative"),
        (["dino-race", "--set", "no_field=1"], "no component data 'no_field'"),
        (["dino-race", "--set", "cards=oops"], "must look like"),
        (["dino-race", "--bots", "random,random,random", "--players", "2"], "names 3 players but --players is 2"),
        (["dino-race", "--bots", "ismcts:width=2"], "no option 'width'"),
        (["dino-race", "--games", "0"], "at least 1"),
        (["dino-race", "--jobs", "0"], "at least 1"),
        (["dino-race", "--variant", "nope"], "no variant"),
        (["no-such-game"], "no game"),
    ],
)
def test_bad_input_gets_a_clear_error_and_writes_nothing(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, output = simulate(
        *args,
        "--games" if "--games" not in args else "--seed",
        "2" if "--games" not in args else "0",
        "--out",
        str(out),
    )
    assert code != 0
    assert message in " ".join(output.split())
    assert not (out / "summary.json").exists()


def test_compare_needs_two_runs(tmp_path: Path) -> None:
    code, output = simulate("--compare", str(tmp_path), str(tmp_path))
    assert code != 0 and "no summary.json" in output


def test_needs_an_output_directory() -> None:
    code, output = simulate("dino-race", "--games", "1")
    assert code != 0 and "--out" in output


def test_resume_extends_a_run_and_refuses_a_different_one(tmp_path: Path) -> None:
    out = tmp_path / "run"
    common = ["dino-race", "--players", "2", "--bots", "heuristic,random", "--no-report", "--out", str(out)]
    assert simulate(*common, "--games", "2", "--seed", "4")[0] == 0
    code, output = simulate(*common, "--games", "4", "--seed", "4", "--resume")
    assert code == 0 and "2 games already played, 2 to play" in " ".join(output.split())
    summary = (out / "summary.json").read_text()
    assert json.loads(summary)["games"] == 4
    code, output = simulate(*common, "--games", "6", "--seed", "5", "--resume")
    text = " ".join(output.split())
    assert code != 0 and "holds a different run: seed is 4 there and 5 here: give --seed 4 to continue it" in text
    assert "--overwrite (instead of --resume) to replace it" in text
    assert (out / "summary.json").read_text() == summary  # nothing changed
