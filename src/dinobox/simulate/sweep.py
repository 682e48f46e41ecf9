"""``simulate --players 2..4``: one run per player count (in ``--out/players-N``) and one report
over them: seat effect, balance against a fair game, length and choices, count by count."""

from __future__ import annotations

import html
import json
from pathlib import Path

from dinobox.simulate.compare import load_summary
from dinobox.simulate.compare_report import fmt_p
from dinobox.simulate.documents import Summary
from dinobox.simulate.formatting import pyplot
from dinobox.simulate.stats import show_mean


def sweep_rows(summaries: list[Summary]) -> list[list[str]]:
    out = []
    for s in summaries:
        fair = s["fair_balance"]
        turns = s["length"]["turns"]
        out.append(
            [
                str(s["players"]),
                str(s["games"]),
                " ".join(f"{seat['win_rate']:.3f}" for seat in s["seats"]),
                fmt_p(s["seat_test"]["p_value"]),
                f"{s['balance']:.3f} [{s['balance_ci95'][0]:.3f}, {s['balance_ci95'][1]:.3f}]",
                f"{fair['median']:.3f} [{fair['range95'][0]:.3f}, {fair['range95'][1]:.3f}]",
                f"{turns['mean']:.1f} [{turns['ci95'][0]:.1f}, {turns['ci95'][1]:.1f}]",
                f"{s['branching_factor']:.2f}",
                show_mean(s["decisiveness"], 3),
            ]
        )
    return out


HEADERS = [
    "players",
    "games",
    "win rate by seat",
    "seat test p",
    "balance [95% CI]",
    "a fair game shows",
    "mean turns [95% CI]",
    "choices per decision",
    "decisiveness",
]


def _plot(summaries: list[Summary], out: Path) -> str:
    plt = pyplot()
    counts = [s["players"] for s in summaries]
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
    for seat in range(max(counts)):
        points = [(s["players"], s["seats"][seat]) for s in summaries if seat < s["players"]]
        axes[0].errorbar(
            [p for p, _ in points],
            [e["win_rate"] for _, e in points],
            yerr=[[e["win_rate"] - e["ci95"][0] for _, e in points], [e["ci95"][1] - e["win_rate"] for _, e in points]],
            marker="o",
            capsize=3,
            label=f"seat {seat}",
        )
    axes[0].plot(counts, [1 / n for n in counts], "k--", linewidth=0.8, label="even share")
    axes[0].set_xlabel("players")
    axes[0].set_ylabel("win rate (95% CI)")
    axes[0].set_xticks(counts)
    axes[0].legend(fontsize=7)
    axes[1].plot(counts, [s["length"]["turns"]["mean"] for s in summaries], "-o", color="#c28b2c")
    axes[1].set_xlabel("players")
    axes[1].set_ylabel("mean turns")
    axes[1].set_xticks(counts)
    fig.tight_layout()
    fig.savefig(out / "sweep.png", dpi=90)
    plt.close(fig)
    return "sweep.png"


def write_sweep(dirs: list[Path], out: Path, report: bool = True) -> Path:
    """``sweep.json`` (every count's summary) and, with ``report``, ``report.html`` in ``out``."""
    summaries = [load_summary(d) for d in dirs]
    out.mkdir(parents=True, exist_ok=True)
    (out / "sweep.json").write_text(json.dumps({"runs": [str(d.name) for d in dirs], "summaries": summaries}))
    if not report:
        return out / "sweep.json"
    first = summaries[0]
    rows = sweep_rows(summaries)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADERS)
    body = "".join(
        "<tr>"
        + "".join(f"<td>{html.escape(c)}</td>" for c in row)
        + f"<td><a href='{html.escape(d.name)}/report.html'>report</a></td></tr>"
        for row, d in zip(rows, dirs, strict=True)
    )
    warnings = "".join(
        f"<p class='warn'>{s['players']} players: {html.escape(w)}</p>"
        for s in summaries
        for w in s.get("warnings", [])
    )
    image = _plot(summaries, out)
    title = f"{first['title']}: {first['games']} games at each player count"
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title><style>"
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
        "padding:3px 8px}.warn{color:#a40;font-weight:bold}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>bots {html.escape(', '.join(first['bots_given']))}; seed {first['seed']}"
        f"</p>{warnings}<table><tr>{head}<th></th></tr>{body}</table>"
        f"<figure><img src='{image}' alt='win rate by seat and length by player count'><figcaption>Win rate by "
        "seat and mean length at each player count</figcaption></figure></body></html>"
    )
    path = out / "report.html"
    path.write_text(page)
    return path
