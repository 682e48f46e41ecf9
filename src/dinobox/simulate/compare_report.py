"""compare.html: what changed between two runs, every difference with its test, and plots that
draw A and B on the same axes (same bins, same scale) so they can be read against each other."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from dinobox.simulate.compare import compare_runs, load_rows
from dinobox.simulate.documents import CompareRow, Comparison, GameRow, MeasureKey, RunSummary, WinRate, row_measure
from dinobox.simulate.formatting import fmt_p, pyplot

STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}.sig{font-weight:bold;color:#a40}"
    ".grid{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0;flex:1 1 420px;max-width:100%}"
    "img{width:100%;height:auto}"
    "figcaption{font-size:90%;color:#444}"
)
COLOURS = ("#4c78a8", "#e45756")


def _table(headers: list[str], rows: list[list[str]], marks: list[bool] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        f"<tr{' class=sig' if marks and marks[i] else ''}>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
        for i, r in enumerate(rows)
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _games(row: CompareRow) -> str:
    """Games per run for 80% power; for a paired test also what two independent runs would need."""
    needed = f"{row['games_needed']:,}" if row["games_needed"] else "-"
    unpaired = row.get("games_needed_unpaired")
    return f"{needed} (unpaired {unpaired:,})" if unpaired and row["games_needed"] else needed


def result_rows(result: Comparison) -> list[list[str]]:
    """(measure, A, B, B - A [95% CI], p, p Holm, significant, games for 80% power)."""
    return comparison_rows(result["rows"])


def comparison_rows(rows: Sequence[CompareRow]) -> list[list[str]]:
    """``result_rows`` of the comparison's rows alone."""
    out = []
    for r in rows:
        lo, hi = r["ci95"]
        out.append(
            [
                r["measure"],
                f"{r['a']:.3f}",
                f"{r['b']:.3f}",
                f"{r['diff']:+.3f} [{lo:+.3f}, {hi:+.3f}]",
                fmt_p(r["p_value"]),
                fmt_p(r["p_holm"]),
                "yes" if r["significant"] else "no",
                _games(r),
                r["test"],
            ]
        )
    return out


RESULT_HEADERS = [
    "measure",
    "A",
    "B",
    "B - A [95% CI]",
    "p",
    "p (Holm)",
    "significant",
    "games for 80% power",
    "test",
]


def pairing_sentence(result: Comparison) -> str:
    """Which tests were used, and what the pairing of games saved."""
    paired = result.get("paired")
    if not paired:
        return (
            "The runs do not share --seed, so their games are independent: rates by the two-proportion z-test "
            "(Wald interval), means by Welch's t-test."
        )
    saving = paired["saving"]
    saved = (
        f" Pairing needs about {saving:.0%} fewer games for the same power (median over the measures)."
        if saving
        else ""
    )
    return (
        f"Both runs share --seed: their {paired['games']} games are paired (the same deals), so the tests are paired: "
        f"McNemar's exact test on wins, the paired t-test on means; intervals of the mean per-game difference." + saved
    )


def _rate_plot(
    plt: ModuleType,
    groups: Sequence[tuple[str, Sequence[WinRate | None]]],
    labels: list[str],
    expected: float,
    path: Path,
) -> None:
    """Grouped bars with 95% intervals: A and B side by side on one axis."""
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    width = 0.38
    for k, (tag, entries) in enumerate(groups):
        rates = [e["win_rate"] if e else 0.0 for e in entries]
        low = [r - e["ci95"][0] if e else 0.0 for r, e in zip(rates, entries, strict=True)]
        high = [e["ci95"][1] - r if e else 0.0 for r, e in zip(rates, entries, strict=True)]
        xs = [i + (k - 0.5) * width for i in range(len(entries))]
        ax.bar(xs, rates, width, yerr=[low, high], capsize=4, label=tag, color=COLOURS[k])
    ax.axhline(expected, color="#555", linestyle="--", label="even share")
    ax.set_xticks(range(len(labels)), labels, fontsize=8, rotation=15 if max(map(len, labels)) > 12 else 0)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _hist_plot(
    plt: ModuleType, key: MeasureKey, label: str, rows: tuple[list[GameRow], list[GameRow]], path: Path
) -> bool:
    values = [[x for r in side if (x := row_measure(r, key)) is not None] for side in rows]
    if not values[0] or not values[1]:
        return False
    import numpy as np

    low, high = min(min(v) for v in values), max(max(v) for v in values)
    bins = np.linspace(low, high if high > low else low + 1, 21)
    fig, ax = plt.subplots(figsize=(6.5, 3.0))
    for k, (tag, v) in enumerate(zip("AB", values, strict=True)):
        ax.hist(
            v,
            bins=bins,
            weights=[1 / len(v)] * len(v),
            histtype="step",
            linewidth=2,
            color=COLOURS[k],
            label=f"{tag} (mean {sum(v) / len(v):.2f})",
        )
    ax.set_xlabel(label)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return True


