"""The lobby's bot levels in Chromium: offered weakest first, ``master`` at the top with its
honest description, and a table with a ``master`` seat is created by clicking."""

from __future__ import annotations

from typing import Any

import httpx

from .firefox_bidi import Firefox, find_firefox


def test_lobby_offers_the_master_level_and_seats_it(server: str, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    seat = page.locator("#seats select[data-seat='1']")
    values = seat.locator("option").evaluate_all("(os) => os.map((o) => o.value)")
    levels = [v for v in values if v in ("bot:easy", "bot:medium", "bot:hard", "bot:master")]
    assert levels == ["bot:easy", "bot:medium", "bot:hard", "bot:master"]
    label = seat.locator("option[value='bot:master']").text_content() or ""
    assert "master" in label and "search" in label
    page.select_option("#seats select[data-seat='1']", "bot:master")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    table = httpx.get(f"{server}/api/tables/{table_id}").json()
    bots = [s.get("bot") for s in table["seats"]]
    assert "master" in bots
    assert not errors, errors


def test_lobby_offers_the_master_level_in_firefox(server: str) -> None:
    binary = find_firefox()
    assert binary, "Firefox is not installed: apt-get install -y firefox-esr (or set DINOBOX_FIREFOX)"
    firefox = Firefox(binary)
    try:
        firefox.goto(server + "/")
        firefox.wait_for("document.querySelectorAll(\"#seats select[data-seat='1'] option\").length", what="seats")
        values = firefox.evaluate(
            "[...document.querySelectorAll(\"#seats select[data-seat='1'] option\")].map((o) => o.value)"
        )
        levels = [v for v in values if v in ("bot:easy", "bot:medium", "bot:hard", "bot:master")]
        assert levels == ["bot:easy", "bot:medium", "bot:hard", "bot:master"]
    finally:
        firefox.close()
