"""``dinobox games``: the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from dinobox.engine.registry import game_class, game_ids


def games() -> None:
    """List the games with their player counts and variants."""
    table = Table(title="dinobox games")
    table.add_column("id", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("variants / options")
    table.add_column("in a line")
    for gid in game_ids():
        cls = game_class(gid)
        opts = ", ".join(
            (s.name.replace("_", "-") if s.variant else f"{s.name}={s.default}") for s in cls.option_specs
        )
        table.add_row(gid, cls.title, f"{cls.min_players}-{cls.max_players}", opts or "-", cls.summary)
    Console().print(table)
