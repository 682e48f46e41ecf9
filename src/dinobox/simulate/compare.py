"""``--compare DIR_A DIR_B``: two simulation runs of the same game side by side, each difference
with a 95% interval and a p-value (two-proportion z-test for rates, Welch's t-test for means),
Holm's correction over all of them, and the games a run would need to see a given effect.
When both runs share ``--seed`` their games are paired and the tests are paired ones
(``dinobox.simulate.paired``).

Only runs of the same game and player count are compared: seat 2 of a 3-player game is not
seat 2 of a 4-player one.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypedDict

from dinobox.engine.errors import DinoboxError
from dinobox.simulate.documents import CompareRow, Comparison, Described, GameRow, RunSummary, Summary
from dinobox.simulate.formatting import show_value
from dinobox.simulate.paired import pair_rows, paired_row, pairing_saving
from dinobox.simulate.stats import MEASURES, measure_stats

ROWS_FILE = "rows.jsonl"
"""A run's games: every game's full row, one JSON object per line (``--resume`` continues it)."""

ALPHA = 0.05
POWER = 0.8


def load_summary(directory: Path) -> Summary:
    path = Path(directory) / "summary.json"
    if not path.is_file():
        raise DinoboxError(f"{directory} holds no summary.json (run `dinobox simulate ... --out {directory}` first)")
    try:
        summary: Summary = json.loads(path.read_text())  # trusted as written by dinobox once it passes below
    except json.JSONDecodeError as exc:
        raise DinoboxError(f"{path} is not valid JSON: {exc}") from None
    if not isinstance(summary, dict) or "games" not in summary or "bots" not in summary:
        raise DinoboxError(f"{path} is not a dinobox simulation summary")
    return summary


def check_comparable(a: RunSummary, b: RunSummary) -> None:
    """A ``DinoboxError`` if the two runs are of different games or player counts."""
    if a["game"] != b["game"]:
        raise DinoboxError(
            f"A is {a['game']} and B is {b['game']}: --compare sets two runs of the same game side by side"
        )
    if a["players"] != b["players"]:
        raise DinoboxError(
            f"A has {a['players']} players and B has {b['players']}: seats and win rates only compare at the "
            "same player count"
        )
    if "seat_test" not in a or "seat_test" not in b:
        raise DinoboxError("a run was written by an older dinobox (no seat test): simulate it again")


class _Test(TypedDict):
    diff: float
    ci95: list[float]
    p_value: float
    test: str


def two_proportions(pa: float, na: int, pb: float, nb: int) -> _Test:
    """Difference of two rates: B - A, its 95% (Wald) interval and the pooled z-test's p-value."""
    from scipy import stats

    d = pb - pa
    pooled = (pa * na + pb * nb) / (na + nb) if na + nb else 0.0
    se0 = math.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb)) if na and nb else 0.0
    se = math.sqrt(pa * (1 - pa) / na + pb * (1 - pb) / nb) if na and nb else 0.0
    p = float(2 * stats.norm.sf(abs(d) / se0)) if se0 > 0 else 1.0
    z = stats.norm.ppf(0.975)
    return {"diff": d, "ci95": [d - z * se, d + z * se], "p_value": p, "test": "two-proportion z"}


def welch(a: Described, b: Described) -> _Test:
    """Difference of two means (B - A) from their summaries: Welch's t-test and interval."""
    from scipy import stats

    d = b["mean"] - a["mean"]
    na, nb = a["n"], b["n"]
    if na < 2 or nb < 2:
        return {"diff": d, "ci95": [math.nan, math.nan], "p_value": 1.0, "test": "Welch t"}
    va, vb = a["sd"] ** 2 / na, b["sd"] ** 2 / nb
    if va + vb == 0:
        return {"diff": d, "ci95": [d, d], "p_value": 1.0 if d == 0 else 0.0, "test": "Welch t"}
    result = stats.ttest_ind_from_stats(b["mean"], b["sd"], nb, a["mean"], a["sd"], na, equal_var=False)
    df = (va + vb) ** 2 / (va**2 / (na - 1) + vb**2 / (nb - 1))
    half = stats.t.ppf(0.975, df) * math.sqrt(va + vb)
    return {"diff": d, "ci95": [d - half, d + half], "p_value": float(result.pvalue), "test": "Welch t"}


