"""Refusals shown in place (issue 30): a click on a piece or card that no legal move uses shows
the engine's reason next to it. Chromium through Playwright, Firefox through WebDriver BiDi,
both with real pointer clicks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from .firefox_bidi import Firefox, started_firefox
from .helpers import create, play_by_api

# a card in the hand first (the issue's example), else any other refused piece of the board
CARD, PIECE = "#hand .card.refused", "#board .refused"
BUBBLE = ".popup.refusal"


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox(width=1280, height=800) as fx:
        yield fx


def anns_table(server: str, game: str = "dino-race", players: int = 2, stop: Any = None) -> tuple[dict[str, Any], str]:
    """Ann against random bots, Ann to move (at the first of her decisions ``stop`` accepts):
    Ann's picture and her link."""
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
    wanted = stop or (lambda s: True)
    st = play_by_api(server, tid, 0, token, random.Random(1), stop=lambda s: bool(s["legal"]) and wanted(s))
    return st, server + made["tokens"][0]["link"]


def pangaea_step_6(picture: dict[str, Any]) -> bool:
    """Pangaea, Players Turn step 6: Ann moves, builds or moves a Dino (a hex, a card and the
    Explorer all have something to refuse)."""
    return any(a["kind"] in ("move", "build", "dino_move") for a in picture["legal"])


def moving(picture: dict[str, Any]) -> bool:
    """Ann's move of a piece across the board (a paleontologist, a team)."""
    return any(a["kind"] == "move" for a in picture["legal"])


# each game: its players, where Ann stops, and the refused piece clicked in each browser
BOARDS = {
    "dino-race": (2, None, f"{CARD}, {PIECE}"),
    "dinosaur-rush": (3, moving, "#board .dr-site.refused"),
    "trex-island": (2, moving, "#board .ti-space.refused"),
    "pangaea": (2, pangaea_step_6, "#pg-world .pg-space.refused"),
}
PANGAEA_CARD = "#pg-my-hand .pg-card.refused"


def reasons_of(picture: dict[str, Any], refused: str) -> set[str]:
    """The reasons the server gave for the actions an element refuses (its ``data-refused``)."""
    ids = {int(a) for a in refused.split()}
    return {g["reason"] for g in picture["refusals"] if ids & {a.get("action") for a in g["actions"]}}


def test_a_click_on_a_refused_piece_says_why(server: str, context: Any) -> None:
    picture, link = anns_table(server)
    assert picture["table"]["to_act"] == 0 and picture["refusals"]
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("() => document.body.dataset.yourMove === '1'")
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


@pytest.mark.parametrize("game", ["dinosaur-rush", "trex-island", "pangaea"])
def test_the_other_boards_say_why_too(server: str, context: Any, game: str) -> None:
    players, stop, where = BOARDS[game]
    picture, link = anns_table(server, game, players, stop)
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("() => document.body.dataset.yourMove === '1'")
    target = page.locator(where).first
    reasons = reasons_of(picture, target.get_attribute("data-refused"))
    target.click()
    bubble = page.locator(BUBBLE)
    text = bubble.inner_text()
    assert reasons and any(reason in text for reason in reasons)
    near(target.bounding_box(), bubble.bounding_box())


@pytest.mark.parametrize("game", list(BOARDS))
def test_in_firefox_a_click_on_a_refused_piece_says_why(server: str, firefox: Firefox, game: str) -> None:
    players, stop, where = BOARDS[game]
    if game == "pangaea":
        where = PANGAEA_CARD  # a STAR card in step 6: "chosen in step 4"
    picture, link = anns_table(server, game, players, stop)
    errors = len(firefox.js_errors())
    firefox.goto(link)
    firefox.wait_for("document.body.dataset.yourMove === '1'", what="Ann's move")
    refused = firefox.evaluate(f"document.querySelector({where!r}).dataset.refused")
    firefox.click(where)
    text = firefox.wait_for(f"document.querySelector({BUBBLE!r})?.innerText", what="the reason")
    assert text.startswith("Not now")
    reasons = reasons_of(picture, refused)
    assert reasons and any(reason in text for reason in reasons)
    boxes = firefox.evaluate(
        f"[{where!r}, {BUBBLE!r}].map((q) => {{ const r = document.querySelector(q).getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })"
    )
    near(boxes[0], boxes[1])
    assert firefox.js_errors()[errors:] == []


def near(piece: Any, bubble: Any) -> None:
    """The bubble opens in place: just below or just above the piece clicked, over it sideways."""
    assert piece and bubble
    below = abs(bubble["y"] - (piece["y"] + piece["height"])) <= 12
    above = abs(bubble["y"] + bubble["height"] - piece["y"]) <= 12
    assert below or above, (piece, bubble)
    assert bubble["x"] <= piece["x"] + piece["width"] and bubble["x"] + bubble["width"] >= piece["x"] - 10


# T-Rex Island: a team of the other player (no action of Ann's names it) says whose it is
OTHER_TEAM = '#board .ti-die.refused[data-owner="1"]'


def team_reasons(picture: dict[str, Any], owner: int) -> set[str]:
    """The reasons the server gave for the teams of seat ``owner`` (pieces, with no action id)."""
    return {
        g["reason"]
        for g in picture["refusals"]
        if any(a["kind"] == "team" and a["die"] // 3 == owner for a in g["actions"])
    }


def test_a_click_on_another_players_team_says_whose_it_is(server: str, context: Any) -> None:
    picture, link = anns_table(server, "trex-island", 2, moving)
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("() => document.body.dataset.yourMove === '1'")
    seen = page.evaluate("document.body.dataset.version")
    target = page.locator(OTHER_TEAM).first
    target.click()
    bubble = page.locator(BUBBLE)
    text = bubble.inner_text()
    reasons = team_reasons(picture, 1)
    assert len(reasons) == 1 and reasons.pop() in text and "you move only your own" in text
    near(target.bounding_box(), bubble.bounding_box())
    assert page.evaluate("document.body.dataset.version") == seen  # nothing was played


def test_in_firefox_a_click_on_another_players_team_says_whose_it_is(server: str, firefox: Firefox) -> None:
    picture, link = anns_table(server, "trex-island", 2, moving)
    errors = len(firefox.js_errors())
    firefox.goto(link)
    firefox.wait_for("document.body.dataset.yourMove === '1'", what="Ann's move")
    firefox.click(OTHER_TEAM)
    text = firefox.wait_for(f"document.querySelector({BUBBLE!r})?.innerText", what="the reason")
    reasons = team_reasons(picture, 1)
    assert len(reasons) == 1 and reasons.pop() in text
    assert firefox.js_errors()[errors:] == []
