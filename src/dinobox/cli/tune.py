"""``dinobox tune GAME``: let Optuna search options and component data for an objective."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from dinobox.cli.common import BOTS_HELP, check_output_dir, console, fail, require, seat_game
from dinobox.engine.errors import DinoboxError
from dinobox.simulate import SimConfig
from dinobox.simulate.checks import check_writable
from dinobox.simulate.distributed import connect
from dinobox.simulate.documents import TuneResult
from dinobox.simulate.tune import TuneSetup, check_params, parse_objective, parse_param, run_tune
from dinobox.simulate.tune_report import sampler_text, write_tune


def tune(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
    param: list[str] = typer.Option(
        [],
        "--param",
        help="a setting to search (repeatable): NAME=LOW..HIGH (whole numbers or decimals) or NAME=A|B|C "
        "(choices, JSON values); NAME is an option or a component-data field (`dinobox data GAME`)",
    ),
    objective: str = typer.Option(
        "balance",
        "--objective",
        help="balance (even seats), length=N (mean turns near N), runaway (winners not decided early), "
        "or a weighted mix such as 2*balance+0.5*length=40",
    ),
    trials: int = typer.Option(30, "--trials", help="how many settings to try"),
    batch: int = typer.Option(
        1,
        "--batch",
        help="trials chosen together and, on Ray, played together (the result depends on it, not on the backend)",
    ),
    games: int = typer.Option(100, "--games", "-g", help="games per trial"),
    confirm: int | None = typer.Option(
        None, "--confirm", help="games to replay the best and the default settings on fresh seeds (default 2x --games)"
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="number of players (default: one per --bots)"),
    bots: str | None = typer.Option(None, "--bots", help=f"{BOTS_HELP}; seats rotate between games"),
    seed: int = typer.Option(0, "--seed", help="seeds the search and every trial's games: same seed, same result"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (local backend)"),
    backend: str = typer.Option("local", "--backend", help="local (worker processes) or ray (a Ray cluster)"),
    address: str | None = typer.Option(None, "--address", help="with --backend ray: the cluster to join"),
    variant: list[str] = typer.Option([], "--variant", help="a rulebook variant kept fixed (repeatable)"),
    option: list[str] = typer.Option([], "--option", help="KEY=VALUE game option kept fixed (repeatable)"),
    set_data: list[str] = typer.Option([], "--set", help="KEY=VALUE component data kept fixed (repeatable)"),
    out: Path | None = typer.Option(None, "--out", "-o", help="directory for tune.json, trials.csv, tune.html"),
    report: bool = typer.Option(True, "--report/--no-report", help="write tune.html with plots"),
    overwrite: bool = typer.Option(False, "--overwrite", help="replace a tuning already in --out"),
) -> None:
    """Search options and component data for seat balance, a game length or fewer runaway leaders."""
    if out is None:
        raise fail("give an output directory with --out DIR")
    game, seats = seat_game(game_id, bots, players, variant, option, set_data)

    base = SimConfig.from_game(game, seats, games, seed)
    try:
        base.check()
        _check_counts(trials=trials, batch=batch, jobs=jobs, confirm=2 if confirm is None else confirm, backend=backend)
        setup = TuneSetup(
            base,
            [parse_param(p, game_id) for p in param],
            parse_objective(objective),
            trials,
            confirm or 2 * games,
            jobs,
            backend,
            batch,
        )
        check_params(base, setup.params)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    check_output_dir(out)
    if (out / "tune.json").exists() and not overwrite:
        raise fail(f"{out} already holds a tuning: --overwrite replaces it, or give another --out")
    require("optuna", "scipy", "numpy", *(["matplotlib"] if report else []), why="dinobox tune")
    if backend == "ray":
        require("ray", why="--backend ray")

    try:
        check_writable(out)  # by writing, before the first trial
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    _run(setup, out, report, address)


def _check_counts(trials: int, batch: int, jobs: int, confirm: int, backend: str) -> None:
    for name, value, least in (
        ("--trials", trials, 1),
        ("--batch", batch, 1),
        ("--jobs", jobs, 1),
        ("--confirm", confirm, 2),
    ):
        if value < least:
            raise DinoboxError(f"{name} must be at least {least}, not {value}")
    if backend not in ("local", "ray"):
        raise DinoboxError(f"--backend must be local or ray, not {backend!r}")


def _run(setup: Any, out: Path, report: bool, address: str | None) -> None:
    try:
        if setup.backend == "ray":
            connect(address, cpus=setup.jobs if address is None and setup.jobs > 1 else None)
        console.print(
            f"[bold]tune {setup.base.game}[/] · {setup.base.players} players · {setup.trials} trials of "
            f"{setup.base.games} games · objective {setup.objective.text} · bots {', '.join(setup.base.bots)} · "
            f"seed {setup.base.seed}"
        )
        with Progress(
            TextColumn("[bold]trials"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.description}"),
            TimeElapsedColumn(),
            console=console,
        ) as bar:
            task = bar.add_task("", total=setup.trials)
            best = [float("inf")]

            def progress(done: int, entry: dict[str, Any]) -> None:
                best[0] = min(best[0], entry["loss"])
                bar.update(task, completed=done, description=f"best loss {best[0]:.4f}")

            setup.progress = progress
            result = run_tune(setup)
        write_tune(result, out, report)
    except KeyboardInterrupt:
        console.print("[yellow]Interrupted: nothing written.[/]")
        raise typer.Exit(130) from None
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    show_tune(result, out, report)


def show_tune(result: TuneResult, out: Path, report: bool = True) -> None:
    best, confirmed, default = result["best"], result["best_confirmed"], result["default_confirmed"]
    settings = ", ".join(f"{k}={v}" for k, v in best["values"].items())
    console.print(f"[bold]Best settings[/] (trial {best['number']}, loss {best['loss']:.4f}): {settings}")
    table = Table(title=f"best vs default settings, replayed on {result['confirm_games']} fresh games each")
    for header in ("measure", "default", "best", "best - default [95% CI]", "p Holm"):
        table.add_column(header, overflow="fold")
    table.add_row(
        "objective loss", f"{default['objective']['loss']:.4f}", f"{confirmed['objective']['loss']:.4f}", "", ""
    )
    for row in result["best_vs_default"]:
        if row["measure"].startswith(("seat", "mean turns", "mean decisiveness", "mean branching")):
            lo, hi = row["ci95"]
            mark = "*" if row["significant"] else ""
            table.add_row(
                f"{row['measure']}{mark}",
                f"{row['a']:.3f}",
                f"{row['b']:.3f}",
                f"{row['diff']:+.3f} [{lo:+.3f}, {hi:+.3f}]",
                f"{row['p_holm']:.3f}",
            )
    cells = [
        f"{s['balance']:.3f} [{s['balance_ci95'][0]:.3f}, {s['balance_ci95'][1]:.3f}]" for s in (default, confirmed)
    ]
    table.add_row("balance [95% CI]", *cells, "", "")
    console.print(table)
    if result["importances"]:
        console.print("Importance: " + ", ".join(f"{k} {v:.2f}" for k, v in result["importances"].items()))
    elif not result.get("real_gain", True):
        console.print("No real gain on fresh games: importances not shown (they would rank noise).")
    console.print(f"Trials: {sampler_text(result)}.")
    console.print(f"every trial: {out / 'trials.csv'}" + (f" · report: {out / 'tune.html'}" if report else ""))
