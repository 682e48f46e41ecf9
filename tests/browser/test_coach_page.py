"""The coach in the browser (#33), in Chromium and Firefox, as a person uses it: open a finished
game's replay, press "Analyse", see the win-chance graph and the marked decisions, click a mark
to go there; at an unrated table ask for a hint and see the move; at a rated table find no hint
button. The server runs with a small coach budget (the tests check the page, not the coach)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from dinobox.server.settings import Settings
from server.live_server import serve_in_thread

from .firefox_bidi import BiDiError, Firefox, find_firefox
from .helpers import assert_fits_width, create, state

SMALL = Settings(analysis_iterations=20, hint_seconds=0.1, tables_per_minute=1e6, tables_burst=10**6)
RANDOM_BOTS = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
GRAPH = "#win-graph svg polyline"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app

    db = tmp_path_factory.mktemp("coach") / "tables.sqlite3"
    app = create_app(f"sqlite:///{db}", rng=random.Random(33), gc_tuning=False, settings=SMALL)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    binary = find_firefox()
    if not binary:
        pytest.fail("Firefox is not installed: apt-get install -y firefox-esr (or set DINOBOX_FIREFOX)")
    try:
        fx = Firefox(binary)
    except (BiDiError, OSError) as exc:  # pragma: no cover - a broken install
        pytest.fail(f"Firefox at {binary} does not start with WebDriver BiDi: {exc}")
    yield fx
    fx.close()


def finished_game(server: str) -> str:
    """A finished Dino Race table two random bots played (they blunder: the coach has marks to make)."""
    made = create(server, game="dino-race", players=2, seats=RANDOM_BOTS, claim=[], start=True)
    table_id = str(made["table"]["id"])
    assert state(server, table_id)["table"]["status"] == "finished"
    return table_id


def hint_table(server: str, rated: bool = False) -> tuple[str, str]:
    """A Dino Race table where seat 0 is a person (to act first or soon) against a random bot."""
    body: dict[str, Any] = {"seats": [{"type": "human"}, RANDOM_BOTS[1]], "claim": [0], "start": True}
    if rated:
        made = httpx.post(f"{server}/api/profiles", json={"name": "Rae"}, timeout=10).json()
        body.update(rated=True, profile_key=made["key"])
    made = create(server, game="dino-race", players=2, **body)
    return str(made["table"]["id"]), str(made["tokens"][0]["token"])


def test_analyse_a_finished_game_shows_the_graph_and_marks_in_chromium(server: str, context: Any) -> None:
    table_id = finished_game(server)
    page = context.new_page()
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_selector("#step-label:has-text('decision 0 of')")
    page.select_option("#analyse-seat", "1")
    page.get_by_role("button", name="Analyse").click()
    page.wait_for_selector(GRAPH, timeout=60000)
    assert "analysed" in page.locator("#analysis-status").inner_text()
    marks = page.locator("#timeline .mark.costly")
    assert marks.count() >= 1, "random bots' games have costly decisions"
    listed = page.locator("#costly button").first.inner_text()
    assert re.search(r"Decision \d+: played .+; better: .+\(win chance \d+% → \d+%\)", listed), listed
    target = int(marks.first.get_attribute("data-step"))
    marks.first.click()
    page.wait_for_selector(f"#step-label:has-text('decision {target} of')")
    assert page.locator("#timeline .mark.here").count() >= 1
    assert page.locator("#last-action").inner_text().startswith("Last: ")  # the move the mark is about
    page.locator("#win-graph circle.costly-dot").last.click()
    last = int(page.locator("#win-graph circle.costly-dot").last.get_attribute("data-step"))
    page.wait_for_selector(f"#step-label:has-text('decision {last} of')")
    # asked again: stored, so it is back at once
    page.reload()
    page.wait_for_selector("#step-label:has-text('decision 0 of')")
    page.select_option("#analyse-seat", "1")
    page.get_by_role("button", name="Analyse").click()
    page.wait_for_selector(GRAPH, timeout=5000)
    # on a phone the graph and its marks fit the screen
    page.set_viewport_size({"width": 390, "height": 844})
    box = page.locator("#win-graph svg").bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 60
    assert_fits_width(page, 390, "the replay with an analysis")


def test_a_hint_at_an_unrated_table_and_none_at_a_rated_one_in_chromium(server: str, context: Any) -> None:
    table_id, token = hint_table(server)
    watcher = context.new_page()  # a spectator at the same table
    watcher.goto(f"{server}/table/{table_id}")
    watcher.wait_for_selector("#connection:has-text('live')")
    page = context.new_page()
    page.goto(f"{server}/table/{table_id}?seat=0&token={token}")
    page.wait_for_selector("#actions button[data-action]")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector('#hint-text:has-text("Coach\'s hint:")')
    hint = page.locator("#hint-text").inner_text().removeprefix("Coach's hint: ")
    # the spectator hears that a hint was used, never which move it was
    watcher.wait_for_selector("#toast:has-text('asked the coach for a hint')")
    assert watcher.locator("#hint").is_hidden() and watcher.locator("#hint-text").is_hidden()
    assert "Coach's hint" not in watcher.locator("body").inner_text()
    assert hint not in watcher.locator("#toast").inner_text()
    hinted = page.locator("#actions .hinted[data-action]")
    assert hinted.count() >= 1, "the hinted move is marked among the choices"
    # the hinted move is one of the seat's choices, and playing it moves the game on
    seen = int(page.evaluate("document.body.dataset.version"))
    hinted.first.click()
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {seen} || document.body.dataset.status === 'finished'"
    )
    rated_id, rated_token = hint_table(server, rated=True)
    page.goto(f"{server}/table/{rated_id}?seat=0&token={rated_token}")
    page.wait_for_selector("#actions button[data-action]")
    assert page.locator("#hint").is_hidden()


def test_analyse_and_a_hint_in_firefox(server: str, firefox: Firefox) -> None:
    table_id = finished_game(server)
    before = len(firefox.js_errors())
    firefox.goto(f"{server}/replay/{table_id}")
    firefox.wait_for("document.getElementById('step-label').textContent.startsWith('decision 0')", what="the replay")
    firefox.click("#analyse")
    firefox.wait_for(f"!!document.querySelector({GRAPH!r})", timeout=60, what="the win-chance graph")
    marks = firefox.evaluate("document.querySelectorAll('#timeline .mark.costly').length")
    assert marks >= 1
    target = firefox.evaluate("Number(document.querySelector('#timeline .mark.costly').dataset.step)")
    firefox.click("#timeline .mark.costly")
    firefox.wait_for(
        f"document.getElementById('step-label').textContent.startsWith('decision {target} of')", what="the marked step"
    )
    hint_id, token = hint_table(server)
    firefox.goto(f"{server}/table/{hint_id}?seat=0&token={token}")
    firefox.click("#hint")
    firefox.wait_for("document.getElementById('hint-text').textContent.startsWith(\"Coach's hint:\")", what="a hint")
    assert firefox.evaluate("document.querySelectorAll('#actions .hinted').length") >= 1
    rated_id, rated_token = hint_table(server, rated=True)
    firefox.goto(f"{server}/table/{rated_id}?seat=0&token={rated_token}")
    firefox.wait_for("!!document.querySelector('#actions button[data-action]')", what="the rated table's choices")
    assert firefox.evaluate("document.getElementById('hint').hidden")
    assert firefox.js_errors()[before:] == [], firefox.js_errors()[before:]
