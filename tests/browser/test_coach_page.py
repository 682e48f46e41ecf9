"""The coach in the browser (#33), in Chromium and Firefox, as a person uses it: open a finished
game's replay, press "Analyse", see the win-chance graph and the marked decisions, click a mark
to go there; at an unrated table ask for a hint and see the move; at a rated table find no hint
button, the hinted move lit on the board until a move is made, and the replay's mark where the
hint was used. The server runs with a small coach budget (the tests check the page, not the
coach) and takes component-data overrides (a short track: games that end in a second)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.server.settings import Settings
from server.live_server import serve_in_thread

from .firefox_bidi import Firefox, started_firefox
from .helpers import HTTP, assert_fits_width, create, play_by_api, state, version, wait_newer

SMALL = Settings(
    analysis_iterations=20,
    hint_seconds=0.1,
    tables_per_minute=1e6,
    tables_burst=10**6,
    allow_data_overrides=True,
)
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
    with started_firefox() as fx:
        yield fx


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
        made = HTTP.post(f"{server}/api/profiles", json={"name": "Rae"}, timeout=10).json()
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
    # the coach names seats as the log does, "Random bot (Blue)", never by the bare colour
    said = " ".join([page.locator("#costly").inner_text(), page.locator("#analysis-status").inner_text()])
    assert not re.search(r"(?<!\()\b(Red|Blue)\b(?!\))", said), said
    assert "(Blue)" in said, said
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
    hinted.first.wait_for(state="visible", timeout=5000)  # in sight, even in a long list that starts folded
    # the hinted move is one of the seat's choices, and playing it moves the game on
    seen = int(page.evaluate("document.body.dataset.version"))
    hinted.first.click()
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {seen} || document.body.dataset.status === 'finished'"
    )
    rated_id, rated_token = hint_table(server, rated=True)
    page.goto(f"{server}/table/{rated_id}?seat=0&token={rated_token}")
    page.wait_for_selector("#actions button[data-action]")
    assert page.locator("#hint").is_hidden()


def test_a_hinted_move_in_a_folded_list_of_choices_is_unfolded_in_chromium(server: str, context: Any) -> None:
    """A long list of one kind of choice (Dino Race's swaps) starts folded; a hint for one of them
    opens the list, so the person sees the move the coach means. The coach's answer is pinned to
    such a move (the real answer, with its action replaced) so the test does not depend on the search."""
    table_id, token = hint_table(server)
    page = context.new_page()
    page.goto(f"{server}/table/{table_id}?seat=0&token={token}")
    page.wait_for_selector("#actions button[data-action]")
    folded = page.locator("#actions details.group:not([open]) button[data-action]")
    assert folded.count() >= 1, "an opening hand offers more swaps than fit unfolded"
    target = folded.first.get_attribute("data-action")
    assert target is not None and not folded.first.is_visible()

    def pin(route: Any) -> None:
        answer = route.fetch().json()
        answer["hint"]["action"] = int(target)
        route.fulfill(json=answer)

    page.route("**/hint", pin)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector('#hint-text:has-text("Coach\'s hint:")')
    hinted = page.locator(f'#actions .hinted[data-action="{target}"]')
    hinted.wait_for(state="visible", timeout=5000)


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


# ----- the hinted move on the board, and the replay's hint mark ---------------------------------
SHORT = {"tiles_per_terrain": 1}  # a 4-tile track: a game against a random bot ends in a second
HINTED = "document.querySelector('#actions .hinted[data-action]')?.dataset.action ?? null"
# What a person sees of a lit piece: an outline (HTML) or a glow (SVG), with the class that draws it.
LOOK_JS = """(node) => { const st = getComputedStyle(node);
  return { cls: node.classList.contains('hinted'), svg: node instanceof SVGElement, outline: st.outlineStyle,
    width: parseFloat(st.outlineWidth), shadow: st.boxShadow, filter: st.filter }; }"""


def short_table(server: str) -> tuple[str, str]:
    """An unrated short Dino Race table: Ann (seat 0, acting first) against a random bot."""
    made = create(
        server,
        game="dino-race",
        players=2,
        data=SHORT,
        seats=[{"type": "human"}, RANDOM_BOTS[1]],
        claim=[0],
        name="Ann",
        start=True,
    )
    return str(made["table"]["id"]), str(made["tokens"][0]["token"])


def after_decisions(n: int) -> Any:
    """A ``play_by_api`` stop: once the seat has made ``n`` decisions and is to act again."""
    made = iter(range(n + 1))
    return lambda st: bool(st["legal"]) and next(made) == n


def assert_lit(look: dict[str, Any], what: str) -> None:
    assert look["cls"], f"{what} is not marked as the hint"
    if look["svg"]:
        assert "drop-shadow" in look["filter"], f"{what} does not glow: {look}"
    else:
        assert look["outline"] == "solid" and look["width"] >= 3 and look["shadow"] != "none", f"{what}: {look}"


def test_the_hinted_move_is_lit_on_the_board_until_a_move_is_made_in_chromium(server: str, context: Any) -> None:
    table_id, token = short_table(server)
    page = context.new_page()
    page.goto(f"{server}/table/{table_id}?seat=0&token={token}")
    page.wait_for_selector("#actions button[data-action]")
    # a hint the coach gave for an older picture (a move was made while it thought) lights nothing
    held: list[tuple[Any, Any]] = []
    page.route("**/hint", lambda route: held.append((route, route.fetch())))
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => document.getElementById('hint-text').textContent.startsWith('The coach is thinking')")
    while not held:
        page.wait_for_timeout(20)
    seen = version(page)
    page.locator("#actions button[data-action]:visible").first.click()
    wait_newer(page, seen)
    page.wait_for_selector("#hint:not([hidden])")  # Ann is to act again
    route, answer = held.pop()
    with page.expect_response("**/hint"):
        route.fulfill(response=answer)
    page.wait_for_function("() => !document.getElementById('hint').disabled")
    assert page.locator(".hinted").count() == 0 and page.locator("#hint-text").is_hidden()
    page.unroute("**/hint")
    # Ann follows the coach on the board until she has played a hint from a piece's menu (a piece
    # that offers several moves): each hint lights its move, and goes once it is played
    from_menu = False
    for _ in range(10):  # a handful at most: most moves are offered by a card that offers several
        page.wait_for_selector("#hint:not([hidden])")
        from_menu = follow_a_hint_on_the_board(page)
        if from_menu:
            break
    assert from_menu, "no hint was for a piece that offers several moves"


def follow_a_hint_on_the_board(page: Any) -> bool:
    """Ask for a hint, see its move lit (among the choices, on the board, in the piece's menu),
    play it on the board, and see the light go. Whether it was played from a piece's menu."""
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector('#hint-text:has-text("Coach\'s hint:")')
    action = page.evaluate(HINTED)
    assert action is not None, "the hinted move is marked among the choices"
    pieces = page.locator(f'#board [data-offers~="{action}"]')
    assert pieces.count() >= 1, "the board offers the hinted move"
    for i in range(pieces.count()):
        assert_lit(pieces.nth(i).evaluate(LOOK_JS), f"board piece {pieces.nth(i).get_attribute('aria-label')}")
    others = page.locator(f'#board [data-offers]:not([data-offers~="{action}"])')
    assert all(not others.nth(i).evaluate(LOOK_JS)["cls"] for i in range(others.count()))
    several = page.locator(f'#board [data-offers~="{action}"][data-offers*=" "]')
    seen = version(page)
    (several if several.count() else pieces).first.click()
    menu = page.locator(f'.popup button[data-action="{action}"]')
    from_menu = several.count() > 0
    if from_menu:
        assert page.locator(".popup button.hinted").count() == 1
        assert_lit(menu.evaluate(LOOK_JS), "its menu item")
        menu.click()
    wait_newer(page, seen)
    assert page.locator(".hinted").count() == 0, "the hint goes once its move is made"
    assert page.locator("#hint-text").is_hidden()
    return from_menu


def test_the_replay_marks_where_a_hint_was_used_in_chromium(server: str, browser: Any, context: Any) -> None:
    table_id, token = short_table(server)
    play_by_api(server, table_id, 0, token, random.Random(1), stop=after_decisions(2))
    page = context.new_page()
    page.goto(f"{server}/table/{table_id}?seat=0&token={token}")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector('#hint-text:has-text("Coach\'s hint:")')
    action = page.evaluate(HINTED)
    hinted = page.locator(f'#actions button[data-action="{action}"]').text_content() or ""
    # Ann plays another move than the hint: the hint itself stays hers
    other = page.locator(f'#actions button[data-action]:not([data-action="{action}"]):visible').first
    played = other.inner_text()
    seen = version(page)
    other.click()
    wait_newer(page, seen)
    play_by_api(server, table_id, 0, token, random.Random(2))
    # anyone opens the replay: a mark on the timeline says who used a hint, never what it said
    spectator = browser.new_context(viewport={"width": 1100, "height": 900})
    replay = spectator.new_page()
    replay.goto(f"{server}/replay/{table_id}")
    replay.wait_for_selector("#step-label:has-text('decision 0 of')")
    mark = replay.locator("#timeline .mark.hint")
    assert mark.count() == 1 and mark.is_visible()
    step = int(mark.get_attribute("data-step") or -1)
    assert step >= 3, "the hint came after two of Ann's decisions"
    label = mark.get_attribute("title") or ""
    assert label == f"Decision {step}: Ann (Red) used a hint" == mark.get_attribute("aria-label"), label
    assert hinted not in label
    # the mark sits at its share of the timeline
    steps = int(replay.locator("#step").get_attribute("max") or 0)
    line, dot = replay.locator("#timeline").bounding_box(), mark.bounding_box()
    assert line and dot and abs(dot["x"] + dot["width"] / 2 - line["x"] - line["width"] * step / steps) <= 4
    mark.click()
    replay.wait_for_selector(f"#step-label:has-text('decision {step} of {steps}')")
    said = replay.locator("#last-action").inner_text()
    assert played in said and "Ann (Red) used a hint for it." in said, said  # the move made after the hint
    assert hinted not in said.replace(played, ""), said
    assert replay.locator("#timeline .mark.hint.here").count() == 1
    spectator.close()


def test_a_hint_on_the_board_and_in_the_replay_in_firefox(server: str, firefox: Firefox) -> None:
    table_id, token = short_table(server)
    play_by_api(server, table_id, 0, token, random.Random(3), stop=after_decisions(1))
    before = len(firefox.js_errors())
    firefox.goto(f"{server}/table/{table_id}?seat=0&token={token}")
    firefox.click("#hint")
    firefox.wait_for("document.getElementById('hint-text').textContent.startsWith(\"Coach's hint:\")", what="a hint")
    action = firefox.evaluate(HINTED)
    assert action is not None
    pieces = f'#board [data-offers~="{action}"]'
    looks = firefox.evaluate(f"[...document.querySelectorAll({pieces!r})].map({LOOK_JS})")
    assert looks, "the board offers the hinted move"
    for look in looks:
        assert_lit(look, "the hinted move's board piece")
    hinted = firefox.evaluate(f"document.querySelector('#actions [data-action=\"{action}\"]').textContent")
    # Ann plays another move than the hint: the board's light goes
    other = f'#actions button[data-action]:not([data-action="{action}"])'
    firefox.evaluate(f"[...document.querySelectorAll({other!r})].find((b) => b.getClientRects().length).id = 'pick'")
    played = firefox.evaluate("document.getElementById('pick').textContent")
    seen = int(firefox.evaluate("document.body.dataset.version"))
    firefox.click("#pick")
    firefox.wait_for(f"Number(document.body.dataset.version) > {seen}", what="the next picture")
    assert firefox.evaluate("document.querySelectorAll('.hinted').length") == 0
    assert firefox.evaluate("document.getElementById('hint-text').hidden")
    play_by_api(server, table_id, 0, token, random.Random(4))
    firefox.goto(f"{server}/replay/{table_id}")
    firefox.wait_for("document.getElementById('step-label').textContent.startsWith('decision 0')", what="the replay")
    mark = firefox.wait_for(
        "(() => { const m = document.querySelector('#timeline .mark.hint'); if (!m || !m.getClientRects().length)"
        " return null; return { label: m.title, step: Number(m.dataset.step),"
        " colour: getComputedStyle(m).backgroundColor }; })()",
        what="the hint mark",
    )
    assert mark["label"] == f"Decision {mark['step']}: Ann (Red) used a hint" and mark["step"] >= 2, mark
    assert hinted not in mark["label"] and mark["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), mark
    firefox.click("#timeline .mark.hint")
    firefox.wait_for(
        f"document.getElementById('step-label').textContent.startsWith('decision {mark['step']} of')",
        what="the hinted step",
    )
    said = firefox.evaluate("document.getElementById('last-action').textContent")
    assert played in said and "Ann (Red) used a hint for it." in said, said
    assert hinted not in said.replace(played, ""), said
    assert firefox.js_errors()[before:] == [], firefox.js_errors()[before:]
