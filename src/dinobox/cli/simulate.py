"""``dinobox simulate``: many seeded bot games, a summary, a CSV and a report; or two runs compared."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from dinobox.cli.common import BOTS_HELP, check_output_dir, console, fail, require, seat_game
from dinobox.cli.summary import show_comparison, show_summary
from dinobox.engine.errors import DinoboxError
from dinobox.simulate import SimConfig, compare_runs, run_simulation, write_compare, write_outputs
from dinobox.simulate import skill_trace as run_trace
from dinobox.simulate.botcompare import bot_effects, effect_lines, level_folder, parse_levels
from dinobox.simulate.checks import FirstGames, check_writable, data_warnings
from dinobox.simulate.compare import load_summary
from dinobox.simulate.distributed import connect
from dinobox.simulate.documents import GameRow
from dinobox.simulate.journal import JOURNAL_FILE, Journal, has_journal
from dinobox.simulate.output import read_rows, run_identity
from dinobox.simulate.skill import check_size
from dinobox.simulate.skill import skill_check as run_check
from dinobox.simulate.sweep import write_sweep


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
        return Text(f"ETA {_hms(int((task.total - task.completed) / rate))}", style="cyan")


def _hms(seconds: int) -> str:
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


HEARTBEAT_SECONDS = 60.0


class _Heartbeat:
    """Moves a task of the bar to ``done`` games. Rich draws its live bar only on a terminal, so
    where the output is a log (nohup, a batch system, a pipe) a plain line like the bar says how
    far the run is: after its first game, then at most once every ``HEARTBEAT_SECONDS``."""

    def __init__(self, bar: Progress, task: TaskID) -> None:
        self.bar, self.task = bar, task
        self.last: float | None = None

    def __call__(self, done: int) -> None:
        self.bar.update(self.task, completed=done)
        if self.bar.console.is_terminal:
            return
        now = time.monotonic()
        if self.last is not None and now - self.last < HEARTBEAT_SECONDS:
            return
        self.last = now
        task = next(t for t in self.bar.tasks if t.id == self.task)
        parts = [
            f"{task.description} {int(task.completed)}/{int(task.total or 0)}",
            _SpeedColumn().render(task).plain,
            f"{_hms(int(task.elapsed or 0))} elapsed",
            _EtaColumn().render(task).plain,
        ]
        self.bar.console.print(" · ".join(p for p in parts if p), highlight=False, soft_wrap=True)


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


def _compare(dirs: tuple[Path, Path], out: Path | None, effect: float) -> None:
    require("scipy", "numpy", why="--compare")
    if out is not None:
        check_output_dir(out)

    try:
        result = compare_runs(dirs[0], dirs[1], effect)
        if out is not None:
            require("matplotlib", why="compare.html")
            path = write_compare(dirs[0], dirs[1], out, effect)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    show_comparison(result, dirs)
    if out is not None:
        console.print(f"side-by-side report: {path}")


def _player_counts(text: str | None) -> list[int | None]:
    """``--players``: nothing (one per --bots), a count, or a range ``LOW..HIGH``."""
    if text is None:
        return [None]
    low, dots, high = text.partition("..")
    try:
        counts = list(range(int(low), int(high) + 1)) if dots else [int(text)]
    except ValueError:
        raise fail(f"--players takes a number or a range such as 2..4, not {text!r}") from None
    if not counts:
        raise fail(f"--players {text}: the range must go from low to high")
    return list(counts)


def _warn(warning: str) -> None:
    console.print(f"[bold yellow]Warning:[/] {warning}")


def _first_games_watch(config: SimConfig, done: list[GameRow]) -> FirstGames:
    """Say what will make the run's numbers meaningless: data changes that change nothing (at
    once), and settings that make the game degenerate (as soon as the run's first games are in,
    from the resumed rows or the run itself)."""
    for warning in data_warnings(config.game, config.data):
        _warn(warning)
    watch = FirstGames(config, _warn)
    for row in done:
        watch.see(row)
    return watch


def _check_out(out: Path, resume: bool, overwrite: bool) -> None:
    """Refuse before any game is played: a file for a folder, a folder not writable, or a run
    that would be replaced without --overwrite."""
    check_output_dir(out)
    if resume and overwrite:
        raise fail("give --resume (keep the games in --out) or --overwrite (replace them), not both")
    if (out / "summary.json").exists() and not resume and not overwrite:
        raise fail(
            f"{out} already holds a simulation: --resume continues it, --overwrite replaces it, or give another --out"
        )
    if has_journal(out) and not resume and not overwrite:
        raise fail(
            f"{out} holds the games of a simulation that was stopped before it wrote its results ({JOURNAL_FILE}): "
            "--resume continues it, --overwrite replaces it, or give another --out"
        )


METRIC_HELP = (
    "a metric of your own (repeatable): module:function or a dinobox.metrics entry point; it sees every "
    "step and adds columns to games.csv and plots to report.html (docs/designers.md)"
)
COMPARE_BOTS_HELP = (
    "LEVEL,LEVEL: play the same seeds with two bot levels (every seat the same level), each run in --out/LEVEL, "
    "and flag each seat, order, role or end-reason effect one level shows and the other does not"
)


def simulate(
    game_id: str | None = typer.Argument(None, metavar="GAME", help="game id, see `dinobox games`"),
    games: int = typer.Option(100, "--games", "-g", help="how many games to play"),
    players: str | None = typer.Option(
        None,
        "--players",
        "-n",
        help="number of players (default: one per --bots), or a range such as 2..4: one run per count in "
        "--out/players-N and one report over them",
    ),
    bots: str | None = typer.Option(None, "--bots", help=f"{BOTS_HELP}; seats rotate between games"),
    seed: int = typer.Option(0, "--seed", help="master seed: the same seed gives the same results"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (local backend)"),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray (a Ray cluster)"),
    address: str | None = typer.Option(
        None, "--address", help="with --backend ray: the cluster to join (default: start a local one)"
    ),
    variant: list[str] = typer.Option([], "--variant", help="a rulebook variant (repeatable)"),
    option: list[str] = typer.Option([], "--option", help="KEY=VALUE game option (repeatable)"),
    set_data: list[str] = typer.Option(
        [], "--set", help="KEY=VALUE component data change (`dinobox data GAME` lists them), e.g. hand_size=6"
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="directory for summary.json, games.csv, report.html (compare.html with --compare)"
    ),
    skill_trace: int = typer.Option(
        0, "--skill-trace", help="also play N games of ISMCTS at 2x budget against 1x (skill vs luck)"
    ),
    skill_check: int = typer.Option(
        0,
        "--skill-check",
        help="also play N games for each step of the ladder strong > heuristic > random under these rules, and "
        "N games of each exploit probe against each lobby level from medium up (--probe-games to change)",
    ),
    probe_games: int | None = typer.Option(
        None, "--probe-games", help="with --skill-check: games per exploit probe and level (default N; 0: none)"
    ),
    report: bool = typer.Option(True, "--report/--no-report", help="write report.html with plots"),
    ratings: bool = typer.Option(
        False, "--ratings", help="also rate the bots (OpenSkill, as the server's ladder) and report the ratings"
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="continue the run already in --out (same settings; --games may be raised, never lowered): keep its "
        "games and play only the missing ones",
    ),
    overwrite: bool = typer.Option(False, "--overwrite", help="replace a run already in --out"),
    compare: tuple[Path, Path] | None = typer.Option(
        None, "--compare", help="compare two output directories instead of simulating: --compare DIR_A DIR_B"
    ),
    effect: float = typer.Option(
        0.05, "--effect", help="with --compare: the win-rate change (0.05 = 5 points) to size the games needed for"
    ),
    compare_bots: str | None = typer.Option(None, "--compare-bots", help=COMPARE_BOTS_HELP),
    metric: list[str] = typer.Option([], "--metric", help=METRIC_HELP),
) -> None:
    """Play many seeded games between bots and report seat effect, balance, length, scores and strategies."""
    if compare is not None and compare[0] is not None:
        _compare(compare, out, effect)
        return
    if game_id is None:
        raise fail("name a GAME to simulate (or use --compare DIR_A DIR_B)")
    if out is None:
        raise fail("give an output directory with --out DIR")
    counts = _player_counts(players)
    if compare_bots is not None:
        plan = (game_id, variant, option, set_data, games, seed, tuple(metric))
        return _compare_bots(compare_bots, bots, counts, plan, out, (jobs, overwrite, report))
    runs = _plan(game_id, bots, counts, variant, option, set_data, games, seed, tuple(metric), out)
    _preflight(runs, (skill_trace, skill_check, probe_games or 0), jobs, backend, resume, overwrite, report, ratings)
    for config, where in runs:
        _run(config, where, jobs, backend, address, (skill_trace, skill_check, probe_games), report, resume, ratings)
    if len(runs) > 1:
        path = write_sweep([where for _, where in runs], out, report)
        console.print(f"[bold]player counts {counts[0]}..{counts[-1]}[/]: one report over them in {path}")


def _compare_bots(
    text: str, bots: str | None, counts: list[int | None], plan: tuple[Any, ...], out: Path, run: tuple[int, bool, bool]
) -> None:
    """``--compare-bots A,B``: one run per level in ``out/<level>``, then the effects compared."""
    game_id, variant, option, set_data, games, seed, metrics = plan
    jobs, overwrite, report = run
    try:
        levels = parse_levels(text)
    except ValueError as exc:
        raise fail(str(exc)) from None
    if bots is not None:
        raise fail("--compare-bots seats one level in every seat: leave out --bots")
    if len(counts) != 1:
        raise fail("--compare-bots takes one player count, not a range")
    if levels[0] == levels[1]:
        console.print(f"[yellow]both levels are {levels[0]}: an A/A comparison (it should flag nothing)[/]")
    runs: list[tuple[SimConfig, Path]] = []
    for level in dict.fromkeys(levels):
        where = out / level_folder(level)
        first = _plan(game_id, level, counts, variant, option, set_data, games, seed, metrics, where)[0][0]
        every = ",".join([level] * int(first.players or 1))  # the level in every seat
        runs += _plan(game_id, every, counts, variant, option, set_data, games, seed, metrics, where)
    _preflight(runs, (0, 0, 0), jobs, "local", False, overwrite, report, False)
    for config, where in runs:
        _run(config, where, jobs, "local", None, (0, 0, None), report, False)
    summaries = [load_summary(out / level_folder(level)) for level in levels]
    result = bot_effects(summaries[0], summaries[1], levels)
    (out / "bot_effects.json").write_text(json.dumps(result, indent=1))
    for line in effect_lines(result):
        console.print(line, markup=False)
    console.print(f"written to {out / 'bot_effects.json'}")


def _plan(
    game_id: str,
    bots: str | None,
    counts: list[int | None],
    variant: list[str],
    option: list[str],
    set_data: list[str],
    games: int,
    seed: int,
    metrics: tuple[str, ...],
    out: Path,
) -> list[tuple[SimConfig, Path]]:
    """A run (configuration, folder) per player count: ``out`` itself, or ``out/players-N``."""
    runs: list[tuple[SimConfig, Path]] = []
    for count in counts:
        game, seats = seat_game(game_id, bots, count, variant, option, set_data)
        config = SimConfig.from_game(game, seats, games, seed, metrics)
        runs.append((config, out if len(counts) == 1 else out / f"players-{game.num_players}"))
    return runs


def _preflight(
    runs: list[tuple[SimConfig, Path]],
    skills: tuple[int, int, int],
    jobs: int,
    backend: str,
    resume: bool,
    overwrite: bool,
    report: bool,
    ratings: bool,
) -> None:
    """Everything checked before the first game; the output folders last, by writing to them."""
    try:
        for config, _ in runs:
            config.check()
        if min(skills) < 0:
            raise DinoboxError("--skill-trace, --skill-check and --probe-games take a number of games, 0 or more")
        if jobs < 1:
            raise DinoboxError(f"--jobs must be at least 1, not {jobs}")
        if backend not in ("local", "ray"):
            raise DinoboxError(f"--backend must be local or ray, not {backend!r}")
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    for _, where in runs:
        _check_out(where, resume, overwrite)
    require(
        "scipy",
        "numpy",
        *(["matplotlib"] if report else []),
        *(["openskill"] if ratings else []),
        why="dinobox simulate",
    )
    if backend == "ray":
        require("ray", why="--backend ray")

    try:
        for _, where in runs:
            check_writable(where)  # last, so that a refused run leaves no folder behind
    except DinoboxError as exc:
        raise fail(str(exc)) from None


def _run(
    config: SimConfig,
    out: Path,
    jobs: int,
    backend: str,
    address: str | None,
    skills: tuple[int, int, int | None],
    report: bool,
    resume: bool,
    ratings: bool = False,
) -> None:
    games = config.games
    try:
        done = read_rows(out, config) if resume else None
        if backend == "ray":
            connect(address, cpus=jobs if address is None and jobs > 1 else None)
        where = f"jobs {jobs}" if backend == "local" else f"Ray {address or 'local'}"
        console.print(
            f"[bold]{config.build_game().title}[/] · {config.players} players · {games} games · "
            f"bots {', '.join(config.bots)} · seed {config.seed} · {where}"
        )
        kept = len(done or [])
        if done:
            console.print(f"resuming {out}: {kept} games already played, {games - kept} to play")
        watch = _first_games_watch(config, done or [])
        journal = Journal(out, run_identity(config), config.metrics, done or [])
        with journal, _term_stops_like_ctrl_c(), _progress() as bar:
            task = bar.add_task("games", total=games, completed=kept, kept=kept)

            def see(row: GameRow) -> None:
                journal.add(row)
                watch.see(row)

            run = run_simulation(config, jobs, _Heartbeat(bar, task), done, backend, see)
            trace = check = None
            skill_trace, skill_check, probe_games = skills
            if skill_trace and not run.interrupted:
                trace_task = bar.add_task("skill trace", total=skill_trace)
                trace = run_trace(config, skill_trace, jobs, _Heartbeat(bar, trace_task), backend)
            if skill_check and not run.interrupted:
                check_task = bar.add_task("skill check", total=check_size(config, skill_check, probe_games))
                check = run_check(config, skill_check, jobs, _Heartbeat(bar, check_task), backend, probe_games)
        if not run.rows:
            journal.remove()
            console.print("[yellow]Interrupted before any game finished: nothing written.[/]")
            raise typer.Exit(130)
        summary = write_outputs(run, out, trace, report=report, ratings=ratings, skill_check=check)
        journal.remove()
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    show_summary(summary)
    console.print(f"{run.games_per_second:.2f} games/s · written to {out}")
    if run.interrupted or (trace is not None and trace["interrupted"]):
        console.print(
            f"[yellow]Interrupted: {len(run.rows)} of {games} games played"
            + (f", skill trace {trace['games']} of {skill_trace}" if trace is not None else "")
            + "; the results above cover those games only.[/]"
        )
        raise typer.Exit(130)
