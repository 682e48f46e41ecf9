"""From game rows to the numbers a designer reads: win rates with 95% intervals, whether the
seat order matters, balance with its interval and its fair-game reference, lengths, scores,
choices, branching factor, decisiveness, lead changes and the mix of actions.

A win is credited as the seat's share of the game (``returns()``): an outright win counts 1,
a win shared by k seats counts 1/k each. ``wins`` is that sum; ``outright_wins`` counts only
sole wins. Intervals are 95%: Wilson score intervals for rates, simultaneous (Bonferroni)
Wilson intervals of the seats for balance, Student t for means. The statistics come from SciPy (``sim`` extra).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence

from dinobox.simulate.documents import (
    ActionShare,
    BotRate,
    Described,
    FairBalance,
    GameRow,
    MeasureKey,
    SeatRate,
    SeatTest,
    Stats,
    Undescribed,
    WinRate,
)

Z95 = 1.959963984540054
FAIR_SAMPLES = 4000  # simulated fair games per fair-balance reference
# Per-game measures with a mean worth comparing between runs (key in the row, label).
MEASURES: tuple[tuple[MeasureKey, str], ...] = (
    ("turns", "turns"),
    ("decisions", "decisions"),
    ("branching", "branching factor"),
    ("lead_changes", "lead changes"),
    ("margin", "winner's margin"),
    ("decisiveness", "decisiveness"),
)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def describe(values: Sequence[float]) -> Described:
    """Mean (with its 95% t interval), sd, n, median, extremes and 10th/90th percentiles."""
    if not values:
        return {
            "n": 0,
            "mean": 0.0,
            "sd": 0.0,
            "ci95": [0.0, 0.0],
            "median": 0.0,
            "min": 0.0,
            "max": 0.0,
            "p10": 0.0,
            "p90": 0.0,
        }
    from scipy import stats

    ordered = sorted(values)
    mean = statistics.fmean(ordered)
    sd = statistics.stdev(ordered) if len(ordered) > 1 else 0.0
    half = stats.t.ppf(0.975, len(ordered) - 1) * sd / math.sqrt(len(ordered)) if len(ordered) > 1 else 0.0

    def pct(q: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])

    return {
        "n": len(ordered),
        "mean": round(mean, 4),
        "sd": round(sd, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "median": float(statistics.median(ordered)),
        "min": float(ordered[0]),
        "max": float(ordered[-1]),
        "p10": pct(0.1),
        "p90": pct(0.9),
    }


def _rate(wins: float, games: int, outright: int) -> WinRate:
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "wins": round(wins, 4),
        "outright_wins": outright,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def bot_rates(rows: Sequence[GameRow]) -> list[BotRate]:
    """Per distinct bot spec (first-seen order): seat-games, wins, win rate and interval."""
    order: list[str] = []
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    outright: dict[str, int] = {}
    for row in rows:
        for seat, spec in enumerate(row["seats"]):
            if spec not in games:
                order.append(spec)
                games[spec] = wins[spec] = outright[spec] = 0
            games[spec] += 1
            wins[spec] += row["returns"][seat]
            outright[spec] += 1 if row["winners"] == [seat] else 0
    return [{"spec": s, **_rate(wins[s], games[s], outright[s])} for s in order]


def seat_rates(rows: Sequence[GameRow], players: int) -> list[SeatRate]:
    out: list[SeatRate] = []
    for seat in range(players):
        wins = sum(row["returns"][seat] for row in rows)
        outright = sum(1 for row in rows if row["winners"] == [seat])
        out.append({"seat": seat, **_rate(wins, len(rows), outright)})
    return out


def seat_test(rows: Sequence[GameRow], players: int) -> SeatTest:
    """Does the seat order matter? Chi-square goodness of fit of the seats' wins against an
    even split of all wins (H0: every seat wins equally often)."""
    from scipy import stats

    wins = [sum(row["returns"][s] for row in rows) for s in range(players)]
    total = sum(wins)
    if total <= 0 or players < 2:
        return {
            "test": "chi-square goodness of fit",
            "statistic": 0.0,
            "dof": players - 1,
            "p_value": 1.0,
            "significant": False,
        }
    result = stats.chisquare(wins, [total / players] * players)
    p = float(result.pvalue)
    return {
        "test": "chi-square goodness of fit (wins per seat vs an even split)",
        "statistic": round(float(result.statistic), 4),
        "dof": players - 1,
        "p_value": round(p, 6),
        "significant": p < 0.05,
    }


def balance_of(rates: Sequence[float]) -> float:
    """1 - the gap between the best and the worst seat's win rate (1 = every seat equal)."""
    return 1 - (max(rates) - min(rates)) if rates else 1.0


