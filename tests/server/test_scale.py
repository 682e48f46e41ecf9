"""Several server processes over one PostgreSQL store (docs/server.md, "More than one process").

Real ``dinobox serve`` processes on loopback ports chosen at run time, against a fresh
database of the test run's throwaway PostgreSQL cluster: a table with a person's seat played
through each process and a bot seat, played to the end over WebSockets, one process killed
with SIGKILL half-way; and two processes racing to store the same version of one table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from typer.testing import CliRunner

from dinobox.cli.app import app as cli
from dinobox.server import storage

from .conftest import make_app, new_table, state


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """One ``dinobox serve`` process."""

    port: int
    proc: subprocess.Popen[bytes]

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


def start_server(db_url: str, log: Path, *extra: str) -> Server:
    port = free_port()
    cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", db_url, "--tables-per-minute", "1000000", "--actions-per-second", "1000000"]
    with log.open("ab") as out:
        proc = subprocess.Popen([*cmd, *extra], stdout=out, stderr=subprocess.STDOUT)
    server = Server(port, proc)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server stopped: {log.read_text()}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{server.http}/api/health", timeout=2).status_code == 200:
                return server
        time.sleep(0.1)
    server.kill()
    raise AssertionError(f"the server did not start: {log.read_text()}")


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    a = start_server(pg_url, tmp_path / "a.log")
    try:
        b = start_server(pg_url, tmp_path / "b.log")
    except BaseException:
        a.kill()
        raise
    try:
        yield a, b
    finally:
        a.kill()
        b.kill()


@dataclass
class Watcher:
    """One client's view of the table over its WebSocket(s): every picture's version, and the
    log put together from the deltas, checked to only ever grow (nothing lost or repeated)."""

    name: str
    log: list[dict[str, Any]] = field(default_factory=list)
    versions: list[int] = field(default_factory=list)
    reconnects: int = 0
    last: dict[str, Any] | None = None

    def take(self, msg: dict[str, Any]) -> None:
        start = msg["log_start"]
        assert start <= len(self.log), f"{self.name}: a log delta from {start} but only {len(self.log)} held"
        log = self.log[:start] + msg["log"]
        assert log[: len(self.log)] == self.log, f"{self.name}: the log was rewritten"
        if self.versions:
            assert msg["version"] >= self.versions[-1], f"{self.name}: version went back"
        self.log, self.last = log, msg
        self.versions.append(msg["version"])


async def follow(
    servers: list[Server],
    tid: str,
    watcher: Watcher,
    seat: int | None = None,
    token: str | None = None,
    rng: random.Random | None = None,
    moved: asyncio.Event | None = None,
) -> None:
    """Watch (and with a seat, play at random) until the game is over; when the socket's
    server goes away, reconnect to the next one that answers, as the page does."""
    query = f"?seat={seat}&token={token}" if seat is not None else ""
    turn = 0
    while True:
        server = servers[turn % len(servers)]
        try:
            async with websockets.connect(f"{server.ws}/ws/tables/{tid}{query}", open_timeout=5) as ws:
                async for raw in ws:
                    msg = json.loads(raw)
                    if msg["type"] == "error":
                        assert msg["code"] == "stale", msg  # a newer picture is on its way
                        continue
                    watcher.take(msg)
                    if msg["table"]["status"] == "finished":
                        return
                    if rng is not None and msg["legal"]:
                        action = rng.choice(msg["legal"])["action"]
                        await ws.send(json.dumps({"type": "action", "action": action, "version": msg["version"]}))
                        if moved is not None:
                            moved.set()
        except (OSError, websockets.WebSocketException, TimeoutError):
            pass
        turn += 1
        watcher.reconnects += 1
        await asyncio.sleep(0.2)


def test_two_processes_serve_one_table_and_one_can_die(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    seats = [{"type": "human"}, {"type": "human"}, {"type": "bot", "bot": "random"}]
    made = httpx.post(
        f"{a.http}/api/tables", json={"game": "dino-race", "players": 3, "seats": seats, "claim": [0]}
    ).json()
    tid, token0 = made["table"]["id"], made["tokens"][0]["token"]
    claimed = httpx.post(f"{b.http}/api/tables/{tid}/seats/1", json={"name": "Bea"})
    assert claimed.status_code == 200, claimed.text
    token1 = claimed.json()["tokens"][0]["token"]
    started = httpx.post(f"{b.http}/api/tables/{tid}/start", json={"seat": 1, "token": token1})
    assert started.status_code == 200, started.text

    watchers = {name: Watcher(name) for name in ("seat0", "seat1", "watch-a", "watch-b")}
    killed_at: list[int] = []

    async def play() -> None:
        moves = 0
        moved = asyncio.Event()

        async def killer() -> None:
            nonlocal moves
            while moves < 12:  # both people have acted a few times through both processes
                await moved.wait()
                moved.clear()
                moves += 1
            killed_at.append(watchers["watch-b"].versions[-1])
            a.kill()  # SIGKILL: no goodbye, its sockets and its database sessions just close

        kill = asyncio.create_task(killer())
        await asyncio.wait_for(
            asyncio.gather(
                follow([a, b], tid, watchers["seat0"], 0, token0, random.Random(1), moved),
                follow([b, a], tid, watchers["seat1"], 1, token1, random.Random(2), moved),
                follow([a, b], tid, watchers["watch-a"]),
                follow([b, a], tid, watchers["watch-b"]),
            ),
            timeout=120,
        )
        assert kill.done(), "the game ended before a process could be killed"

    asyncio.run(play())
    assert a.proc.poll() is not None and b.proc.poll() is None
    final = {
        seat: httpx.get(f"{b.http}/api/tables/{tid}/state", params=p).json() for seat, p in _params(token0, token1)
    }
    assert final[None]["table"]["status"] == "finished"
    # every client holds the whole log of its seat, in order, each entry once
    assert watchers["seat0"].log == final[0]["log"] and watchers["seat1"].log == final[1]["log"]
    assert watchers["watch-a"].log == watchers["watch-b"].log == final[None]["log"]
    assert all(w.last is not None and w.last["version"] == final[None]["version"] for w in watchers.values())
    # the clients of the killed process went over to the other one
    assert watchers["seat0"].reconnects >= 1 and watchers["watch-a"].reconnects >= 1
    # the game went on through the other process (its bot too) after the kill
    assert final[None]["version"] > killed_at[0] + 3


def _params(token0: str, token1: str) -> list[tuple[int | None, dict[str, Any]]]:
    return [(None, {}), (0, {"seat": 0, "token": token0}), (1, {"seat": 1, "token": token1})]


def test_two_processes_racing_for_one_version_never_both_win(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    seats = [{"type": "human"}, {"type": "human"}]
    made = httpx.post(
        f"{a.http}/api/tables",
        json={"game": "dino-race", "players": 2, "seats": seats, "claim": [0, 1], "hotseat": True, "start": True},
    ).json()
    tid = made["table"]["id"]
    tokens = {t["seat"]: t["token"] for t in made["tokens"]}
    outcomes = []
    for _ in range(8):
        # both processes hold the table at the same version
        deadline = time.monotonic() + 10
        while True:
            views = [httpx.get(f"{s.http}/api/tables/{tid}/state").json() for s in (a, b)]
            if views[0]["version"] == views[1]["version"] and views[0]["table"]["to_act"] is not None:
                break
            assert time.monotonic() < deadline, views
            time.sleep(0.02)
        seat = views[0]["table"]["to_act"]
        mine = httpx.get(f"{a.http}/api/tables/{tid}/state", params={"seat": seat, "token": tokens[seat]}).json()
        body = {"seat": seat, "token": tokens[seat], "action": mine["legal"][0]["action"], "version": mine["version"]}
        answers = _race([a, b], f"/api/tables/{tid}/actions", body)
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        loser = next(r for r in answers if r.status_code == 409).json()
        assert loser["code"] == "stale" and loser["version"] > body["version"]
        outcomes.append(codes)
    assert len(outcomes) == 8
    # a seat claimed through both processes at once goes to one; the other is told it is taken
    made = httpx.post(f"{a.http}/api/tables", json={"game": "dino-race", "players": 2, "seats": seats, "claim": [0]})
    tid = made.json()["table"]["id"]
    assert httpx.get(f"{b.http}/api/tables/{tid}").status_code == 200  # both hold it
    answers = _race([a, b], f"/api/tables/{tid}/seats/1", {"name": "twice"})
    assert sorted(r.status_code for r in answers) == [200, 409]
    assert next(r for r in answers if r.status_code == 409).json()["code"] == "seat_taken"


def _race(servers: list[Server], path: str, body: dict[str, Any]) -> list[httpx.Response]:
    """POST the same body to every server at the same moment."""
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(len(servers))

    def send(server: Server) -> None:
        with httpx.Client() as client:
            client.get(f"{server.http}/api/health")  # connected before the start line
            barrier.wait()
            answers.append(client.post(f"{server.http}{path}", json=body))

    threads = [threading.Thread(target=send, args=(server,)) for server in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_stale_write_waits_for_the_winner_and_fails(pg_url: str) -> None:
    """In the store itself: the second writer of a version blocks on the first one's row lock,
    then finds the version moved on."""
    from dinobox.server.storage import StaleWrite, TableRow

    engine = storage.open_engine(pg_url)
    row = TableRow(
        id="race", game="dino-race", players=2, options={}, seats=[], status="playing", version=0, hotseat=False, seed=1
    )
    with engine.begin() as conn:
        storage.insert_table(conn, row)
    first = engine.connect()
    first.begin()
    storage.save_table(first, TableRow(**{**row.__dict__, "version": 1}), seen=0)
    result: list[BaseException | None] = []

    def second() -> None:
        try:
            with engine.begin() as conn:
                storage.save_table(conn, TableRow(**{**row.__dict__, "version": 1}), seen=0)
            result.append(None)
        except StaleWrite as exc:
            result.append(exc)

    thread = threading.Thread(target=second)
    thread.start()
    time.sleep(0.3)
    assert result == []  # waiting for the first transaction
    first.commit()
    first.close()
    thread.join(10)
    assert len(result) == 1 and isinstance(result[0], StaleWrite)
    with engine.begin() as conn:
        stored = storage.load_table(conn, "race")
        assert stored is not None and stored.version == 1
    engine.dispose()


def test_more_than_one_worker_needs_postgresql(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'one.sqlite3'}"
    for args in (["serve", "--workers", "2", "--db", db], ["serve", "--workers", "3"]):
        result = CliRunner().invoke(cli, args, env={"DINOBOX_HOME": str(tmp_path)})
        assert result.exit_code != 0
        assert "PostgreSQL" in result.output and "SQLite" in result.output
    assert not (tmp_path / "one.sqlite3").exists()  # nothing started, nothing created


def test_workers_share_one_port(pg_url: str, tmp_path: Path) -> None:
    """``--workers 2``: uvicorn's worker processes, each its own app over the one store."""
    server = start_server(pg_url, tmp_path / "w.log", "--workers", "2")
    try:
        body = {"game": "dino-race", "players": 2, "start": True}
        made = httpx.post(f"{server.http}/api/tables", json=body, timeout=30)  # a worker may still be warming up
        assert made.status_code == 201, made.text
        tid, token = made.json()["table"]["id"], made.json()["tokens"][0]["token"]
        for _ in range(6):  # each request a new connection, landing on either worker: all see the table
            params = {"seat": 0, "token": token, "wait": 5}
            r = httpx.get(f"{server.http}/api/tables/{tid}/state", params=params, timeout=30)
            assert r.status_code == 200 and r.json()["table"]["id"] == tid
    finally:
        server.proc.terminate()
        server.proc.wait(30)


