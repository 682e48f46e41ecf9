"""The coach at the server (#33): analyses of finished games in a bounded queue, stored with the
table; hints for the seat to act at unrated tables, through the bots' fair pool."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app, new_table, play_random, state

QUICK: dict[str, Any] = {"analysis_iterations": 20, "hint_seconds": 0.05}
RANDOM_BOTS = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]


@pytest.fixture
def coach_client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, rng=random.Random(11), **QUICK)) as c:
        yield c


def finished_bot_table(client: TestClient) -> str:
    """A finished two-seat Dino Race table its random bots played."""
    tid, _ = new_table(client, players=2, seats=RANDOM_BOTS, claim=[], start=True)
    assert state(client, tid, wait=20)["table"]["status"] == "finished"
    return tid


def wait_for(client: TestClient, tid: str, seat: int, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        r = client.get(f"/api/tables/{tid}/analysis", params={"seat": seat})
        assert r.status_code == 200, r.text
        if r.json()["status"] in ("done", "failed") or time.monotonic() > deadline:
            return dict(r.json())
        time.sleep(0.05)


def test_an_analysis_is_stored_with_the_table_and_a_second_request_costs_nothing(db_url: str) -> None:
    with TestClient(make_app(db_url, rng=random.Random(11), **QUICK)) as client:
        tid = finished_bot_table(client)
        assert client.get(f"/api/tables/{tid}/analysis", params={"seat": 1}).json()["status"] == "none"
        r = client.post(f"/api/tables/{tid}/analysis", params={"seat": 1})
        assert r.status_code == 202 and r.json()["status"] in ("queued", "running"), r.text
        done = wait_for(client, tid, 1)
        assert done["status"] == "done", done
        analysis = done["analysis"]
        assert analysis["seat"] == 1 and analysis["budget"] == "iterations=20"
        assert len(analysis["win_chance"]) == len(analysis["steps"])
        for decision in analysis["decisions"]:
            assert decision["step"] in analysis["steps"]
            assert 0 <= decision["win_chance_chosen"] <= 1 and decision["chosen_text"]
    with TestClient(make_app(db_url, None, **QUICK)) as again:  # another process over the same store
        r = again.post(f"/api/tables/{tid}/analysis", params={"seat": 1})
        assert r.status_code == 200 and r.json()["status"] == "done", r.text
        assert r.json()["analysis"] == analysis


def test_an_analysis_waits_for_the_end_and_names_a_seat_the_table_has(coach_client: TestClient) -> None:
    tid, tokens = new_table(coach_client, players=2, seats=[{"type": "human"}, RANDOM_BOTS[1]], claim=[0], start=True)
    for method in (coach_client.get, coach_client.post):
        r = method(f"/api/tables/{tid}/analysis", params={"seat": 0})
        assert r.status_code == 409 and r.json()["code"] == "not_finished", r.text
        assert "decisions" not in r.text
    play_random(coach_client, tid, tokens, random.Random(2))
    r = coach_client.post(f"/api/tables/{tid}/analysis", params={"seat": 2})
    assert r.status_code == 400, r.text
    r = coach_client.post(f"/api/tables/{tid}/analysis", params={"seat": "x"})
    assert r.status_code == 422, r.text


def test_one_analysis_under_way_per_address(sqlite_url: str) -> None:
    slow = {"analysis_iterations": 3000, "analyses_per_client": 1}
    with TestClient(make_app(sqlite_url, rng=random.Random(5), **slow)) as client:
        tid = finished_bot_table(client)
        assert client.post(f"/api/tables/{tid}/analysis", params={"seat": 0}).status_code == 202
        # the same request again: told where it stands, not refused
        r = client.post(f"/api/tables/{tid}/analysis", params={"seat": 0})
        assert r.status_code == 200 and r.json()["status"] in ("queued", "running"), r.text
        r = client.post(f"/api/tables/{tid}/analysis", params={"seat": 1})
        assert r.status_code == 429 and r.json()["code"] == "analysis_busy", r.text
        assert "Retry-After" in r.headers and "under way" in r.json()["error"]


def test_the_queue_of_analyses_is_bounded(sqlite_url: str) -> None:
    slow = {"analysis_iterations": 3000, "analysis_threads": 1, "analysis_queue": 1, "analyses_per_client": 9}
    with TestClient(make_app(sqlite_url, rng=random.Random(5), **slow)) as client:
        tid = finished_bot_table(client)
        assert client.post(f"/api/tables/{tid}/analysis", params={"seat": 0}).json()["status"] == "running"
        r = client.post(f"/api/tables/{tid}/analysis", params={"seat": 1})
        assert r.status_code == 202 and r.json()["status"] == "queued" and r.json()["waiting"] == 0, r.text
        other = finished_bot_table(client)
        r = client.post(f"/api/tables/{other}/analysis", params={"seat": 0})
        assert r.status_code == 429 and r.json()["code"] == "analysis_queue_full", r.text


def test_an_analysis_over_its_cpu_cap_is_stopped_with_the_reason(sqlite_url: str) -> None:
    capped = {"analysis_iterations": 3000, "analysis_cpu_seconds": 0.05}
    with TestClient(make_app(sqlite_url, rng=random.Random(5), **capped)) as client:
        tid = finished_bot_table(client)
        assert client.post(f"/api/tables/{tid}/analysis", params={"seat": 0}).status_code == 202
        failed = wait_for(client, tid, 0)
        assert failed["status"] == "failed" and "CPU-seconds" in failed["error"], failed
        # the address may ask again (the failure is not its share under way)
        assert client.post(f"/api/tables/{tid}/analysis", params={"seat": 0}).status_code == 202


def test_a_hint_for_the_seat_to_act_and_the_replay_marks_it(coach_client: TestClient) -> None:
    seats = [{"type": "human"}, {"type": "human"}]
    tid, tokens = new_table(coach_client, players=2, seats=seats, claim=[0, 1], start=True)
    mine = state(coach_client, tid, 0, tokens[0])
    seat = mine["table"]["to_act"]
    other = 1 - seat
    r = coach_client.post(f"/api/tables/{tid}/hint", json={"seat": other, "token": tokens[other]})
    assert r.status_code == 409 and r.json()["code"] == "not_your_turn", r.text
    r = coach_client.post(f"/api/tables/{tid}/hint", json={"seat": seat, "token": tokens[other]})
    assert r.status_code == 403, r.text
    r = coach_client.post(f"/api/tables/{tid}/hint", json={"seat": seat, "token": tokens[seat]})
    assert r.status_code == 200, r.text
    legal = state(coach_client, tid, seat, tokens[seat], wait=0)["legal"]
    assert r.json()["hint"]["action"] in [a["action"] for a in legal]
    assert r.json()["hint"]["text"]
    play_random(coach_client, tid, tokens, random.Random(4))
    replay = coach_client.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()
    assert replay["hints"] == [{"seat": seat, "step": 0}]


def test_no_hints_at_a_rated_table(coach_client: TestClient) -> None:
    key = coach_client.post("/api/profiles", json={"name": "Ann"}).json()["key"]
    seats = [{"type": "human"}, {"type": "bot", "bot": "random"}]
    tid, tokens = new_table(coach_client, players=2, seats=seats, claim=[0], rated=True, profile_key=key, start=True)
    r = coach_client.post(f"/api/tables/{tid}/hint", json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 409 and r.json()["code"] == "hints_off" and "rated" in r.json()["error"], r.text
