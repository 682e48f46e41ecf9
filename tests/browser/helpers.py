"""Driving a table page: wait for the next picture, click a legal choice."""

from __future__ import annotations

import random
from typing import Any

import httpx


def create(server: str, **body: Any) -> dict[str, Any]:
    r = httpx.post(f"{server}/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return dict(r.json())


def version(page: Any) -> int:
    value = page.evaluate("document.body.dataset.version")
    return int(value) if value not in (None, "") else -1


def wait_newer(page: Any, seen: int) -> None:
    """Wait for a newer picture of the table; a refusal shown in the toast fails the test."""
    try:
        page.wait_for_function(
            "v => Number(document.body.dataset.version ?? -1) > v || document.body.dataset.status === 'finished'",
            arg=seen)
    except Exception:
        toast = page.locator("#toast")
        message = toast.inner_text() if toast.count() else "no message"
        raise AssertionError(f"the table did not move on after a click: {message}") from None


def click_something(page: Any, rng: random.Random) -> str:
    """Click one legal choice: on the board (a dino, a card, a player) about half the time,
    otherwise one of the listed buttons. Returns what was clicked."""
    board = page.locator("#board [data-offers]")
    if board.count() and rng.random() < 0.5:
        target = board.nth(rng.randrange(board.count()))
        label = target.get_attribute("aria-label") or "board"
        target.click()
        menu = page.locator(".popup button[data-action]")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        return f"board: {label}"
    enabled = "#actions button[data-action]:not([disabled]):visible"
    buttons = page.locator(enabled)
    if not buttons.count():
        page.locator("#actions details > summary").first.click()
        buttons = page.locator(enabled)
    choice = buttons.nth(rng.randrange(buttons.count()))
    text = choice.inner_text()
    choice.click()
    return text


def play_until_over(page: Any, rng: random.Random, limit: int = 2000) -> int:
    """Click legal choices whenever it is our turn until the score table shows."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            "document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')",
            timeout=30000)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        seen = version(page)
        click_something(page, rng)
        wait_newer(page, seen)
        clicks += 1
    page.wait_for_selector("#score-table")
    return clicks
