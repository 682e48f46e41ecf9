"""A profile in Chromium: made in the lobby, kept by the browser, it plays a rated table
against a bot to the end; the rating shows at the table, on the leaderboard and on the
profile page, whose replay link works."""

from __future__ import annotations

import random
from typing import Any

from .helpers import HTTP, create, play_by_api, play_until_over


def test_a_profile_plays_a_rated_table_and_appears_on_the_leaderboard(server: str, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.fill("#profile-name", "Rex")
    page.click("#profile-form button[type=submit]")
    page.wait_for_selector("#my-profile-link")
    assert page.inner_text("#my-profile-link") == "Rex"
    stored = page.evaluate("JSON.parse(localStorage.getItem('dinobox:profile'))")
    profile_id, key = stored["id"], stored["key"]
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seats select[data-seat='1']", "bot:heuristic")
    page.check("#rated")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    page.wait_for_selector("#ratings-panel li[data-seat='0'] .rating")
    assert "25.0 ± 8.3" in page.inner_text("#ratings-panel")  # a newcomer's rating, shown at the table
    play_until_over(page, random.Random(12))
    page.wait_for_function("() => document.querySelector('#ratings-panel').textContent.includes('→')")
    # the leaderboard: the profile and the bot level on one ladder
    page.goto(f"{server}/ratings/dino-race")
    page.wait_for_selector("#leaderboard-table")
    assert (
        page.locator(f"#leaderboard-table tr[data-player='profile:{profile_id}']").inner_text().startswith(("1", "2"))
    )
    assert "Rex" in page.inner_text("#leaderboard-table")
    assert page.locator("#leaderboard-table tr[data-player='bot:heuristic']").count() == 1
    # the profile page lists the finished game with its replay
    page.goto(f"{server}/profile")
    page.wait_for_selector("#games-table")
    assert page.inner_text("#profile-name-shown") == "Rex"
    assert "Dino Race" in page.inner_text("#ratings-table")
    page.click("#games-table a.button")
    page.wait_for_url(f"**/replay/{table_id}*")
    page.wait_for_selector("#track")
    assert key.split(".", 1)[1] not in page.content()
    assert not errors, errors


def test_the_profile_page_lists_a_move_due_at_a_seat_taken_on_another_browser(server: str, context: Any) -> None:
    rex = HTTP.post(f"{server}/api/profiles", json={"name": "Rex"}, timeout=10).json()
    # another browser made the table and took seat 0 with Rex's profile; a bot plays seat 1
    seats = [{"type": "human"}, {"type": "bot", "bot": "random"}]
    made = create(server, game="dino-race", players=2, seats=seats, claim=[0], profile_key=rex["key"], start=True)
    tid = made["table"]["id"]
    st = play_by_api(server, tid, 0, made["tokens"][0]["token"], random.Random(1), stop=lambda s: bool(s["legal"]))
    assert st["table"]["to_act"] == 0
    page = context.new_page()  # this browser holds no seat of the table: only the profile
    page.goto(server + "/profile")
    page.fill("#use-key", rex["key"])
    page.click("#use-key-form button[type=submit]")
    row = page.locator(f"#your-move-list li[data-table='{tid}']")
    row.wait_for()
    assert "Rex" in row.inner_text() and "another browser" in row.inner_text()
