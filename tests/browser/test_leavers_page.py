"""The table survives its people (#40), as people see it, in Chromium (Playwright) and Firefox
(WebDriver BiDi, real pointer and key input): in a 3-player game one person resigns and the
other two finish against the bot that took the seat; a table silent past its limit is
cancelled and leaves the lobby; a rated game resigned at once is aborted and no rating moves."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.server.settings import Settings
from server.live_server import serve_in_thread

from .firefox_bidi import Firefox, started_firefox
from .helpers import HTTP, click_something, create, state, version, wait_newer

QUIET = dataclasses.replace(Settings(), silence_seconds=3.0, min_silence_seconds=1.0, clock_period=0.5)
"""A server whose tables are cancelled after 3 silent seconds (its clock loop looks twice a second)."""


@pytest.fixture(scope="module")
def quiet_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app

    db = tmp_path_factory.mktemp("quiet") / "tables.sqlite3"
    app = create_app(f"sqlite:///{db}", rng=random.Random(5), gc_tuning=False, settings=QUIET)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox(width=1280, height=800) as fx:
        yield fx


def three_people(server: str) -> tuple[str, list[str], list[str]]:
    """A started 3-player Dinosaur Rush of Ann, Bob and Cy: its id, the seats' links and tokens."""
    seats = [{"type": "human"}] * 3
    made = create(server, game="dinosaur-rush", players=3, seats=seats, claim=[0, 1, 2], start=True)
    tokens = sorted(made["tokens"], key=lambda t: t["seat"])
    return made["table"]["id"], [server + t["link"] for t in tokens], [t["token"] for t in tokens]


def finish_by_api(server: str, tid: str, tokens: dict[int, str], rng: random.Random) -> None:
    """The people still seated play their decisions at random through the API (the bot in the
    leaver's seat plays its own) until the game's end."""
    for _ in range(5000):
        st = state(server, tid)
        if st["table"]["status"] != "playing":
            return
        seat = st["table"]["to_act"]
        if seat not in tokens:
            continue
        mine = state(server, tid, seat, tokens[seat])
        if not mine["legal"]:
            continue
        body = {"seat": seat, "token": tokens[seat], "action": rng.choice(mine["legal"])["action"]}
        r = HTTP.post(
            f"{server}/api/tables/{tid}/actions", json=body | {"version": mine["version"]}, params={"wait": 10}
        )
        assert r.status_code in (200, 409), r.text
    raise AssertionError(f"table {tid} did not finish")


LEFT = "document.querySelector('#log').innerText.includes('plays the seat now')"
ROWS = "document.querySelectorAll('#score-table tbody tr').length"


def test_one_of_three_resigns_in_chromium_and_the_others_finish_against_the_bot(server: str, browser: Any) -> None:
    tid, links, tokens = three_people(server)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    ann, cy = (c.new_page() for c in contexts)
    ann.goto(links[0])
    cy.goto(links[2])
    cy.wait_for_selector("#resign", state="visible")
    cy.click("#resign")
    cy.click("#resign-yes")
    for page in (ann, cy):
        page.wait_for_function(f"() => {LEFT}")  # a function, not an expression: the page's CSP forbids eval
        assert "resigned and ranks last" in page.inner_text("#log")
        assert page.evaluate("document.body.dataset.status") == "playing"
    assert cy.is_hidden("#resign")  # the seat is the bot's now
    ann.wait_for_function("() => document.body.dataset.yourMove === '1' || document.body.dataset.status !== 'playing'")
    if ann.evaluate("document.body.dataset.yourMove === '1'"):  # Ann clicks her move
        seen = version(ann)
        click_something(ann, random.Random(2))
        wait_newer(ann, seen)
    finish_by_api(server, tid, {0: tokens[0], 1: tokens[1]}, random.Random(4))
    for page in (ann, cy):
        page.wait_for_selector("#winner-banner")
        page.wait_for_function(f"() => {ROWS} === 3")  # the full final scores, the bot's seat among them
    assert ann.locator("#forfeit").count() == 0  # played to the rulebook's end, nobody forfeited it
    for c in contexts:
        c.close()


