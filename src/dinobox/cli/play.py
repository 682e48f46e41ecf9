"""``dinobox play``: a game in the terminal against friends (hotseat) and bots.

In a terminal it opens the full-screen app (``cli/tui``); ``--plain``, or a pipe on stdin or
stdout, gives the line-mode client (``cli/plain``). Both drive the same :class:`Table`.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import typer

from dinobox.bots import split_specs
from dinobox.cli.common import BOTS_HELP, check_output_file, console, fail, seat_game
from dinobox.cli.plain import PlainClient, Quit, print_outcome
from dinobox.cli.table import HUMAN, Table, plural
from dinobox.clocks import BOT, RULES, parse_time_control
from dinobox.engine.errors import DinoboxError
from dinobox.jsonvalue import JsonValue


def play(
    game_id: str | None = typer.Argument(
        None, metavar="[GAME]", help="game id, see `dinobox games` (not needed with --resume)"
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="number of players"),
    bots: str | None = typer.Option(
        None, "--bots", help=f"{BOTS_HELP}; 'human' is a person at this terminal (default: you against heuristic bots)"
    ),
    seed: int | None = typer.Option(None, "--seed", help="seed for shuffles, dice and bots"),
    variant: list[str] = typer.Option([], "--variant", help="a rulebook variant (repeatable)"),
    option: list[str] = typer.Option([], "--option", help="KEY=VALUE game option (repeatable)"),
    save: Path | None = typer.Option(None, "--save", help="write the game record (JSON) here"),
    plain: bool = typer.Option(
        False, "--plain", help="line-mode client (for pipes, screen readers and scripts) instead of the full screen"
    ),
    clock: str | None = typer.Option(
        None, "--clock", help="a time control for the people: 10m+5s (bank + increment a move), 5m, or 24h/move"
    ),
    on_timeout: str = typer.Option(
        BOT, "--on-timeout", help="when a person's time runs out: 'bot' plays their move, or they 'lose'"
    ),
    resume: Path | None = typer.Option(
        None, "--resume", help="continue a game saved with s, q or --save (its seats, seed and clocks)"
    ),
    no_pause: bool = typer.Option(
        False, "--no-pause", help="big events (an eruption, a scoring) do not wait for a key"
    ),
) -> None:
    """Play a game in the terminal: you and friends (hotseat) against bots."""
    if resume is not None:
        table = resumed_table(resume, game_id, bots, players, variant, option, seed, clock)
        target = save or resume
        if bots and save is None and table.seats != stored_seats(resume):
            target = reseated_path(resume)  # the record keeps its own seats
            console.print(f"[dim]new seats: this game is saved to {target}, {resume} stays as it was[/]")
        run_table(table, target, plain, not no_pause)
        return
    if game_id is None:
        raise fail("name a GAME (see `dinobox games`), or give --resume FILE")
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 30)
    if save is not None:
        check_output_file(save)  # before the game: a played game is never lost to a bad path
    if on_timeout not in RULES:
        raise fail(f"--on-timeout must be 'bot' or 'lose', not {on_timeout!r}")
    try:
        control = parse_time_control(clock, on_timeout) if clock is not None else None
    except DinoboxError as exc:
        raise fail(f"--clock: {exc}") from None
    game, seats = seat_game(game_id, bots, players, variant, option, first=HUMAN)
    try:
        table = Table(game, seats, seed, clock=control)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    run_table(table, save, plain, not no_pause)


def run_table(table: Table, save: Path | None, plain: bool, pause: bool) -> None:
    """The full-screen app in a terminal, else the line-mode client; the final table printed."""
    game, control = table.game, table.clock.control if table.clock is not None else None
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        # Lazy: Textual takes a fifth of a second to import, which --plain and piped play skip.
        from dinobox.cli.tui.app import PlayApp

        app = PlayApp(table, save, pause=pause)
        app.run()
        print_outcome(table)
        if app.saved_to is not None:
            console.print(f"Saved to {app.saved_to}: dinobox play --resume {app.saved_to} continues it.")
        return
    if table.humans and not sys.stdin.isatty():
        console.print("[dim]stdin is not a terminal: reading choices from it[/]")
    timing = f" · clock {control.describe()} ({control.on_timeout} on timeout)" if control is not None else ""
    console.print(
        f"[bold]{game.title}[/] · {plural(game.num_players, 'player')} · seed {table.seed} · "
        f"seats: {', '.join(table.seats)}" + timing
    )
    if table.state.move_number():
        console.print(f"[dim]resumed after {plural(len(table.state.history()), 'move')}[/]")
    console.print("players: " + ", ".join(table.who(i) for i in range(game.num_players)))
    try:
        PlainClient(table, save).run()
    except (KeyboardInterrupt, EOFError, Quit):
        raise typer.Exit(1) from None


def stored_seats(path: Path) -> list[str] | None:
    """The seats a record keeps (None when it keeps none or cannot be read)."""
    try:
        record = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None
    seats = record.get("seats") if isinstance(record, dict) else None
    return seats if isinstance(seats, list) else None


def reseated_path(path: Path) -> Path:
    """A file next to ``path`` for the same game with other seats: ``game-reseated.json``,
    ``game-reseated-2.json``, ... (the first that does not exist)."""
    for n in range(1, 1000):
        candidate = path.with_name(f"{path.stem}-reseated{'' if n == 1 else f'-{n}'}{path.suffix}")
        if not candidate.exists():
            return candidate
    raise fail(f"no free file name next to {path}: give --save FILE")


def resumed_table(
    path: Path,
    game_id: str | None,
    bots: str | None,
    players: int | None,
    variant: list[str],
    option: list[str],
    seed: int | None,
    clock: str | None,
) -> Table:
    """The table a saved record left off, or a clean exit saying why not."""
    fixed = {"--players": players, "--variant": variant, "--option": option, "--seed": seed, "--clock": clock}
    given = [name for name, value in fixed.items() if value]
    if given:
        raise fail(f"--resume continues the saved game as it was: {', '.join(given)} cannot change it")
    try:
        record: JsonValue = json.loads(path.read_text())
    except OSError as exc:
        raise fail(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise fail(f"{path} is not JSON: {exc}") from None
    seats = split_specs(bots) if bots else None
    try:
        if not isinstance(record, dict):
            raise DinoboxError(f"a record is a JSON object, not {type(record).__name__}")
        table = Table.resume(record, seats)
    except DinoboxError as exc:
        raise fail(f"cannot resume {path}: {exc}") from None
    if game_id is not None and game_id != table.game.id:
        raise fail(f"{path} is a game of {table.game.id}, not {game_id}")
    check_output_file(path)
    return table
