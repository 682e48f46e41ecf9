"""Paired tests for ``--compare`` when both runs share ``--seed``.

Game ``i`` of two runs with the same seed is dealt the same cards and dice (its seed depends on
the master seed and ``i`` only), so the two games differ by the change under test and by the
bots' choices, not by the deal. Comparing game ``i`` of A with game ``i`` of B removes the
deal's share of the noise: wins are compared with McNemar's exact test (the games won in one run
and not the other), means with the paired t-test (SciPy) on the per-game differences.

The pairing's gain is measured, not assumed: for each measure the variance of the per-game
differences is set against the variance two independent runs would have, and the games needed
for 80% power are given both ways.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence

from dinobox.simulate.documents import CompareRow, GameRow, MeasureKey, row_measure

Row = GameRow
Value = Callable[[Row], float | None]
ALPHA = 0.05
POWER = 0.8


def pair_rows(
    a: Mapping[str, object], b: Mapping[str, object], rows_a: Sequence[Row], rows_b: Sequence[Row]
) -> list[tuple[Row, Row]]:
    """Games of A and B dealt alike: the same master seed and the same game index (and so the
    same game seed). Empty when the runs do not share ``--seed``."""
    if a.get("seed") != b.get("seed"):
        return []
    by_index = {int(r["index"]): r for r in rows_b}
    return [(r, by_index[int(r["index"])]) for r in rows_a if _seed(by_index.get(int(r["index"]))) == r["seed"]]


def _seed(row: Row | None) -> int | None:
    return None if row is None else row.get("seed")


def _bot_value(spec: str) -> Value:
    def value(row: Row) -> float | None:
        seats = [s for s, name in enumerate(row["seats"]) if name == spec]
        return sum(row["returns"][s] for s in seats) / len(seats) if seats else None

    return value


def _seat_value(seat: int) -> Value:
    return lambda row: float(row["returns"][seat])


RATE_VALUES: dict[str, Value] = {
    "shared wins": lambda row: float(len(row["winners"]) > 1),
    "games nobody won": lambda row: float(not row["winners"] and not row["capped"]),
    "games stopped at the turn cap": lambda row: float(bool(row["capped"])),
}
MEAN_KEYS: dict[str, MeasureKey] = {
    "mean turns": "turns",
    "mean decisions": "decisions",
    "mean branching factor": "branching",
    "mean lead changes": "lead_changes",
    "mean winner's margin": "margin",
    "mean decisiveness": "decisiveness",
}


def value_of(measure: str) -> Value | None:
    """The per-game value behind a comparison row's measure (None: not a per-game measure)."""
    if measure in RATE_VALUES:
        return RATE_VALUES[measure]
    if measure in MEAN_KEYS:
        key = MEAN_KEYS[measure]
        return lambda row: row_measure(row, key)
    if measure.startswith("seat ") and measure.endswith(" win rate"):
        return _seat_value(int(measure.split()[1]))
    if measure.endswith(" win rate"):
        return _bot_value(measure.removesuffix(" win rate"))
    return None


def differences(pairs: Sequence[tuple[Row, Row]], value: Value) -> tuple[list[float], list[float]]:
    """The per-game values (A, B) of the games where both have one."""
    xs: list[float] = []
    ys: list[float] = []
    for row_a, row_b in pairs:
        x, y = value(row_a), value(row_b)
        if x is not None and y is not None:
            xs.append(x)
            ys.append(y)
    return xs, ys


def mcnemar(xs: Sequence[float], ys: Sequence[float]) -> float:
    """McNemar's exact test: among the games won in one run and not the other (shared wins
    count their share), is B's side as likely as A's? The p-value (two-sided)."""
    from scipy import stats

    gained = round(sum(max(0.0, y - x) for x, y in zip(xs, ys, strict=True)))
    lost = round(sum(max(0.0, x - y) for x, y in zip(xs, ys, strict=True)))
    if gained + lost == 0:
        return 1.0
    return float(stats.binomtest(gained, gained + lost, 0.5).pvalue)


def paired_t(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, list[float]]:
    """The paired t-test's p-value and the 95% interval of the mean difference B - A."""
    from scipy import stats

    diffs = [y - x for x, y in zip(xs, ys, strict=True)]
    mean = statistics.fmean(diffs)
    if len(diffs) < 2 or statistics.pvariance(diffs) == 0:
        return (1.0 if mean == 0 else 0.0), [mean, mean]
    result = stats.ttest_rel(ys, xs)
    ci = result.confidence_interval()
    return float(result.pvalue), [float(ci.low), float(ci.high)]


def games_needed(diff: float, variance: float) -> int | None:
    """Games for an 80%-power two-sided test at 5% to see ``diff`` with per-game variance
    ``variance`` of the compared quantity (paired: of the differences; unpaired: the sum)."""
    from scipy import stats

    if abs(diff) < 5e-4 or variance <= 0:  # below what the table shows: no effect to size
        return None
    z = stats.norm.ppf(1 - ALPHA / 2) + stats.norm.ppf(POWER)
    return max(2, math.ceil(z * z * variance / (diff * diff)))


def paired_row(row: CompareRow, pairs: Sequence[tuple[Row, Row]]) -> CompareRow:
    """``row`` (an unpaired comparison row) with its test replaced by the paired one."""
    value = value_of(row["measure"])
    if value is None:
        return row
    xs, ys = differences(pairs, value)
    if len(xs) < 2:
        return row
    diffs = [y - x for x, y in zip(xs, ys, strict=True)]
    diff = statistics.fmean(diffs)
    p, ci = paired_t(xs, ys)
    if row["kind"] == "rate":
        p = mcnemar(xs, ys)
    paired_var = statistics.variance(diffs)
    unpaired_var = statistics.variance(xs) + statistics.variance(ys)
    return {
        **row,
        "diff": diff,
        "ci95": ci,
        "p_value": p,
        "test": "McNemar (exact)" if row["kind"] == "rate" else "paired t",
        "paired_games": len(xs),
        "games_needed": games_needed(diff, paired_var),
        "games_needed_unpaired": games_needed(diff, unpaired_var),
        "variance_ratio": round(paired_var / unpaired_var, 4) if unpaired_var > 0 else None,
    }


def pairing_saving(rows: Sequence[CompareRow]) -> float | None:
    """The share of games the pairing saves for the same power (median over the measures)."""
    ratios = [ratio for r in rows if (ratio := r.get("variance_ratio")) is not None]
    return round(1 - statistics.median(ratios), 4) if ratios else None
