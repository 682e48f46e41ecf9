"""``dinobox analyse``: the coach's verdict on one seat's decisions in a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from dinobox.cli.common import check_output_file, console, fail, seat_names
from dinobox.coach import Analysis, analyse
from dinobox.coach.analysis import AnalysisJson
from dinobox.engine.errors import DinoboxError
from dinobox.engine.record import from_record
from dinobox.jsonvalue import JsonObject, JsonValue

COSTLY = 0.10
"""A decision that lost more than this much win chance is marked."""


def analyse_command(
    file: Path = typer.Argument(..., help="a record written by `dinobox play --save` (or saved from a table)"),
    seat: int = typer.Option(..., "--seat", help="the seat to analyse: 0 for the first player"),
    seconds: float | None = typer.Option(
        None, "--seconds", help="wall-clock budget for the whole analysis (results then vary with the machine)"
    ),
    iterations: int | None = typer.Option(
        None, "--iterations", help="search iterations per decision (reproducible; default: the game's budget)"
    ),
    json_file: Path | None = typer.Option(None, "--json", help="also write the analysis to this file as JSON"),
    seed: int = typer.Option(0, "--seed", help="seed of the search"),
) -> None:
    """Analyse one seat's decisions: the win chance after each, the best alternative, the costly moves."""
    record = _read_record(file)
    try:
        final = from_record(record)
        count = final.game.num_players
        if not 0 <= seat < count:
            raise DinoboxError(f"--seat must be 0..{count - 1} for this {count}-player game, not {seat}")
        if seconds is not None and iterations is not None:
            raise DinoboxError("give --seconds or --iterations, not both")
        if json_file is not None:
            check_output_file(json_file)
        result = analyse(record, seat, iterations=iterations, seconds=seconds, seed=seed)
    except ValueError as exc:  # a bad budget as well as a bad record
        raise fail(str(exc)) from None
    names = seat_names(final.view(None), count)
    console.print(
        f"[bold]Analysis of {escape(final.game.title)}[/] for {escape(names[seat])} (seat {seat}) · {result.budget}"
    )
    if result.decisions:
        console.print(decision_table(result))
    console.print(summary(result, names[seat]), soft_wrap=True)
    if json_file is not None:
        json_file.write_text(json.dumps(issue_json(result), indent=1))
        console.print(f"[dim]analysis saved to {json_file}[/]")


def _read_record(file: Path) -> JsonObject:
    try:
        record: JsonValue = json.loads(file.read_text())
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise fail(f"{file} is not a text file") from None
    except json.JSONDecodeError as exc:
        raise fail(f"{file} is not JSON: {exc}") from None
    if not isinstance(record, dict):  # in ``from_record``'s words
        raise fail(f"a record is a JSON object, not {type(record).__name__}")
    return record


def issue_json(result: Analysis) -> AnalysisJson:
    """The file format of ``--json``: the analysis without its budget line."""
    data = result.to_json()
    data.pop("budget", None)
    return data


def decision_table(result: Analysis) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("move", justify="right")
    table.add_column("chosen")
    table.add_column("win", justify="right")
    table.add_column("best alternative")
    table.add_column("win", justify="right")
    table.add_column("")
    for j in result.decisions:
        costly = j.loss > COSTLY
        mark = f"[bold red]✗ -{j.loss * 100:.0f}[/]" if costly else ""
        best = "" if j.best == j.chosen else escape(j.best_text)
        best_win = "" if j.best == j.chosen else f"{j.win_chance_best:.0%}"
        table.add_row(str(j.move), escape(j.chosen_text), f"{j.win_chance_chosen:.0%}", best, best_win, mark)
    return table


def summary(result: Analysis, name: str) -> str:
    costly = result.costly(COSTLY)
    forced = len(result.win_chance) - len(result.decisions)
    lines = [
        f"[bold]Summary:[/] {len(result.decisions)} decisions judged ({forced} forced moves skipped); "
        f"{len(costly)} lost more than {COSTLY:.0%} of win chance (marked ✗)."
    ]
    if costly:
        worst = max(costly, key=lambda j: j.loss)
        lines.append(
            f"Costliest: move {worst.move}, {escape(worst.chosen_text)} ({worst.win_chance_chosen:.0%}) "
            f"where {escape(worst.best_text)} kept {worst.win_chance_best:.0%}."
        )
    if result.win_chance:
        lines.append(f"{escape(name)}'s estimated win chance after the last decision: {result.win_chance[-1]:.0%}.")
    return "\n".join(lines)
