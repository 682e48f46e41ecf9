"""Observation encoders, one per game, chosen through an explicit table.

``ENCODERS`` maps a game id to ``"module:Class"``; a game without an entry gets the
:class:`~dinobox.rl.encoders.generic.GenericEncoder` (feature hashing), so every registered game
has an observation. Encoders read ``state.view(seat)`` only. Add one line here when a game gets a
dedicated encoder (and document its layout in docs/rl.md).
"""

from __future__ import annotations

import importlib

from dinobox.engine.game import Game
from dinobox.rl.encoders.base import Encoder, Piece

ENCODERS: dict[str, str] = {
    "dino-race": "dinobox.rl.encoders.dino_race:DinoRaceEncoder",
    "trex-island": "dinobox.rl.encoders.trex_island:TRexIslandEncoder",
    "dinosaur-rush": "dinobox.rl.encoders.dinosaur_rush:DinosaurRushEncoder",
    "pangaea": "dinobox.rl.encoders.pangaea:PangaeaEncoder",
}
GENERIC = "dinobox.rl.encoders.generic:GenericEncoder"


def encoder_class(game_id: str) -> type[Encoder]:
    """The encoder class for ``game_id`` (the generic one when there is no dedicated encoder)."""
    module_name, _, attr = ENCODERS.get(game_id, GENERIC).partition(":")
    cls: type[Encoder] = getattr(importlib.import_module(module_name), attr)
    return cls


def encoder_for(game: Game) -> Encoder:
    """An encoder for this configured game (players, options and data fix its length)."""
    return encoder_class(game.id)(game)


__all__ = ["ENCODERS", "GENERIC", "Encoder", "Piece", "encoder_class", "encoder_for"]
