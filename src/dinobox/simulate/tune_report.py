"""What ``dinobox tune`` writes: tune.json (everything), trials.csv (every trial) and tune.html
(best and default settings replayed with intervals, what mattered, every trial)."""

from __future__ import annotations

import csv
import html
import json
from pathlib import Path

from dinobox.simulate.compare_report import RESULT_HEADERS, comparison_rows
from dinobox.simulate.documents import Described, TuneResult, Undescribed
from dinobox.simulate.formatting import fmt_p, pyplot, show_value
from dinobox.simulate.stats import show_mean

STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;margin:1em 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}.sig{font-weight:bold;color:#a40}"
    ".grid{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0;flex:1 1 420px;max-width:100%}"
    "img{width:100%;height:auto}"
)


def _table(headers: list[str], rows: list[list[str]], marks: list[bool] | None = None) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        f"<tr{' class=sig' if marks and marks[i] else ''}>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
        for i, r in enumerate(rows)
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _ci(value: float, ci: list[float]) -> str:
    return f"{value:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


def _block_ci(block: Described | Undescribed) -> str:
    """A measure's mean and interval; "–" with the reason where no game had it."""
    if block["mean"] is None or block["ci95"] is None:
        return show_mean(block, 3)
    return _ci(block["mean"], block["ci95"])


def write_csv(result: TuneResult, path: Path) -> None:
    names = [p["name"] for p in result["params"]]
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["trial", *names, "loss", "balance", "turns", "decisiveness", "seat_p", "seat_win_rates"])
        for t in result["trials"]:
            writer.writerow(
                [
                    t["number"],
                    *(show_value(t["values"][n]) for n in names),
                    t["loss"],
                    t["balance"],
                    t["turns"],
                    t["decisiveness"],
                    t["seat_p"],
                    " ".join(f"{r:.3f}" for r in t["seat_win_rates"]),
                ]
            )


