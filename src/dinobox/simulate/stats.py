"""From game rows to the numbers a designer reads: win rates with 95% intervals, balance,
lengths, scores, choices, lead changes and the mix of actions.

A win is credited as the seat's share of the game (``returns()``): an outright win counts 1,
a win shared by k seats counts 1/k each. ``wins`` is that sum; ``outright_wins`` counts only
sole wins. Intervals are Wilson score intervals at 95%.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (``successes`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def describe(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "median": 0.0, "min": 0.0, "max": 0.0, "p10": 0.0, "p90": 0.0}
    ordered = sorted(values)

    def pct(q: float) -> float:
        return float(ordered[min(len(ordered) - 1, int(q * len(ordered)))])

    return {
        "mean": round(statistics.fmean(ordered), 4),
        "median": float(statistics.median(ordered)),
        "min": float(ordered[0]),
        "max": float(ordered[-1]),
        "p10": pct(0.1),
        "p90": pct(0.9),
    }


def _rate(wins: float, games: int, outright: int, **extra: Any) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {
        **extra,
        "games": games,
        "wins": round(wins, 4),
        "outright_wins": outright,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def bot_rates(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
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
    return [_rate(wins[s], games[s], outright[s], spec=s) for s in order]


def seat_rates(rows: Sequence[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    out = []
    for seat in range(players):
        wins = sum(row["returns"][seat] for row in rows)
        outright = sum(1 for row in rows if row["winners"] == [seat])
        out.append(_rate(wins, len(rows), outright, seat=seat))
    return out


def summarize(rows: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """Everything but identity and timing (those are added by the caller)."""
    n = len(rows)
    seats = seat_rates(rows, players)
    rates = [s["win_rate"] for s in seats]
    gap = max(rates) - min(rates) if rates else 0.0
    decisions = sum(r["decisions"] for r in rows)
    choices = sum(r["choice_decisions"] for r in rows)
    actions: dict[str, int] = {}
    for row in rows:
        for kind, count in row["actions"].items():
            actions[kind] = actions.get(kind, 0) + count
    total_actions = sum(actions.values()) or 1
    by_bot: dict[str, dict[str, int]] = {}
    for row in rows:
        for seat, spec in enumerate(row["seats"]):
            mine = by_bot.setdefault(spec, {})
            for kind, count in row["seat_actions"][seat].items():
                mine[kind] = mine.get(kind, 0) + count
    return {
        "games": n,
        "bots": bot_rates(rows),
        "seats": seats,
        "expected_win_rate": round(1 / players, 4),
        "balance": round(1 - gap, 4),
        "shared_win_rate": round(sum(1 for r in rows if len(r["winners"]) > 1) / n, 4) if n else 0.0,
        # Finished games nobody won (Pangaea: no Shelter survived the impact).
        "no_winner_rate": round(sum(1 for r in rows if not r["winners"] and not r["capped"]) / n, 4) if n else 0.0,
        "capped_rate": round(sum(1 for r in rows if r["capped"]) / n, 4) if n else 0.0,
        "length": {
            "turns": describe([r["turns"] for r in rows]),
            "decisions": describe([r["decisions"] for r in rows]),
        },
        "scores": {
            "per_seat": [describe([r["scores"][s] for r in rows]) for s in range(players)],
            "winner_margin": describe([r["margin"] for r in rows]),
        },
        "choice_share": round(choices / decisions, 4) if decisions else 0.0,
        "lead_changes": describe([r["lead_changes"] for r in rows]),
        "actions": {
            k: {"count": v, "share": round(v / total_actions, 4)}
            for k, v in sorted(actions.items(), key=lambda kv: -kv[1])
        },
        "actions_by_bot": {
            spec: {k: round(v / (sum(kinds.values()) or 1), 4) for k, v in sorted(kinds.items())}
            for spec, kinds in by_bot.items()
        },
    }