def balance_bounds(wins: Sequence[float], games: int, z: float | None = None) -> list[float]:
    """A 95% interval of balance from each seat's wins (shared wins split) in ``games`` games.

    Each seat's win rate gets a Wilson interval at the Bonferroni level 1 - 0.05/seats, so all
    of them hold together at least 95% of the time. Whenever they do, the true gap between the
    best and the worst seat lies between the smallest and the largest gap those intervals allow,
    so balance lies in the interval below. It therefore contains its estimate, reaches 1 when
    no seat is shown to be ahead (all-equal wins included), and covers the true balance at least
    95% of the time at every number of games (tests/simulate/test_balance_coverage.py measures
    it; it errs on the wide side by a few points).
    """
    players = len(wins)
    if games < 1 or players < 2:
        return [0.0, 1.0]
    if z is None:
        from scipy import stats

        z = float(stats.norm.ppf(1 - 0.025 / players))
    bounds = [wilson(w, games, z) for w in wins]
    lows, highs = [b[0] for b in bounds], [b[1] for b in bounds]
    gap_low = max(0.0, max(lows) - min(highs))
    gap_high = min(1.0, max(highs) - min(lows))
    estimate = balance_of([w / games for w in wins])
    # Rounded outwards, so the printed interval still holds the printed estimate.
    low = min(math.floor((1 - gap_high) * 10_000) / 10_000, round(estimate, 4))
    high = max(math.ceil((1 - gap_low) * 10_000) / 10_000, round(estimate, 4))
    return [max(0.0, low), min(1.0, high)]


def balance_interval(rows: Sequence[GameRow], players: int) -> list[float]:
    """95% interval of balance for the games in ``rows`` (see ``balance_bounds``)."""
    wins = [sum(row["returns"][s] for row in rows) for s in range(players)]
    return balance_bounds(wins, len(rows))


def fair_balance(games: int, players: int) -> FairBalance:
    """What a perfectly fair game (every seat equally likely to win) shows as balance at this
    number of games: the median and the central 95% of many simulated runs. Balance falls with
    fewer games even when the game is fair, so read a run's balance against this."""
    if games < 1 or players < 2:
        return {"median": 1.0, "range95": [1.0, 1.0]}
    import numpy as np

    rng = np.random.default_rng(games * 1009 + players)
    counts = rng.multinomial(games, [1 / players] * players, size=FAIR_SAMPLES)
    values = 1 - (counts.max(axis=1) - counts.min(axis=1)) / games
    lo, med, hi = np.quantile(values, [0.025, 0.5, 0.975])
    return {"median": round(float(med), 4), "range95": [round(float(lo), 4), round(float(hi), 4)]}


def _actions(rows: Sequence[GameRow]) -> tuple[dict[str, ActionShare], dict[str, dict[str, float]]]:
    actions: dict[str, int] = {}
    by_bot: dict[str, dict[str, int]] = {}
    for row in rows:
        for kind, count in row["actions"].items():
            actions[kind] = actions.get(kind, 0) + count
        for seat, spec in enumerate(row["seats"]):
            mine = by_bot.setdefault(spec, {})
            for kind, count in row["seat_actions"][seat].items():
                mine[kind] = mine.get(kind, 0) + count
    total = sum(actions.values()) or 1
    shares: dict[str, ActionShare] = {
        k: {"count": v, "share": round(v / total, 4)} for k, v in sorted(actions.items(), key=lambda kv: -kv[1])
    }
    per_bot = {
        spec: {k: round(v / (sum(kinds.values()) or 1), 4) for k, v in sorted(kinds.items())}
        for spec, kinds in by_bot.items()
    }
    return shares, per_bot