def _plots(result: TuneResult, out: Path) -> list[tuple[str, str]]:
    plt = pyplot()
    made = []
    fig, ax = plt.subplots(figsize=(6.5, 3.0))
    losses = [t["loss"] for t in result["trials"]]
    best = [min(losses[: i + 1]) for i in range(len(losses))]
    ax.plot(range(len(losses)), losses, "o", color="#4c78a8", label="trial")
    ax.plot(range(len(losses)), best, "-", color="#e45756", label="best so far")
    band = result.get("noise_band")
    if band:
        ax.axhspan(band[0], band[1], color="#999999", alpha=0.25, label="a fair game's noise (95%)")
    ax.set_xlabel("trial")
    ax.set_ylabel("objective (lower is better)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out / "tune_history.png", dpi=90)
    plt.close(fig)
    caption = "Objective of every trial and the best so far"
    if band:
        caption += "; grey: where a perfectly fair game's balance falls at this many games (noise only)"
    made.append(("tune_history.png", caption))
    if result["importances"]:
        names = list(result["importances"])
        fig, ax = plt.subplots(figsize=(6.5, 0.9 + 0.4 * len(names)))
        ax.barh(names, [result["importances"][n] for n in names], color="#4c8c4a")
        ax.invert_yaxis()
        ax.set_xlim(0, 1)
        ax.set_xlabel("importance (PED-ANOVA)")
        fig.tight_layout()
        fig.savefig(out / "tune_importance.png", dpi=90)
        plt.close(fig)
        made.append(("tune_importance.png", "Which parameters mattered to the objective"))
    return made


def tune_page(result: TuneResult, figures: list[tuple[str, str]]) -> str:
    best, conf, default = result["best"], result["best_confirmed"], result["default_confirmed"]
    default_values = result.get("defaults") or {}
    names = [p["name"] for p in result["params"]]
    searched = [
        [
            p["name"],
            p["target"],
            p["range"],
            show_value(default_values.get(p["name"], "-")),
            show_value(best["values"][p["name"]]),
        ]
        for p in result["params"]
    ]
    replay = [
        ["objective loss", f"{default['objective']['loss']:.4f}", f"{conf['objective']['loss']:.4f}"],
        ["balance [95% CI]", *(_ci(s["balance"], s["balance_ci95"]) for s in (default, conf))],
        ["seat order matters? (chi-square p)", *(fmt_p(s["seat_test"]["p_value"]) for s in (default, conf))],
        [
            "mean turns [95% CI]",
            _ci(default["length"]["turns"]["mean"], default["length"]["turns"]["ci95"]),
            _ci(conf["length"]["turns"]["mean"], conf["length"]["turns"]["ci95"]),
        ],
        [
            "decisiveness [95% CI]",
            _block_ci(default["decisiveness"]),
            _block_ci(conf["decisiveness"]),
        ],
        *[
            [f"seat {s['seat']} win rate [95% CI]", _ci(s["win_rate"], s["ci95"]), _ci(t["win_rate"], t["ci95"])]
            for s, t in zip(default["seats"], conf["seats"], strict=True)
        ],
    ]
    compare = result["best_vs_default"]
    trials = [
        [
            str(t["number"]),
            *(show_value(t["values"][n]) for n in names),
            f"{t['loss']:.4f}",
            _ci(t["balance"], t["balance_ci95"]),
            f"{t['turns']:.1f}",
            f"{t['decisiveness']:.3f}",
        ]
        for t in result["trials"]
    ]
    marks = [t["number"] == best["number"] for t in result["trials"]]
    importance = [[k, f"{v:.3f}"] for k, v in result["importances"].items()]
    images = "".join(
        f"<figure><img src='{n}' alt='{html.escape(c)}'><figcaption>{html.escape(c)}</figcaption></figure>"
        for n, c in figures
    )
    parts = [
        f"<h1>Tuning {html.escape(result['game'])}: objective {html.escape(result['objective'])}</h1>",
        f"<p>{result['players']} players; bots {html.escape(', '.join(result['bots']))}; {len(result['trials'])} "
        f"trials of {result['games_per_trial']} games (the same game seeds in every trial); seed {result['seed']}; "
        f"{html.escape(sampler_text(result))}.</p>",
        "<h2>Best settings</h2>",
        _table(["parameter", "searched as", "range", "default", "best"], searched),
        f"<h2>Best and default settings replayed on {result['confirm_games']} fresh games each</h2>",
        "<p>Picking the best of many noisy trials flatters it; these replays on new seeds do not.</p>",
        _table(["measure", "default settings", "best settings"], replay),
        f"<p><b>{html.escape(verdict(result))}</b></p>",
        "<p>Differences, A = default settings, B = best settings:</p>",
        _table(RESULT_HEADERS, comparison_rows(compare), [r["significant"] for r in compare]),
        "<h2>Which parameters mattered</h2>",
        _table(["parameter", "importance"], importance)
        if importance
        else f"<p>{html.escape(no_importance(result))}</p>",
        f"<div class='grid'>{images}</div>",
        "<h2>Every trial</h2>",
        _table(["trial", *names, "loss", "balance [95% CI]", "mean turns", "decisiveness"], trials, marks),
    ]
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>dinobox tune {html.escape(result['game'])}"
        f"</title><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>"
    )


def write_tune(result: TuneResult, out: Path, report: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "tune.json").write_text(json.dumps(result, indent=1))
    write_csv(result, out / "trials.csv")
    if report:
        (out / "tune.html").write_text(tune_page(result, _plots(result, out)))


def sampler_text(result: TuneResult) -> str:
    """How the settings were chosen, and the repeats the cache saved."""
    size = result.get("settings_in_space")
    if result.get("sampler") == "grid":
        return f"every one of the {size} settings tried once (a grid)"
    skipped = result.get("repeats_skipped", 0)
    return "settings chosen by Optuna's TPE sampler; no setting played twice" + (
        f" ({skipped} repeated suggestions answered from the cache)" if skipped else ""
    )


def no_importance(result: TuneResult) -> str:
    if "real_gain" in result and not result["real_gain"]:
        return (
            "Not shown: the replay on fresh games found no real gain over the defaults, so which parameter "
            "'mattered' would only rank noise."
        )
    return "(not enough trials)"


def verdict(result: TuneResult) -> str:
    """Whether the best trial's gain holds up on fresh games."""
    best, default = result["best_confirmed"]["objective"]["loss"], result["default_confirmed"]["objective"]["loss"]
    if best < default:
        return (
            f"On fresh games the best settings keep their edge: objective {best:.4f} against {default:.4f} for the "
            "defaults (see the tests below for which measures changed significantly)."
        )
    return (
        f"On fresh games the best settings do not beat the defaults (objective {best:.4f} against {default:.4f}): "
        "the trials' differences were within the noise; try more --games per trial."
    )
