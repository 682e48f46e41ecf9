"""report.html with PNG plots (matplotlib, from the ``sim`` extra, imported only when drawing)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TypedDict

from dinobox.simulate.design_report import design_html, test_sentence
from dinobox.simulate.documents import GameRow, Summary, WinRate
from dinobox.simulate.formatting import fmt_p, pyplot, show_value
from dinobox.simulate.metrics_report import custom_table, edge_sentence, metric_plots
from dinobox.simulate.skill import ladder_sentence
from dinobox.simulate.stats import show_mean

PLOTS = (
    ("win_rate_by_seat.png", "Win rate by seat (first-player advantage), 95% intervals"),
    ("win_rate_by_bot.png", "Win rate by bot, 95% intervals"),
    ("length.png", "Game length in turns and in decisions"),
    ("scores.png", "Score per seat and the winner's margin"),
    ("lead_changes.png", "Lead changes during a game"),
    ("actions.png", "Which actions each bot takes (share of its decisions)"),
    ("skill_trace.png", "Skill trace: ISMCTS at 2x budget against 1x"),
)


class _Bar(TypedDict):
    win_rate: float
    ci95: list[float]


def _rate_bars(
    plt: ModuleType,
    labels: list[str],
    entries: Sequence[_Bar],
    expected: float,
    title: str,
    path: Path,
) -> None:
    rates = [e["win_rate"] for e in entries]
    lows = [r - e["ci95"][0] for r, e in zip(rates, entries, strict=True)]
    highs = [e["ci95"][1] - r for r, e in zip(rates, entries, strict=True)]
    fig, ax = plt.subplots(figsize=(6, 3.4))
    ax.bar(range(len(rates)), rates, yerr=[lows, highs], capsize=5, color="#4c8c4a")
    ax.axhline(expected, color="#b04030", linestyle="--", label=f"even share {expected:.2f}")
    ax.set_xticks(range(len(rates)), labels, rotation=15 if max(map(len, labels)) > 12 else 0, fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)


def _plots(summary: Summary, rows: list[GameRow], out: Path) -> list[str]:
    plt = pyplot()
    players = summary["players"]
    expected = summary["expected_win_rate"]
    made = []
    _rate_bars(
        plt,
        [f"seat {s['seat']}" for s in summary["seats"]],
        summary["seats"],
        expected,
        "Win rate by seat",
        out / "win_rate_by_seat.png",
    )
    _rate_bars(
        plt,
        [b["spec"] for b in summary["bots"]],
        summary["bots"],
        expected,
        "Win rate by bot",
        out / "win_rate_by_bot.png",
    )
    made += ["win_rate_by_seat.png", "win_rate_by_bot.png"]

    fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
    lengths = (([r["turns"] for r in rows], "turns"), ([r["decisions"] for r in rows], "decisions (all seats)"))
    for ax, (values, label) in zip(axes, lengths, strict=True):
        ax.hist(values, bins=min(30, max(5, len(rows) // 4)), color="#5a7bb5")
        ax.set_xlabel(label)
        ax.set_ylabel("games")
    fig.tight_layout()
    fig.savefig(out / "length.png", dpi=90)
    plt.close(fig)
    made.append("length.png")

    fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
    axes[0].boxplot([[r["scores"][s] for r in rows] for s in range(players)])
    axes[0].set_xticks(range(1, players + 1), [f"seat {s}" for s in range(players)])
    axes[0].set_ylabel("final score")
    axes[1].hist([r["margin"] for r in rows], bins=min(20, max(5, len(rows) // 4)), color="#c28b2c")
    axes[1].set_xlabel("winner's margin over second place")
    axes[1].set_ylabel("games")
    fig.tight_layout()
    fig.savefig(out / "scores.png", dpi=90)
    plt.close(fig)
    made.append("scores.png")

    fig, ax = plt.subplots(figsize=(6, 3))
    changes = [r["lead_changes"] for r in rows]
    ax.hist(changes, bins=range(0, max(changes, default=0) + 2), color="#8a5ab5", align="left")
    ax.set_xlabel("changes of the sole leader (checked at each turn)")
    ax.set_ylabel("games")
    fig.tight_layout()
    fig.savefig(out / "lead_changes.png", dpi=90)
    plt.close(fig)
    made.append("lead_changes.png")

    made.append(_action_mix(plt, summary, out))

    trace = summary.get("skill_trace")
    if trace:
        entry: _Bar = {"win_rate": trace["strong_win_rate"], "ci95": trace["ci95"]}
        _rate_bars(
            plt,
            [trace["strong"]],
            [entry],
            trace["expected_if_luck_only"],
            f"{trace['strong']} vs {trace['base']} ({trace['games']} games)",
            out / "skill_trace.png",
        )
        made.append("skill_trace.png")
    return made


def _action_mix(plt: ModuleType, summary: Summary, out: Path) -> str:
    """The share of each kind of decision, per bot."""
    kinds = list(summary["actions"])
    by_bot = summary.get("actions_by_bot", {})
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.35 * max(1, len(kinds))))
    height = 0.8 / max(1, len(by_bot))
    for b, (spec, shares) in enumerate(by_bot.items()):
        ax.barh(
            [i + b * height for i in range(len(kinds))],
            [shares.get(k, 0.0) for k in kinds],
            height=height,
            label=spec,
        )
    ax.set_yticks([i + 0.4 - height / 2 for i in range(len(kinds))], kinds)
    ax.invert_yaxis()
    ax.set_xlabel("share of the bot's decisions")
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out / "actions.png", dpi=90)
    plt.close(fig)
    return "actions.png"


def _ci(entry: WinRate | _Bar) -> str:
    lo, hi = entry["ci95"]
    return f"{entry['win_rate']:.3f} [{lo:.3f}, {hi:.3f}]"


def _cell(value: object) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _table(headers: list[str], rows: list[list[object]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def headline(summary: Summary) -> list[list[object]]:
    """The one-glance numbers: seat effect first, then balance against a fair game, length."""

    trace = summary.get("skill_trace")
    test = summary["seat_test"]
    fair = summary["fair_balance"]
    turns = summary["length"]["turns"]
    decisive = summary["decisiveness"]
    team: list[list[object]] = (
        [["team effect (the team as the unit)", test_sentence(summary["team_test"])]]
        if summary.get("team_test")
        else []
    )
    return [
        ["games", summary["games"]],
        [
            "seat order matters? (chi-square test of wins per seat)",
            f"{'yes' if test['significant'] else 'no evidence'}: chi2 {test['statistic']:.2f}, "
            f"p {fmt_p(test['p_value'])}",
        ],
        *team,
        [
            "balance (1 - largest seat win-rate gap) [95% CI, simultaneous Wilson]",
            f"{summary['balance']:.3f} [{summary['balance_ci95'][0]:.3f}, {summary['balance_ci95'][1]:.3f}]",
        ],
        [
            f"balance of a perfectly fair game at {summary['games']} games (median [95% range])",
            f"{fair['median']:.3f} [{fair['range95'][0]:.3f}, {fair['range95'][1]:.3f}]",
        ],
        ["mean turns [95% CI]", f"{turns['mean']:.1f} [{turns['ci95'][0]:.1f}, {turns['ci95'][1]:.1f}]"],
        ["mean decisions", summary["length"]["decisions"]["mean"]],
        ["legal choices per decision (branching factor)", summary["branching_factor"]],
        ["decisions with more than one option", summary["choice_share"]],
        ["decisiveness (share of the game the winner already led for good)", show_mean(decisive, 3)],
        ["mean lead changes", summary["lead_changes"]["mean"]],
        ["mean winner's margin", summary["scores"]["winner_margin"]["mean"]],
        ["shared wins", summary["shared_win_rate"]],
        ["games nobody won", summary.get("no_winner_rate", 0.0)],
        ["games stopped at the turn cap", summary["capped_rate"]],
        [
            "skill trace: 2x ISMCTS win rate",
            _ci({"win_rate": trace["strong_win_rate"], "ci95": trace["ci95"]})
            if trace
            else "not run (--skill-trace N)",
        ],
    ]


def settings_text(summary: Summary) -> str:
    """Options and data changes as a designer writes them: ``hand_size=6, teams=true``."""

    options = ", ".join(f"{k}={show_value(v)}" for k, v in summary["options"].items()) or "none"
    data = ", ".join(f"{k}={show_value(v)}" for k, v in summary["data_overrides"].items()) or "none (defaults)"
    return f"options: {options}; component data changes: {data}"


def _ratings_part(summary: Summary) -> list[str]:
    """The bots' ratings (``--ratings``), strongest first."""
    ratings = summary.get("ratings")
    if not ratings:
        return []
    rows: list[list[object]] = [
        [
            r["spec"],
            f"{r['mu']:.2f} ± {r['sigma']:.2f}",
            f"[{r['interval'][0]:.2f}, {r['interval'][1]:.2f}]",
            f"{r['ordinal']:.2f}",
            r["games"],
        ]
        for r in ratings
    ]
    return [
        "<h2>Ratings (OpenSkill Plackett-Luce; interval mu ± 2 sigma; ordinal mu - 3 sigma)</h2>",
        _table(["bot", "mu ± sigma", "interval", "ordinal", "games"], rows),
    ]


