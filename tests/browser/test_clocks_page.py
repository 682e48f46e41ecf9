"""The clock on the page: a table opened from the lobby with a real-time clock shows each
seat's time, the seat to act counting down; when the server's (injected) time runs out under
the "that player loses" rule, the page says who lost on time."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.live_server import serve_in_thread


class FakeTime:
    def __init__(self) -> None:
        self.t = 2_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def clocked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, FakeTime]]:
    """A live server whose clocks follow a time the test moves (it looks for due clocks often)."""
    from dinobox.server import create_app
    from dinobox.server.settings import Settings

    now = FakeTime()
    db = Path(tmp_path_factory.mktemp("clocks")) / "tables.sqlite3"
    settings = dataclasses.replace(Settings(), clock_period=0.1)
    app = create_app(f"sqlite:///{db}", rng=random.Random(3), gc_tuning=False, settings=settings, now=now)
    with serve_in_thread(app) as url:
        yield url, now


def test_the_clock_ticks_on_the_page_and_a_loss_on_time_is_shown(clocked: tuple[str, FakeTime], context: Any) -> None:
    server, now = clocked
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seats select[data-seat='1']", "bot:random")
    page.select_option("#clock-kind", "realtime")
    assert page.locator("#clock-minutes").is_visible() and not page.locator("#clock-hours").is_visible()
    page.fill("#clock-minutes", "1")
    page.fill("#clock-increment", "0")
    page.select_option("#clock-rule", "lose")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    mine = page.locator("#clocks [data-clock-seat='0']")
    mine.wait_for()
    page.wait_for_selector("#clocks li.ticking[data-clock-seat='0']")
    assert page.locator("#clocks [data-clock-seat='1'] .clock-time").inner_text() == "1:00"
    assert "out of time loses" in page.locator("#clocks summary").inner_text()
    # the seat to act counts down in the page between the server's messages
    page.wait_for_function(
        "() => { const t = document.querySelector(\"#clocks [data-clock-seat='0'] .clock-time\");"
        " return t && t.textContent !== '1:00' && t.textContent.startsWith('0:5'); }"
    )
    now.t += 120  # the server's time runs out: the seat loses
    page.wait_for_selector("#forfeit")
    assert "ran out of time" in page.locator("#forfeit").inner_text()
    assert page.locator("#clocks [data-clock-seat='0']").inner_text().endswith("(lost on time)")
    assert page.evaluate("document.body.dataset.status") == "finished"
    assert not errors, errors
