"""The Content-Security-Policy (#40) in Chromium and Firefox: every page (lobby, a table of every
game mid-game, a replay, a profile, the ratings, each How-to-play and rules page) loads with the
server's strict policy on and the browser reports no violation. A style attribute put in on
purpose is reported, so the listener is known to hear."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from dinobox.engine.registry import game_class, game_ids

from .firefox_bidi import Firefox, started_firefox
from .helpers import HTTP, create, play_by_api

LISTEN = """() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  });
}"""
# what shows that a page's script has run and drawn what it draws
READY = {
    "table": "!!document.body.dataset.version && !!document.querySelector('#board *')",
    "replay": "!!document.querySelector('#board *')",
    "other": "document.readyState === 'complete' && !!document.querySelector('main *')",
}
TRAP = "document.body.insertAdjacentHTML('beforeend', '<b id=\"trap\" style=\"color: red\">x</b>') || true"


@pytest.fixture(scope="module")
def pages(server: str) -> list[tuple[str, str]]:
    """(url, kind) of every page, with a table of every game a few decisions in."""
    rng = random.Random(5)
    out: list[tuple[str, str]] = [
        (server + "/", "other"),
        (server + "/ratings", "other"),
        (server + "/profile", "other"),
    ]
    for game_id in game_ids():
        players = game_class(game_id).min_players
        seats: list[dict[str, Any]] = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
        made = create(server, game=game_id, players=players, seats=seats, start=True)
        tid, token = made["table"]["id"], made["tokens"][0]["token"]
        decided = [0]

        def three(_st: dict[str, Any], decided: list[int] = decided) -> bool:
            decided[0] += 1
            return decided[0] > 3

        play_by_api(server, tid, 0, token, rng, stop=three)
        out.append((f"{server}/table/{tid}?seat=0&token={token}", "table"))
        out += [(f"{server}/how-to-play/{game_id}", "other"), (f"{server}/rules/{game_id}", "other")]
    made = create(server, game="dino-race", players=2, seats=[{"type": "human"}, {"type": "bot"}], start=True)
    play_by_api(server, made["table"]["id"], 0, made["tokens"][0]["token"], rng)
    out.append((f"{server}/replay/{made['table']['id']}", "replay"))
    profile = HTTP.post(f"{server}/api/profiles", json={"name": "Policy"}, timeout=10).json()
    out.append((f"{server}/profile/{profile['profile']['id']}", "other"))
    return out


def test_no_page_breaks_the_policy_in_chromium(browser: Any, pages: list[tuple[str, str]]) -> None:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    ctx.add_init_script(f"({LISTEN})()")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    found: dict[str, list[str]] = {}
    for url, kind in pages:
        answer = page.goto(url)
        assert answer is not None and "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        page.wait_for_function(f"() => {READY[kind]}")
        page.wait_for_load_state("networkidle")
        if page.evaluate("window.__violations.length"):
            found[url] = page.evaluate("window.__violations")
    assert not found and not errors, (found, errors)
    page.evaluate(TRAP)
    page.wait_for_function("() => window.__violations.length > 0")
    assert "style-src" in page.evaluate("window.__violations[0]")
    ctx.close()


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox() as fx:
        yield fx


def test_no_page_breaks_the_policy_in_firefox(firefox: Firefox, pages: list[tuple[str, str]]) -> None:
    firefox.command("script.addPreloadScript", {"functionDeclaration": LISTEN})
    before = len(firefox.js_errors())
    found: dict[str, list[str]] = {}
    for url, kind in pages:
        firefox.goto(url)
        firefox.wait_for(READY[kind], what=f"{url} to draw")
        time.sleep(0.3)  # a late module's styles: not a timing assertion, a settle before reading
        if firefox.evaluate("window.__violations.length"):
            found[url] = firefox.evaluate("window.__violations")
    assert not found and firefox.js_errors()[before:] == [], (found, firefox.js_errors()[before:])
    firefox.evaluate(TRAP)
    firefox.wait_for("window.__violations.length > 0", what="the trap's violation")
    assert "style-src" in firefox.evaluate("window.__violations[0]")
