"""The page in Firefox: the system Firefox (Debian's firefox-esr), headless, driven through
WebDriver BiDi (firefox_bidi.py). A missing Firefox fails the tests with the command that installs it.
Checks that the lobby, a table of every game and a how-to page load, run their JavaScript
modules, draw the board and take a choice over the WebSocket, with no JavaScript error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dinobox.engine.registry import game_class, game_ids

from .firefox_bidi import Firefox, started_firefox
from .helpers import create

# what each dedicated board draws; any other game must draw something in #board
BOARD_MARKS = {
    "dino-race": "#track polygon",
    "pangaea": "#pg-world polygon",
    "trex-island": "#island circle",
    "dinosaur-rush": "#dig-board polygon",
}
LARGEST_DRAWING = """(() => {
  const all = [...document.querySelectorAll('#board svg'), document.getElementById('board')];
  const sizes = all.map((e) => e.getBoundingClientRect()).map((r) => [r.width, r.height]);
  return sizes.reduce((a, b) => (b[0] * b[1] > a[0] * a[1] ? b : a), [0, 0]);
})()"""


@pytest.fixture(scope="module")
def firefox() -> Iterator[Firefox]:
    with started_firefox() as fx:
        yield fx


def test_lobby_runs_in_firefox(server: str, firefox: Firefox, tmp_path: Path) -> None:
    firefox.goto(server + "/")
    count = firefox.wait_for("document.querySelectorAll('#game-select option').length", what="the game list")
    assert count == len(game_ids())
    assert firefox.evaluate("!!document.getElementById('create-button')")
    firefox.screenshot(tmp_path / "lobby.png")
    assert not firefox.js_errors(), firefox.js_errors()


@pytest.mark.parametrize("game_id", game_ids())
def test_a_table_draws_and_plays_in_firefox(server: str, firefox: Firefox, game_id: str, tmp_path: Path) -> None:
    players = game_class(game_id).min_players
    seats: list[dict[str, Any]] = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (players - 1)
    made = create(server, game=game_id, players=players, seats=seats, start=True)
    before = len(firefox.js_errors())
    firefox.goto(f"{server}/table/{made['table']['id']}?seat=0&token={made['tokens'][0]['token']}")
    firefox.wait_for(
        "document.body.dataset.status === 'finished' || !!document.querySelector('#actions button[data-action]')",
        what="the first picture",
    )
    mark = BOARD_MARKS.get(game_id, "#board *")
    drawn = firefox.evaluate(f"document.querySelectorAll({mark!r}).length")
    assert drawn, f"the {game_id} board is not drawn ({mark})"
    # the board is laid out for real: its largest drawing (or the board box) has a size
    size = firefox.evaluate(LARGEST_DRAWING)
    assert size[0] > 100 and size[1] > 50, size
    # one choice taken over the WebSocket: the table's version moves on
    seen = firefox.evaluate("Number(document.body.dataset.version)")
    firefox.evaluate("document.querySelector('#actions button[data-action]').click() || true")
    firefox.wait_for(
        f"Number(document.body.dataset.version) > {seen} || document.body.dataset.status === 'finished'",
        what="the table to move on after a click",
    )
    firefox.screenshot(tmp_path / f"{game_id}.png")
    assert firefox.js_errors()[before:] == [], firefox.js_errors()[before:]


def test_how_to_play_runs_in_firefox(server: str, firefox: Firefox) -> None:
    firefox.goto(server + "/how-to-play/pangaea")
    firefox.wait_for(
        "!!document.querySelector('#howto h1') && !!document.getElementById('assumptions-link')", what="the how-to page"
    )
    text = firefox.evaluate("document.getElementById('howto').innerText")
    assert "asteroid" in text and "still to be written" not in text
