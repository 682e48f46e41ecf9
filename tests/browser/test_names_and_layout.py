"""The page names people, not only colours: "Alice (Red)" in the player panels, the status line,
the log and the score table; bots by their kind. The waiting room and the lobby stay tidy on a
phone (no stray "null", a long bot spec does not widen the page); the choices sit next to the
board on a phone; Dinosaur Rush's panels agree with its score table; the egg holder is drawn."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.engine.registry import game_class, game_ids

from .helpers import assert_fits_width, create, play_by_api, version, wait_newer

PHONE = {"width": 375, "height": 812}
LONG_BOT = "ismcts:iterations=40,seconds=0.2,c=0.7,depth=30,playout=random"
EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u23e9-\u23fa]")  # pictographs, media keys


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()


def open_as(context: Any, server: str, made: dict[str, Any], seat: int = 0) -> Any:
    page = context.new_page()
    token = next(t["token"] for t in made["tokens"] if t["seat"] == seat)
    page.goto(f"{server}/table/{made['table']['id']}?seat={seat}&token={token}")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    return page


def test_waiting_room_has_no_null_and_names_bots_by_kind(server: str, phone: Any) -> None:
    made = create(
        server,
        game="dino-race",
        players=3,
        name="Alice",
        claim=[0],
        seats=[{"type": "human"}, {"type": "human"}, {"type": "bot", "bot": LONG_BOT}],
    )
    errors: list[str] = []
    for who in ("member", "stranger"):
        page = open_as(phone, server, made) if who == "member" else phone.new_page()
        if who == "stranger":
            page.goto(f"{server}/table/{made['table']['id']}")
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.wait_for_selector("#seats-panel li[data-seat='2']")
        text = page.locator("#seats-panel").inner_text()
        assert "null" not in text and "undefined" not in text, text
        assert "Alice" in text and "ISMCTS bot" in text
        assert page.locator("#seats-panel [data-claim='1']").count() == 1, "the open seat can be taken"
        assert page.locator("#board").is_hidden(), "no board before the game is set up"
        assert_fits_width(page, PHONE["width"], f"the waiting room seen by a {who}")
    # the lobby lists the table: the bot by its kind, and the long spec does not widen the page
    lobby = phone.new_page()
    lobby.goto(server + "/")
    row = lobby.locator(f"#tables tr:has(a[href='/table/{made['table']['id']}'])")
    row.wait_for()
    assert "ISMCTS bot" in row.inner_text() and LONG_BOT not in row.inner_text()
    assert_fits_width(lobby, PHONE["width"], "the lobby with a long bot spec")
    options = lobby.locator("#seats select[data-seat='1'] option").all_inner_texts()
    assert {"Random bot", "Heuristic bot", "ISMCTS bot"} <= set(options), options
    assert not errors, errors


def after_our_decisions(n: int) -> Any:
    """A ``stop`` for play_by_api: true at our (n+1)-th decision."""
    seen = [0]

    def stop(st: dict[str, Any]) -> bool:
        if st["legal"]:
            seen[0] += 1
        return seen[0] > n

    return stop


def colours(st: dict[str, Any]) -> list[str]:
    return [p["name"] for p in st["view"]["players"]]


@pytest.mark.parametrize("game_id", game_ids())
def test_names_beside_colours_in_panels_status_log_and_score_table(server: str, context: Any, game_id: str) -> None:
    players = game_class(game_id).min_players
    seats: list[dict[str, Any]] = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
    made = create(server, game=game_id, players=players, seats=seats, claim=[0], name="Alice", start=True)
    table_id = made["table"]["id"]
    token = made["tokens"][0]["token"]
    rng = random.Random(7)
    # a few decisions in, on our turn: the status line and the panels name Alice beside her colour
    st = play_by_api(server, table_id, 0, token, rng, stop=after_our_decisions(3))
    page = open_as(context, server, made)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if st["table"]["status"] == "playing":
        page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=st["version"])
        alice = f"Alice ({colours(st)[0]})"
        # the version is set before the first picture is drawn: wait for the drawing, not the number
        page.wait_for_function(
            "t => document.getElementById('status').textContent.startsWith(t)", arg=f"Your turn, {alice}"
        )
        assert alice in page.locator("#players [data-seat='0']").first.inner_text()
    # the end: panels, log and score table (a fresh page: the game is played out faster than a
    # page redraws, so the one above would only fall behind)
    page.close()
    st = play_by_api(server, table_id, 0, token, rng)
    assert st["table"]["status"] == "finished"
    page = open_as(context, server, made)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.wait_for_selector("#score-table")
    names = colours(st)
    alice = f"Alice ({names[0]})"
    for seat in range(players):
        label = alice if seat == 0 else f"Random bot ({names[seat]})"
        assert label in page.locator(f"#players [data-seat='{seat}']").first.inner_text(), label
        assert label in page.locator("#score-table tbody tr").nth(seat).inner_text(), label
    lines = page.locator("#log li").all_inner_texts()
    assert any(alice in line for line in lines), "the log names Alice"
    for line in lines:  # no seat is named by its colour alone
        bare = re.sub(r"(Alice|Random bot) \((?:" + "|".join(map(re.escape, names)) + r")\)", "", line)
        for colour in names:
            assert not re.search(rf"(?<!\w){re.escape(colour)}(?!\w)", bare), f"{colour!r} alone in {line!r}"
    # the replay names the seats too
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_selector("#board *")
    page.click("#last")
    page.wait_for_selector("#score-table")
    assert alice in page.locator("#score-table").inner_text()
    assert not EMOJI.search(page.locator(".replay-controls").inner_text()), "replay buttons in words"
    assert any(alice in line for line in page.locator("#log li").all_inner_texts())
    assert not errors, errors


def test_dinosaur_rush_panels_show_the_score_table_total(server: str, context: Any) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2
    made = create(server, game="dinosaur-rush", players=3, seats=seats, claim=[0], name="Alice", start=True)
    st = play_by_api(server, made["table"]["id"], 0, made["tokens"][0]["token"], random.Random(3))
    scores = st["table"]["result"]["scores"]
    page = open_as(context, server, made)
    page.wait_for_selector("#score-table")
    for seat, score in enumerate(scores):
        panel = page.locator(f"#players [data-seat='{seat}'] .dr-score").inner_text()
        assert panel.startswith(f"{score} pts"), (seat, panel, scores)
        total = page.locator("#score-table tbody tr").nth(seat).locator("td").last.inner_text()
        assert total == str(score)


def test_the_egg_holder_is_drawn_with_words_not_an_emoji(server: str, context: Any) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2
    made = create(server, game="dino-race", players=3, seats=seats, claim=[0], name="Alice", start=True)
    st = play_by_api(
        server,
        made["table"]["id"],
        0,
        made["tokens"][0]["token"],
        random.Random(5),
        stop=lambda s: s["view"].get("egg") is not None and s["legal"],
    )
    holder = st["view"]["egg"]
    assert holder is not None, "somebody holds the egg during the race"
    page = open_as(context, server, made)
    page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=st["version"])
    marker = page.locator(f"#players [data-seat='{holder}'] .egg-holder")
    assert marker.inner_text().strip() == "holds the egg"
    assert marker.locator("svg.egg-icon path").count() == 1, "the egg is drawn"
    box = marker.locator("svg.egg-icon").bounding_box()
    assert box is not None and 8 <= box["height"] <= 30, box
    assert page.locator("#players .egg-holder").count() == 1
    board_text = page.evaluate("document.getElementById('board').textContent")
    assert not EMOJI.search(board_text), f"an emoji on the board: {EMOJI.findall(board_text)}"


def test_pangaea_choices_are_next_to_the_map_on_a_phone(server: str, phone: Any) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2
    made = create(server, game="pangaea", players=3, seats=seats, claim=[0], name="Alice", start=True)
    page = open_as(phone, server, made)
    for _ in range(3):  # a few decisions, each made with the map in view
        page.wait_for_selector("#actions button[data-action]:not([disabled])", timeout=30000)
        assert_fits_width(page, PHONE["width"], "a Pangaea table")  # else the phone zooms out and nothing fits
        page.evaluate("document.querySelector('.pg-world-wrap').scrollIntoView({block: 'start'})")
        world = page.locator(".pg-world-wrap").bounding_box()
        assert world is not None and world["y"] < PHONE["height"] / 2, world
        choice = page.locator("#actions button[data-action]:not([disabled]):visible").first
        if not choice.count():
            page.locator("#actions details > summary").first.tap()
            choice = page.locator("#actions button[data-action]:not([disabled]):visible").first
        box = choice.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
            f"the first choice is not on screen with the map: {box}"
        )
        seen = version(page)
        choice.tap()
        wait_newer(page, seen)
        if page.evaluate("document.body.dataset.status") != "playing":
            break
    assert_fits_width(page, PHONE["width"], "a Pangaea table")


def test_choices_stay_in_the_side_column_on_a_wide_screen(server: str, context: Any) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * 2
    made = create(server, game="pangaea", players=3, seats=seats, claim=[0], name="Alice", start=True)
    page = open_as(context, server, made)
    page.wait_for_selector("#actions button[data-action]:not([disabled])", timeout=30000)
    panel = page.locator("#actions-panel")
    assert panel.evaluate("el => getComputedStyle(el).position") == "static"
    board = page.locator("#board").bounding_box()
    side = panel.bounding_box()
    assert board is not None and side is not None and side["x"] >= board["x"] + board["width"], (board, side)