def test_an_undo_through_another_process(pg_url: str) -> None:
    """Two apps over one store: a move stored by one can be taken back through the other (the
    undo points follow from the stored moves), and the first hears of the undo."""
    with TestClient(make_app(pg_url, random.Random(3))) as a, TestClient(make_app(pg_url, random.Random(4))) as b:
        tid, tokens = new_table(a, players=2, start=True)
        rng = random.Random(5)
        for _ in range(200):
            s = state(a, tid, 0, tokens[0])
            if s["table"]["status"] != "playing":
                break
            if s["table"]["to_act"] != 0:
                continue
            quiet = [x for x in s["legal"] if x["kind"] in ("move", "push", "trip", "give_egg")]
            choice = rng.choice(quiet or s["legal"])
            body = {"seat": 0, "token": tokens[0], "action": choice["action"], "version": s["version"]}
            after = a.post(f"/api/tables/{tid}/actions", params={"wait": 5}, json=body).json()
            if not after["can_undo"]:
                continue
            there = _until(b, tid, tokens[0], after["version"])
            assert there["can_undo"] and there["view"] == after["view"] and there["log"] == after["log"]
            undone = b.post(
                f"/api/tables/{tid}/undo", json={"seat": 0, "token": tokens[0], "version": after["version"]}
            )
            assert undone.status_code == 200, undone.text
            back = _until(a, tid, tokens[0], after["version"] + 1)
            assert back["view"] == s["view"] and back["log"] == s["log"] and back["legal"] == s["legal"]
            return
    raise AssertionError("no undoable move came up")


