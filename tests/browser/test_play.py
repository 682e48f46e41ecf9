"""Whole games in Chromium: by clicking against bots, watched live, with hands kept hidden. (Every
other game is played whole by clicking its board in ``test_board_*`` and by keys in
``test_keyboard``.)"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx

from .helpers import HTTP, click_something, create, play_until_over, version, wait_newer


def test_lobby_creates_a_table_and_a_full_game_is_played_by_clicking(server: str, context: Any) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.select_option("#game-select", "dino-race")
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.select_option("#seats select[data-seat='1']", "bot:random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table_id = page.url.rstrip("/").split("/")[-1]
    # a second browser context watches live as a spectator
    watcher = context.browser.new_context()
    spectator = watcher.new_page()
    spectator.goto(f"{server}/table/{table_id}")
    spectator.wait_for_selector("#track")
    assert spectator.locator("#hand").count() == 0, "a spectator sees no hand"
    start_version = version(spectator)
    clicks = play_until_over(page, random.Random(8))
    assert clicks > 5
    spectator.wait_for_selector("#score-table")
    assert version(spectator) > start_version
    assert spectator.locator("#log li").count() == page.locator("#log li").count()
    score_rows = page.locator("#score-table tbody tr")
    assert score_rows.count() == 2
    assert page.locator("#score-table .winner").count() >= 1
    # the record downloads and rebuilds the game
    with page.expect_download() as download:
        page.click("#download-record")
    with open(download.value.path()) as fh:
        record = json.load(fh)
    from dinobox import from_record

    assert from_record(record).is_terminal()
    # the replay viewer steps through it
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_selector("#track")
    page.click("#next")
    page.wait_for_function("() => document.getElementById('step-label').textContent.startsWith('decision 1 ')")
    page.click("#last")
    page.wait_for_selector("#score-table")
    watcher.close()
    assert not errors, errors


def test_another_seats_hand_is_absent_from_dom_and_network(server: str, browser: Any) -> None:
    made = create(server, game="dino-race", players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0])
    table_id = made["table"]["id"]
    tok0 = made["tokens"][0]["token"]
    joined = HTTP.post(f"{server}/api/tables/{table_id}/seats/1", json={"name": "Bea"}, timeout=10).json()
    tok1 = joined["tokens"][0]["token"]
    HTTP.post(f"{server}/api/tables/{table_id}/start", json={"seat": 1, "token": tok1}, timeout=10)
    ctx = browser.new_context()
    page = ctx.new_page()
    frames: list[str] = []
    bodies: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.on("response", lambda r: bodies.append(r.text()) if "/api/" in r.url else None)
    page.goto(f"{server}/table/{table_id}?seat=0&token={tok0}")
    page.wait_for_selector("#hand")
    rng = random.Random(3)
    other = httpx.Client(base_url=server, timeout=10)
    for _ in range(12):  # both seats play a few turns; seat 1 through the API
        st1 = other.get(f"/api/tables/{table_id}/state", params={"seat": 1, "token": tok1}).json()
        if st1["table"]["status"] != "playing":
            break
        if st1["table"]["to_act"] == 1:
            legal = st1["legal"]
            roll = next((a for a in legal if a["kind"] == "roll"), legal[0])
            pick = roll if rng.random() < 0.6 else rng.choice(legal)
            other.post(
                f"/api/tables/{table_id}/actions",
                json={"seat": 1, "token": tok1, "action": pick["action"], "version": st1["version"]},
            )
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=st1["version"] + 1)
        else:
            page.wait_for_selector("#actions button[data-action]")
            seen = version(page)
            click_something(page, rng)
            wait_newer(page, seen)
    # network: every picture this page received is seat 0's, with seat 0's hand only
    states = [json.loads(f) for f in frames if f.startswith("{")]
    states = [m for m in states if m.get("type") == "state"]
    assert states
    last: dict[str, Any] = {}
    for msg in states:  # each picture after the first comes as its change (?delta=1): made whole, as the page does
        for key in msg.pop("same", []):
            msg[key] = last[key]
        if "view_same" in msg:
            msg["view"] = {**{k: last["view"][k] for k in msg.pop("view_same")}, **msg["view"]}
        last = msg
    for msg in states:
        assert msg["seat"] == 0 and msg["view"]["seat"] == 0
        for player in msg["view"]["players"]:
            if player["seat"] == 1:
                assert ("hand" not in player and "prizes" not in player) or msg["view"]["over"]
    seen_text = "\n".join(frames + bodies) + page.content()
    assert tok1 not in seen_text
    # DOM: one hand on the page (seat 0's), and it matches seat 0's own view
    assert page.locator("#hand").count() == 1
    mine = other.get(f"/api/tables/{table_id}/state", params={"seat": 0, "token": tok0}).json()["view"]
    theirs = other.get(f"/api/tables/{table_id}/state", params={"seat": 1, "token": tok1}).json()["view"]
    shown = {c.get_attribute("data-card") for c in page.locator("#hand [data-card]").all()}
    assert shown == set(mine["hand"])
    assert theirs["seat"] == 1 and page.locator("#players [data-seat='1']").inner_text().count("cards") == 1
    ctx.close()


def test_hotseat_hides_hands_between_turns(server: str, context: Any) -> None:
    made = create(
        server, game="dino-race", players=2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True, start=True
    )
    table_id = made["table"]["id"]
    page = context.new_page()
    page.goto(server + made["link"])
    for link in made["tokens"]:  # the creating device holds both seats
        page.evaluate(
            "([id, s, t]) => { const k = `dinobox:tokens:${id}`;"
            " const all = JSON.parse(localStorage.getItem(k) || '{}'); all[s] = t;"
            " localStorage.setItem(k, JSON.stringify(all)); }",
            [table_id, link["seat"], link["token"]],
        )
    page.reload()
    handovers = 0
    rng = random.Random(5)
    for _ in range(60):
        page.wait_for_function(
            "() => !document.getElementById('curtain').hidden"
            " || document.querySelector('#actions button[data-action]')"
            " || document.body.dataset.status === 'finished'"
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if page.locator("#curtain").is_visible():
            page.wait_for_function("() => document.body.dataset.seat === ''")  # spectator picture under the curtain
            assert page.locator("#hand").count() == 0, "no hand in the page while the device changes hands"
            page.click("#curtain-button")
            page.wait_for_selector("#hand")
            handovers += 1
            if handovers >= 3:
                break
            continue
        seen = version(page)
        roll = page.locator("#roll-die")
        if roll.count() and rng.random() < 0.7:
            roll.click()
        else:
            click_something(page, rng)
        wait_newer(page, seen)
    assert handovers >= 2
