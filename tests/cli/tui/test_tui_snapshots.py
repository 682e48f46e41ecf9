"""Each game's full screen at 80×24 and 120×40 (pytest-textual-snapshot). The snapshots were
looked at by a person before they were committed; ``--snapshot-update`` redraws them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from textual.pilot import Pilot

from dinobox.bots import make_bot
from dinobox.cli.table import HUMAN, Table
from dinobox.cli.tui.app import PlayApp
from dinobox.engine.registry import load_game

from .helpers import finished_app, make_app, press, settle

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


# The game-over screen with the fewest and the most players of each game (Dinosaur Rush's two-player
# variant; Dino Race's double match has a table of its races).
ENDS = [
    ("dino-race", 2, {}),
    ("dino-race", 4, {"double_match": True}),
    ("trex-island", 2, {}),
    ("trex-island", 4, {}),
    ("dinosaur-rush", 2, {"two_player": True}),
    ("dinosaur-rush", 5, {}),
    ("pangaea", 2, {"bot": "heuristic"}),  # random bots score nothing in Pangaea
    ("pangaea", 4, {"bot": "heuristic"}),
]


@pytest.mark.parametrize(
    ("game_id", "players", "options"), ENDS, ids=lambda v: str(v) if not isinstance(v, dict) else ""
)
def test_game_over(game_id: str, players: int, options: dict[str, Any], snap_compare: Any) -> None:
    app = finished_app(game_id, players, seed=3, **options)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)


def test_game_over_wide(snap_compare: Any) -> None:
    app = finished_app("dinosaur-rush", 5, seed=3)
    assert snap_compare(app, terminal_size=(120, 40), run_before=settled)


def pressing(*keys: str) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, pilot.app)  # type: ignore[arg-type]
        for key in keys:
            await press(pilot, pilot.app, key)  # type: ignore[arg-type]
            await pilot.pause()  # the screen a key opens is up before the next key is read
        await pilot.pause(0.2)

    return run_before


async def settled(pilot: Pilot[None]) -> None:
    await settle(pilot, pilot.app)  # type: ignore[arg-type]
    await pilot.pause(0.1)


@pytest.mark.parametrize(("game_id", "keys"), [("trex-island", ("question_mark",)), ("pangaea", ("f1", "3"))])
def test_help(game_id: str, keys: tuple[str, ...], snap_compare: Any) -> None:
    assert snap_compare(make_app(game_id, seed=11), terminal_size=(80, 24), run_before=pressing(*keys))


def test_log(snap_compare: Any) -> None:
    app = make_app("dino-race", seed=11)
    assert snap_compare(app, terminal_size=(80, 24), run_before=pressing("r", "r", "r", "l"))


def test_resumed(snap_compare: Any) -> None:
    """A game saved after a few moves and resumed: the same table, seats and position."""
    first = make_app("trex-island", seed=11)
    table = first.table
    table.run_automatic()
    for _ in range(3):
        table.act(table.state.legal_actions()[0])
        table.run_automatic()
    record = json.loads(json.dumps(table.record()))
    app = PlayApp(Table.resume(record), pause=False)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)


def test_trex_pile_preview(snap_compare: Any) -> None:
    """T-Rex Island's discard pile: the preview tells which pile sets the Raptors off, and on whom."""
    table = Table(load_game("trex-island", players=2), [HUMAN, "heuristic"], 0)
    bot = make_bot("heuristic", 1)
    for _ in range(23):  # a seeded game to the Raptor whose pile decides a strike
        table.run_automatic()
        table.act(bot.choose(table.state))
    table.run_automatic()
    assert {table.state.describe_action(a).get("kind") for a in table.state.legal_actions()} == {"pile"}
    assert snap_compare(PlayApp(table, pause=False), terminal_size=(80, 24), run_before=pressing("down"))


def to_a_telling_digest(key: int) -> Any:
    """Press the ``key``-th offered key, turn after turn, until a turn starts with a digest that
    says more than the count of log entries."""

    async def run_before(pilot: Pilot[None]) -> None:
        app: Any = pilot.app
        await settle(pilot, app)
        for _ in range(400):
            await press(pilot, app, sorted(app.keymap)[key])
            if len(app.screen_stack) > 1:
                await press(pilot, app, "enter")
            if len(app.digest_lines) > 2 and not app.table.state.is_terminal():
                # the panes' "N more" titles are worked out after a refresh: once the layout has
                # settled (a scrollbar that came or went re-wraps the text), count again
                await settled(pilot)
                app.note_overflow()
                await pilot.pause(0)
                return
        raise AssertionError("no turn started with a digest")

    return run_before


@pytest.mark.parametrize(("game_id", "key"), [("dino-race", -1), ("dinosaur-rush", 0)])
def test_digest(game_id: str, key: int, snap_compare: Any) -> None:
    """A turn starts with what changed for the person since their last: the preview pane says it."""
    assert snap_compare(make_app(game_id, seed=11), terminal_size=(80, 24), run_before=to_a_telling_digest(key))