def _until(client: TestClient, tid: str, token: str, version: int) -> dict[str, Any]:
    """Seat 0's picture once this app has caught up with ``version``."""
    deadline = time.monotonic() + 10
    while True:
        s = state(client, tid, 0, token, wait=0)
        if s["version"] >= version:
            return s
        assert time.monotonic() < deadline, f"still at version {s['version']}, not {version}"
        time.sleep(0.02)


def test_a_lost_notification_connection_is_made_again_and_catches_up(pg_url: str) -> None:
    with TestClient(make_app(pg_url, random.Random(6))) as a, TestClient(make_app(pg_url, random.Random(7))) as b:
        tid, tokens = new_table(b, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True)
        seen = state(a, tid)["version"]
        engine = create_engine(pg_url)
        with engine.begin() as conn:  # the database drops every process's listening session
            dropped = conn.exec_driver_sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = 'dinobox listener' AND datname = current_database()"
            ).fetchall()
        engine.dispose()
        assert len(dropped) == 2
        for _ in range(4):  # changes stored meanwhile, some maybe while nobody listened
            s = state(b, tid)
            seat = s["table"]["to_act"]
            mine = state(b, tid, seat, tokens[seat], wait=0)
            body = {"seat": seat, "token": tokens[seat], "action": mine["legal"][0]["action"], "version": s["version"]}
            assert b.post(f"/api/tables/{tid}/actions", json=body).status_code == 200
        final = state(b, tid)
        assert final["version"] > seen
        deadline = time.monotonic() + 15
        while state(a, tid)["version"] < final["version"]:
            assert time.monotonic() < deadline, "the other app never caught up"
            time.sleep(0.05)
        assert state(a, tid)["log"] == final["log"]


def test_a_table_whose_bots_nobody_plays_is_taken_over(pg_url: str) -> None:
    """As if a process died just after starting an all-bot table: the table is in play with a
    bot to move and nobody holds it. Another process's sweep finds it and plays it to the end,
    without anyone asking for it."""
    bots = [{"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    with TestClient(make_app(pg_url, random.Random(8), takeover_seconds=0.1)) as b:
        tid, _ = new_table(b, players=2, seats=bots, claim=[])  # waiting: nobody plays it yet
        b.app.state.service.live.clear()  # type: ignore[attr-defined]  # and b does not hold it
        engine = create_engine(pg_url)
        with engine.begin() as conn:  # what the dead process had stored: started, a bot to move
            conn.exec_driver_sql("UPDATE tables SET status = 'playing', bot_turn = true WHERE id = %s", (tid,))
        deadline = time.monotonic() + 20
        while True:
            with engine.begin() as conn:
                row = storage.load_table(conn, tid)
            assert row is not None
            if row.status == "finished":
                break
            assert time.monotonic() < deadline, f"nobody took the table over (version {row.version})"
            time.sleep(0.1)
        engine.dispose()
        assert state(b, tid)["table"]["status"] == "finished"
