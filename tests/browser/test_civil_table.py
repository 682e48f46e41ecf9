"""A civil table (#40), by clicks and key presses in Chromium and Firefox: a seat asking for a
name another seat holds gets it with a suffix, and spectators who fill their side of the chat
leave the players' chat open (the players may also switch the spectators' chat off)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from server.live_server import serve_in_thread

from .firefox_bidi import Firefox, started_firefox
from .helpers import HTTP, create

SPECTATOR_LINES = 3  # the spectators' side of a table's chat holds this many here


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app
    from dinobox.server.settings import Settings

    db = tmp_path_factory.mktemp("civil") / "tables.sqlite3"
    settings = Settings(chat_spectators_per_table=SPECTATOR_LINES, chat_per_minute=600, chat_burst=50)
    app = create_app(f"sqlite:///{db}", rng=random.Random(40), gc_tuning=False, settings=settings)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox() as fx:
        yield fx


def ann_and_open_seat(server: str) -> tuple[str, str]:
    made = create(server, game="dino-race", players=2, seats=[{"type": "human"}] * 2, claim=[0], name="Ann")
    return made["table"]["id"], server + made["tokens"][0]["link"]


SEAT_NAMES = "[...document.querySelectorAll('#seats-panel li')].map((li) => li.textContent).join(' | ')"


def test_two_seats_asking_for_one_name_in_chromium(server: str, context: Any) -> None:
    tid, _ann = ann_and_open_seat(server)
    page = context.new_page()
    page.goto(f"{server}/table/{tid}")
    page.click("#claim-name")
    page.keyboard.type("ann")
    page.click("button[data-claim='1']")
    page.wait_for_function("() => document.body.dataset.seat === '1'")
    page.wait_for_function(f"() => ({SEAT_NAMES}).includes('ann (2)')")
    assert "Ann" in page.evaluate(SEAT_NAMES)


def test_two_seats_asking_for_one_name_in_firefox(server: str, firefox: Firefox) -> None:
    tid, _ann = ann_and_open_seat(server)
    firefox.goto(f"{server}/table/{tid}")
    firefox.click("#claim-name")
    firefox.type("Ann\u200b")  # an invisible character does not make a name different
    firefox.click("button[data-claim='1']")
    firefox.wait_for(f"({SEAT_NAMES}).includes('Ann (2)')", what="the second Ann's suffix")


def chat_line(page: Any, text: str) -> None:
    page.click("#chat-input")
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def start_ann_and_bob(server: str, context: Any) -> tuple[str, Any]:
    tid, ann_link = ann_and_open_seat(server)
    ann = context.new_page()
    ann.goto(ann_link)
    bob = context.browser.new_context().new_page()
    bob.goto(f"{server}/table/{tid}")
    bob.fill("#claim-name", "Bob")
    bob.click("button[data-claim='1']")
    bob.click("#seats-panel button.primary")  # Start
    ann.wait_for_function("() => document.body.dataset.status === 'playing'")
    return tid, ann


def test_a_spectator_cannot_fill_the_players_chat_in_chromium(server: str, context: Any) -> None:
    tid, ann = start_ann_and_bob(server, context)
    rail = context.browser.new_context().new_page()
    rail.goto(f"{server}/table/{tid}")
    rail.wait_for_function("() => !!document.body.dataset.version")
    for i in range(SPECTATOR_LINES):
        chat_line(rail, f"noise {i}")
        ann.wait_for_function(f"() => document.querySelectorAll('#chat-spectators li').length === {i + 1}")
    chat_line(rail, "one more")
    rail.wait_for_function("() => (document.getElementById('toast') || {}).textContent?.includes('full')")
    chat_line(ann, "we can still talk")
    rail.wait_for_function("() => document.getElementById('chat').textContent.includes('we can still talk')")
    line = ann.locator("#chat li").last
    assert line.locator("time").count() == 1 and line.locator(".seat-dot").count() == 1
    # the players switch the spectators' chat off: the spectator's page says so
    ann.click("#chat-spectators-on")
    rail.wait_for_function("() => document.body.dataset.spectatorChat === 'off'")
    assert rail.locator("#chat-spectators-off").is_visible()


def test_a_spectator_in_firefox_cannot_fill_the_players_chat(server: str, context: Any, firefox: Firefox) -> None:
    tid, ann = start_ann_and_bob(server, context)
    firefox.goto(f"{server}/table/{tid}")
    firefox.wait_for("!!document.body.dataset.version", what="the table")
    for i in range(SPECTATOR_LINES + 1):
        firefox.click("#chat-input")
        firefox.type(f"ff noise {i}\n")
        if i < SPECTATOR_LINES:  # the line shows before the next is typed (the page grows under the pointer)
            count = f"document.querySelectorAll('#chat-spectators li').length === {i + 1}"
            firefox.wait_for(count, what=f"line {i}")
    firefox.wait_for("(document.getElementById('toast') || {}).textContent?.includes('full')", what="chat_full")
    ann.wait_for_function(f"() => document.querySelectorAll('#chat-spectators li').length === {SPECTATOR_LINES}")
    mark = ann.locator("#chat-spectators button[data-mute]").first
    mark.click()  # Ann mutes the spectator at the server
    ann.wait_for_function("() => document.querySelector('#chat-spectators button[data-mute]').textContent === 'Unmute'")
    chat_line(ann, "we can still talk")
    firefox.wait_for("document.getElementById('chat').textContent.includes('we can still talk')", what="Ann's line")


def test_players_see_who_is_here_and_their_move_count_in_chromium(server: str, context: Any) -> None:
    tid, ann = start_ann_and_bob(server, context)
    ann.wait_for_function("() => document.querySelector('#presence [data-seat=\"1\"]')?.dataset.online === '1'")
    bob_pages = [p for c in context.browser.contexts for p in c.pages if p is not ann and f"/table/{tid}" in p.url]
    bob = bob_pages[0]
    bob.wait_for_function("() => document.querySelector('#presence [data-seat=\"0\"]')?.dataset.online === '1'")
    # whoever is to act sees "Your move: 1" in the top bar (the page polls the list)
    to_act = httpx_state(server, tid)["to_act"]
    mover = ann if to_act == 0 else bob
    mover.wait_for_function("() => document.body.dataset.yourMoveCount === '1'", timeout=30000)
    assert mover.locator("#your-move-count").inner_text() == "Your move: 1"
    bob.close()  # Bob leaves: Ann sees him away
    ann.wait_for_function("() => document.querySelector('#presence [data-seat=\"1\"]')?.dataset.online === '0'")
    assert "away" in ann.locator("#presence [data-seat='1']").inner_text()


def httpx_state(server: str, tid: str) -> dict[str, Any]:
    return dict(HTTP.get(f"{server}/api/tables/{tid}", timeout=10).json())
