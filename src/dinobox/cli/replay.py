"""``dinobox replay``: step through a saved game record."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dinobox.cli.common import console, fail, render_view, rounds_table, score_table, seat_names
from dinobox.engine.errors import DinoboxError
from dinobox.engine.record import from_record
from dinobox.engine.registry import load_game
from dinobox.engine.state import CHANCE


def replay(
    file: Path = typer.Argument(..., help="a record written by `dinobox play --save`"),
    seat: int | None = typer.Option(None, "--seat", help="watch as this seat (default: spectator)"),
    step: bool = typer.Option(False, "--step", help="pause at every decision (Enter to go on, q to stop)"),
) -> None:
    """Replay a saved game, event by event, to its final scores."""
    try:
        record = json.loads(file.read_text())
    except OSError as exc:
        raise fail(f"cannot read {file}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise fail(f"{file} is not JSON: {exc}") from None
    try:
        final = from_record(record)  # validates the whole record first
        game = final.game
        if seat is not None and not 0 <= seat < game.num_players:
            raise DinoboxError(f"--seat must be 0..{game.num_players - 1}")
        fresh = load_game(game.id, players=game.num_players, data=game.data_overrides, **game.options)
        state = fresh.new_initial_state()
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    console.print(f"[bold]Replay of {game.title}[/] · {game.num_players} players · {len(final.history())} actions")
    shown = 0
    for action in final.history():
        player = state.current_player()
        if step and player != CHANCE:
            console.print(render_view(game, state.view(seat)))
            console.print(f"[bold]next:[/] {state.action_to_string(action)}")
            if console.input("[dim]Enter: next, q: stop[/] ").strip().lower() == "q":
                return
        state.apply_action(action)
        entries = state.log(seat)
        for entry in entries[shown:]:
            console.print(f"  [cyan]·[/] {entry['text']}")
        shown = len(entries)
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
