"""Fixtures: the app on a temporary SQLite file, a TestClient, and helpers to play."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("filterwarnings", "ignore:.*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

from dinobox.server import create_app  # noqa: E402


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, rng=random.Random(7), gc_tuning=False)) as c:
        yield c


def new_table(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    body.setdefault("game", "dino-race")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["table"]["id"], {t["seat"]: t["token"] for t in data["tokens"]}


def state(client: TestClient, tid: str, seat: int | None = None, token: str | None = None,
          wait: float = 5.0) -> dict[str, Any]:
    params: dict[str, Any] = {"wait": wait}
    if seat is not None:
        params.update(seat=seat, token=token)
    r = client.get(f"/api/tables/{tid}/state", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def play_random(client: TestClient, tid: str, tokens: dict[int, str], rng: random.Random,
                max_steps: int = 5000, stop: int | None = None) -> dict[str, Any]:
    """Play every person's seat at random over HTTP until the game ends (or ``stop`` moves)."""
    seat0 = min(tokens)
    s = state(client, tid, seat0, tokens[seat0])
    done = 0
    while s["table"]["status"] == "playing" and done < max_steps and (stop is None or done < stop):
        to_act = s["table"]["to_act"]
        if to_act not in tokens:
            s = state(client, tid, seat0, tokens[seat0])
            continue
        mine = state(client, tid, to_act, tokens[to_act], wait=0)
        action = rng.choice(mine["legal"])["action"]
        r = client.post(f"/api/tables/{tid}/actions", params={"wait": 5},
                        json={"seat": to_act, "token": tokens[to_act], "action": action,
                              "version": mine["version"]})
        assert r.status_code == 200, r.text
        s = r.json()
        done += 1
    return s
