"""Driving a table page: wait for the next picture, click a legal choice."""

from __future__ import annotations

import random
from typing import Any

import httpx

HTTP = httpx.Client(timeout=30)
"""The one HTTP client of the browser tests. ``httpx.get`` and friends build a client per
request, and with it a TLS context: about 40 ms of CPU each, which whole games played through
the API paid hundreds of times."""


def create(server: str, **body: Any) -> dict[str, Any]:
    r = HTTP.post(f"{server}/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    return dict(r.json())


def version(page: Any) -> int:
    value = page.evaluate("document.body.dataset.version")
    return int(value) if value not in (None, "") else -1


def wait_newer(page: Any, seen: int) -> None:
    """Wait for a newer picture of the table; a refusal shown in the toast fails the test."""
    try:
        page.wait_for_function(
            "v => Number(document.body.dataset.version ?? -1) > v || document.body.dataset.status === 'finished'",
            arg=seen,
        )
    except Exception:
        toast = page.locator("#toast")
        message = toast.inner_text() if toast.count() else "no message"
        raise AssertionError(f"the table did not move on after a click: {message}") from None


def click_something(page: Any, rng: random.Random) -> str:
    """Click one legal choice: on the board (a dino, a card, a player) about half the time,
    otherwise one of the listed buttons. Returns what was clicked."""
    board = page.locator("#board [data-offers]")
    if board.count() and rng.random() < 0.5:
        target = board.nth(rng.randrange(board.count()))
        label = target.get_attribute("aria-label") or "board"
        target.click()
        menu = page.locator(".popup button[data-action]")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        return f"board: {label}"
    enabled = "#actions button[data-action]:not([disabled]):visible"
    buttons = page.locator(enabled)
    if not buttons.count():
        page.locator("#actions details > summary").first.click()
        buttons = page.locator(enabled)
    choice = buttons.nth(rng.randrange(buttons.count()))
    text = choice.inner_text()
    choice.click()
    return text


def play_until_over(page: Any, rng: random.Random, limit: int = 2000) -> int:
    """Click legal choices whenever it is our turn until the score table shows."""
    clicks = 0
    while clicks < limit:
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished'"
            " || document.querySelector('#actions button[data-action]:not([disabled])')",
            timeout=30000,
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        seen = version(page)
        click_something(page, rng)
        wait_newer(page, seen)
        clicks += 1
    page.wait_for_selector("#score-table")
    return clicks


# The page's own width against the screen's, and which elements stick out (for the message).
# Elements inside a box that scrolls sideways on its own (overflow-x auto/scroll) do not count.
OVERFLOW_JS = """
(width) => {
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el)) {
      const cls = typeof el.className === 'string' ? el.className : '';
      out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${cls} right=${Math.round(r.right)}`);
    }
  }
  const page = document.documentElement;
  return { scrollWidth: page.scrollWidth, innerWidth: window.innerWidth, offenders: out.slice(0, 8) };
}
"""


def assert_fits_width(page: Any, width: int, where: str) -> None:
    """The page does not scroll sideways at ``width`` and no element sticks out of it."""
    report = page.evaluate(OVERFLOW_JS, width)
    fits = report["scrollWidth"] <= width + 1 and report["innerWidth"] <= width + 1 and not report["offenders"]
    assert fits, f"{where} overflows sideways: {report}"


def state(server: str, table_id: str, seat: int | None = None, token: str | None = None) -> dict[str, Any]:
    """The table as ``seat`` sees it once the bots have moved (a spectator's picture without a seat)."""
    params: dict[str, Any] = {"wait": 10}
    if seat is not None:
        params.update(seat=seat, token=token)
    r = HTTP.get(f"{server}/api/tables/{table_id}/state", params=params, timeout=30)
    assert r.status_code == 200, r.text
    return dict(r.json())


def play_by_api(
    server: str, table_id: str, seat: int, token: str, rng: random.Random, stop: Any = None, limit: int = 5000
) -> dict[str, Any]:
    """Play ``seat``'s decisions at random through the API (bots play the others) until the game
    is over or ``stop(state)`` says so; returns the last state seen."""
    st = state(server, table_id, seat, token)
    for _ in range(limit):
        if st["table"]["status"] != "playing" or (stop is not None and stop(st)):
            return st
        if not st["legal"]:
            st = state(server, table_id, seat, token)
            continue
        pick = rng.choice(st["legal"])
        r = HTTP.post(
            f"{server}/api/tables/{table_id}/actions",
            params={"wait": 10},
            timeout=30,
            json={"seat": seat, "token": token, "action": pick["action"], "version": st["version"]},
        )
        assert r.status_code == 200, r.text
        st = dict(r.json())
    raise AssertionError(f"table {table_id} did not finish in {limit} decisions")
