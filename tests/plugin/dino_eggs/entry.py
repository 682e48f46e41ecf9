"""The plug-in's one declaration, found through the ``dinobox.games`` entry point."""

from __future__ import annotations

from dino_eggs.rules import EggsGame, heuristic, render
from dinobox.engine.registry import GameEntry

ENTRY = GameEntry(game=EggsGame, render=render, heuristic=heuristic, package="dino_eggs")
