"""The coach as a shared resource (#40): a hint is computed once per position, seat and budget
(asked again, or by several at once, it is the kept one); the analysis queue is shared in turn
by address, so a few addresses asking again and again cannot hold it; analyses stay stored per
table, seat and budget."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dinobox.coach import Hint
from dinobox.server import coaching

from .conftest import make_app, new_table, state
from .test_coach import finished_bot_table, wait_for

HEADER = "x-test-address"


def addressed(app: Any) -> Any:
    """``app`` seeing each request come from the address in its ``x-test-address`` header."""

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope.get("headers", ()):
                if name == HEADER.encode():
                    scope = dict(scope, client=(value.decode(), 1))
        await app(scope, receive, send)

    inner.state = app.state  # type: ignore[attr-defined]
    return inner


class Gate:
    """A stand-in for the coach's ``analyse`` that holds its thread until let through, and
    counts its calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []
        self.open = threading.Event()

    def __call__(self, record: Any, seat: int, **_: Any) -> Any:
        self.calls.append((record["id"] if "id" in record else str(len(self.calls)), seat))
        self.open.wait(30)
        return _Result(seat)


class _Result:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "decisions": [], "win_chance": []}


def poll(check: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_few_addresses_cannot_hold_the_analysis_queue(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(coaching, "analyse", gate)
    small = {"analysis_threads": 1, "analysis_queue": 2, "analyses_per_client": 1}
    hogs = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
    with TestClient(addressed(make_app(sqlite_url, rng=random.Random(8), **small))) as client:
        tables = [finished_bot_table(client) for _ in range(4)]
        jobs = [(t, seat) for t in tables for seat in (0, 1)]  # eight different analyses

        def ask(address: str, job: tuple[str, int]) -> Any:
            return client.post(f"/api/tables/{job[0]}/analysis", params={"seat": job[1]}, headers={HEADER: address})

        gate.open.set()
        for hog, job in zip(hogs, jobs[:3], strict=True):  # each hog has been served once...
            assert ask(hog, job).status_code == 202
            assert wait_for(client, job[0], job[1])["status"] == "done"
        gate.open.clear()
        for hog, job in zip(hogs, jobs[3:6], strict=True):  # ...and fills the queue again at once
            assert ask(hog, job).status_code == 202
        poll(lambda: len(gate.calls) == 4)  # one holds the thread, two wait: the queue is full
        # today a newcomer is locked out (analysis_queue_full); now it takes a hog's place
        r = ask("10.9.9.9", jobs[6])
        assert r.status_code == 202 and r.json()["status"] == "queued", r.text
        bumped = [client.get(f"/api/tables/{t}/analysis", params={"seat": seat}).json() for t, seat in jobs[3:6]]
        assert [b["status"] for b in bumped].count("failed") == 1
        assert "ask again" in next(b["error"] for b in bumped if b["status"] == "failed")
        r = ask("10.9.9.8", jobs[7])  # a second newcomer takes the other hog's place
        assert r.status_code == 202, r.text
        gate.open.set()
        assert wait_for(client, jobs[6][0], jobs[6][1])["status"] == "done"
        assert wait_for(client, jobs[7][0], jobs[7][1])["status"] == "done"


def test_the_thread_goes_to_the_address_served_longest_ago(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = Gate()
    monkeypatch.setattr(coaching, "analyse", gate)
    small = {"analysis_threads": 1, "analysis_queue": 4, "analyses_per_client": 2}
    with TestClient(addressed(make_app(sqlite_url, rng=random.Random(9), **small))) as client:
        first, second = finished_bot_table(client), finished_bot_table(client)

        def ask(address: str, tid: str, seat: int) -> Any:
            return client.post(f"/api/tables/{tid}/analysis", params={"seat": seat}, headers={HEADER: address})

        assert ask("10.0.0.1", first, 0).json()["status"] == "running"
        poll(lambda: len(gate.calls) == 1)
        assert ask("10.0.0.1", first, 1).json()["status"] == "queued"  # the hog asks first...
        assert ask("10.0.0.2", second, 0).json()["status"] == "queued"  # ...the newcomer after it
        gate.open.set()
        assert wait_for(client, second, 0)["status"] == wait_for(client, first, 1)["status"] == "done"
        assert [seat for _, seat in gate.calls] == [0, 0, 1]  # the newcomer's ran before the hog's second


def test_a_hint_is_computed_once_per_position(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def counting(state: Any, seat: int, **_: Any) -> Hint:
        asked.append(len(state.history()))
        time.sleep(0.2)  # long enough for the second request to find this one under way
        return Hint(action=state.legal_actions()[0], text="the first choice", win_chance=0.5)

    monkeypatch.setattr(coaching, "suggest", counting)
    seats = [{"type": "human"}, {"type": "human"}]
    with TestClient(addressed(make_app(sqlite_url, rng=random.Random(3), hints_per_client=1))) as client:
        tid, tokens = new_table(client, players=2, seats=seats, claim=[0, 1], start=True)
        seat = state(client, tid, 0, tokens[0])["table"]["to_act"]
        body = {"seat": seat, "token": tokens[seat]}

        async def together() -> list[Any]:
            loop = asyncio.get_running_loop()
            calls = [
                loop.run_in_executor(None, lambda: client.post(f"/api/tables/{tid}/hint", json=body)) for _ in range(3)
            ]
            return list(await asyncio.gather(*calls))

        answers = asyncio.run(together())  # three at once from one address: one is computed, none refused
        answers.append(client.post(f"/api/tables/{tid}/hint", json=body, headers={HEADER: "10.1.1.1"}))
        assert [r.status_code for r in answers] == [200] * 4, [r.text for r in answers]
        assert len({str(r.json()["hint"]) for r in answers}) == 1
        assert len(asked) == 1
