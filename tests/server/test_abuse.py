"""One client cannot hurt the others (issue 29): one test per way it was tried."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import dataclasses
import json
import os
import socket
import struct
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from dinobox.cli.serve import parse_settings
from dinobox.server import create_app
from dinobox.server.botpool import BotPool
from dinobox.server.connections import uvicorn_limits
from dinobox.server.settings import Settings
from dinobox.server.timing import FIRST_MOVE_GRACE

from .conftest import UNLIMITED, make_app, new_table, state
from .live_server import serve_in_thread
from .pgcluster import Cluster


@contextlib.contextmanager
def _socket(client: TestClient) -> Iterator[Any]:
    """A seat's socket at a new table, its first picture read."""
    tid, tokens = new_table(client, players=2)
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        yield ws


def _errors(ws: Any, count: int) -> list[dict[str, Any]]:
    return [ws.receive_json() for _ in range(count)]


# ----- bounded memory per connection -------------------------------------------------------------------
def test_websocket_errors_quote_only_a_short_prefix_of_the_input(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url)) as client:
        tid, tokens = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
            assert ws.receive_json()["type"] == "state"
            for text in (
                json.dumps({"type": "x" * 15_000}),
                json.dumps({"type": "action", "action": "y" * 15_000, "version": 0}),
                json.dumps({"type": "join", "seat": 0, "token": "z" * 15_000}),
                "{" + "w" * 15_000,
            ):
                ws.send_text(text)
                reply = ws.receive_json()
                assert reply["code"] == "malformed" and len(reply["error"]) < 400, reply["error"][:500]


def test_every_websocket_message_counts_against_the_connections_rate(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, ws_messages_per_second=0.01, ws_messages_burst=3)) as client:
        tid, _ = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert ws.receive_json()["type"] == "state"
            for _ in range(5):
                ws.send_text('{"type": "ping"}')
            replies = [ws.receive_json() for _ in range(5)]
            assert [r["type"] for r in replies[:3]] == ["pong"] * 3
            assert all(r["type"] == "error" and r["code"] == "rate_limited" for r in replies[3:])


def test_websocket_messages_count_against_the_addresss_rate(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, address_messages_per_second=0.01, address_messages_burst=4)) as client:
        tid, _ = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{tid}") as one, client.websocket_connect(f"/ws/tables/{tid}") as two:
            for ws in (one, two):
                assert ws.receive_json()["type"] == "state"
            for ws in (one, two, one, two, one):
                ws.send_text("{}")  # malformed messages count too
            codes = [r["code"] for r in (*_errors(one, 3), *_errors(two, 2))]
            assert codes.count("rate_limited") == 1 and codes.count("malformed") == 4


def _handshake(port: int, path: str) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a client that does not read
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0]
    return sock


def _frame(text: str) -> bytes:
    payload = text.encode()
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload  # masked with a zero key


def _close_frame(sock: socket.socket, seconds: float) -> tuple[int, str] | None:
    """Read everything the server sent; the close frame's code and reason, if one came."""
    sock.settimeout(seconds)
    data = b""
    try:
        while chunk := sock.recv(1 << 20):
            data += chunk
            at = 0
            while at + 2 <= len(data):
                opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
                head = 2
                if size == 126:
                    (size,), head = struct.unpack(">H", data[at + 2 : at + 4]), 4
                elif size == 127:
                    (size,), head = struct.unpack(">Q", data[at + 2 : at + 10]), 10
                if at + head + size > len(data):
                    break
                if opcode == 0x8:
                    body = data[at + head : at + head + size]
                    return struct.unpack(">H", body[:2])[0], body[2:].decode()
                at += head + size
            data = data[at:]
    except TimeoutError:
        return None
    return None


