"""Each game's full screen at 80×24 and 120×40 (pytest-textual-snapshot). The snapshots were
looked at by a person before they were committed; ``--snapshot-update`` redraws them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.pilot import Pilot

from .helpers import make_app, press, settle

GAMES = ["dino-race", "trex-island", "dinosaur-rush", "pangaea"]
SIZES = [(80, 24), (120, 40)]


def some_moves(steps: int, seed: int) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        app = pilot.app
        rng = random.Random(seed)
        await settle(pilot, app)  # type: ignore[arg-type]
        for _ in range(steps):
            if app.table.state.is_terminal():  # type: ignore[attr-defined]
                break
            await press(pilot, app, rng.choice(sorted(app.keymap)))  # type: ignore[arg-type,attr-defined]

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", GAMES)
def test_screen(game_id: str, size: tuple[int, int], snap_compare: Any) -> None:
    app = make_app(game_id, seed=11)
    assert snap_compare(app, terminal_size=size, run_before=some_moves(8, seed=11))
