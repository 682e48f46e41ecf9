"""Shared pieces of the terminal front end: loading games from CLI words, rendering views."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from dinobox.engine.data import parse_override
from dinobox.engine.errors import DinoboxError
from dinobox.engine.game import Game
from dinobox.engine.options import parse_variants
from dinobox.engine.registry import game_class, game_entry, load_game
from dinobox.engine.state import State

console = Console(highlight=False)


def fail(message: str) -> typer.Exit:
    console.print(f"[bold red]error:[/] {message}", soft_wrap=True)
    return typer.Exit(2)


def build_game(
    game_id: str, players: int | None, variants: list[str], options: list[str], data: list[str] | None = None
) -> Game:
    """A game from command-line words, or a clean exit with the reason."""
    try:
        cls = game_class(game_id)
        opts: dict[str, Any] = parse_variants(cls.option_specs, variants, game_id)
        for item in options:
            key, value = parse_override(item)
            opts[key.replace("-", "_")] = value
        overrides = dict(parse_override(item) for item in (data or []))
        return load_game(game_id, players=players, data=overrides, **opts)
    except DinoboxError as exc:
        raise fail(str(exc)) from None


def render_view(game: Game[Any], view: dict[str, Any]) -> str:
    """The view drawn by the game's terminal renderer (JSON when it declares none)."""
    render = game_entry(game.id).render
    return json.dumps(view, indent=1) if render is None else render(view)


def score_table(state: State) -> Table:
    """The final score table with each seat's breakdown (from the spectator view)."""
    view = state.view(None)
    scores = state.scores()
    winners = set(state.winners())
    names = [p.get("name", f"Seat {p.get('seat', i)}") for i, p in enumerate(view.get("players", []))]
    if len(names) != len(scores):
        names = [f"Seat {i}" for i in range(len(scores))]
    breakdown: list[dict[str, Any]] = view.get("breakdown") or [{} for _ in scores]
    parts: list[str] = []
    for row in breakdown:
        for key in row:
            if key not in parts:
                parts.append(key)
    table = Table(title="Final scores")
    table.add_column("seat")
    for part in parts:
        table.add_column(part.replace("_", " "), justify="right")
    table.add_column("total", justify="right", style="bold")
    for seat, score in enumerate(scores):
        mark = " [yellow]★ winner[/]" if seat in winners else ""
        row = breakdown[seat] if seat < len(breakdown) else {}
        table.add_row(f"{names[seat]}{mark}", *(str(row.get(p, "")) for p in parts), str(score))
    if not winners:
        table.caption = "Nobody won this game."
    return table


def save_record(state: State, path: Path) -> None:
    path.write_text(json.dumps(state.to_record(), indent=1))
    console.print(f"[dim]record saved to {path}[/]")
