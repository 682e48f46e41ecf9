"""Played as a person who uses no mouse: a whole game of each of the four games in Chromium with
Tab, Enter, Space and the arrow keys alone (no pointer event), the focused element visibly marked
at every step; and what a screen reader hears during a game against a bot: the live regions
carry the opponent's moves (the log, polite) and "your turn" (the status, assertive)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from .helpers import create, version, wait_newer

BOT = {"type": "bot", "bot": "random"}
PLAYERS = {"dino-race": 2, "dinosaur-rush": 3, "pangaea": 2, "trex-island": 2}
PLAYABLE = "#board [data-offers], #actions button[data-action]:not([disabled]), .popup button[role=menuitem]"

# What the focused element looks like, and what the same kind of element looks like unfocused
# (another element of its tag and class, else none): its ring (outline), halo (filter) and shadow.
FOCUS_LOOK = """(playable) => {
  const el = document.activeElement;
  if (!el || el === document.body) return { focused: false };
  const look = (e) => { const c = getComputedStyle(e);
    return [c.outlineStyle === 'none' ? 'none' : `${c.outlineStyle} ${c.outlineWidth} ${c.outlineColor}`,
      c.filter, c.boxShadow].join(' | '); };
  const cls = typeof el.className === 'string' ? el.className : (el.className.baseVal || '');
  const twin = [...document.querySelectorAll(el.tagName)].find((e) => e !== el
    && (typeof e.className === 'string' ? e.className : (e.className.baseVal || '')) === cls);
  const box = el.getBoundingClientRect();
  return { focused: true, playable: el.matches(playable), look: look(el),
    twin: twin ? look(twin) : 'none | none | none',
    summary: el.tagName === 'SUMMARY' && !!el.closest('#actions') && !el.parentElement.open,
    inMenu: !!el.closest('.popup'), size: box.width * box.height,
    what: `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''} `
      + (el.getAttribute('aria-label') || el.textContent.slice(0, 40)) };
}"""


NESTED = """() => [...document.querySelectorAll('#board [tabindex] [tabindex]')]
  .map((el) => el.getAttribute('aria-label') || el.getAttribute('data-name') || el.tagName)"""
"""Controls inside other controls on the board (a piece offered inside its offered space)."""


UNNAMED = """() => [...document.querySelectorAll('#board [data-offers]')]
  .filter((el) => el.tabIndex < 0 || el.getAttribute('role') !== 'button'
    || !/[A-Za-z]/.test((el.getAttribute('aria-label') || '').replace(/\\d+ choices/, '')))
  .map((el) => `${el.tagName}.${el.getAttribute('class')}: ${el.getAttribute('aria-label')}`)"""
"""Pieces on the board that offer something but that the keyboard cannot reach (no tabindex, no
button role) or that a screen reader would call only "4 choices"."""


def focused(page: Any) -> dict[str, Any]:
    assert page.evaluate(NESTED) == [], "a control on the board holds another"
    unnamed = page.evaluate(UNNAMED)
    assert unnamed == [], f"board pieces not reachable or not named: {unnamed}"
    info = dict(page.evaluate(FOCUS_LOOK, PLAYABLE))
    if info["focused"]:
        assert info["look"] != info["twin"], f"focus is not visible on {info['what']}: {info['look']}"
        assert info["size"] > 0, f"the focused {info['what']} has no box"
    return info


def tab_to_a_choice(page: Any, rng: random.Random) -> dict[str, Any]:
    """Tab (now and then Shift+Tab) until a choice has the focus; a closed group of choices is opened."""
    info = focused(page)
    for _ in range(400):
        if info["focused"] and info["playable"] and rng.random() < 0.7:
            return info
        if info["focused"] and info["summary"]:
            page.keyboard.press("Enter")
        page.keyboard.press("Shift+Tab" if rng.random() < 0.1 else "Tab")
        info = focused(page)
    raise AssertionError("no choice reached with Tab")


OFFERS = "() => document.activeElement && document.activeElement.getAttribute('data-offers')"


def choose(page: Any, rng: random.Random) -> None:
    info = tab_to_a_choice(page, rng)
    piece = page.evaluate(OFFERS)
    key = "Enter" if rng.random() < 0.7 else " "
    page.keyboard.press(key)
    info = focused(page)
    if page.locator(".popup[role=menu]").count():
        assert info["focused"] and info["inMenu"], f"a menu opened but the focus stayed on {info.get('what')}"
    if info["focused"] and info["inMenu"] and rng.random() < 0.3:  # Escape: the focus goes back to the piece
        page.keyboard.press("Escape")
        assert page.locator(".popup").count() == 0, "Escape left the menu open"
        assert page.evaluate(OFFERS) == piece, "the focus did not go back to the piece whose menu closed"
        focused(page)
        page.keyboard.press(key)
        info = focused(page)
    if info["focused"] and info["inMenu"]:  # a menu opened with the focus in it: arrows, then a line
        for _ in range(rng.randrange(4)):
            page.keyboard.press("ArrowDown")
            info = focused(page)
        if "Cancel" in info["what"]:
            page.keyboard.press("ArrowUp")
            focused(page)
        page.keyboard.press("Enter")


def no_pointer(page: Any) -> None:
    """Any pointer event on the page fails the test (the page records them)."""
    page.evaluate(
        """() => { window.__pointer = [];
        for (const t of ['pointerdown', 'mousedown', 'click'])
          document.addEventListener(t, (e) => {
            if (e.isTrusted && e.detail !== 0) window.__pointer.push(t); }, true); }"""
    )


def start(server: str, game_id: str, page: Any) -> None:
    n = PLAYERS[game_id]
    made = create(server, game=game_id, players=n, seats=[{"type": "human"}] + [BOT] * (n - 1), claim=[0], start=True)
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    no_pointer(page)


MY_TURN = (
    "() => document.body.dataset.status === 'finished'"
    " || !!document.querySelector('#actions button[data-action]:not([disabled])')"
)


@pytest.mark.parametrize("game_id", list(PLAYERS))
def test_a_whole_game_by_keyboard_alone_in_chromium(server: str, context: Any, game_id: str) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    start(server, game_id, page)
    rng = random.Random(7)
    moves = 0
    while moves < 1500:
        page.wait_for_function(MY_TURN, timeout=30000)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        seen = version(page)
        choose(page, rng)
        wait_newer(page, seen)
        moves += 1
    page.wait_for_selector("#score-table")
    assert page.locator("#score-table tbody tr").count() == PLAYERS[game_id]
    assert moves > 3
    assert page.evaluate("window.__pointer") == [], "a pointer event reached the page"
    assert not errors, errors


# The live regions' texts: the polite ones and the assertive ones.
LIVE = """() => {
  const out = { polite: [], assertive: [] };
  for (const el of document.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]')) {
    const kind = el.getAttribute('aria-live') || (el.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
    if (kind in out) out[kind].push(el.innerText);
  }
  return out;
}"""


def test_the_live_regions_say_the_opponents_moves_and_your_turn(server: str, context: Any) -> None:
    page = context.new_page()
    made = create(
        server, game="dino-race", players=2, seats=[{"type": "human"}, BOT], claim=[0], name="Ann", start=True
    )
    page.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    rng = random.Random(3)
    page.wait_for_function(MY_TURN, timeout=30000)
    at_start = len("\n".join(page.evaluate(LIVE)["polite"]).splitlines())
    heard_turn = heard_bot = False
    for _ in range(60):
        page.wait_for_function(MY_TURN, timeout=30000)
        live = page.evaluate(LIVE)
        heard_turn |= any(re.search(r"your (turn|move)", t, re.IGNORECASE) for t in live["assertive"])
        since = "\n".join(live["polite"]).splitlines()[at_start:]  # what was said once the game was under way
        heard_bot |= any(line.startswith("Random bot (Blue) ") for line in since)
        if (heard_turn and heard_bot) or page.evaluate("document.body.dataset.status") == "finished":
            break
        seen = version(page)
        choose(page, rng)
        wait_newer(page, seen)
    assert heard_turn, f"no assertive live region said it is my turn: {page.evaluate(LIVE)}"
    assert heard_bot, f"no polite live region told the bot's moves: {page.evaluate(LIVE)}"
    # a chat line, typed and sent with the keyboard, is read out by the chat's polite region
    page.locator("#chat-input").focus()
    page.keyboard.type("good luck, Blue")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('chat').innerText.includes('good luck, Blue')")
    assert any("good luck, Blue" in text for text in page.evaluate(LIVE)["polite"])
