"""Refusals shown in place (issue 30): a click on a piece or card that no legal move uses shows
the engine's reason next to it. Chromium through Playwright, Firefox through WebDriver BiDi,
both with real pointer clicks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .firefox_bidi import BiDiError, Firefox, find_firefox
from .helpers import create, play_by_api

# a card in the hand first (the example), else any other refused piece of the board
CARD, PIECE = "#hand .card.refused", "#board .refused"
BUBBLE = ".popup.refusal"


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    binary = find_firefox()
    if not binary:
        pytest.fail("Firefox is not installed: apt-get install -y firefox-esr (or set DINOBOX_FIREFOX)")
    try:
        fx = Firefox(binary, width=1280, height=800)
    except (BiDiError, OSError) as exc:  # pragma: no cover - a broken install
        pytest.fail(f"Firefox at {binary} does not start with WebDriver BiDi: {exc}")
    yield fx
    fx.close()


def anns_table(server: str, game: str = "dino-race", players: int = 2) -> tuple[dict[str, Any], str]:
    """Ann against random bots, Ann to move: Ann's picture and her link."""
    made = create(
        server,
        game=game,
        players=players,
        seats=[{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1),
        claim=[0],
        name="Ann",
        start=True,
    )
    tid, token = made["table"]["id"], made["tokens"][0]["token"]
    st = play_by_api(server, tid, 0, token, random.Random(1), stop=lambda s: bool(s["legal"]))
    return st, server + made["tokens"][0]["link"]


def reasons_of(picture: dict[str, Any], refused: str) -> set[str]:
    """The reasons the server gave for the actions an element refuses (its ``data-refused``)."""
    ids = {int(a) for a in refused.split()}
    return {g["reason"] for g in picture["refusals"] if ids & {a["action"] for a in g["actions"]}}


def test_a_click_on_a_refused_piece_says_why(server: str, context: Any) -> None:
    picture, link = anns_table(server)
    assert picture["table"]["to_act"] == 0 and picture["refusals"]
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("document.body.dataset.yourMove === '1'")
    seen = page.evaluate("document.body.dataset.version")
    target = page.locator(CARD if page.locator(CARD).count() else PIECE).first
    refused = target.get_attribute("data-refused")
    assert not target.get_attribute("data-offers")
    target.click()
    bubble = page.locator(BUBBLE)
    text = bubble.inner_text()
    assert text.startswith("Not now")
    reasons = reasons_of(picture, refused)
    assert reasons and sum(reason in text for reason in reasons) == min(len(reasons), 4)  # four at most
    assert page.evaluate("document.body.dataset.version") == seen  # nothing was played
    page.click("#status")  # a click elsewhere closes it
    assert bubble.count() == 0


def test_in_firefox_a_click_on_a_refused_piece_says_why(server: str, firefox: Firefox) -> None:
    picture, link = anns_table(server)
    firefox.goto(link)
    firefox.wait_for("document.body.dataset.yourMove === '1'", what="Ann's move")
    where = CARD if firefox.evaluate(f"!!document.querySelector({CARD!r})") else PIECE
    refused = firefox.evaluate(f"document.querySelector({where!r}).dataset.refused")
    firefox.click(where)
    text = firefox.wait_for(f"document.querySelector({BUBBLE!r})?.innerText", what="the reason")
    assert text.startswith("Not now")
    assert any(reason in text for reason in reasons_of(picture, refused))


@pytest.mark.parametrize(("game", "players"), [("dinosaur-rush", 3), ("trex-island", 2)])
def test_the_other_boards_say_why_too(server: str, context: Any, game: str, players: int) -> None:
    picture, link = anns_table(server, game, players)
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("document.body.dataset.yourMove === '1'")
    target = page.locator("#board .refused").first
    reasons = reasons_of(picture, target.get_attribute("data-refused"))
    target.click()
    text = page.locator(BUBBLE).inner_text()
    assert reasons and any(reason in text for reason in reasons)
