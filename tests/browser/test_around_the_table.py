"""Around the table, as people use it (issue 30): two people in two browsers chat, see the
turn alert, and one resigns; a game's end shows the winner and the scores without scrolling,
on a desktop and on a phone. Chromium through Playwright, Firefox through WebDriver BiDi
(real pointer and key input): a Firefox person plays a Chromium person."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.engine.registry import game_class, game_ids

from .firefox_bidi import Firefox, started_firefox
from .helpers import click_something, create, version, wait_newer

# A page in a background tab (document.hidden) whose notifications are seen as they are shown.
HIDDEN_WITH_NOTIFICATIONS = """
Object.defineProperty(document, 'hidden', { get: () => true });
window.shownNotes = [];
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) { super(title, options); window.shownNotes.push(title); }
};
"""
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && window.scrollY === 0; }"""


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox(width=1280, height=800) as fx:
        yield fx


def ann_and_open_seat(server: str, **extra: Any) -> tuple[str, str]:
    """Ann's table of Dino Race with seat 1 open for a friend: its id and Ann's link."""
    made = create(server, game="dino-race", players=2, seats=[{"type": "human"}] * 2, claim=[0], name="Ann", **extra)
    return made["table"]["id"], server + made["tokens"][0]["link"]


def bob_takes_the_seat(page: Any, server: str, tid: str) -> None:
    page.goto(f"{server}/table/{tid}")
    page.fill("#claim-name", "Bob")
    page.click("button[data-claim='1']")
    page.click("#seats-panel button.primary")  # Start
    page.wait_for_function("() => document.body.dataset.status === 'playing'")


def bots_to_the_end(server: str, game_id: str) -> str:
    """A table of random bots that plays to its end at once: its id."""
    players = game_class(game_id).min_players
    bots = [{"type": "bot", "bot": "random"}] * players
    return str(create(server, game=game_id, players=players, seats=bots, claim=[], start=True)["table"]["id"])


def whose_move(ann: Any, bob: Any, timeout_s: float = 30.0) -> str:
    """Wait until one of the two pages says it is its move, and name it.

    Bob's page may learn of his turn a moment after Ann's page shows her move
    applied, so neither page alone can be waited on."""
    mine = "document.body.dataset.yourMove === '1'"
    for _ in range(int(timeout_s / 0.05)):
        if bob.evaluate(mine):
            return "bob"
        if ann.evaluate(mine):
            return "ann"
        ann.wait_for_timeout(50)
    raise AssertionError("neither Ann's nor Bob's page says it is their move")


def play_until_bobs_move(ann: Any, bob: Any) -> None:
    rng = random.Random(3)
    while whose_move(ann, bob) == "ann":
        seen = version(ann)
        click_something(ann, rng)
        wait_newer(ann, seen)


def test_two_people_chat_get_the_turn_alert_and_one_resigns(server: str, browser: Any) -> None:
    tid, ann_link = ann_and_open_seat(server)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    # Bob allowed notifications and has another tab in front: his page is hidden
    contexts[1].grant_permissions(["notifications"], origin=server)
    contexts[1].add_init_script(HIDDEN_WITH_NOTIFICATIONS)
    ann, bob = (c.new_page() for c in contexts)
    ann.goto(ann_link)
    bob_takes_the_seat(bob, server, tid)
    ann.wait_for_function("() => document.body.dataset.status === 'playing'")
    # Ann is to move: her tab says so, Bob's does not
    ann.wait_for_function("() => document.title.startsWith('▶ Your move')")
    assert not bob.title().startswith("▶")
    # chat: plain text both ways
    ann.fill("#chat-input", "good luck <b>Bob</b>")
    ann.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat li:has-text('good luck')")
    assert bob.inner_text("#chat li").split(" ", 1)[1] == "Ann: good luck <b>Bob</b>"  # after its time
    assert bob.locator("#chat b").count() == 0
    bob.fill("#chat-input", "thanks!")
    bob.click("#chat-send")
    ann.wait_for_selector("#chat li:has-text('Bob: thanks!')")
    # Ann mutes the chat on her browser: it hides for her only
    ann.check("#chat-mute")
    assert ann.is_hidden("#chat") and ann.is_visible("#chat-muted")
    # Ann plays until it is Bob's move: his tab title turns
    play_until_bobs_move(ann, bob)
    bob.wait_for_function("() => document.title.startsWith('▶ Your move')")
    bob.wait_for_function("() => window.shownNotes.includes('dinobox: your move')")  # the notification
    assert bob.get_attribute("link[rel=icon]", "href").startswith("data:image/svg")
    # the lobby and the profile page list the table under "Your move" for Bob's browser only
    lobby = contexts[1].new_page()
    for path in ("/", "/profile"):
        lobby.goto(server + path)
        lobby.wait_for_selector(f"#your-move-list li[data-table='{tid}']")
    lobby.close()
    annlobby = contexts[0].new_page()
    annlobby.goto(server + "/")
    annlobby.wait_for_selector("#tables table")
    annlobby.wait_for_load_state("networkidle")
    assert annlobby.locator(f"#your-move-list li[data-table='{tid}']").count() == 0
    annlobby.close()
    # Bob resigns: both see Ann win and that Bob resigned
    bob.click("#resign")
    bob.click("#resign-yes")
    for page in (ann, bob):
        page.wait_for_selector("#winner-banner")
        assert page.locator("#score-table tbody tr").count() == 2  # the scores as they stood (#40)
        banner = page.inner_text("#winner-banner")
        assert banner.startswith("★ Ann") and banner.endswith("wins!"), banner
        assert re.match(r"Bob \(\w+\) resigned", page.inner_text("#forfeit"))
        assert page.evaluate(IN_VIEW, "#winner-banner")
        assert "resigned: the game is over" in page.inner_text("#log li.table-event")
    assert not bob.title().startswith("▶")
    # the replay shows the chat with the game
    bob.goto(f"{server}/replay/{tid}")
    bob.wait_for_selector("#chat li:has-text('Bob: thanks!')")
    assert bob.inner_text("#chat li").split(" ", 1)[1] == "Ann: good luck <b>Bob</b>"  # after its time
    for c in contexts:
        c.close()


