"""The plug-in's one declaration, found through the ``dinobox.games`` entry point."""

from __future__ import annotations

from dino_eggs.rules import EggsGame, choose, render
from dinobox.engine.registry import GameEntry

ENTRY = GameEntry(game=EggsGame, render=render, heuristic=choose, package="dino_eggs")