def test_one_of_three_resigns_in_firefox_and_the_others_finish_against_the_bot(
    server: str, browser: Any, firefox: Firefox
) -> None:
    tid, links, tokens = three_people(server)
    firefox.goto(links[2])  # Cy plays in Firefox
    firefox.wait_for("!document.getElementById('resign').hidden", what="the resign button")
    firefox.click("#resign")
    firefox.click("#resign-yes")
    firefox.wait_for(LEFT, what="the bot taking Cy's seat")
    assert firefox.evaluate("document.body.dataset.status") == "playing"
    finish_by_api(server, tid, {0: tokens[0], 1: tokens[1]}, random.Random(5))
    firefox.wait_for("!!document.getElementById('winner-banner')", what="the end")
    firefox.wait_for(f"{ROWS} === 3", what="the full final scores")
    assert not firefox.js_errors()


def test_a_table_silent_past_its_limit_is_cancelled_in_chromium(quiet_server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(quiet_server + "/")
    page.wait_for_selector("#silence option", state="attached")
    assert page.inner_text("#silence option") == "3 seconds (the default)"
    assert "72 hours a move" in page.inner_text("#rated-clock")
    page.click("#create-button")  # this device against a bot: the person is to move, and is not
    page.wait_for_url("**/table/*")
    tid = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#aborted", timeout=20000)
    assert "the table is cancelled" in page.inner_text("#aborted")
    page.goto(quiet_server + "/")
    page.wait_for_selector("#tables")
    page.wait_for_load_state("networkidle")
    assert page.locator(f"#tables a[href='/table/{tid}']").count() == 0


def test_a_table_silent_past_its_limit_is_cancelled_in_firefox(quiet_server: str, firefox: Firefox) -> None:
    firefox.goto(quiet_server + "/")
    firefox.wait_for("!!document.querySelector('#silence option')", what="the lobby form")
    firefox.click("#create-button")
    firefox.wait_for("location.pathname.startsWith('/table/')", what="the table page")
    firefox.wait_for("!!document.getElementById('aborted')", timeout=20.0, what="the cancellation")
    assert "the table is cancelled" in firefox.evaluate("document.getElementById('aborted').innerText")
    tid = firefox.evaluate("location.pathname.split('/').pop()")
    listed = HTTP.get(f"{quiet_server}/api/tables", timeout=10).json()["tables"]
    assert tid not in {t["id"] for t in listed}
    assert not firefox.js_errors()


def rated_table_resigned_at_once(page_game: str, server: str, tid: str) -> None:
    table = HTTP.get(f"{server}/api/tables/{tid}", timeout=10).json()
    assert table["rated"] and table["result"]["aborted"] is True and table["result"]["winners"] == []
    assert HTTP.get(f"{server}/api/ratings/{page_game}", timeout=10).json()["players"] == []


def test_a_rated_game_resigned_at_once_is_aborted_and_rates_nothing_in_chromium(
    quiet_server: str, context: Any
) -> None:
    page = context.new_page()
    page.goto(quiet_server + "/")
    page.fill("#profile-name", "Quitter")
    page.click("#profile-form button[type=submit]")
    page.wait_for_selector("#my-profile-link")
    game = page.evaluate("document.getElementById('game-select').value")
    page.check("#rated")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    tid = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#resign", state="visible")
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#aborted")
    assert "no rating changes" in page.inner_text("#aborted")
    rated_table_resigned_at_once(game, quiet_server, tid)
    page.goto(quiet_server + "/profile")
    page.wait_for_selector("#reliability")
    assert "left 1 of 1" in page.inner_text("#reliability")
    assert page.inner_text("#profile-ratings").endswith("No rated games yet.")


def test_a_rated_game_resigned_at_once_is_aborted_and_rates_nothing_in_firefox(
    quiet_server: str, firefox: Firefox
) -> None:
    firefox.goto(quiet_server + "/")
    firefox.wait_for("!!document.getElementById('profile-name')", what="the profile form")
    firefox.click("#profile-name")
    firefox.type("Fox\n")
    firefox.wait_for("!!document.getElementById('my-profile-link')", what="the profile")
    game = firefox.evaluate("document.getElementById('game-select').value")
    firefox.click("#rated")
    firefox.click("#create-button")
    firefox.wait_for("!!document.getElementById('resign') && !document.getElementById('resign').hidden", what="play")
    tid = firefox.evaluate("location.pathname.split('/').pop()")
    firefox.click("#resign")
    firefox.click("#resign-yes")
    firefox.wait_for("!!document.getElementById('aborted')", what="the abort")
    rated_table_resigned_at_once(game, quiet_server, tid)
    assert not firefox.js_errors()