def test_a_client_that_does_not_read_is_closed_with_a_reason(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url)) as client:
        tid, _ = new_table(client, players=2)
    with serve_in_thread(make_app(sqlite_url, ws_queue_messages=8)) as url:
        sock = _handshake(int(url.rsplit(":", 1)[1]), f"/ws/tables/{tid}")
        batch = _frame('{"type": "zz"}') * 2000  # each refused with a short error nobody reads
        sock.settimeout(5)
        with contextlib.suppress(TimeoutError, ConnectionError):  # the server may stop reading us
            for _ in range(25):
                sock.sendall(batch)
        closed = _close_frame(sock, 10)
        sock.close()
    assert closed is not None and closed[0] == 1008 and "read" in closed[1], closed


# ----- hostile JSON ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "[" * 5000 + "]" * 5000,
        '{"type": "ping", "x": ' + '{"a": ' * 2000 + "1" + "}" * 2000 + "}",
        '{"type": "action", "action": ' + "9" * 5000 + ', "version": 0}',
        '{"type": "action", "action": 1e400, "version": 0}',
        '{"type": "action", "action": 1.5, "version": 0}',
        '{"type": "action", "action": true, "version": 0}',
        '{"type": "action", "action": 1, "version": "7"}',
        '{"type": "join", "seat": 99999999999999999999999, "token": "x"}',
        '{"type": "join", "seat": {"a": 1}}',
        '"ping"',
        "null",
    ],
    ids=lambda text: text[:24],
)
def test_hostile_json_over_a_websocket_is_refused_cleanly(sqlite_url: str, text: str) -> None:
    with TestClient(make_app(sqlite_url)) as client, _socket(client) as ws:
        ws.send_text(text)
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == "malformed" and len(reply["error"]) < 400
        ws.send_text('{"type": "ping"}')  # the socket is still open and served
        assert ws.receive_json() == {"type": "pong"}


# ----- fair bot time -----------------------------------------------------------------------------------
def test_bot_threads_are_taken_in_turn_by_clients_and_quick_bots_never_wait() -> None:
    pool = BotPool(Settings(bot_threads=2, bot_threads_per_client=2, light_bot_threads=1))
    started: list[str] = []

    def think(tag: str) -> int:
        started.append(tag)
        time.sleep(0.05)
        return 0

    async def main() -> float:
        hog = [asyncio.create_task(pool.run("hog", True, think, f"hog{i}")) for i in range(6)]
        await asyncio.sleep(0.01)
        other = asyncio.create_task(pool.run("other", True, think, "other"))
        t0 = time.perf_counter()
        await pool.run("quick", False, think, "quick")  # while the hog holds every search thread
        quick = time.perf_counter() - t0
        await asyncio.gather(*hog, other)
        return quick

    try:
        quick = asyncio.run(main())
    finally:
        pool.close()
    assert quick < 0.5
    assert started.index("other") < started.index("hog4"), started


def test_one_address_holds_a_few_bot_only_tables_at_most(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, bot_tables_per_client=2)) as client:
        bots = [{"type": "bot", "bot": "random"}] * 2
        for _ in range(2):
            new_table(client, game="trex-island", players=2, seats=bots, claim=[])
        r = client.post("/api/tables", json={"game": "trex-island", "players": 2, "seats": bots, "claim": []})
        assert r.status_code == 429 and r.json()["code"] == "bot_tables" and r.headers["retry-after"]
        new_table(client, players=2)  # a table with a person at it is not one of them


# ----- the store goes away -----------------------------------------------------------------------------
def _connections(cluster: Cluster, database: str, allow: bool) -> None:
    import psycopg

    with psycopg.connect(host=str(cluster.dir), port=5432, user="postgres", dbname="postgres", autocommit=True) as c:
        c.execute(f'ALTER DATABASE "{database}" ALLOW_CONNECTIONS {str(allow).lower()}')
        if not allow:
            c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (database,))


