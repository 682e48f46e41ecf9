"""The designer's statistics: seat test, balance interval and fair reference, the tests and the
correction behind ``--compare``, and the games needed to see an effect."""

from __future__ import annotations

import math
import random

import pytest
from scipy import stats

from dinobox.engine.errors import DinoboxError
from dinobox.simulate.compare import (
    compare_summaries,
    games_for_means,
    games_for_rates,
    holm,
    two_proportions,
    welch,
)
from dinobox.simulate.documents import GameRow, RunSummary
from dinobox.simulate.stats import balance_interval, describe, fair_balance, seat_test, summarize
from simulate.sim_helpers import game_row, run_summary


def rows_with_winners(winners: list[int], players: int) -> list[GameRow]:
    return [game_row(returns=[1.0 if s == w else 0.0 for s in range(players)]) for w in winners]


def test_seat_test_finds_a_first_player_edge_and_not_a_fair_split() -> None:
    rng = random.Random(1)
    fair = rows_with_winners([rng.randrange(3) for _ in range(300)], 3)
    biased = rows_with_winners([0 if rng.random() < 0.5 else rng.randrange(3) for _ in range(300)], 3)
    assert not seat_test(fair, 3)["significant"]
    result = seat_test(biased, 3)
    assert result["significant"] and result["dof"] == 2
    counts = [sum(r["returns"][s] for r in biased) for s in range(3)]
    assert result["p_value"] == pytest.approx(stats.chisquare(counts).pvalue, rel=1e-3, abs=1e-6)


def test_fair_balance_rises_with_games_and_the_interval_brackets_balance() -> None:
    small, large = fair_balance(40, 4), fair_balance(1000, 4)
    assert small["median"] < large["median"] < 1
    assert small["median"] == pytest.approx(0.85, abs=0.03)  # the 0.85 at 40 games
    assert large["median"] == pytest.approx(0.97, abs=0.01)  # and 0.97 at 1,000
    rng = random.Random(2)
    rows = rows_with_winners([rng.randrange(2) for _ in range(200)], 2)
    lo, hi = balance_interval(rows, 2)
    rate = sum(r["returns"][0] for r in rows) / 200
    balance = 1 - abs(2 * rate - 1)
    assert lo <= balance <= hi and hi - lo > 0.05


def test_two_proportions_matches_a_chi_square_test_of_the_table() -> None:
    result = two_proportions(0.40, 200, 0.52, 200)
    table = [[80, 120], [104, 96]]
    expected = stats.chi2_contingency(table, correction=False).pvalue
    assert result["p_value"] == pytest.approx(expected, rel=1e-6)
    lo, hi = result["ci95"]
    assert result["diff"] == pytest.approx(0.12) and lo < 0.12 < hi


def test_welch_matches_scipy_on_raw_games() -> None:
    rng = random.Random(4)
    a = [rng.gauss(30, 5) for _ in range(50)]
    b = [rng.gauss(33, 8) for _ in range(70)]
    result = welch(describe(a), describe(b))
    expected = stats.ttest_ind(b, a, equal_var=False)
    assert result["p_value"] == pytest.approx(expected.pvalue, rel=1e-2)
    lo, hi = expected.confidence_interval()
    assert result["ci95"] == pytest.approx([lo, hi], rel=1e-2)


def test_holm_step_down() -> None:
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([]) == []


def test_games_needed_for_an_effect() -> None:
    # 50% vs 55% at 80% power and 5% two-sided: the textbook 1,565 per group.
    assert games_for_rates(0.5, 0.55) == 1565
    assert games_for_rates(0.5, 0.5) is None
    assert games_for_rates(0.3333, 0.33332) is None  # a zero difference at the table's precision
    assert games_for_means(0.0001, 3.0, 3.0) is None
    assert games_for_means(1.0, 2.0, 2.0) == math.ceil((1.959964 + 0.841621) ** 2 * 8)


def _summary(game: str, players: int, rows: list[GameRow]) -> RunSummary:
    return run_summary(game, players, summarize(rows, players))


def test_compare_refuses_different_games_or_player_counts() -> None:
    from dinobox.simulate import SimConfig, run_simulation

    two = run_simulation(SimConfig(game="dino-race", bots=("random",), games=2, seed=1, players=2)).rows
    three = run_simulation(SimConfig(game="dino-race", bots=("random",), games=2, seed=1, players=3)).rows
    with pytest.raises(DinoboxError, match="same game"):
        compare_summaries(_summary("dino-race", 2, two), _summary("trex-island", 2, two))
    with pytest.raises(DinoboxError, match="same player count"):
        compare_summaries(_summary("dino-race", 2, two), _summary("dino-race", 3, three))
    result = compare_summaries(_summary("dino-race", 2, two), _summary("dino-race", 2, two))
    assert not any(r["significant"] for r in result["rows"])
    measures = {r["measure"] for r in result["rows"]}
    assert {"seat 0 win rate", "mean turns", "mean branching factor", "mean decisiveness"} <= measures
