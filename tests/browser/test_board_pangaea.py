"""Pangaea's board in Chromium: a whole game against a bot, played by clicking, mostly on the
board itself (spaces, direction arrows, crack places, STAR cards, Evolution cards, dinosaurs)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .helpers import create, version, wait_newer

BOARD = "#board [data-offers]"
WHAT = (
    "data-space",
    "data-direction",
    "data-edge",
    "data-card",
    "data-evolution",
    "data-supply",
    "data-dino",
    "data-shelter",
    "data-explorer",
)


def kind_of(target: Any) -> str:
    for attr in WHAT:
        if target.get_attribute(attr) is not None:
            return attr.removeprefix("data-")
    return "other"


def test_a_full_pangaea_game_is_played_by_clicking_the_board(server: str, context: Any) -> None:
    made = create(
        server, game="pangaea", players=2, seats=[{"type": "human"}, {"type": "bot", "bot": "random"}], start=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    page.wait_for_selector("#pg-world")
    # the world: 10 rows of 12 spaces, plus a faded copy of each edge column for the wrap-around
    assert page.locator("#pg-world g.pg-space").count() == 120
    assert page.locator("#pg-world g.pg-ghost").count() == 20
    assert page.locator("#pg-asteroid g.pg-ring").count() >= 2
    assert page.locator("#pg-chart").count() == 1
    # a spectator sees the same world, with nothing to click
    watcher = context.browser.new_context()
    spectator = watcher.new_page()
    spectator.goto(f"{server}/table/{made['table']['id']}")
    spectator.wait_for_selector("#pg-world")
    assert spectator.locator(BOARD).count() == 0
    rng = random.Random(11)
    clicked: Counter[str] = Counter()
    for _ in range(1500):
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')",
            timeout=30000,
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        seen = version(page)
        offers = page.locator(BOARD)
        if offers.count() and rng.random() < 0.9:
            target = offers.nth(rng.randrange(offers.count()))
            clicked[kind_of(target)] += 1
            target.click()
            menu = page.locator(".popup button[data-action]")
            if menu.count():
                menu.nth(rng.randrange(menu.count())).click()
        else:
            buttons = page.locator("#actions button[data-action]:not([disabled]):visible")
            if not buttons.count():
                page.locator("#actions details > summary").first.click()
                buttons = page.locator("#actions button[data-action]:not([disabled]):visible")
            buttons.nth(rng.randrange(buttons.count())).click()
            clicked["button"] += 1
        wait_newer(page, seen)
    page.wait_for_selector("#score-table")
    assert page.locator("#score-table tbody tr").count() == 2
    # the end: the asteroid's impact is drawn on the world and reported
    page.wait_for_selector("#pg-end")
    assert "Impact value" in page.locator("#pg-end").inner_text()
    # most choices were made on the board, on several kinds of thing
    on_board = sum(n for k, n in clicked.items() if k != "button")
    assert on_board > clicked["button"], clicked
    assert clicked["space"] and clicked["card"], clicked
    spectator.wait_for_selector("#pg-end")
    watcher.close()
    # the replay viewer draws the same board, step by step
    page.goto(f"{server}/replay/{made['table']['id']}")
    page.wait_for_selector("#pg-world")
    page.click("#last")
    page.wait_for_selector("#pg-end")
    assert not errors, errors