def test_a_silent_seat_can_be_claimed_as_a_win_once_the_tables_limit_passed(server: str, browser: Any) -> None:
    tid, ann_link = ann_and_open_seat(server, silence_seconds=5)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    ann.goto(ann_link)
    bob_takes_the_seat(bob, server, tid)
    ann.wait_for_function("() => document.body.dataset.yourMove === '1'")
    assert bob.is_hidden("#abandon")  # Ann may still move
    ann.close()  # Ann walks away
    bob.wait_for_selector("#claim-abandoned", state="visible", timeout=15000)
    assert "has not moved for" in bob.inner_text("#abandon-text")
    bob.click("#claim-abandoned")
    bob.wait_for_selector("#winner-banner:has-text('★ Bob')")
    assert "stopped playing" in bob.inner_text("#forfeit")
    for c in contexts:
        c.close()


def test_on_a_hotseat_table_the_chat_belongs_to_the_table(server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(server + "/")
    page.select_option("#game-select", "dino-race")
    page.fill("#your-name", "Alice")
    page.select_option("#seats select[data-seat='1']", "device")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.click("#curtain-button")  # the first player takes the device
    page.wait_for_selector("#actions button[data-action]")
    page.fill("#chat-input", "who goes first?")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat li")
    assert page.inner_text("#chat li").split(" ", 1)[1] == "At the table: who goes first?"  # after its time
    assert page.locator("#chat .spectator-mark").count() == 0


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_end_shows_winner_and_scores_without_scrolling(server: str, browser: Any, size: tuple[int, int]) -> None:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    for game_id in game_ids():
        page.goto(f"{server}/table/{bots_to_the_end(server, game_id)}")
        page.wait_for_selector("#score-table", timeout=60000)
        banner = page.inner_text("#winner-banner")
        assert "win" in banner or "Nobody" in banner, banner
        assert page.evaluate(IN_VIEW, "#winner-banner"), game_id
        assert page.evaluate(IN_VIEW, "#score-table"), f"{game_id}: the score table is below the fold"
    ctx.close()


def test_in_firefox_a_person_chats_gets_the_turn_alert_and_resigns(server: str, browser: Any, firefox: Firefox) -> None:
    tid, ann_link = ann_and_open_seat(server)
    firefox.goto(ann_link)  # Ann plays in Firefox
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    bob = ctx.new_page()
    bob_takes_the_seat(bob, server, tid)
    firefox.wait_for("document.title.startsWith('▶ Your move')", what="Ann's turn alert")
    firefox.click("#chat-input")
    firefox.type("hi from Firefox\n")
    bob.wait_for_selector("#chat li:has-text('Ann: hi from Firefox')")
    bob.fill("#chat-input", "hello Ann")
    bob.press("#chat-input", "Enter")
    firefox.wait_for("document.querySelector('#chat').innerText.includes('Bob: hello Ann')", what="Bob's message")
    firefox.goto(server + "/")  # the lobby lists the table under "Your move"
    firefox.wait_for(f"!!document.querySelector(\"#your-move-list li[data-table='{tid}']\")", what="your move")
    firefox.goto(f"{server}/table/{tid}")
    firefox.wait_for("document.body.dataset.yourMove === '1'", what="the table again")
    firefox.click("#resign")
    firefox.click("#resign-yes")
    firefox.wait_for("!!document.getElementById('winner-banner')", what="the end")
    banner = firefox.evaluate("document.getElementById('winner-banner').innerText")
    assert banner.startswith("★ Bob") and banner.endswith("wins!"), banner
    assert re.match(r"Ann \(\w+\) resigned", firefox.evaluate("document.getElementById('forfeit').innerText"))
    bob.wait_for_selector("#winner-banner:has-text('★ Bob')")
    ctx.close()


def test_in_firefox_a_silent_seat_is_claimed(server: str, browser: Any, firefox: Firefox) -> None:
    tid, ann_link = ann_and_open_seat(server, silence_seconds=5)
    ctx = browser.new_context()
    ann = ctx.new_page()
    ann.goto(ann_link)  # Ann (Chromium) takes her seat, then goes silent
    firefox.goto(f"{server}/table/{tid}")  # Bob plays in Firefox
    firefox.click("#claim-name")
    firefox.type("Bob")
    firefox.click("button[data-claim='1']")
    firefox.click("#seats-panel button.primary")
    firefox.wait_for("document.body.dataset.status === 'playing'", what="the start")
    firefox.click("#claim-abandoned")  # shows once Ann has been silent for 5 seconds
    firefox.wait_for("!!document.getElementById('winner-banner')", what="the end")
    assert "stopped playing" in firefox.evaluate("document.getElementById('forfeit').innerText")
    ctx.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_in_firefox_the_end_is_in_view(server: str, firefox: Firefox, size: tuple[int, int]) -> None:
    firefox.set_viewport(*size)
    for game_id in game_ids():
        firefox.goto(f"{server}/table/{bots_to_the_end(server, game_id)}")
        firefox.wait_for("!!document.getElementById('score-table')", timeout=60, what=f"{game_id}'s end")
        for sel in ("#winner-banner", "#score-table"):
            assert firefox.evaluate(f"({IN_VIEW})({sel!r})"), f"{game_id} at {size}: {sel} is not in view"
    firefox.set_viewport(1280, 800)


def test_a_profile_moves_to_another_browser_by_its_key_and_keeps_its_rating(
    server: str, browser: Any, firefox: Firefox
) -> None:
    first = browser.new_context(viewport={"width": 1280, "height": 800})
    page = first.new_page()
    page.goto(server + "/")
    page.fill("#profile-name", "Rex")
    page.click("#profile-form button[type=submit]")
    page.wait_for_selector("#key-once")  # the key, shown once, with a warning and a copy button
    assert "shown only this once" in page.inner_text("#key-once")
    key = page.input_value("#profile-key")
    # a rated game against a bot, resigned after some moves (each seat two or more decisions of
    # its own: before that a resign aborts the game unrated): the rating moves
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seats select[data-seat='1']", "bot:heuristic")
    page.check("#rated")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    rng = random.Random(8)
    for _ in range(16):  # Rex makes several decisions a turn in Dino Race; the bot moves between
        page.wait_for_function("() => document.body.dataset.yourMove === '1'")
        seen = version(page)
        click_something(page, rng)
        wait_newer(page, seen)
    page.click("#resign")
    page.click("#resign-yes")
    page.wait_for_selector("#winner-banner")
    page.goto(server + "/profile")
    page.wait_for_selector("#ratings-table")
    rating = page.inner_text("#ratings-table")
    # forgetting on this browser deletes nothing on the server
    page.click("#forget-profile")
    page.wait_for_selector("#use-key-form")
    # a second browser context takes the profile by its key
    second = browser.new_context(viewport={"width": 390, "height": 844})
    other = second.new_page()
    other.goto(server + "/profile")
    other.fill("#use-key", key)
    other.click("#use-key-form button[type=submit]")
    other.wait_for_selector("#ratings-table")
    assert other.inner_text("#profile-name-shown") == "Rex"
    assert other.inner_text("#ratings-table") == rating and "Dino Race" in rating
    assert other.locator("#games-table tbody tr").count() == 1
    other.fill("#rename-input", "Rex II")
    other.click("#rename-form button[type=submit]")
    other.wait_for_function("() => document.getElementById('profile-name-shown').textContent === 'Rex II'")
    other.goto(server + "/")
    other.wait_for_selector("#my-profile-link")
    assert other.inner_text("#my-profile-link") == "Rex II"
    # and Firefox too, typing the key
    firefox.goto(server + "/profile")
    firefox.click("#use-key")
    firefox.type(key + "\n")
    firefox.wait_for("!!document.getElementById('ratings-table')", what="the profile's ratings in Firefox")
    assert firefox.evaluate("document.getElementById('profile-name-shown').textContent") == "Rex II"
    assert "Dino Race" in firefox.evaluate("document.getElementById('ratings-table').innerText")
    firefox.evaluate("localStorage.clear() || true")
    first.close()
    second.close()
