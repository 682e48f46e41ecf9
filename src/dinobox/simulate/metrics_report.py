"""The designer-metrics part of report.html: score by source, action usage by outcome, the first
seat's edge round by round, and a table and a histogram for each of the designer's own columns."""

from __future__ import annotations

import html
import re
from pathlib import Path
from types import ModuleType

from dinobox.simulate.documents import GameRow, SeatEdge, Summary

CARDS_SHOWN = 20  # the cards winners use most


def _bars(plt: ModuleType, table: dict[str, dict[str, float]], sides: tuple[str, str], xlabel: str, path: Path) -> None:
    names = list(table)
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.4 * max(1, len(names))))
    height = 0.4
    for k, side in enumerate(sides):
        ax.barh([i + k * height for i in range(len(names))], [table[n][side] for n in names], height, label=side)
    ax.set_yticks([i + height / 2 for i in range(len(names))], names, fontsize=8)
    ax.invert_yaxis()
    ax.axvline(0, color="#555", linewidth=0.8)
    ax.set_xlabel(xlabel)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _edge_plot(plt: ModuleType, edge: SeatEdge, path: Path) -> None:
    rounds = edge["rounds"]
    xs = [r["round"] for r in rounds]
    fig, ax = plt.subplots(figsize=(6.5, 3.0))
    ax.plot(xs, [r["mean"] for r in rounds], "-o", color="#4c78a8", markersize=3)
    ax.fill_between(xs, [r["ci95"][0] for r in rounds], [r["ci95"][1] for r in rounds], color="#4c78a8", alpha=0.2)
    ax.axhline(0, color="#555", linestyle="--", linewidth=0.8)
    ax.set_xlabel("round (one turn per player)")
    ax.set_ylabel("first player minus the others' mean")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _file(column: str) -> str:
    return "metric_" + re.sub(r"[^A-Za-z0-9_.-]", "_", column) + ".png"


def _histogram(plt: ModuleType, column: str, rows: list[GameRow], path: Path) -> None:
    values = [row["metrics"][column] for row in rows if column in row.get("metrics", {})]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist(values, bins=min(30, max(5, len(values) // 4)), color="#8a5ab5")
    ax.set_xlabel(column)
    ax.set_ylabel("games")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def metric_plots(plt: ModuleType, summary: Summary, rows: list[GameRow], out: Path) -> list[tuple[str, str]]:
    """Draw the designer-metric plots; (file, caption) for each."""
    designer = summary.get("designer")
    made: list[tuple[str, str]] = []
    if not designer:
        return made
    if designer.get("score_by_source"):
        _bars(
            plt, designer["score_by_source"], ("winners", "others"), "mean points per seat", out / "score_sources.png"
        )
        made.append(("score_sources.png", "Score by source: mean points of a winning seat and of the others"))
    if designer.get("usage_by_outcome"):
        _bars(plt, designer["usage_by_outcome"], ("winners", "others"), "share of decisions", out / "usage_outcome.png")
        made.append(("usage_outcome.png", "Which actions winners and the others take (share of their decisions)"))
    cards = designer.get("cards_by_outcome") or {}
    if cards:
        top = dict(list(cards.items())[:CARDS_SHOWN])
        _bars(plt, top, ("winners", "others"), "share of the cards played or taken", out / "cards_outcome.png")
        made.append(("cards_outcome.png", "Which cards winners and the others play or take (share of their cards)"))
    edge = designer.get("first_seat_edge")
    if edge and edge.get("rounds"):
        _edge_plot(plt, edge, out / "first_seat_edge.png")
        made.append(("first_seat_edge.png", "First player's score edge at the start of each round, 95% intervals"))
    for column in designer.get("custom", {}):
        _histogram(plt, column, rows, out / _file(column))
        made.append((_file(column), f"Designer metric {column} per game"))
    return made


def custom_table(summary: Summary) -> str:
    """The designer's own columns: mean [95% CI], median, 10th-90th percentiles."""
    designer = summary.get("designer")
    custom = designer.get("custom") if designer else None
    if not custom:
        return ""
    body = "".join(
        f"<tr><td>{html.escape(c)}</td><td>{d['mean']:.3f} [{d['ci95'][0]:.3f}, {d['ci95'][1]:.3f}]</td>"
        f"<td>{d['median']:g}</td><td>{d['p10']:g}-{d['p90']:g}</td><td>{d['n']}</td></tr>"
        for c, d in custom.items()
    )
    given = ", ".join(summary.get("metrics_given", []))
    return (
        f"<h2>Designer metrics ({html.escape(given)})</h2><table><tr><th>column</th><th>mean [95% CI]</th>"
        f"<th>median</th><th>10-90%</th><th>games</th></tr>{body}</table>"
    )


def edge_sentence(summary: Summary) -> str:
    designer = summary.get("designer")
    edge = designer.get("first_seat_edge") if designer else None
    end = edge.get("end") if edge else None
    if not end or not end.get("n"):
        return ""
    return (
        f"<p>First player's final score minus the others' mean: {end['mean']:+.2f} "
        f"[{end['ci95'][0]:+.2f}, {end['ci95'][1]:+.2f}] (the plot shows how it builds up round by round).</p>"
    )
