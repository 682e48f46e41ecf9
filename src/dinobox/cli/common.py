"""Shared pieces of the terminal front end: loading games from CLI words, rendering views."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Mapping
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from dinobox.bots import LEVEL_INFO, make_bot, split_specs
from dinobox.engine.data import parse_override
from dinobox.engine.errors import DinoboxError, InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.options import parse_variants
from dinobox.engine.registry import game_class, game_entry, load_game
from dinobox.engine.state import State
from dinobox.jsonvalue import JsonValue

console = Console(highlight=False)


def fail(message: str) -> typer.Exit:
    console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(2)


def build_game(
    game_id: str, players: int | None, variants: list[str], options: list[str], data: list[str] | None = None
) -> Game:
    """A game from command-line words, or a clean exit with the reason."""
    try:
        return game_from_words(game_id, players, variants, options, data)
    except DinoboxError as exc:
        raise fail(str(exc)) from None


def game_from_words(
    game_id: str, players: int | None, variants: list[str], options: list[str], data: list[str] | None = None
) -> Game:
    """A game from command-line words; a ``DinoboxError`` says what is wrong."""
    cls = game_class(game_id)
    opts: dict[str, object] = parse_variants(cls.option_specs, variants, game_id)
    for item in options:
        key, value = parse_override(item)
        opts[key.replace("-", "_")] = value
    overrides = dict(parse_override(item) for item in (data or []))
    return load_game(game_id, players=players, data=overrides, **opts)


DEFAULT_OPPONENT = "heuristic"
BOTS_HELP = (
    "one player per entry, comma-separated (e.g. heuristic,random or strong:seconds=1,easy): N entries mean N "
    "players unless --players says otherwise; seats not named get the heuristic bot (docs/designers.md). "
    "The lobby's levels, weakest first: "
    + "; ".join(f"{level.name} ({level.label})" for level in LEVEL_INFO)
    + " (docs/bots.md)"
)


def seat_game(
    game_id: str,
    bots: str | None,
    players: int | None,
    variants: list[str],
    options: list[str],
    data: list[str] | None = None,
    first: str | None = None,
) -> tuple[Game, list[str]]:
    """The one meaning of ``--bots`` (``play`` and ``simulate``): the game and a spec per seat.

    ``--bots`` with N entries means N players unless ``--players`` says otherwise; seats it does
    not name get the heuristic bot (``first``, e.g. ``human`` for ``play``, takes seat 0 when
    ``--bots`` is not given). More entries than ``--players`` is an error. A clean exit with the
    reason on bad input."""
    if bots is not None and any(not piece.strip() for piece in bots.split(",")):
        raise fail(f"--bots {bots!r} has an empty entry: name one bot (or 'human') per player, e.g. human,heuristic")
    named = split_specs(bots) if bots else []
    try:
        for spec in named:
            if spec != first:
                make_bot(spec, 0)  # an unknown bot or option is reported before the player count
        count = players if players is not None else (len(named) or None)
        try:
            game = game_from_words(game_id, count, variants, options, data)
        except InvalidOptionError as exc:
            if players is None and named:
                raise InvalidOptionError(
                    f"{exc} (--bots names {len(named)} player{'s' if len(named) != 1 else ''}; "
                    "give --players N to fill the other seats with the heuristic bot)"
                ) from None
            raise
        n = game.num_players
        if len(named) > n:
            raise InvalidOptionError(f"--bots names {len(named)} players but --players is {n}")
        if not named and first is not None:
            named = [first]
        return game, named + [DEFAULT_OPPONENT] * (n - len(named))
    except DinoboxError as exc:
        raise fail(str(exc)) from None


def check_output_file(path: Path) -> None:
    """Before any game is played: ``path`` can be written (its folder exists, it is not a folder)."""
    if path.is_dir():
        raise fail(f"{path} is a folder: give a file name to save to")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise fail(f"cannot save to {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise fail(f"cannot save to {path}: not writable")


def check_output_dir(path: Path) -> None:
    """Before any game is played: ``path`` is, or can be made, a writable folder."""
    if path.exists() and not path.is_dir():
        raise fail(f"--out {path} is a file, not a folder")
    probe = path
    while not probe.exists():
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK):
        raise fail(f"cannot write to {path}: {probe} is not a writable folder")


EXTRAS = {"scipy": "sim", "numpy": "sim", "matplotlib": "sim", "optuna": "sim", "ray": "ray"}


def require(*modules: str, why: str) -> None:
    """A clean exit naming the extra to install if one of ``modules`` is missing."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        extras = sorted({EXTRAS.get(m, "sim") for m in missing})
        raise fail(f"{why} needs {', '.join(missing)}: pip install 'dinobox[{','.join(extras)}]' (nothing was played)")


