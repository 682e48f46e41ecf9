"""Observation encoders, found through the registry.

A game declares its encoder in its ``GameEntry`` (``games/<game>/encoder.py`` for the built-in
games); a game without one gets the :class:`~dinobox.rl.encoders.generic.GenericEncoder`
(feature hashing), so every registered game has an observation. Encoders read
``state.view(seat)`` only.
"""

from __future__ import annotations

from dinobox.engine.encoding import Encoder, Piece
from dinobox.engine.errors import UnknownGameError
from dinobox.engine.game import Game
from dinobox.engine.registry import game_entry
from dinobox.rl.encoders.generic import GenericEncoder


def encoder_class(game_id: str) -> type[Encoder]:
    """The encoder class for ``game_id`` (the generic one when the game declares none)."""
    try:
        loader = game_entry(game_id).encoder
    except UnknownGameError:
        return GenericEncoder
    return GenericEncoder if loader is None else loader()


def encoder_for(game: Game) -> Encoder:
    """An encoder for this configured game (players, options and data fix its length)."""
    return encoder_class(game.id)(game)


__all__ = ["Encoder", "GenericEncoder", "Piece", "encoder_class", "encoder_for"]
