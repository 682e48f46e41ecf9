"""The lobby's bot levels in the browser: a person picks ``master`` (the top level) for a seat,
reads what it is, starts the table and sees it move; in Chromium and in Firefox. The server
caps a bot's thinking at 0.05 s a move, so master answers fast (a level named alone is seated
within the server's caps, and the lobby says so)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.bots import LEVELS
from dinobox.server.settings import Settings
from server.live_server import serve_in_thread

from .firefox_bidi import started_firefox
from .helpers import click_something, version, wait_newer

CAP = 0.05
ARROW_DOWN = "\ue015"  # WebDriver's key code


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app

    db = tmp_path_factory.mktemp("levels") / "tables.sqlite3"
    app = create_app(f"sqlite:///{db}", gc_tuning=False, settings=Settings(max_bot_seconds=CAP))
    with serve_in_thread(app) as url:
        yield url


def _level_options(page: Any) -> list[str]:
    return [v for v in page.locator("#seats select[data-seat='0'] option").evaluate_all("o => o.map(x => x.value)")]


def test_a_person_picks_master_for_a_seat_and_sees_it_move(capped_server: str, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(capped_server + "/")
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    offered = [v.removeprefix("bot:") for v in _level_options(page) if v.startswith("bot:")]
    assert offered[: len(LEVELS)] == list(LEVELS), offered  # the levels first, weakest first, master last
    master = page.locator("#seats select[data-seat='0'] option[value='bot:master']")
    assert "master" in master.inner_text() and "CPU-second" in master.inner_text()
    page.select_option("#seats select[data-seat='0']", "bot:master")
    page.select_option("#seats select[data-seat='1']", "device")
    notes = page.locator("#level-notes")
    assert "Pangaea" in notes.inner_text() and f"at most {CAP} s a move" in notes.inner_text()
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_function("() => document.getElementById('board').innerText.includes('Master bot')")  # its seat
    rng = random.Random(4)
    while not page.locator("#log li", has_text="Master bot").count():
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')"
            " || [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('Master bot'))",
            timeout=30000,
        )
        assert page.evaluate("document.body.dataset.status") != "finished", "the game ended before master moved"
        if page.locator("#log li", has_text="Master bot").count():
            break
        seen = version(page)
        click_something(page, rng)
        wait_newer(page, seen)
    assert errors == [], errors


def test_the_lobby_offers_master_in_firefox(capped_server: str) -> None:
    """Firefox: the seat menu lists the levels first, master last, and choosing it with the
    keyboard shows what it is."""
    with started_firefox() as firefox:
        firefox.goto(capped_server + "/")
        firefox.wait_for("document.querySelectorAll('#seats select').length", what="the seat menus")
        offered = firefox.evaluate(
            "[...document.querySelectorAll(\"#seats select[data-seat='1'] option\")]"
            ".map((o) => o.value).filter((v) => v.startsWith('bot:'))"
        )
        assert [v.removeprefix("bot:") for v in offered[: len(LEVELS)]] == list(LEVELS), offered
        firefox.evaluate("document.querySelector(\"#seats select[data-seat='1']\").focus() || true")
        firefox.type(ARROW_DOWN * 2)  # from medium, the seat's default, past hard to master
        firefox.wait_for(
            "document.querySelector(\"#seats select[data-seat='1']\").value === 'bot:master'",
            what="the keyboard to choose master",
        )
        firefox.wait_for("document.getElementById('level-notes').textContent.includes('Pangaea')", what="master's note")
        assert not firefox.js_errors(), firefox.js_errors()
