"""The registry of games: an explicit table from id to the class that implements it.

Games are imported lazily when first loaded; nothing registers itself by being imported.
"""

from __future__ import annotations

import importlib
from typing import Any

from dinobox.engine.errors import UnknownGameError
from dinobox.engine.game import Game

# id -> "module:ClassName". Add a line here when a game lands.
GAMES: dict[str, str] = {
    "dino-race": "dinobox.games.dino_race.game:DinoRaceGame",
    "dinosaur-rush": "dinobox.games.dinosaur_rush.game:DinosaurRushGame",
    "trex-island": "dinobox.games.trex_island.game:TRexIslandGame",
    "pangaea": "dinobox.games.pangaea.game:PangaeaGame",
}

_classes: dict[str, type[Game]] = {}


def game_ids() -> list[str]:
    """Every registered game id, in the order above."""
    return list(GAMES)


def game_class(game_id: str) -> type[Game]:
    if not isinstance(game_id, str) or game_id not in GAMES:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"no game {game_id!r} (known games: {known})")
    cls = _classes.get(game_id)
    if cls is None:
        module_name, _, attr = GAMES[game_id].partition(":")
        cls = getattr(importlib.import_module(module_name), attr)
        _classes[game_id] = cls
    return cls


def load_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """A configured game. ``options`` are the game's declared options; ``data=`` takes
    component-data overrides. Unknown or invalid values raise a clear ``ValueError``."""
    return game_class(game_id)(players=players, **options)