def render_view(game: Game[object], view: Mapping[str, JsonValue]) -> str:
    """The view drawn by the game's terminal renderer (JSON when it declares none)."""
    render = game_entry(game.id).render
    return json.dumps(view, indent=1) if render is None else render(view)


def seat_names(view: Mapping[str, JsonValue], count: int) -> list[str]:
    players = view.get("players")
    rows = players if isinstance(players, list) else []
    names = [str(p.get("name", f"Seat {i + 1}")) for i, p in enumerate(rows) if isinstance(p, dict)]
    return names if len(names) == count else [f"Seat {i + 1}" for i in range(count)]


def _number(value: JsonValue) -> str:
    return "" if value is None else str(value)


def score_table(state: State, styles: list[str] | None = None, caption: str | None = None) -> Table:
    """The final score table: a column per seat (the winners starred), a row per part of the
    score (the game's ``breakdown``), the total last. Narrow enough for 80 columns with 8 seats."""
    view = state.view(None)
    scores = state.scores()
    winners = set(state.winners())
    names = seat_names(view, len(scores))
    breakdown: list[dict[str, JsonValue]] = view.get("breakdown") or [{} for _ in scores]
    parts: list[str] = []
    for row in breakdown:
        for key in row:
            if key not in parts:
                parts.append(key)
    table = Table(
        title="Final scores", box=box.SIMPLE_HEAD, show_edge=False, show_footer=True, title_style="bold", min_width=40
    )
    table.add_column("", footer="total")
    for seat, name in enumerate(names):
        style = styles[seat] if styles and seat < len(styles) else ""
        star = "★ " if seat in winners else ""
        header = f"[bold {style}]{star}{escape(name)}[/]" if style else star + escape(name)
        table.add_column(header, footer=f"[bold]{scores[seat]}[/]", justify="right")
    for part in parts:
        cells = [_number(breakdown[s].get(part)) if s < len(breakdown) else "" for s in range(len(scores))]
        table.add_row(part.replace("_", " "), *cells)
    table.caption = caption or (
        "★ " + " and ".join(names[w] for w in sorted(winners)) + (" wins" if len(winners) == 1 else " win")
        if winners
        else "Nobody won this game."
    )
    if not state.is_terminal():
        table.title = "Scores when the game stopped"
    return table


def rounds_table(state: State) -> Table | None:
    """Where the game keeps a score per round (a view field holding, for each round, a number per
    seat, e.g. ``race_scores``): those rounds, one row each; None when there is at most one."""
    view = state.view(None)
    count = len(state.scores())
    for key, value in view.items():
        if not key.endswith("_scores") or not isinstance(value, list) or len(value) < 2:
            continue
        if not all(isinstance(row, list) and len(row) == count for row in value):
            continue
        word = key.removesuffix("_scores").replace("_", " ")
        table = Table(title=f"By {word}", box=box.SIMPLE_HEAD, show_edge=False, title_style="bold")
        table.add_column("")
        for name in seat_names(view, count):
            table.add_column(escape(name), justify="right")
        for number, row in enumerate(value, 1):
            table.add_row(f"{word} {number}", *(_number(x) for x in row))
        return table
    return None


def save_record(record: Mapping[str, object], path: Path) -> None:
    path.write_text(json.dumps(record, indent=1))
    console.print(f"[dim]record saved to {path}[/]")
