"""``dinobox data GAME``: every component-data field ``--set`` accepts (type, default, meaning),
and the game's options (``--option``)."""

from __future__ import annotations

import json

import typer
from rich.markup import escape
from rich.table import Table

from dinobox.cli.common import console, fail
from dinobox.engine.data import describe_fields
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class

SHORT = 48  # longer defaults are cut in the table (``--json`` prints them whole)


def _short(value: object) -> str:
    text = json.dumps(value)
    if len(text) <= SHORT:
        return text
    size = f" ({len(value)} items)" if isinstance(value, (list, tuple, dict)) else ""
    return f"{text[:SHORT]}…{size}"


def data(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
    as_json: bool = typer.Option(False, "--json", help="print every field, whole, as JSON"),
) -> None:
    """List the component data a designer can change with `simulate --set` / `tune --param`."""
    try:
        cls = game_class(game_id)
    except DinoboxError as exc:
        raise fail(str(exc)) from None
    fields = describe_fields(cls.default_data)
    shown: frozenset[str] = getattr(cls.default_data, "SHOWN_ONLY", frozenset())
    if as_json:
        rows = [
            {"name": f.name, "type": f.type, "default": f.default, "meaning": f.meaning, "shown_only": f.name in shown}
            for f in fields
        ]
        specs = [spec.to_json() for spec in cls.option_specs]
        console.print_json(json.dumps({"game": game_id, "data": rows, "options": specs}))
        return
    table = Table(title=f"{cls.title}: component data (--set NAME=VALUE)", show_lines=True)
    table.add_column("field", style="bold", overflow="fold")
    table.add_column("type", overflow="fold")
    table.add_column("default", overflow="fold")
    table.add_column("meaning", overflow="fold", ratio=2)
    for f in fields:
        note = f"{f.meaning} [italic](shown only: changes what players see, not how the game plays)[/]"
        table.add_row(f.name, escape(f.type), escape(_short(f.default)), note if f.name in shown else escape(f.meaning))
    console.print(table)
    if cls.option_specs:
        options = Table(title=f"{cls.title}: options (--option NAME=VALUE; variants: --variant NAME)")
        options.add_column("option", style="bold", overflow="fold")
        options.add_column("values", overflow="fold")
        options.add_column("default", overflow="fold")
        options.add_column("meaning", overflow="fold", ratio=2)
        for spec in cls.option_specs:
            values = spec.kind
            if spec.choices:
                values = " | ".join(str(c) for c in spec.choices)
            elif spec.kind == "int":
                values = f"{spec.minimum if spec.minimum is not None else ''}..{spec.maximum or ''}"
            options.add_row(spec.name, escape(values), escape(json.dumps(spec.default)), escape(spec.description))
        console.print(options)
    console.print("Values are JSON, e.g. --set hand_size=6 or --set 'cards=[8,8,8,8,4,4,4,4]'; --json prints all.")