def _share(rows: Sequence[GameRow], hit: Callable[[GameRow], bool]) -> float:
    return round(sum(1 for r in rows if hit(r)) / len(rows), 4) if rows else 0.0


def summarize(rows: Sequence[GameRow], players: int, seed: int = 0) -> Stats:
    """Everything but identity and timing (those are added by the caller)."""
    n = len(rows)
    seats = seat_rates(rows, players)
    decisions = sum(r["decisions"] for r in rows)
    choices = sum(r["choice_decisions"] for r in rows)
    legal = sum(r.get("legal_choices", 0) for r in rows)
    actions, by_bot = _actions(rows)
    return {
        "games": n,
        "bots": bot_rates(rows),
        "seats": seats,
        "seat_test": seat_test(rows, players),
        "expected_win_rate": round(1 / players, 4),
        "balance": round(balance_of([s["win_rate"] for s in seats]), 4),
        "balance_ci95": balance_interval(rows, players),
        "fair_balance": fair_balance(n, players),
        "shared_win_rate": _share(rows, lambda r: len(r["winners"]) > 1),
        # Finished games nobody won (Pangaea: no Shelter survived the impact).
        "no_winner_rate": _share(rows, lambda r: not r["winners"] and not r["capped"]),
        "capped_rate": _share(rows, lambda r: r["capped"]),
        "length": {
            "turns": describe([r["turns"] for r in rows]),
            "decisions": describe([r["decisions"] for r in rows]),
        },
        "scores": {
            "per_seat": [describe([r["scores"][s] for r in rows]) for s in range(players)],
            "winner_margin": describe([r["margin"] for r in rows]),
        },
        "choice_share": round(choices / decisions, 4) if decisions else 0.0,
        # Legal choices per player decision, over every decision of every game.
        "branching_factor": round(legal / decisions, 4) if decisions else 0.0,
        "branching": describe([r["branching"] for r in rows if "branching" in r]),
        "decisiveness": decisiveness_block([d for r in rows if (d := r.get("decisiveness")) is not None]),
        "lead_changes": describe([r["lead_changes"] for r in rows]),
        "actions": actions,
        "actions_by_bot": by_bot,
    }


NO_SINGLE_WINNER = "undefined: no game had a single winner (a team's or a shared win follows no one player's lead)"


def decisiveness_block(values: Sequence[float]) -> Described | Undescribed:
    """``describe`` of the games with a single winner; with none, every number is None and
    ``undefined`` says why (never a 0 that reads as "decided at the very end")."""
    if values:
        return describe(values)
    return {
        "n": 0,
        "mean": None,
        "sd": None,
        "ci95": None,
        "median": None,
        "min": None,
        "max": None,
        "p10": None,
        "p90": None,
        "undefined": NO_SINGLE_WINNER,
    }


def show_mean(block: Described | Undescribed, digits: int = 2) -> str:
    """A block's mean to ``digits`` places, or "–" with the reason it is undefined."""
    mean = block.get("mean")
    if mean is None:
        return f"– ({block.get('undefined') or 'undefined: no games'})"
    return f"{mean:.{digits}f}"


def measure_stats(summary: Stats, key: MeasureKey) -> Described | Undescribed | None:
    """The ``describe`` block of a per-game measure in a summary (see ``MEASURES``); None in a
    summary written before the measure was."""
    if key == "turns" or key == "decisions":
        return summary["length"][key]
    if key == "margin":
        return summary["scores"]["winner_margin"]
    if key == "branching":
        return summary.get("branching")
    if key == "lead_changes":
        return summary.get("lead_changes")
    return summary.get("decisiveness")
