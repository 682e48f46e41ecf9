"""What ``simulate`` prints at the end of a run, and ``--compare``: what matters first (seat
effect, length, significant changes), the details after."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

from dinobox.cli.common import console
from dinobox.simulate.compare_report import pairing_sentence, result_rows, seat_sentence
from dinobox.simulate.design_report import design_lines, test_sentence
from dinobox.simulate.documents import Comparison, Summary
from dinobox.simulate.formatting import fmt_p
from dinobox.simulate.skill import ladder_sentence
from dinobox.simulate.stats import show_mean


def show_summary(summary: Summary) -> None:
    test = summary["seat_test"]
    fair = summary["fair_balance"]
    turns = summary["length"]["turns"]
    seats = ", ".join(
        f"{s['seat']}: {s['win_rate']:.3f} [{s['ci95'][0]:.3f}, {s['ci95'][1]:.3f}]" for s in summary["seats"]
    )
    verdict = "[bold red]the seat order matters[/]" if test["significant"] else "no evidence the seat order matters"
    console.print(f"[bold]{summary['title']}[/], {summary['games']} games, {summary['players']} players")
    console.print(f"Seat effect: {verdict} (chi-square {test['statistic']:.2f}, p {fmt_p(test['p_value'])})")
    console.print(f"  win rate by seat (95% CI): {seats}")
    if summary.get("team_test"):
        console.print(
            "  the seats of a team win together, so the seat test overstates the evidence; team test: "
            + test_sentence(summary["team_test"]),
            markup=False,
        )
    if len(set(summary["bots_given"])) > 1 and summary["games"] % summary["players"]:
        console.print(
            f"  [yellow]{summary['games']} games is not a multiple of {summary['players']}: the bots did not sit in "
            "every seat equally often, so part of the seat effect may be the bots'[/]"
        )
    lo, hi = summary["balance_ci95"]
    console.print(
        f"  balance {summary['balance']:.3f} [{lo:.3f}, {hi:.3f}]; a perfectly fair game at {summary['games']} games "
        f"shows {fair['median']:.3f} [{fair['range95'][0]:.3f}, {fair['range95'][1]:.3f}]"
    )
    console.print(
        f"Length: {turns['mean']:.1f} turns [{turns['ci95'][0]:.1f}, {turns['ci95'][1]:.1f}] (10-90%: "
        f"{turns['p10']:g}-{turns['p90']:g}), {summary['length']['decisions']['mean']:.1f} decisions, "
        f"{summary['branching_factor']:.2f} legal choices per decision, decisiveness "
        f"{show_mean(summary['decisiveness'])}",
        markup=False,
    )
    for line in design_lines(summary):
        console.print(line, markup=False)
    check = summary.get("skill_check")
    if check:
        console.print(ladder_sentence(check))
    for warning in summary.get("warnings", []):
        console.print(f"[bold yellow]Warning:[/] {warning}")
    table = Table(title="win rates by bot (95% intervals)")
    for header in ("bot", "seat-games", "wins", "win rate", "95% CI"):
        table.add_column(header)
    for b in summary["bots"]:
        table.add_row(
            b["spec"],
            str(b["games"]),
            f"{b['wins']:g}",
            f"{b['win_rate']:.3f}",
            f"[{b['ci95'][0]:.3f}, {b['ci95'][1]:.3f}]",
        )
    if len(summary["bots"]) > 1:
        console.print(table)
    if summary.get("ratings"):
        show_ratings(summary["ratings"], "ratings by bot (OpenSkill; interval mu ± 2 sigma)")


def show_ratings(ratings: Sequence[Mapping[str, Any]], title: str) -> None:
    """A ladder: rating as mu ± sigma, its interval, the ordinal it is sorted by, games."""
    table = Table(title=title)
    for header in ("#", "player", "mu ± sigma", "interval", "ordinal", "games"):
        table.add_column(header)
    for place, r in enumerate(ratings, 1):
        table.add_row(
            str(place),
            str(r.get("spec") or r.get("name") or r.get("player")),
            f"{r['mu']:.2f} ± {r['sigma']:.2f}",
            f"[{r['interval'][0]:.2f}, {r['interval'][1]:.2f}]",
            f"{r['ordinal']:.2f}",
            str(r["games"]),
        )
    console.print(table)


def show_comparison(result: Comparison, dirs: tuple[Path, Path]) -> None:
    console.print(f"[bold]A = {dirs[0]}   B = {dirs[1]}[/]")
    for setting, va, vb in result["setup"] or [["(nothing)", "same settings", ""]]:
        console.print(f"  changed: {setting}: {va} -> {vb}" if vb else "  no setting differs")
    for tag in ("a", "b"):
        console.print(f"Seat effect {tag.upper()}: {seat_sentence(result[tag])}")
    significant = [r for r in result["rows"] if r["significant"]]
    if significant:
        console.print("[bold]Significant changes (Holm-corrected, 5%):[/]")
        for r in significant:
            lo, hi = r["ci95"]
            console.print(f"  {r['measure']}: {r['a']:.3f} -> {r['b']:.3f} ({r['diff']:+.3f} [{lo:+.3f}, {hi:+.3f}])")
    else:
        console.print("No difference is significant after Holm's correction.")
    table = Table(
        title="every difference (B - A); * = significant after Holm",
        caption="n80: games per run for 80% power to see a difference this size",
    )
    for header in ("measure", "A", "B", "B - A [95% CI]", "p Holm", "n80"):
        table.add_column(header, overflow="fold")
    for row, r in zip(result_rows(result), result["rows"], strict=True):
        mark = "*" if r["significant"] else ""
        n80 = f"{r['games_needed']:,}" if r["games_needed"] else "-"
        table.add_row(f"{row[0]}{mark}", row[1], row[2], row[3], row[5], n80, style="bold" if mark else None)
    console.print(table)
    console.print(pairing_sentence(result))
    console.print(
        f"To see a {result['effect']:.2f} change in a seat's win rate with 80% power, each run needs about "
        f"{result['games_for_effect']:,} independent games."
    )
