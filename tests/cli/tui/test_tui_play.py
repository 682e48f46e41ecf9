"""The full-screen app plays whole games by key presses (Textual's ``run_test`` pilot)."""

from __future__ import annotations

import asyncio

import pytest

from dinobox.engine.registry import game_ids

from .helpers import make_app, play_by_keys

BUILT_IN = [g for g in game_ids() if g in ("dino-race", "trex-island", "dinosaur-rush", "pangaea")]


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_a_whole_game_is_played_by_key_presses(game_id: str) -> None:
    async def run() -> None:
        app = make_app(game_id, seed=5, pause=True)  # big events wait for Enter on the way
        async with app.run_test(size=(80, 24)) as pilot:
            presses = await play_by_keys(pilot, app, seed=5)
            assert presses > 5
            assert app.table.state.is_terminal()
            assert "game over" in str(app.query_one("#status").render())

    asyncio.run(run())
