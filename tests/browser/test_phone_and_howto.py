"""A phone-sized screen (390x844, touch): the lobby, a table of every game and every how-to page
fit the width (no sideways scrolling of the page) and their controls can be reached and tapped.
The how-to pages carry our own guide and a working link to the documented assumptions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.engine.registry import game_class, game_ids

from .helpers import HTTP, assert_fits_width, create, version, wait_newer

WIDTH, HEIGHT = 390, 844


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, is_mobile=True, has_touch=True, device_scale_factor=2
    )
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()


def assert_fits(page: Any, where: str) -> None:
    assert_fits_width(page, WIDTH, where)


def assert_reachable(page: Any, selector: str) -> None:
    """The element is visible, inside the screen's width, and can be scrolled into view."""
    el = page.locator(selector).first
    el.scroll_into_view_if_needed()
    assert el.is_visible(), f"{selector} is hidden"
    box = el.bounding_box()
    on_screen = box is not None and box["x"] >= -1 and box["x"] + box["width"] <= WIDTH + 1
    assert on_screen, f"{selector} is off screen: {box}"


def test_lobby_fits_a_phone_and_creates_a_table_by_touch(server: str, phone: Any) -> None:
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("#game-select option", state="attached")
    assert_fits(page, "the lobby")
    for selector in ("#game-select", "#players", "#seats select[data-seat='1']", "#create-button"):
        assert_reachable(page, selector)
    page.select_option("#game-select", "dino-race")
    page.select_option("#seats select[data-seat='1']", "bot:random")
    page.locator("#create-button").tap()
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#actions button[data-action]")
    assert_fits(page, "a new Dino Race table")
    assert not errors, errors


@pytest.mark.parametrize("game_id", game_ids())
def test_a_table_of_each_game_fits_a_phone_and_plays_by_touch(server: str, phone: Any, game_id: str) -> None:
    cls = game_class(game_id)
    players = cls.min_players
    seats: list[dict[str, Any]] = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
    made = create(server, game=game_id, players=players, seats=seats, start=True)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    rng = random.Random(2)
    taps = 0
    for _ in range(40):  # a few decisions by touch, checking the fit at each picture
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')",
            timeout=30000,
        )
        assert page.locator("#board").inner_html().strip(), "the board is drawn"
        assert_fits(page, f"a {game_id} table")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        buttons = page.locator("#actions button[data-action]:not([disabled]):visible")
        if not buttons.count():
            page.locator("#actions details > summary").first.tap()
            buttons = page.locator("#actions button[data-action]:not([disabled]):visible")
        choice = buttons.nth(rng.randrange(buttons.count()))
        choice.scroll_into_view_if_needed()
        box = choice.bounding_box()
        assert box is not None and box["x"] + box["width"] <= WIDTH + 1, "a choice button is off screen"
        seen = version(page)
        choice.tap()
        wait_newer(page, seen)
        taps += 1
        if taps >= 6:
            break
    assert taps >= 1
    assert_reachable(page, "#howto-link")
    assert not errors, errors


@pytest.mark.parametrize("game_id", game_ids())
def test_how_to_play_page_fits_a_phone_and_links_the_assumptions(server: str, phone: Any, game_id: str) -> None:
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/how-to-play/{game_id}")
    page.wait_for_selector("#howto h1")
    text = page.locator("#howto").inner_text()
    assert "still to be written" not in text, f"{game_id} has no how-to page in web/howto/"
    for heading in ("Options and variants",) if game_class(game_id).option_specs else ():
        assert heading in text
    assert_fits(page, f"how to play {game_id}")
    assert_reachable(page, "#assumptions-link")
    # every link to the assumptions answers with the documented rules (docs/rules/<id>.md)
    hrefs = page.eval_on_selector_all("#howto a[href*='/rules']", "els => els.map(e => e.href)")
    assert hrefs
    for href in set(hrefs):
        r = HTTP.get(href, timeout=10)
        assert r.status_code == 200 and "Assumptions" in r.text, href
    assert not errors, errors
