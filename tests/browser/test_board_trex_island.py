"""The T-Rex Island board in Chromium: the island map drawn from the view, a whole game against
bots played by clicking the board itself, and a phone-sized page without horizontal overflow."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from .helpers import HTTP, create, version, wait_newer

PHONE = {"width": 390, "height": 844}


def click_board_first(page: Any, rng: random.Random) -> bool:
    """Click a legal choice on the board when the board offers one (a team, a space, a card, a
    pile...), else one of the listed buttons. Returns whether the board was clicked."""
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
    choice = buttons.nth(rng.randrange(buttons.count()))
    choice.click()
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


def test_trex_island_board_draws_the_view(server: str, context: Any) -> None:
    made = create(
        server,
        game="trex-island",
        players=3,
        seats=[{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
        start=True,
    )
    table_id = made["table"]["id"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{table_id}")  # a spectator: the public picture, no hand
    page.wait_for_selector("#island")
    view = same_picture(server, table_id, page)
    assert page.locator("#island [data-space]").count() == len(view["board"])
    on_map = [d for d in view["dice"] if not d["lost"]]
    assert page.locator("#island [data-die]").count() == len(on_map)
    rests = [sp for sp in view["board"] if sp["kind"] == "rest"]
    assert page.locator("#island [data-kind='rest']").count() == len(rests)
    assert page.locator("#island [data-kind='helipad']").count() == 1
    assert page.locator("#ti-table [data-pile]").count() == len(view["piles"])
    assert page.locator("#players .ti-player").count() == 3
    assert page.locator("#hand").count() == 0, "a spectator sees no hand"
    # Set-up 1: the table waits for the human's character; everyone sees who chooses when
    assert view["phase"] == "character" and view["to_act"] == 0
    order = page.locator("#ti-choosing").inner_text()
    assert order.startswith("Characters are chosen in this order: ") and order.count("→") == 2
    assert order.count("(now)") == 1
    # the map is drawn wide on a wide screen and turned upright on a phone held upright
    aspect = "(() => { const b = document.getElementById('island').viewBox.baseVal; return b.width / b.height; })()"
    assert page.evaluate(aspect) > 1
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"() => {aspect} < 1")
    assert page.locator("#island [data-space]").count() == len(view["board"])
    no_horizontal_overflow(page)
    assert not errors, errors


def test_trex_island_full_game_by_clicking_the_board_on_a_phone(server: str, browser: Any, tmp_path: Path) -> None:
    made = create(
        server, game="trex-island", players=2, seats=[{"type": "human"}, {"type": "bot", "bot": "random"}], start=True
    )
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1)
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    page.wait_for_selector("#island")
    rng = random.Random(4)
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
            page.screenshot(path=str(tmp_path / "trex-island-phone.png"), full_page=True)
        for sel, kind in (
            ("#island [data-die][data-offers]", "team"),
            ("#island [data-space][data-offers]", "space"),
            ("#hand [data-card][data-offers]", "card"),
            ("#ti-table [data-pile][data-offers]", "pile"),
        ):
            if page.locator(sel).count():
                kinds_on_board.add(kind)
        seen = version(page)
        board_clicks += click_board_first(page, rng)
        wait_newer(page, seen)
        clicks += 1
    page.wait_for_selector("#score-table")
    assert page.locator("#score-table tbody tr").count() == 2
    no_horizontal_overflow(page)
    assert clicks > 10 and board_clicks >= 0.8 * clicks, (board_clicks, clicks)
    assert {"team", "space", "card", "pile"} <= kinds_on_board, kinds_on_board
    assert not errors, errors
    ctx.close()