def test_while_the_store_is_unreachable_the_answer_is_a_json_503_and_it_recovers(
    pg_cluster: Cluster, pg_url: str
) -> None:
    database = pg_url.split("@/", 1)[1].split("?")[0]
    with TestClient(make_app(pg_url)) as client:
        tid, _ = new_table(client, players=2)
        _connections(pg_cluster, database, allow=False)
        try:
            for r in (client.get("/api/tables"), client.post("/api/tables", json={"game": "dino-race"})):
                assert r.status_code == 503 and r.json()["code"] == "unavailable", r.text
                assert int(r.headers["retry-after"]) > 0
            health = client.get("/api/health")
            assert health.status_code == 503 and health.json()["store"] == "unreachable"
        finally:
            _connections(pg_cluster, database, allow=True)
        deadline = time.monotonic() + 10
        while client.get("/api/health").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert client.get("/api/health").json()["store"] == "ok"
        assert client.get(f"/api/tables/{tid}").status_code == 200
        assert client.get("/api/tables").status_code == 200


def test_a_websocket_hears_that_the_store_is_unreachable_and_plays_on_after(pg_cluster: Cluster, pg_url: str) -> None:
    database = pg_url.split("@/", 1)[1].split("?")[0]
    human = {"type": "human"}
    with TestClient(make_app(pg_url)) as client:
        tid, tokens = new_table(client, players=2, seats=[human, human], claim=[0, 1], start=True)
        state(client, tid)  # the deal is made
        with (
            client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws0,
            client.websocket_connect(f"/ws/tables/{tid}?seat=1&token={tokens[1]}") as ws1,
        ):
            pictures = [ws0.receive_json(), ws1.receive_json()]
            seat = next(s for s, picture in enumerate(pictures) if picture["legal"])
            ws, version = (ws0, ws1)[seat], pictures[seat]["version"]
            move = {"type": "action", "action": pictures[seat]["legal"][0]["action"], "version": version}
            _connections(pg_cluster, database, allow=False)
            try:
                ws.send_json(move)
                reply = ws.receive_json()
                assert reply["type"] == "error" and reply["code"] == "unavailable", reply
                assert reply["retry_after"] > 0 and "try again" in reply["error"]
                # a socket opened meanwhile to a table the server must read: the same JSON, then a close
                with client.websocket_connect("/ws/tables/NotInMemory") as late:
                    assert late.receive_json()["code"] == "unavailable"
                    with pytest.raises(WebSocketDisconnect) as closed:
                        late.receive_json()
                    assert closed.value.code == 4503
            finally:
                _connections(pg_cluster, database, allow=True)
            deadline = time.monotonic() + 10
            while client.get("/api/health").status_code != 200 and time.monotonic() < deadline:
                time.sleep(0.1)
            ws.send_json(move)  # the refused move changed nothing: the same version is still current
            after = ws.receive_json()
            assert after["type"] == "state" and after["version"] > version, after
            other = (ws1, ws0)[seat].receive_json()
            assert other["type"] == "state" and other["version"] == after["version"]


# ----- connection limits -------------------------------------------------------------------------------
def test_one_address_holds_a_few_websockets_at_most(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, sockets_per_address=2)) as client:
        tid, _ = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{tid}") as one, client.websocket_connect(f"/ws/tables/{tid}") as two:
            for ws in (one, two):
                assert ws.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/tables/{tid}") as three, pytest.raises(WebSocketDisconnect) as closed:
                three.receive_json()
            assert closed.value.code == 1008 and "too many open sockets" in closed.value.reason
        with client.websocket_connect(f"/ws/tables/{tid}") as again:  # closed sockets are given back
            assert again.receive_json()["type"] == "state"


def test_a_request_whose_headers_never_finish_is_cut_off(sqlite_url: str) -> None:
    settings = Settings(header_seconds=0.5)
    with serve_in_thread(make_app(sqlite_url), **uvicorn_limits(settings)) as url:
        with socket.create_connection(("127.0.0.1", int(url.rsplit(":", 1)[1]))) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            sock.settimeout(5)
            assert sock.recv(100) == b""  # closed by the server, long before the 5 s are up
        health = httpx.get(f"{url}/api/health", timeout=5)  # a request that arrives whole is answered
        assert health.status_code == 200


