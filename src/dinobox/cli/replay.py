"""``dinobox replay``: step through a saved game record; with ``--analyse``, the coach marks the
moves of one seat that lost the most win chance, names the better move and sums the game up."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path

import typer
from rich import box
from rich.markup import escape
from rich.padding import Padding
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from dinobox.cli.choices import strip_actor
from dinobox.cli.common import console, fail, render_view, rounds_table, score_table, seat_names
from dinobox.cli.hints import HintNote, parse_hints, percent
from dinobox.coach import Analysis, Judgement, analyse
from dinobox.engine.errors import DinoboxError
from dinobox.engine.record import from_record
from dinobox.engine.registry import load_game
from dinobox.engine.state import CHANCE, State
from dinobox.jsonvalue import JsonObject, JsonValue

COSTLY = 0.10
"""A move is marked when it lost more than this much win chance against the best alternative."""
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 86_400.0
SPARKS = "▁▂▃▄▅▆▇█"


def replay(
    file: Path = typer.Argument(..., help="a record written by `dinobox play --save`"),
    seat: int | None = typer.Option(None, "--seat", help="watch as this seat (default: spectator)"),
    step: bool = typer.Option(False, "--step", help="pause at every decision (Enter to go on, q to stop)"),
    analysed: bool = typer.Option(
        False,
        "--analyse",
        "--analyze",
        help="the coach judges the --seat's decisions: marks the moves that lost more than 10 points of win chance",
    ),
    iterations: int | None = typer.Option(
        None,
        "--iterations",
        help="with --analyse: the coach's search iterations per decision (reproducible; default: the game's own)",
    ),
    seconds: float | None = typer.Option(
        None, "--seconds", help="with --analyse: the whole analysis's time in seconds (instead of --iterations)"
    ),
) -> None:
    """Replay a saved game, event by event, to its final scores (--analyse: with the coach's marks)."""
    check_budget(analysed, seat, iterations, seconds)
    record = read_record(file)
    try:
        final = from_record(record)  # validates the whole record first
        game = final.game
        if seat is not None and not 0 <= seat < game.num_players:
            raise DinoboxError(f"--seat must be 0..{game.num_players - 1}")
        hints = parse_hints(record, len(final.history()), game.num_players)
        fresh = load_game(game.id, players=game.num_players, data=game.data_overrides, **game.options)
        state = fresh.new_initial_state()
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    analysis = None
    if analysed and seat is not None:
        analysis = run_analysis(record, seat, seat_names(final.view(None), game.num_players)[seat], iterations, seconds)
    console.print(f"[bold]Replay of {game.title}[/] · {game.num_players} players · {len(final.history())} actions")
    coach = Coaching(analysis)
    if not play_through(state, final.history(), seat, step, coach, hints):
        return
    console.print(render_view(game, state.view(seat)))
    if state.is_terminal():
        console.print(score_table(state))
        rounds = rounds_table(state)
        if rounds is not None:
            console.print(rounds)
    else:
        player = state.current_player()
        who = seat_names(state.view(None), game.num_players)[player] if player >= 0 else "chance"
        console.print(
            f"[yellow]This record is unfinished:[/] the game stopped after {len(final.history())} actions, "
            f"{who} to act. `dinobox play --resume {file}` continues it.",
            soft_wrap=True,
        )
    if analysis is not None and seat is not None:
        coach.summary(seat_names(state.view(None), game.num_players)[seat])


def check_budget(analysed: bool, seat: int | None, iterations: int | None, seconds: float | None) -> None:
    """The analysis options make sense together (a clean exit with the reason, before any work)."""
    if not analysed:
        if iterations is not None or seconds is not None:
            raise fail("--iterations and --seconds set the coach's budget: they go with --analyse")
        return
    if seat is None:
        raise fail("--analyse needs --seat N: the seat whose decisions the coach judges (0 is the first)")
    if iterations is not None and seconds is not None:
        raise fail("give the coach one budget: --iterations or --seconds, not both")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise fail(f"--iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, not {iterations}")
    if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
        raise fail(f"--seconds must be more than 0 and at most {MAX_SECONDS:g}, not {seconds}")


def read_record(file: Path) -> JsonObject:
    try:
        record: JsonValue = json.loads(file.read_text())
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise fail(f"{file} is not JSON: {exc}") from None
    if not isinstance(record, dict):  # in ``from_record``'s words
        raise fail(f"a record is a JSON object, not {type(record).__name__}")
    return record


def run_analysis(
    record: Mapping[str, JsonValue], seat: int, name: str, iterations: int | None, seconds: float | None
) -> Analysis:
    """The coach's analysis of the seat's decisions, with a progress bar while it thinks."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    what = f"The coach analyses {escape(name)}'s decisions"
    if not console.is_terminal:
        console.print(f"[dim]{what}…[/]")
    with Progress(*columns, console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(what, total=None)

        def on_progress(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        try:
            return analyse(record, seat, iterations=iterations, seconds=seconds, on_progress=on_progress)
        except (DinoboxError, ValueError) as exc:
            raise fail(f"the coach cannot analyse this game: {exc}") from None


def next_move_text(state: State, action: int, player: int, seat: int | None) -> str:
    """The move about to be made, as the watching seat may know it: its own moves in full; another
    seat's only by who moves (the log that follows says what of it the watcher may see)."""
    if seat is not None and player == seat:
        return state.action_to_string(action, player)
    name = seat_names(state.view(seat), state.game.num_players)[player]
    return f"{name} moves"


def play_through(
    state: State, history: list[int], seat: int | None, step: bool, coach: Coaching, hints: list[HintNote]
) -> bool:
    """Apply the moves, printing the log as ``seat`` sees it with the coach's marks and the hints
    given; False when the person stopped a ``--step`` replay."""
    shown = 0
    given = {note.move: note for note in hints}
    for index, action in enumerate(history):
        player = state.current_player()
        mark = coach.mark(index, state)
        note = given.get(index)
        if step and player != CHANCE:
            console.print(render_view(state.game, state.view(seat)))
            console.print(f"[bold]next:[/] {escape(next_move_text(state, action, player, seat))}")
            show_notes(mark, note, seat, action, state)
            if console.input("[dim]Enter: next, q: stop[/] ").strip().lower() == "q":
                return False
        state.apply_action(action)
        entries = state.log(seat)
        for entry in entries[shown:]:
            console.print(f"  [cyan]·[/] {escape(str(entry['text']))}")
        shown = len(entries)
        if not step:
            show_notes(mark, note, seat, action, state)
    show_notes(None, given.get(len(history)), seat, None, state)  # asked where the record stops
    return True


def show_notes(mark: Padding | None, note: HintNote | None, seat: int | None, action: int | None, state: State) -> None:
    """The hint asked before ``action`` (its words only to the seat it was for), then the coach's mark."""
    if note is not None:
        who = seat_names(state.view(None), state.game.num_players)[note.seat]
        followed = "not yet played" if action is None else "followed" if note.action == action else "not followed"
        what = f": {note.text} ({followed})" if note.seat == seat else ""  # a hint tells of the seat's hand
        console.print(Text.assemble(("    ? ", "bold magenta"), (f"{who} asked for a hint here{what}", "magenta")))
    if mark is not None:
        console.print(mark)


class Coaching:
    """The coach's marks on a replay: the costly moves, and a win-chance line for the summary."""

    def __init__(self, analysis: Analysis | None) -> None:
        self.analysis = analysis
        self.by_move: dict[int, Judgement] = {}
        if analysis is not None:
            self.by_move = {j.move: j for j in analysis.decisions}
        self.turns: dict[int, int] = {}
        """For each costly move, the turn it was made in (a person counts turns, not actions)."""
        self.decided: list[int] = []
        """For each of the seat's decisions in order, the history index."""

    def mark(self, index: int, state: State) -> Padding | None:
        """The line marking a costly move about to be made at ``history[index]``, else None."""
        judged = self.by_move.get(index)
        if self.analysis is not None and state.current_player() == self.analysis.seat:
            self.decided.append(index)
        if judged is None or judged.loss <= COSTLY:
            return None
        self.turns[index] = state.turn_count()
        return Padding(
            Text.assemble(
                ("✗ ", "bold red"),
                (f"lost {points(judged.loss)} of win chance", "bold red"),
                f": {percent(judged.win_chance_chosen)} after this move, {percent(judged.win_chance_best)} after ",
                ("the better one: ", "bold"),
                strip_actor(judged.best_text),
            ),
            (0, 0, 0, 4),
            expand=False,
        )

    def summary(self, name: str) -> None:
        analysis = self.analysis
        if analysis is None:
            return
        costly = [j for j in analysis.decisions if j.loss > COSTLY]
        console.rule(f"[bold]The coach on {escape(name)}[/] · budget {escape(analysis.budget)}")
        judged = len(analysis.decisions)
        lost = sum(j.loss for j in analysis.decisions)
        average = f"{100 * lost / judged:.1f}" if judged else "0"
        console.print(
            f"{judged} decision{'s' if judged != 1 else ''} with a choice judged · "
            f"{len(costly)} lost more than {points(COSTLY)} of win chance · average loss {average} points",
            soft_wrap=True,
        )
        if costly:
            console.print(self.costly_table(costly))
        line = self.sparkline(analysis.win_chance, {j.move for j in costly}, max(10, console.width - 22))
        if line is not None:
            console.print(line)

    def costly_table(self, costly: list[Judgement]) -> Table:
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, title="The moves that cost the most", title_style="bold")
        for header in ("turn", "played", "win", "better", "win", "lost"):
            table.add_column(header, justify="right" if header in ("turn", "win", "lost") else "left")
        for j in sorted(costly, key=lambda j: -j.loss)[:10]:
            turn = str(self.turns.get(j.move, "?"))
            table.add_row(
                turn,
                strip_actor(j.chosen_text),
                percent(j.win_chance_chosen),
                strip_actor(j.best_text),
                percent(j.win_chance_best),
                f"[red]{points(j.loss)}[/]",
            )
        return table

    def sparkline(self, chances: tuple[float, ...], costly: set[int], width: int) -> Text | None:
        """The seat's estimated win chance after each of its decisions, one mark per decision (or
        per few, on a long game), red where a costly move was made."""
        if not chances:
            return None
        moves = self.decided if len(self.decided) == len(chances) else [-1] * len(chances)
        marks = min(len(chances), width)
        line = Text("Win chance ")
        line.append(percent(chances[0]) + " ", style="dim")
        for mark in range(marks):
            start, end = mark * len(chances) // marks, (mark + 1) * len(chances) // marks
            level = sum(chances[start:end]) / (end - start)
            spark = SPARKS[min(len(SPARKS) - 1, max(0, int(level * len(SPARKS))))]
            red = any(m in costly for m in moves[start:end])
            line.append(spark, style="bold red" if red else "green")
        line.append(" " + percent(chances[-1]) + "\n", style="dim")
        line.append(f"(after each of {len(chances)} decisions", style="dim")
        line.append("; red: a costly move)" if costly else ")", style="dim")
        return line


def points(chance: float) -> str:
    value = round(100 * chance)
    return f"{value} point{'s' if value != 1 else ''}"