def _skill_part(summary: Summary) -> list[str]:
    """The skill check's ladder (``--skill-check``) in a sentence."""
    check = summary.get("skill_check")
    return [f"<h2>Skill depth</h2><p>{html.escape(ladder_sentence(check))}</p>"] if check else []


def write_report(summary: Summary, rows: list[GameRow], out: Path) -> Path:

    made = set(_plots(summary, rows, out))
    extra = metric_plots(pyplot(), summary, rows, out)
    title = f"{summary['title']}: {summary['games']} simulated games, {summary['players']} players"
    parts = [
        f"<h1>{html.escape(title)}</h1>",
        f"<p>bots {html.escape(', '.join(summary['bots_given']))}; seed {summary['seed']}</p>",
        f"<p>{html.escape(settings_text(summary))}</p>",
        *(
            [
                f"<p class='warn'>Interrupted: {summary['games']} of {summary.get('games_planned')} games were "
                "played, so the seats may not be evenly rotated.</p>"
            ]
            if summary.get("interrupted")
            else []
        ),
        *(f"<p class='warn'>Warning: {html.escape(w)}</p>" for w in summary.get("warnings", [])),
        _table(["measure", "value"], headline(summary)),
        "<h2>Win rates (95% Wilson intervals; shared wins split)</h2>",
        _table(
            ["bot", "seat-games", "wins", "win rate [95% CI]"],
            [[b["spec"], b["games"], f"{b['wins']:g}", _ci(b)] for b in summary["bots"]],
        ),
        _table(
            ["seat", "games", "wins", "win rate [95% CI]"],
            [[s["seat"], s["games"], f"{s['wins']:g}", _ci(s)] for s in summary["seats"]],
        ),
        *design_html(summary),
        *_ratings_part(summary),
        *_skill_part(summary),
        custom_table(summary),
        edge_sentence(summary),
        "<div class='grid'>",
    ]
    for name, caption in PLOTS:
        if name in made:
            parts.append(
                f"<figure><img src='{name}' alt='{html.escape(caption)}'>"
                f"<figcaption>{html.escape(caption)}</figcaption></figure>"
            )
    parts.extend(
        f"<figure><img src='{name}' alt='{html.escape(caption)}'><figcaption>{html.escape(caption)}</figcaption>"
        "</figure>"
        for name, caption in extra
    )
    parts.append("</div>")
    style = (
        "body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}.grid{display:flex;flex-wrap:wrap;gap:1em}"
        "figure{margin:0;max-width:100%}img{max-width:100%;height:auto}figcaption{font-size:90%;color:#444}.warn{color:#a40;font-weight:bold}"
    )
    page = (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{style}</style></head><body>{''.join(parts)}</body></html>"
    )
    path = out / "report.html"
    path.write_text(page)
    return path