def holm(pvalues: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (family-wise error rate), in the input order."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def games_for_rates(pa: float, pb: float) -> int | None:
    """Games per run for an 80%-power two-sided test at 5% to see rates ``pa`` vs ``pb``."""
    from scipy import stats

    d = abs(pb - pa)
    if d < 5e-4:  # below what the table shows (three decimals): no effect to size
        return None
    za, zb = stats.norm.ppf(1 - ALPHA / 2), stats.norm.ppf(POWER)
    pbar = (pa + pb) / 2
    n = (za * math.sqrt(2 * pbar * (1 - pbar)) + zb * math.sqrt(pa * (1 - pa) + pb * (1 - pb))) ** 2 / d**2
    return max(2, math.ceil(n))


def games_for_means(d: float, sd_a: float, sd_b: float) -> int | None:
    """Games per run for an 80%-power Welch test at 5% to see a difference ``d`` of means."""
    from scipy import stats

    if abs(d) < 5e-4:
        return None
    za, zb = stats.norm.ppf(1 - ALPHA / 2), stats.norm.ppf(POWER)
    return max(2, math.ceil((za + zb) ** 2 * (sd_a**2 + sd_b**2) / d**2))


# The rates of a run's games compared as rates (0 in a summary written before they were).
RATES: tuple[tuple[str, Callable[[RunSummary], float]], ...] = (
    ("shared wins", lambda s: s.get("shared_win_rate", 0.0)),
    ("games nobody won", lambda s: s.get("no_winner_rate", 0.0)),
    ("games stopped at the turn cap", lambda s: s.get("capped_rate", 0.0)),
)


def _rate_row(label: str, pa: float, na: int, pb: float, nb: int) -> CompareRow:
    return {
        "measure": label,
        "kind": "rate",
        "a": pa,
        "b": pb,
        **two_proportions(pa, na, pb, nb),
        "games_needed": games_for_rates(pa, pb),
    }


def _rows(a: RunSummary, b: RunSummary) -> list[CompareRow]:
    na, nb = a["games"], b["games"]
    rows = [
        _rate_row(f"seat {s['seat']} win rate", s["win_rate"], na, t["win_rate"], nb)
        for s, t in zip(a["seats"], b["seats"], strict=True)
    ]
    bots_b = {x["spec"]: x for x in b["bots"]}
    for bot in a["bots"] if len(a["bots"]) > 1 else []:  # one bot in every seat: nothing to compare
        other = bots_b.get(bot["spec"])
        if other is not None:
            rows.append(
                _rate_row(f"{bot['spec']} win rate", bot["win_rate"], bot["games"], other["win_rate"], other["games"])
            )
    for label, rate in RATES:
        rows.append(_rate_row(label, rate(a), na, rate(b), nb))
    for key, label in MEASURES:
        sa, sb = measure_stats(a, key), measure_stats(b, key)
        if not sa or not sb or "sd" not in sa or "sd" not in sb or sa["mean"] is None or sb["mean"] is None:
            continue
        test = welch(sa, sb)
        rows.append(
            {
                "measure": f"mean {label}",
                "kind": "mean",
                "a": sa["mean"],
                "b": sb["mean"],
                **test,
                "games_needed": games_for_means(test["diff"], sa["sd"], sb["sd"]),
            }
        )
    return rows


def compare_summaries(
    a: RunSummary,
    b: RunSummary,
    effect: float = 0.05,
    games: tuple[list[GameRow], list[GameRow]] | None = None,
) -> Comparison:
    """Every difference B - A with interval, p-value, Holm-adjusted p-value and significance.
    ``games`` holds the two runs' game rows: when the runs share ``--seed`` the games are
    paired and so are the tests."""
    check_comparable(a, b)
    if not 0 < effect < 1:
        raise DinoboxError(f"--effect is a win-rate change between 0 and 1 (0.05 = 5 points), not {effect}")
    rows = _rows(a, b)
    pairs = pair_rows(a, b, *games) if games is not None else []
    if len(pairs) >= 2:
        rows = [paired_row(row, pairs) for row in rows]
    for row, adjusted in zip(rows, holm([r["p_value"] for r in rows]), strict=True):
        row["p_holm"] = adjusted
        row["significant"] = adjusted < ALPHA
    fair = a["expected_win_rate"]
    return {
        "a": a,
        "b": b,
        "rows": rows,
        "effect": effect,
        "games_for_effect": games_for_rates(fair, fair + effect),
        "setup": setup_changes(a, b),
        "paired": {"games": len(pairs), "saving": pairing_saving(rows)} if len(pairs) >= 2 else None,
    }


def load_rows(directory: Path) -> list[GameRow]:
    """The game rows of a run (rows.jsonl), or none if it has none."""
    path = Path(directory) / ROWS_FILE
    if not path.is_file():
        return []
    try:
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise DinoboxError(f"{path} is not valid JSON lines: {exc}") from None


def compare_runs(dir_a: Path, dir_b: Path, effect: float = 0.05) -> Comparison:
    games = (load_rows(dir_a), load_rows(dir_b))
    return compare_summaries(load_summary(dir_a), load_summary(dir_b), effect, games)


def setup_changes(a: Mapping[str, object], b: Mapping[str, object]) -> list[list[str]]:
    """(setting, A, B) for every setting that differs: options, data changes, bots, seed."""
    out: list[list[str]] = []
    options_a, options_b = _settings(a, "options"), _settings(b, "options")
    for key in sorted(set(options_a) | set(options_b)):
        va, vb = options_a.get(key), options_b.get(key)
        if va != vb:
            out.append([f"option {key}", show_value(va), show_value(vb)])
    da, db = _settings(a, "data_overrides"), _settings(b, "data_overrides")
    for key in sorted(set(da) | set(db)):
        if da.get(key) != db.get(key):
            out.append(
                [
                    f"data {key}",
                    show_value(da[key]) if key in da else "default",
                    show_value(db[key]) if key in db else "default",
                ]
            )
    for key, label in (("bots_given", "bots"), ("seed", "seed"), ("games", "games")):
        if a.get(key) != b.get(key):
            fmt = _bots if key == "bots_given" else show_value
            out.append([label, fmt(a.get(key)), fmt(b.get(key))])
    return out


def _settings(summary: Mapping[str, object], key: str) -> Mapping[str, object]:
    """A summary's options or data overrides (none in a summary without them)."""
    found = summary.get(key)
    return found if isinstance(found, dict) else {}


def _bots(value: object) -> str:
    return ", ".join(str(spec) for spec in value) if isinstance(value, list) else ", ".join(str(value))
