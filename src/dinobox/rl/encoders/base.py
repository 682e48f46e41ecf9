"""The encoders' base, kept under its old name for the games' encoder modules and plug-ins
written against it: it lives in :mod:`dinobox.engine.encoding` (a game's encoder belongs to the
game, below the RL adapters). New code imports it from there."""

from dinobox.engine.encoding import ArrayEncoder, Encoder, Piece, one_hot, ratio

__all__ = ["ArrayEncoder", "Encoder", "Piece", "one_hot", "ratio"]
