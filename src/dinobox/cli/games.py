"""``dinobox games``: the registered games, one block each (readable at 80 columns: nothing cut)."""

from __future__ import annotations

from rich.markup import escape
from rich.padding import Padding

from dinobox.cli.common import console
from dinobox.engine.registry import game_class, game_ids


def games() -> None:
    """List the games with their player counts, variants and options."""
    for gid in game_ids():
        cls = game_class(gid)
        console.print(f"[bold]{gid}[/]  {escape(cls.title)}, {cls.min_players}-{cls.max_players} players")
        if cls.summary:
            console.print(Padding(escape(cls.summary), (0, 0, 0, 2), expand=False))
        variants = [s.name.replace("_", "-") for s in cls.option_specs if s.variant]
        if variants:
            console.print(Padding(f"variants (--variant): {', '.join(variants)}", (0, 0, 0, 2), expand=False))
        for spec in (s for s in cls.option_specs if not s.variant):
            values = " | ".join(str(c) for c in spec.choices) if spec.choices else spec.kind
            line = f"--option {spec.name}={spec.default} ({escape(values)}): {escape(spec.description)}"
            console.print(Padding(line, (0, 0, 0, 2), expand=False))
        console.print()
    console.print("`dinobox data GAME` lists a game's component data (--set) with types, defaults and meanings.")
