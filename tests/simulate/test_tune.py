"""``dinobox tune``: parameters, objectives, seeded trials and the report."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.engine.errors import DinoboxError
from dinobox.simulate.stats import describe, summarize
from dinobox.simulate.tune import parse_objective, parse_param

runner = CliRunner()


def test_params_are_options_or_data_ranges_or_choices() -> None:
    hand = parse_param("hand_size=3..7", "dino-race")
    assert (hand.target, hand.kind, hand.low, hand.high) == ("data", "int", 3, 7)
    prizes = parse_param("prize_values=[1,2,3,4,5,6,1,2,3,4,5,6]|[2,2,3,3,4,4,2,2,3,3,4,4]", "dino-race")
    assert prizes.kind == "choice" and prizes.choices[1] == [2, 2, 3, 3, 4, 4, 2, 2, 3, 3, 4, 4]
    length = parse_param("length=20..40", "pangaea")
    assert (length.target, length.kind) == ("option", "int")
    ranges = parse_param("teams=true|false", "dino-race")
    assert ranges.choices == (True, False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nope=1..3", "no option or component data"),
        ("hand_size=7..3", "from low to high"),
        ("hand_size=1.5..3", "whole numbers"),
        ("hand_size=4", "at least two choices"),
        ("cards=1..3", "not a number"),
        ("lava_drops=0..22", "only what players see"),
    ],
)
def test_bad_params_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(DinoboxError, match=message):
        parse_param(text, "dino-race")


def test_objectives() -> None:
    mix = parse_objective("2*balance+0.5*length=40+runaway")
    assert mix.terms == ((2.0, "balance", None), (0.5, "length", 40.0), (1.0, "runaway", None))
    summary = summarize([], 2)
    summary["balance"] = 0.8
    summary["length"]["turns"] = describe([50.0])
    summary["decisiveness"] = describe([0.3])
    loss, parts = mix.loss(summary)
    assert parts == pytest.approx({"balance": 0.2, "length": 0.25, "runaway": 0.3})
    assert loss == pytest.approx(2 * 0.2 + 0.5 * 0.25 + 0.3)
    for bad in ("fun", "length", "length=-3", "x*balance", "balance=2"):
        with pytest.raises(DinoboxError):
            parse_objective(bad)


TUNE = [
    "tune",
    "dino-race",
    "--bots",
    "heuristic,random",
    "--param",
    "hand_size=3..7",
    "--param",
    "pair_bonus=1|3|6",
    "--objective",
    "balance+0.1*length=30",
    "--trials",
    "3",
    "--games",
    "2",
    "--confirm",
    "4",
    "--seed",
    "4",
]


def test_same_seed_same_tuning_and_a_full_report(tmp_path: Path) -> None:
    first = runner.invoke(app, [*TUNE, "--out", str(tmp_path / "a")])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, [*TUNE, "--no-report", "--out", str(tmp_path / "b")])
    assert second.exit_code == 0, second.output
    a = json.loads((tmp_path / "a" / "tune.json").read_text())
    assert a == json.loads((tmp_path / "b" / "tune.json").read_text())
    assert len(a["trials"]) == 3
    assert a["trials"][0]["values"] == {"hand_size": 5, "pair_bonus": 3}  # the defaults come first
    assert a["importances"] == {} and not a["real_gain"]  # 2 games a trial: no gain survives the replay
    assert "No real gain" in first.output and "report:" not in second.output
    assert a["best"]["loss"] == min(t["loss"] for t in a["trials"])
    assert a["best_confirmed"]["games"] == 4 and a["default_confirmed"]["games"] == 4
    rows = list(csv.DictReader((tmp_path / "a" / "trials.csv").open()))
    assert [r["trial"] for r in rows] == ["0", "1", "2"] and "hand_size" in rows[0]
    page = (tmp_path / "a" / "tune.html").read_text()
    assert "Best settings" in page and "Every trial" in page and "tune_history.png" in page
    assert "Best settings" in first.output and "Not shown: the replay" in page
    assert "where a perfectly fair game" in page  # the noise band on the history plot


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "hand_size=-3..2"], "refused"),
        (["--param", "nope=1..2"], "no option or component data"),
        ([], "at least one --param"),
        (["--param", "hand_size=3..7", "--objective", "fun"], "not an objective"),
        (["--param", "hand_size=3..7", "--trials", "0"], "at least 1"),
        (["--param", "hand_size=3..7", "--backend", "spark"], "local or ray"),
    ],
)
def test_bad_tune_input_is_refused_before_any_trial(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = runner.invoke(app, ["tune", "dino-race", "--bots", "random,random", *args, "--out", str(out)])
    assert result.exit_code != 0
    assert message in " ".join(result.output.split())
    assert not out.exists()


def test_a_small_space_is_walked_as_a_grid_and_no_setting_is_played_twice(tmp_path: Path) -> None:
    args = ["tune", "dino-race", "--bots", "random,random", "--param", "hand_size=4..6", "--trials", "10"]
    result = runner.invoke(app, [*args, "--games", "2", "--confirm", "2", "--no-report", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    tuned = json.loads((tmp_path / "tune.json").read_text())
    assert tuned["sampler"] == "grid" and tuned["settings_in_space"] == 3
    assert sorted(t["values"]["hand_size"] for t in tuned["trials"]) == [4, 5, 6]


def test_tpe_repeats_are_answered_from_the_cache(tmp_path: Path) -> None:
    from dinobox.simulate import SimConfig
    from dinobox.simulate.tune import TuneSetup, run_tune

    base = SimConfig(game="dino-race", bots=("random", "random"), games=2, seed=1, players=2)
    params = [parse_param("hand_size=3..7", "dino-race"), parse_param("pair_bonus=1|3", "dino-race")]
    result = run_tune(TuneSetup(base, params, parse_objective("balance"), trials=9, confirm=2))
    settings = [json.dumps(t["values"], sort_keys=True) for t in result["trials"]]
    assert len(settings) == len(set(settings)) == 9 and result["sampler"] == "TPE"
    band = result["noise_band"]
    assert band is not None and band[0] < band[1]
