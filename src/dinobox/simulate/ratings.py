"""The bots' ratings over a simulation (``dinobox simulate --ratings``): the same OpenSkill
ratings the server keeps for its ladder (``dinobox.ratings``), each bot spec one player, the
games rated in game order. Several runs of one game can be pooled into one ladder."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from dinobox.engine.errors import DinoboxError
from dinobox.ratings import Ladder, bot_player, standings
from dinobox.simulate.compare import ROWS_FILE, load_summary
from dinobox.simulate.documents import GameRow, Rated


def bot_ladder(rows: Iterable[GameRow]) -> list[Rated]:
    """One row per bot spec (``spec``, ``mu``, ``sigma``, ``ordinal``, ``interval``, ``games``),
    strongest first, from simulation rows in the order given."""
    ladder = Ladder()
    for row in rows:
        players = [bot_player(spec) for spec in row["seats"]]
        ladder.add(players, standings(row["scores"], row["winners"]))
    out: list[Rated] = []
    for entry in ladder.table():
        spec = entry["player"].removeprefix("bot:")
        out.append(
            {
                "spec": spec,
                "mu": entry["mu"],
                "sigma": entry["sigma"],
                "ordinal": entry["ordinal"],
                "interval": entry["interval"],
                "games": entry["games"],
            }
        )
    return out


def pooled_ladder(dirs: Sequence[Path]) -> tuple[str, list[Rated]]:
    """The ladder of several runs of one game (rows of each run in order, runs in the order
    given): ``(game, ladder)``. Runs of different games or player counts are refused."""
    if not dirs:
        raise DinoboxError("name at least one run directory")
    rows: list[GameRow] = []
    setup: tuple[str, int] | None = None
    for directory in dirs:
        summary = load_summary(directory)
        mine = (str(summary["game"]), int(summary["players"]))
        if setup is None:
            setup = mine
        elif mine != setup:
            raise DinoboxError(f"{directory} is {mine[0]} with {mine[1]} players, not {setup[0]} with {setup[1]}")
        path = directory / ROWS_FILE
        if not path.is_file():
            raise DinoboxError(f"{directory} has no {ROWS_FILE} (an older dinobox wrote it)")
        rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    assert setup is not None
    return setup[0], bot_ladder(rows)
