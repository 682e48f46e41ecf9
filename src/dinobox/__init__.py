"""dinobox: four dinosaur tabletop games, with one engine under terminal, browser,
simulator and research adapters."""

from dinobox.bots import make_bot
from dinobox.engine import (
    CHANCE,
    TERMINAL,
    DataError,
    DinoboxError,
    Game,
    IllegalActionError,
    InvalidOptionError,
    RecordError,
    State,
    UnknownGameError,
    from_record,
    game_ids,
    load_game,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "DataError",
    "DinoboxError",
    "Game",
    "IllegalActionError",
    "InvalidOptionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "__version__",
    "from_record",
    "game_ids",
    "load_game",
    "make_bot",
]
