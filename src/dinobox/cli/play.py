"""``dinobox play``: a game in the terminal against friends (hotseat) and bots.

In a terminal it opens the full-screen app (``cli/tui``); ``--plain``, or a pipe on stdin or
stdout, gives the line-mode client (``cli/plain``). Both drive the same :class:`Table`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import typer

from dinobox.cli.common import BOTS_HELP, check_output_file, console, fail, seat_game
from dinobox.cli.plain import PlainClient, Quit
from dinobox.cli.table import HUMAN, Table, plural
from dinobox.clocks import BOT, RULES, parse_time_control
from dinobox.engine.errors import DinoboxError


def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
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
) -> None:
    """Play a game in the terminal: you and friends (hotseat) against bots."""
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
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        # Lazy: Textual takes a fifth of a second to import, which --plain and piped play skip.
        from dinobox.cli.tui.app import PlayApp

        PlayApp(table, save).run()
        return
    if table.humans and not sys.stdin.isatty():
        console.print("[dim]stdin is not a terminal: reading choices from it[/]")
    timing = f" · clock {control.describe()} ({on_timeout} on timeout)" if control is not None else ""
    console.print(
        f"[bold]{game.title}[/] · {plural(game.num_players, 'player')} · seed {seed} · seats: {', '.join(seats)}"
        + timing
    )
    console.print("players: " + ", ".join(table.who(i) for i in range(game.num_players)))
    try:
        PlainClient(table, save).run()
    except (KeyboardInterrupt, EOFError, Quit):
        raise typer.Exit(1) from None