# The per-game measures drawn as histograms of A and B (key, axis label).
HISTOGRAMS: tuple[tuple[MeasureKey, str], ...] = (
    ("turns", "turns per game"),
    ("branching", "legal choices per decision"),
    ("lead_changes", "lead changes per game"),
    ("decisiveness", "decisiveness (share of the game the winner led for good)"),
    ("margin", "winner's margin"),
)


def _plots(result: Comparison, dir_a: Path, dir_b: Path, out: Path) -> list[tuple[str, str]]:
    plt = pyplot()
    a, b = result["a"], result["b"]
    made = [("cmp_seats.png", "Win rate by seat, A and B on one axis (95% intervals)")]
    labels = [f"seat {s['seat']}" for s in a["seats"]]
    _rate_plot(plt, [("A", a["seats"]), ("B", b["seats"])], labels, a["expected_win_rate"], out / made[0][0])
    specs = list(dict.fromkeys([x["spec"] for x in a["bots"]] + [x["spec"] for x in b["bots"]]))
    if len(specs) > 1:
        by = [{x["spec"]: x for x in s["bots"]} for s in (a, b)]
        groups = [(tag, [side.get(spec) for spec in specs]) for tag, side in zip("AB", by, strict=True)]
        _rate_plot(plt, groups, specs, a["expected_win_rate"], out / "cmp_bots.png")
        made.append(("cmp_bots.png", "Win rate by bot, A and B on one axis (95% intervals)"))
    rows = (load_rows(dir_a), load_rows(dir_b))
    for key, label in HISTOGRAMS:
        name = f"cmp_{key}.png"
        if _hist_plot(plt, key, label, rows, out / name):
            made.append((name, f"{label[0].upper()}{label[1:]}: A and B with the same bins"))
    return made


def compare_page(result: Comparison, dir_a: Path, dir_b: Path, out: Path) -> str:
    a, b = result["a"], result["b"]
    setup = result["setup"] or [["(nothing)", "same settings", "same settings"]]
    marks = [r["significant"] for r in result["rows"]]
    figures = "".join(
        f"<figure><img src='{name}' alt='{html.escape(caption)}'><figcaption>{html.escape(caption)}</figcaption>"
        "</figure>"
        for name, caption in _plots(result, dir_a, dir_b, out)
    )
    title = f"{a['title']}, {a['players']} players: A = {dir_a}, B = {dir_b}"
    seat_lines = "".join(f"<li>{tag}: {html.escape(seat_sentence(s))}</li>" for tag, s in (("A", a), ("B", b)))
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        "<h2>What changed</h2>",
        _table(["setting", "A", "B"], setup),
        "<h2>Seat effect</h2>",
        f"<ul>{seat_lines}</ul>",
        "<h2>Differences (B - A)</h2>",
        f"<p>{html.escape(pairing_sentence(result))} Holm's correction over all rows; "
        "rows in bold stay significant at 5% after it. 'Games for 80% power' is the games each run would need to "
        "see a difference of the size observed (with the same pairing).</p>",
        _table(RESULT_HEADERS, result_rows(result), marks),
        f"<p>To see a {result['effect']:.2f} change in a seat's win rate (from the even share) with 80% power, "
        f"each run needs about {result['games_for_effect']} games.</p>",
        f"<div class='grid'>{figures}</div>",
    ]
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>dinobox: {html.escape(title)}</title>"
        f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>"
    )


def seat_sentence(summary: RunSummary) -> str:
    """One line on whether the seat order matters in a run."""
    test = summary["seat_test"]
    rates = ", ".join(f"{s['win_rate']:.3f}" for s in summary["seats"])
    fair = summary.get("fair_balance", {})
    verdict = "the seat order matters" if test["significant"] else "no evidence the seat order matters"
    lo, hi = summary.get("balance_ci95", [0, 1])
    return (
        f"{verdict} (chi-square {test['statistic']:.2f}, p {fmt_p(test['p_value'])}); seat win rates {rates}; "
        f"balance {summary['balance']:.3f} [{lo:.3f}, {hi:.3f}], a fair game at {summary['games']} games shows "
        f"{fair.get('median', 1.0):.3f} [{fair.get('range95', [0, 1])[0]:.3f}, {fair.get('range95', [0, 1])[1]:.3f}]"
    )


def write_compare(dir_a: Path, dir_b: Path, out: Path, effect: float = 0.05) -> Path:
    """compare.html in ``out``: what changed, every difference with its test, and plots with A
    and B on shared axes."""
    result = compare_runs(dir_a, dir_b, effect)
    out.mkdir(parents=True, exist_ok=True)
    path = out / "compare.html"
    path.write_text(compare_page(result, Path(dir_a), Path(dir_b), out))
    return path
