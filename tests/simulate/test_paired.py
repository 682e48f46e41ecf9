"""Paired comparisons: runs that share --seed play the same deals, so --compare pairs their games
and uses paired tests; here their power against the unpaired tests on synthetic paired games."""

from __future__ import annotations

import statistics

import numpy as np

from dinobox.simulate import SimConfig, run_simulation
from dinobox.simulate.compare import compare_summaries, two_proportions, welch
from dinobox.simulate.documents import GameRow, RunSummary
from dinobox.simulate.paired import mcnemar, paired_t
from dinobox.simulate.stats import describe, summarize
from simulate.sim_helpers import run_summary

GAMES = 200
REPEATS = 200


def _deals(rng: np.random.Generator) -> tuple[list[float], list[float], list[float], list[float]]:
    """Seat 0's wins and the game lengths of A and B over the same deals: the deal decides most
    of both, and B's change adds 6 points of win rate and one turn."""
    deal = rng.random(GAMES)
    luck_a, luck_b = rng.normal(0, 0.08, GAMES), rng.normal(0, 0.08, GAMES)
    wins_a = (deal + luck_a < 0.40).astype(float)
    wins_b = (deal + luck_b < 0.46).astype(float)
    length = 30 + 12 * rng.standard_normal(GAMES)
    turns_a = length + rng.normal(0, 3, GAMES)
    turns_b = length + 1 + rng.normal(0, 3, GAMES)
    return wins_a.tolist(), wins_b.tolist(), turns_a.tolist(), turns_b.tolist()


def test_paired_tests_find_a_change_the_unpaired_ones_miss() -> None:
    rng = np.random.default_rng(7)
    found = {"McNemar": 0, "two proportions": 0, "paired t": 0, "Welch": 0}
    for _ in range(REPEATS):
        wins_a, wins_b, turns_a, turns_b = _deals(rng)
        pa, pb = statistics.fmean(wins_a), statistics.fmean(wins_b)
        found["McNemar"] += mcnemar(wins_a, wins_b) < 0.05
        found["two proportions"] += two_proportions(pa, GAMES, pb, GAMES)["p_value"] < 0.05
        found["paired t"] += paired_t(turns_a, turns_b)[0] < 0.05
        found["Welch"] += welch(describe(turns_a), describe(turns_b))["p_value"] < 0.05
    power = {name: hits / REPEATS for name, hits in found.items()}
    # Measured: McNemar 0.75 against 0.06, paired t 0.90 against 0.00. The unpaired tests treat
    # the two runs as independent, so the deal's noise, which cancels in the pairs, hides the change.
    assert power["McNemar"] > 0.6 > 0.15 > power["two proportions"]
    assert power["paired t"] > 0.8 > 0.1 > power["Welch"]


def test_paired_tests_keep_their_size_when_nothing_changed() -> None:
    rng = np.random.default_rng(8)
    false_alarms = 0
    for _ in range(REPEATS):
        deal = rng.random(GAMES)
        wins_a = (deal + rng.normal(0, 0.08, GAMES) < 0.4).astype(float).tolist()
        wins_b = (deal + rng.normal(0, 0.08, GAMES) < 0.4).astype(float).tolist()
        false_alarms += mcnemar(wins_a, wins_b) < 0.05
    assert false_alarms / REPEATS < 0.08


def _run(seed: int, hand: int) -> tuple[RunSummary, list[GameRow]]:
    config = SimConfig(game="dino-race", bots=("random",), games=12, seed=seed, players=2, data={"hand_size": hand})
    rows = run_simulation(config).rows
    return run_summary("dino-race", 2, summarize(rows, 2), seed), rows


def test_compare_pairs_runs_that_share_their_seed_and_says_so() -> None:
    (a, rows_a), (b, rows_b) = _run(3, 5), _run(3, 6)
    result = compare_summaries(a, b, games=(rows_a, rows_b))
    paired = result["paired"]
    assert paired is not None and paired["games"] == 12
    tests = {row["measure"]: row["test"] for row in result["rows"]}
    assert tests["seat 0 win rate"] == "McNemar (exact)" and tests["mean turns"] == "paired t"
    assert all("games_needed_unpaired" in row for row in result["rows"] if row["test"] == "paired t")
    saving = paired["saving"]
    assert saving is None or -1 < saving < 1
    (c, rows_c) = _run(4, 6)
    unpaired = compare_summaries(a, c, games=(rows_a, rows_c))
    assert unpaired["paired"] is None
    assert {row["test"] for row in unpaired["rows"]} == {"two-proportion z", "Welch t"}
