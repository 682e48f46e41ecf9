"""The built-in designer metrics and the designers' own columns, summarised over a run: score by
source for winners and the others, action usage by winners and losers, the first player's edge
round by round, and each custom column's mean with its 95% interval."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Literal

from dinobox.simulate.documents import Described, DesignerMetrics, EdgeRound, GameRow, SeatEdge
from dinobox.simulate.stats import describe

MIN_ROUND_SHARE = 0.5  # a round is shown while at least this share of the games reach it


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 4) if values else 0.0


def score_by_source(rows: Sequence[GameRow]) -> dict[str, dict[str, float]]:
    """Mean points per source for a winning seat, for the other seats, and for all."""
    won: dict[str, list[float]] = {}
    lost: dict[str, list[float]] = {}
    for row in rows:
        for seat, parts in enumerate(row.get("score_sources") or []):
            side = won if seat in row["winners"] else lost
            for source, points in parts.items():
                side.setdefault(source, []).append(points)
                (lost if side is won else won).setdefault(source, [])
    return {
        source: {
            "winners": _mean(won.get(source, [])),
            "others": _mean(lost.get(source, [])),
            "all": _mean(won.get(source, []) + lost.get(source, [])),
        }
        for source in won
    }


def usage_by_outcome(
    rows: Sequence[GameRow], key: Literal["seat_actions", "seat_cards"] = "seat_actions"
) -> dict[str, dict[str, float]]:
    """Each kind of action (``key="seat_cards"``: each card) as a share of the winners' decisions
    (cards) and of the others'."""
    counts: dict[str, dict[str, int]] = {"winners": {}, "others": {}}
    for row in rows:
        for seat, used in enumerate(row.get(key) or []):
            side = counts["winners" if seat in row["winners"] else "others"]
            for kind, count in used.items():
                side[kind] = side.get(kind, 0) + count
    totals = {side: sum(seen.values()) or 1 for side, seen in counts.items()}
    kinds = sorted(set(counts["winners"]) | set(counts["others"]), key=lambda k: -counts["winners"].get(k, 0))
    return {k: {side: round(counts[side].get(k, 0) / totals[side], 4) for side in counts} for k in kinds}


def first_seat_edge(rows: Sequence[GameRow]) -> SeatEdge:
    """The first player's score minus the other seats' mean, at the start of each round (while most games
    last that long) and at the end, with 95% intervals."""
    edges = [edge for row in rows if (edge := row.get("seat0_edge"))]
    if not edges:
        return {"rounds": [], "end": describe([])}
    rounds: list[EdgeRound] = []
    for r in range(max(len(e) - 1 for e in edges)):
        values = [e[r] for e in edges if len(e) - 1 > r]
        if len(values) < MIN_ROUND_SHARE * len(edges):
            break
        block = describe(values)
        rounds.append({"round": r + 1, "mean": block["mean"], "ci95": block["ci95"], "games": len(values)})
    return {"rounds": rounds, "end": describe([e[-1] for e in edges])}


def custom_columns(rows: Sequence[GameRow]) -> dict[str, Described]:
    """Each designer's column over the games: mean with its 95% interval, spread, extremes."""
    columns = list(dict.fromkeys(c for row in rows for c in row.get("metrics", {})))
    return {c: describe([row["metrics"][c] for row in rows if c in row.get("metrics", {})]) for c in columns}


def designer_metrics(rows: Sequence[GameRow]) -> DesignerMetrics:
    return {
        "score_by_source": score_by_source(rows),
        "usage_by_outcome": usage_by_outcome(rows),
        "cards_by_outcome": usage_by_outcome(rows, "seat_cards"),
        "first_seat_edge": first_seat_edge(rows),
        "custom": custom_columns(rows),
    }