# ----- ratings that mean something -------------------------------------------------------------------
def _bot_table(client: TestClient, bot: str, **body: Any) -> Any:
    seats = [{"type": "human"}, {"type": "bot", "bot": bot}]
    return client.post("/api/tables", json={"game": "dino-race", "players": 2, "seats": seats, **body})


def test_bot_specs_that_differ_only_in_spelling_are_one_bot(sqlite_url: str) -> None:
    spellings = ["random", "random:", "random:,", " random : ", "random:,,"]
    spellings += ["ismcts:seconds=1.0,iterations=50", "ismcts: iterations=50 ,seconds=1.00"]
    with TestClient(make_app(sqlite_url)) as client:
        seats = {_bot_table(client, spelling).json()["table"]["seats"][1]["bot"] for spelling in spellings}
    assert seats == {"random", "ismcts:iterations=50,seconds=1"}


def test_a_rated_table_seats_only_the_ladders_bots(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url)) as client:
        key = client.post("/api/profiles", json={"name": "Ann"}).json()["key"]
        for bot, status in (("ismcts:iterations=1", 400), ("hard", 201), ("random:", 201)):
            r = _bot_table(client, bot, rated=True, profile_key=key)
            assert r.status_code == status, r.text


def test_a_person_silent_at_a_rated_table_from_the_first_move_aborts_it_unrated(sqlite_url: str) -> None:
    """The rated table's turn clock ends the game, and since the person made no decision yet the
    game is aborted without rating (fair ratings: a game counts once every seat made two)."""
    clock = [1_000_000.0]
    settings = dataclasses.replace(UNLIMITED, clock_period=1e6, rated_move_hours=1.0)
    app = create_app(sqlite_url, gc_tuning=False, settings=settings, now=lambda: clock[0])
    with TestClient(app) as client:
        pid, key = (lambda p: (p["profile"]["id"], p["key"]))(client.post("/api/profiles", json={"name": "Ann"}).json())
        seats = [{"type": "human"}, {"type": "bot", "bot": "random"}]
        tid, _ = new_table(client, players=2, seats=seats, rated=True, profile_key=key, start=True)
        s = client.get(f"/api/tables/{tid}/state", params={"wait": 5}).json()
        assert s["table"]["time_control"]["on_timeout"] == "lose" and s["table"]["to_act"] == 0
        clock[0] += 3601 + FIRST_MOVE_GRACE  # the first person's time starts once the page had time to open
        assert client.portal is not None
        assert client.portal.call(app.state.service.clocks.tick) == 1
        s = client.get(f"/api/tables/{tid}/state").json()
        assert s["table"]["status"] == "finished" and s["table"]["result"]["forfeit"] == 0
        assert s["table"]["result"]["aborted"] is True
        rated = client.get(f"/api/tables/{tid}/ratings").json()["seats"]
        assert rated[0]["player"] == f"profile:{pid}" and rated[0]["change"] is None


def test_the_two_names_of_one_bot_are_one_ladder_entry(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url)) as client:
        key = client.post("/api/profiles", json={"name": "Ann"}).json()["key"]
        players = set()
        for bot in ("medium", "heuristic"):
            tid = _bot_table(client, bot, rated=True, profile_key=key).json()["table"]["id"]
            players.add(client.get(f"/api/tables/{tid}/ratings").json()["seats"][1]["player"])
        assert players == {"bot:heuristic"}


def test_every_limit_can_be_set_from_the_command_line() -> None:
    assert parse_settings(["sockets_per_address=8", "header-seconds=2.5", "allow_data_overrides=yes"]) == {
        "sockets_per_address": 8,
        "header_seconds": 2.5,
        "allow_data_overrides": True,
    }
    for bad in ("no_such_limit=1", "sockets_per_address", "sockets_per_address=many"):
        with pytest.raises(ValueError, match="--set"):
            parse_settings([bad])
