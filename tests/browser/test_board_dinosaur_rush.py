"""The Dinosaur Rush board in Chromium: the dig sites, museum and skeletons drawn from the view,
a whole game against bots played by clicking the board itself, and a phone-sized page without
horizontal overflow."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .helpers import HTTP, create, version, wait_newer

PHONE = {"width": 390, "height": 844}


def click_board_first(page: Any, rng: random.Random) -> bool:
    """Click a legal choice on the board when the board offers one (a dig site, a bone, a museum
    row, a skeleton part...), else one of the listed buttons. Returns whether the board was used."""
    board = page.locator("#board [data-offers]")
    if board.count():
        board.nth(rng.randrange(board.count())).click()
        menu = page.locator(".popup button[data-action]")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        return True
    enabled = "#actions button[data-action]:not([disabled]):visible"
    if not page.locator(enabled).count():
        page.locator("#actions details > summary").first.click()
    buttons = page.locator(enabled)
    buttons.nth(rng.randrange(buttons.count())).click()
    return False


def same_picture(server: str, table_id: str, page: Any) -> dict[str, Any]:
    """The spectator's view at the version the page shows (bots may still be moving)."""
    for _ in range(50):
        state = HTTP.get(f"{server}/api/tables/{table_id}/state", timeout=10).json()
        page.wait_for_function("v => Number(document.body.dataset.version ?? -1) >= v", arg=state["version"])
        if version(page) == state["version"]:
            return dict(state["view"])
    raise AssertionError("the table never stood still")


def no_horizontal_overflow(page: Any) -> None:
    sizes = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth,"
        " document.querySelector('#board svg').getBoundingClientRect().right]"
    )
    assert sizes[0] <= sizes[1], f"the page scrolls sideways: {sizes[0]} px wide in a {sizes[1]} px screen"
    assert sizes[2] <= sizes[1] + 0.5, "the board sticks out of the screen"


def test_dinosaur_rush_board_draws_the_view(server: str, context: Any) -> None:
    made = create(
        server,
        game="dinosaur-rush",
        players=3,
        seats=[{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
        start=True,
    )
    table_id = made["table"]["id"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{table_id}")  # a spectator: the public picture
    page.wait_for_selector("#dig-board")
    view = same_picture(server, table_id, page)
    cells = view["board"]["cells"]
    assert page.locator("#dig-board [data-cell]").count() == len(cells)
    assert page.locator("#dig-board [data-kind='tar']").count() == sum(c["kind"] == "tar" for c in cells)
    colours_present = sum(1 for c in cells for n in c.get("bones", []) if n)
    assert page.locator("#dig-board .dr-bone-chip").count() == colours_present
    placed = [c for c in cells if c["paleontologist"] is not None]
    assert page.locator("#dig-board .dr-meeple").count() == len(placed)
    assert page.locator("#museum .dr-cube").count() == len(view["museum"])
    assert page.locator("#players .dr-player").count() == 3
    assert page.locator("[data-bonus]").count() == 0, "a spectator sees nobody's bonus cards"
    assert not errors, errors


def test_dinosaur_rush_full_game_by_clicking_the_board_on_a_phone(server: str, browser: Any, tmp_path: Path) -> None:
    made = create(
        server,
        game="dinosaur-rush",
        players=3,
        seats=[{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
        start=True,
    )
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1)
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    page.wait_for_selector("#dig-board")
    rng = random.Random(6)
    board_clicks = clicks = 0
    kinds_on_board: set[str] = set()
    while clicks < 1500:
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')",
            timeout=30000,
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if clicks == 6:
            no_horizontal_overflow(page)
            page.screenshot(path=str(tmp_path / "dinosaur-rush-phone.png"), full_page=True)
        for sel, kind in (
            ("#dig-board [data-cell][data-offers]", "site"),
            ("#museum [data-offers]", "museum"),
            ("#dr-build [data-part][data-offers]", "skeleton"),
        ):
            if page.locator(sel).count():
                kinds_on_board.add(kind)
        seen = version(page)
        board_clicks += click_board_first(page, rng)
        wait_newer(page, seen)
        clicks += 1
    page.wait_for_selector("#score-table")
    assert page.locator("#score-table tbody tr").count() == 3
    no_horizontal_overflow(page)
    assert page.locator("#players svg.dr-skeleton").count() == 3, "every skeleton is shown at the end"
    assert clicks > 10 and board_clicks >= 0.8 * clicks, (board_clicks, clicks)
    assert {"site", "museum", "skeleton"} <= kinds_on_board, kinds_on_board
    assert not errors, errors
    ctx.close()
