"""Driving the full-screen app as a player would: key presses through Textual's pilot."""

from __future__ import annotations

import asyncio
import random

from textual import events
from textual.pilot import Pilot

from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui.app import PlayApp
from dinobox.engine.registry import load_game

# The smallest table of each game: one person and heuristic bots (Dinosaur Rush needs three).
PLAYERS = {"dino-race": 2, "trex-island": 2, "dinosaur-rush": 3, "pangaea": 2}


def make_app(game_id: str, seed: int = 3, humans: int = 1, pause: bool = False) -> PlayApp:
    game = load_game(game_id, players=PLAYERS.get(game_id, 2))
    seats = [HUMAN] * humans + ["heuristic"] * (game.num_players - humans)
    return PlayApp(Table(game, seats, seed), pause=pause)


async def settle(pilot: Pilot[None], app: PlayApp) -> None:
    """Wait until the bots have moved and a person decides (or the game is over)."""
    await pilot.pause(0)
    await asyncio.wait_for(app.settled.wait(), timeout=120)
    await pilot.pause(0)


async def press(pilot: Pilot[None], app: PlayApp, key: str) -> None:
    """One key press, delivered like ``pilot.press`` (a Key event through the driver), without
    its wait for the whole process to idle: the app says itself when it is ready again."""
    char = {"enter": "\r", "escape": "\x1b"}.get(key, key if len(key) == 1 else None)
    app.post_message(events.Key(key, char))
    await settle(pilot, app)


async def play_by_keys(pilot: Pilot[None], app: PlayApp, seed: int, limit: int = 5000) -> int:
    """Press a (seeded) random offered key at every step until the game ends; the presses made."""
    rng = random.Random(seed)
    presses = 0
    await settle(pilot, app)
    while not app.table.state.is_terminal():
        if len(app.screen_stack) > 1:
            await press(pilot, app, "enter")  # a handover screen
        else:
            keys = sorted(app.keymap)
            assert keys, "a decision with no keys"
            await press(pilot, app, rng.choice(keys))
        presses += 1
        assert presses < limit, "the game did not end"
    return presses


def finished_app(game_id: str, players: int, seed: int = 1, bot: str = "random", **options: object) -> PlayApp:
    """A game bots have played to its end: the app opens on the game-over screen."""
    game = load_game(game_id, players=players, **options)
    table = Table(game, [bot] * players, seed)
    table.run_automatic()
    return PlayApp(table, pause=False)
