"""The full-screen table as a person uses it: steps and Esc, stable keys, undo, handover, quitting."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import Static

from dinobox.cli.choices import ChoiceTree, KeyBook
from dinobox.cli.table import HUMAN, Table, plural
from dinobox.cli.tui.app import PlayApp
from dinobox.cli.tui.screens import ConfirmQuit, Handover
from dinobox.engine.registry import load_game
from dinobox.jsonvalue import JsonValue

from .helpers import make_app, press, settle


def test_long_menus_come_in_steps_and_esc_goes_back() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert app.choice_tree is not None
            first = [o.label for o in app.shown]
            group = next(k for k, o in app.keymap.items() if o.action is None)
            opened = app.keymap[group]
            await press(pilot, app, group)
            assert app.choice_tree.path == [opened]
            assert {o.actions[0] for o in app.shown} <= set(opened.actions)
            await press(pilot, app, "escape")
            assert [o.label for o in app.shown] == first
            assert app.keymap[group] == opened  # the same key still opens the same group

    asyncio.run(run())


def test_menus_are_numbered_in_order_and_common_actions_keep_their_key() -> None:
    book = KeyBook()
    game = load_game("dino-race", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    tree = ChoiceTree([state.describe_action(a) for a in state.legal_actions()])
    options = tree.options()
    keys = book.assign(options)
    roll = next(k for k, o in zip(keys, options, strict=True) if o.kind == "roll")
    assert roll == "r"
    others = [k for k in keys if k != "r"]
    assert others == list("123456789"[: len(others)])  # top to bottom
    # the same menu in another order, with a line missing: still in order, roll still on r
    again = book.assign(list(reversed(options[1:])))
    assert [k for k in again if k != "r"] == list("123456789"[: len(again) - 1])
    assert again[[o.kind for o in reversed(options[1:])].index("roll")] == "r"


def test_undo_takes_back_a_step_that_showed_nothing_and_never_a_revealing_one() -> None:
    game = load_game("pangaea", players=2)
    table = Table(game, [HUMAN, "heuristic"], 3)
    table.run_automatic()
    undone = 0
    for _ in range(200):
        if table.state.is_terminal():
            break
        seat = table.human_to_act()
        assert seat is not None
        before = table.state
        table.act(table.state.legal_actions()[0])
        if table.can_undo():
            assert table.undo() and table.state is before
            undone += 1
            table.act(table.state.legal_actions()[-1])
        table.run_automatic()
    assert undone > 0


def test_hotseat_hands_over_on_a_blank_screen() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=2, humans=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, Handover)
            await press(pilot, app, "enter")
            first = app.viewer
            assert first is not None
            for _ in range(100):
                if isinstance(app.screen, Handover):
                    break
                await press(pilot, app, sorted(app.keymap)[0])
            assert isinstance(app.screen, Handover)
            # under the handover, the table shows nothing of the last seat
            assert app.viewer is None
            assert str(app.query_one("#you-text").render()) == ""

    asyncio.run(run())


def test_quitting_asks_first_and_can_save(tmp_path: Path) -> None:
    async def run() -> None:
        game = load_game("trex-island", players=2)
        app = PlayApp(Table(game, [HUMAN, "heuristic"], 4), save_path=tmp_path / "game.json", pause=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("q")
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("escape")
            assert not isinstance(app.screen, ConfirmQuit)
            await pilot.press("q")
            await pilot.press("s")
        record = json.loads((tmp_path / "game.json").read_text())
        assert record["game"] == "trex-island"

    asyncio.run(run())


def test_plurals() -> None:
    assert plural(1, "card") == "1 card" and plural(2, "card") == "2 cards" and plural(1, "man", "men") == "1 man"


def test_a_click_chooses_like_a_key() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            second = app.shown[1]
            assert second.action is None  # a group: the click opens its step
            await pilot.click("#choices", offset=(5, 2))  # the title bar, then the first and second lines
            await settle(pilot, app)
            tree = app.choice_tree
            assert tree is not None
            assert tree.path == [second]

    asyncio.run(run())


def reversed_cells(text: Any) -> list[str]:
    """The pieces of a pane's text drawn in reverse video (the preview's marks)."""
    assert isinstance(text, Text)
    return [
        text.plain[s.start : s.end]
        for s in text.spans
        if (s.style.reverse if not isinstance(s.style, str) else "reverse" in s.style)
    ]


def test_the_board_marks_the_places_the_highlighted_choice_changes() -> None:
    async def run() -> None:
        app = make_app("dino-race", seed=7)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            group = next(k for k, o in app.keymap.items() if o.label.startswith("move"))
            await press(pilot, app, group)
            option = app.shown[0]
            assert option.action is not None and app.viewer is not None
            light = app.table.highlight(app.viewer, option.action)
            tiles = sorted(p for p in light.places if isinstance(p, int))
            assert len(tiles) == 2  # the tile the dino leaves and the one it reaches
            marks = reversed_cells(app.query_one("#board-text", Static).content)
            assert [int(m.split()[0]) for m in marks if m.split()[0].isdigit()] == tiles
            assert "marked" in str(app.query_one("#board").border_title)
            preview = str(app.query_one("#preview-text", Static).content)
            assert all(line in preview for line in light.lines)

    asyncio.run(run())


def test_trex_island_fits_the_board_pane_at_80_columns() -> None:
    async def run() -> None:
        app = make_app("trex-island", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await press(pilot, app, sorted(app.keymap)[0])  # a character: then the board is drawn
            board = app.query_one("#board")
            text = app.query_one("#board-text", Static).content
            assert isinstance(text, Text)
            assert board.max_scroll_x == 0  # nothing to scroll sideways: the board fits
            assert "→" in text.plain and "HE" in text.plain

    asyncio.run(run())


def test_prize_counters_are_listed_best_first() -> None:
    infos: list[dict[str, JsonValue]] = [
        {"action": 1, "kind": "prize", "value": 1, "text": "take the green 1 prize counter"},
        {"action": 2, "kind": "prize", "value": 3, "text": "take the red 3 prize counter"},
        {"action": 3, "kind": "prize", "value": 2, "text": "take the blue 2 prize counter"},
    ]
    options = ChoiceTree(infos).options()
    assert [o.action for o in options] == [2, 3, 1]
    assert KeyBook().assign(options) == ["1", "2", "3"]
