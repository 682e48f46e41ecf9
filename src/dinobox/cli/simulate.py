"""``dinobox simulate``: many seeded bot games, a summary, a CSV and a report; or two runs compared."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table
from rich.text import Text

from dinobox.bots import split_specs
from dinobox.cli.common import build_game, console, fail
from dinobox.engine.errors import DinoboxError


def _rate(task: Task) -> float | None:
    """Games per second since the start. Rich's own estimate follows the latest updates, and
    worker processes hand back games in bursts, which made it jump to thousands per second."""
    elapsed = task.finished_time if task.finished else task.elapsed
    played = task.completed - task.fields.get("kept", 0)  # not the games kept by --resume
    if played <= 0 or not elapsed:
        return None
    return played / elapsed


class _SpeedColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _rate(task)
        return Text(f"{rate:.2f} games/s" if rate else "-- games/s", style="cyan")


class _EtaColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        rate = _rate(task)
        if task.finished or task.total is None:
            return Text("")
        if not rate:
            return Text("ETA -:--:--", style="cyan")
        left = int((task.total - task.completed) / rate)
        return Text(f"ETA {left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}", style="cyan")


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        _SpeedColumn(),
        TimeElapsedColumn(),
        _EtaColumn(),
        console=console,
        transient=False,
    )


@contextmanager
def _term_stops_like_ctrl_c() -> Iterator[None]:
    """SIGTERM (a batch system's or `timeout`'s stop) ends the run as Ctrl-C does: the games
    finished so far are written."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _compare(dirs: tuple[Path, Path], out: Path | None) -> None:
    from dinobox.simulate.compare import comparison_rows, load_summary, write_compare

    try:
        a, b = (load_summary(d) for d in dirs)
        table = Table(title=f"A = {dirs[0]}   B = {dirs[1]}")
        for header in ("measure", "A", "B", "B - A"):
            table.add_column(header)
        for row in comparison_rows(a, b):
            table.add_row(*row)
        console.print(table)
        if out is not None:
            path = write_compare(dirs[0], dirs[1], out)
            console.print(f"side-by-side report: {path}")
    except DinoboxError as exc:
        raise fail(str(exc)) from None


def simulate(
    game_id: str | None = typer.Argument(None, metavar="GAME", help="game id, see `dinobox games`"),
    games: int = typer.Option(100, "--games", "-g", help="how many games to play"),
    players: int | None = typer.Option(None, "--players", "-n", help="number of players"),
    bots: str = typer.Option(
        "random",
        "--bots",
        help="one spec per seat (rotated between games), or one for all: random, heuristic, ismcts with options "
        "after a colon, e.g. heuristic,ismcts:iterations=500,playout=heuristic (docs/bots.md)",
    ),
    seed: int = typer.Option(0, "--seed", help="master seed: the same seed gives the same results"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes"),
    variant: list[str] = typer.Option([], "--variant", help="a rulebook variant (repeatable)"),
    option: list[str] = typer.Option([], "--option", help="KEY=VALUE game option (repeatable)"),
    set_data: list[str] = typer.Option(
        [], "--set", help="KEY=VALUE component data change, e.g. hand_size=6 or 'cards=[8,8,8,8,4,4,4,4]'"
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="directory for summary.json, games.csv, report.html"
    ),
    skill_trace: int = typer.Option(
        0, "--skill-trace", help="also play N games of ISMCTS at 2x budget against 1x (skill vs luck)"
    ),
    report: bool = typer.Option(True, "--report/--no-report", help="write report.html with plots"),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="continue the run already in --out (same settings; --games may be raised): keep its games "
        "and play only the missing ones",
    ),
    compare: tuple[Path, Path] | None = typer.Option(
        None, "--compare", help="compare two output directories instead of simulating: --compare DIR_A DIR_B"
    ),
) -> None:
    """Play many seeded games between bots and report balance, length, scores and strategies."""
    if compare is not None and compare[0] is not None:
        _compare(compare, out)
        return
    if game_id is None:
        raise fail("name a GAME to simulate (or use --compare DIR_A DIR_B)")
    if out is None:
        raise fail("give an output directory with --out DIR")
    from dinobox.simulate import SimConfig, run_simulation, write_outputs
    from dinobox.simulate import skill_trace as run_trace
    from dinobox.simulate.output import read_rows

    game = build_game(game_id, players, variant, option, set_data)
    config = SimConfig(
        game=game_id,
        bots=tuple(split_specs(bots)),
        games=games,
        seed=seed,
        players=game.num_players,
        options=dict(game.options),
        data=dict(game.data_overrides),
    )
    try:
        config.check()
        if skill_trace < 0:
            raise DinoboxError(f"--skill-trace must be 0 or more, not {skill_trace}")
        done = read_rows(out, config) if resume else None
        console.print(
            f"[bold]{game.title}[/] · {game.num_players} players · {games} games · bots {', '.join(config.bots)}"
            f" · seed {seed} · jobs {jobs}"
        )
        kept = sum(1 for row in done or [] if row["index"] < games)
        if done:
            console.print(f"resuming {out}: {kept} games already played, {games - kept} to play")
        with _term_stops_like_ctrl_c(), _progress() as bar:
            task = bar.add_task("games", total=games, completed=kept, kept=kept)
            run = run_simulation(config, jobs, lambda n: bar.update(task, completed=n), done)
            trace = None
            if skill_trace and not run.interrupted:
                trace_task = bar.add_task("skill trace", total=skill_trace)
                trace = run_trace(
                    config, skill_trace, jobs, lambda done: bar.update(trace_task, completed=done)
                )
        if not run.rows:
            console.print("[yellow]Interrupted before any game finished: nothing written.[/]")
            raise typer.Exit(130)
        summary = write_outputs(run, out, trace, report=report)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    table = Table(title=f"{summary['title']}: win rates (95% intervals)")
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
    console.print(table)
    console.print(
        f"balance {summary['balance']:.3f} · mean turns {summary['length']['turns']['mean']:.1f} · "
        f"{run.games_per_second:.2f} games/s · written to {out}"
    )
    if run.interrupted or (trace is not None and trace["interrupted"]):
        console.print(
            f"[yellow]Interrupted: {len(run.rows)} of {games} games played"
            + (f", skill trace {trace['games']} of {skill_trace}" if trace is not None else "")
            + "; the results above cover those games only.[/]"
        )
        raise typer.Exit(130)
