"""Fixtures: the app on a temporary SQLite file and on a real PostgreSQL (started for the test
run in a temporary directory), a TestClient, and helpers to play."""

from __future__ import annotations

import dataclasses
import itertools
import os
import random
import subprocess
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
from dinobox.server.settings import Settings  # noqa: E402

from .pgcluster import Cluster, ClusterError  # noqa: E402

STORES = ["sqlite", "postgresql"]
_databases = itertools.count()


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One PostgreSQL cluster for the whole run. In CI (``CI`` set) a cluster that cannot start
    fails the run; elsewhere the PostgreSQL half of the server tests is skipped, with the reason."""
    try:
        cluster = Cluster().start()
    except (ClusterError, OSError, subprocess.SubprocessError) as exc:
        if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
            pytest.fail(f"PostgreSQL must run in CI: {exc}")
        pytest.skip(f"PostgreSQL is not available here: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()


def _store_url(store: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    if store == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    name = f"t{next(_databases)}"
    url = cluster.create_database(name)
    try:
        yield url
    finally:
        cluster.drop_database(name)


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A fresh database in the session's throwaway PostgreSQL cluster, dropped afterwards."""
    name = f"t{next(_databases)}"
    url = pg_cluster.create_database(name)
    try:
        yield url
    finally:
        pg_cluster.drop_database(name)


@pytest.fixture(params=STORES)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store: a SQLite file, then a PostgreSQL database."""
    yield from _store_url(request.param, tmp_path, request)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite store, for tests about the server rather than about storage."""
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


# The tests play fast from one address: rate limits out of the way unless a test sets them.
UNLIMITED = Settings(
    tables_per_minute=1e9,
    tables_burst=10**9,
    actions_per_second=1e9,
    actions_burst=10**9,
    ws_messages_per_second=1e9,
    ws_messages_burst=10**9,
    address_messages_per_second=1e9,
    address_messages_burst=10**9,
    chat_per_minute=1e9,
    chat_burst=10**9,
    min_silence_seconds=1.0,  # tests ask for short silence limits
)


def make_app(db_url: str, rng: random.Random | None = None, **settings: Any) -> Any:
    return create_app(db_url, rng=rng, gc_tuning=False, settings=dataclasses.replace(UNLIMITED, **settings))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(db_url, rng=random.Random(7))) as c:
        yield c


def new_table(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    body.setdefault("game", "dino-race")
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["table"]["id"], {t["seat"]: t["token"] for t in data["tokens"]}


def state(
    client: TestClient, tid: str, seat: int | None = None, token: str | None = None, wait: float = 5.0
) -> dict[str, Any]:
    params: dict[str, Any] = {"wait": wait}
    if seat is not None:
        params.update(seat=seat, token=token)
    r = client.get(f"/api/tables/{tid}/state", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def play_random(
    client: TestClient,
    tid: str,
    tokens: dict[int, str],
    rng: random.Random,
    max_steps: int = 5000,
    stop: int | None = None,
) -> dict[str, Any]:
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
        r = client.post(
            f"/api/tables/{tid}/actions",
            params={"wait": 5},
            json={"seat": to_act, "token": tokens[to_act], "action": action, "version": mine["version"]},
        )
        assert r.status_code == 200, r.text
        s = r.json()
        done += 1
    return s
