"""The full-screen table as a person uses it: steps and Esc, stable keys, undo, handover, quitting."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from dinobox.cli.choices import ChoiceTree, KeyBook
from dinobox.cli.table import HUMAN, Table, plural
from dinobox.cli.tui.app import PlayApp
from dinobox.cli.tui.screens import ConfirmQuit, Handover
from dinobox.engine.registry import load_game

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


def test_keys_stay_put_within_a_turn() -> None:
    book = KeyBook()
    game = load_game("dino-race", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    tree = ChoiceTree([state.describe_action(a) for a in state.legal_actions()])
    options = tree.options()
    book.start((0, 1))
    keys = book.assign(options)
    # the same options in another order, with one missing: each keeps its key
    again = book.assign(list(reversed(options[1:])))
    assert again == list(reversed(keys[1:]))
    assert len(set(keys)) == len(keys)


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
        app = PlayApp(Table(game, [HUMAN, "heuristic"], 4), save_path=tmp_path / "game.json")
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
