"""The simulator's arithmetic and its game rows."""

from __future__ import annotations

import pytest

from dinobox.simulate import SimConfig, play_one, run_simulation, wilson
from dinobox.simulate.output import doubled
from dinobox.simulate.stats import summarize


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_doubled_budget() -> None:
    assert doubled("ismcts:iterations=50") == "ismcts:iterations=100"
    assert doubled("ismcts:seconds=1,playout=random") == "ismcts:seconds=2,playout=random"
    assert doubled("ismcts") == "ismcts:iterations=1000"


def test_seats_rotate_and_rows_are_reproducible() -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random", "random"), games=3, seed=5, players=3)
    game = config.build_game()
    rows = [play_one(config, game, i) for i in range(3)]
    assert [r["seats"].index("heuristic") for r in rows] == [0, 2, 1]
    again = play_one(config, game, 1)
    assert again == rows[1]
    for row in rows:
        assert row["decisions"] >= row["choice_decisions"] > 0
        assert sum(row["actions"].values()) == row["decisions"]
        assert abs(sum(row["returns"]) - 1) < 1e-9


def test_summary_measures() -> None:
    run = run_simulation(SimConfig(game="dino-race", bots=("random",), games=4, seed=1, players=2))
    summary = summarize(run.rows, 2)
    assert summary["games"] == 4
    assert summary["bots"][0]["games"] == 8  # one spec in both seats: seat-games
    assert 0 <= summary["balance"] <= 1
    assert summary["expected_win_rate"] == 0.5
    assert summary["length"]["turns"]["min"] <= summary["length"]["turns"]["mean"]
    assert abs(sum(a["share"] for a in summary["actions"].values()) - 1) < 1e-3
    assert abs(sum(summary["actions_by_bot"]["random"].values()) - 1) < 1e-3
