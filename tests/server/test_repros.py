"""Regression tests, one per problem found when the server was tried as an attacker would
(issue "A server you can put on the internet", points 1-6)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, insert
from starlette.websockets import WebSocketDisconnect

from dinobox.server import storage

from .conftest import make_app, new_table, play_random, state


# ----- 1. nothing a client sends can break a restart ---------------------------------------------
def test_data_overrides_are_refused_unless_the_server_allows_them(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "dino-race", "data": {"hand_size": 12}})
    assert r.status_code == 400 and r.json()["code"] == "bad_config" and "data" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "dino-race", "options": {"data": {"hand_size": 12}}})
    assert r.status_code == 400 and r.json()["code"] == "bad_config"
    assert client.get("/api/tables").json()["tables"] == []


def test_data_overrides_are_stored_and_replayed_across_a_restart(db_url: str) -> None:
    rng = random.Random(1)
    with TestClient(make_app(db_url, random.Random(3), allow_data_overrides=True)) as client:
        bad = client.post("/api/tables", json={"game": "dino-race", "data": {"hand_size": "twelve"}})
        assert bad.status_code == 400 and bad.json()["code"] == "bad_config"
        tid, tokens = new_table(client, players=2, data={"hand_size": 12}, start=True)
        play_random(client, tid, tokens, rng, stop=20)
        before = state(client, tid, 0, tokens[0])
        assert len(before["view"]["hand"]) >= 10 or sum(before["view"]["hand"].values()) >= 10
    with TestClient(make_app(db_url, random.Random(4), allow_data_overrides=True)) as client:
        assert client.get("/api/health").json()["quarantined"] == []
        after = state(client, tid, 0, tokens[0])
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        final = play_random(client, tid, tokens, rng)
        assert final["table"]["status"] == "finished"
        record = client.get(f"/api/tables/{tid}/record").json()
        assert record["data"] == {"hand_size": 12}
        replay = client.get(f"/api/tables/{tid}/replay", params={"step": 3, "seat": 0})
        assert replay.status_code == 200, replay.text


def test_a_table_that_cannot_be_rebuilt_is_quarantined_and_the_rest_is_served(db_url: str) -> None:
    with TestClient(make_app(db_url, random.Random(5))) as client:
        good, good_tokens = new_table(client, players=2, start=True)
        bad, _ = new_table(client, players=2, start=True)
        play_random(client, good, good_tokens, random.Random(2), stop=5)
    engine = create_engine(db_url)
    with engine.begin() as conn:  # a stored move that is illegal where it stands
        n = len(storage.load_moves(conn, bad))
        storage.append_moves(conn, bad, n, [987654])
    engine.dispose()
    with TestClient(make_app(db_url, random.Random(6))) as client:
        health = client.get("/api/health").json()
        assert [q["id"] for q in health["quarantined"]] == [bad]
        assert "987654" in health["quarantined"][0]["problem"]
        r = client.get(f"/api/tables/{bad}/state")
        assert r.status_code == 409 and r.json()["code"] == "quarantined"
        assert all(t["id"] != bad for t in client.get("/api/tables").json()["tables"])
        assert play_random(client, good, good_tokens, random.Random(3))["table"]["status"] == "finished"


# ----- 2. PostgreSQL (and every store made by the first release) --------------------------------
def test_a_store_made_by_the_first_release_upgrades_cleanly(db_url: str) -> None:
    """The first release created its schema with ``create_all`` (no Alembic); that schema is the
    first revision. Such a store, with a table in play, opens and the table goes on."""
    from dinobox.server.seating import hash_token

    engine = create_engine(db_url)
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(storage.MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, storage.FIRST_REVISION)
        conn.exec_driver_sql("DROP TABLE alembic_version")  # as create_all left it
        conn.execute(
            insert(_first_release_tables()),
            [
                {
                    "id": "old1",
                    "game": "dino-race",
                    "players": 2,
                    "options": "{}",
                    "status": "playing",
                    "version": 3,
                    "hotseat": False,
                    "seed": 2**31 - 1,
                    "rematch_of": None,
                    "rematch": None,
                    "created": 1.0,
                    "updated": 1.0,
                    "seats": json.dumps(
                        [
                            {
                                "seat": 0,
                                "type": "human",
                                "bot": None,
                                "name": "Ann",
                                "claimed": True,
                                "token": hash_token("tok"),
                            },
                            {
                                "seat": 1,
                                "type": "bot",
                                "bot": "random",
                                "name": "random bot",
                                "claimed": True,
                                "token": None,
                            },
                        ]
                    ),
                }
            ],
        )
    engine.dispose()
    with TestClient(make_app(db_url, random.Random(1))) as client:
        s = state(client, "old1", 0, "tok")
        assert s["table"]["status"] == "playing" and s["version"] >= 3
        assert play_random(client, "old1", {0: "tok"}, random.Random(1))["table"]["status"] == "finished"
        tid, _ = new_table(client, players=2)  # 64-bit seeds fit
    engine = create_engine(db_url)
    with engine.begin() as conn:
        assert storage.schema_revision(conn) == _head_revision()
        row = storage.load_table(conn, tid)
        assert row is not None and row.seed >= 0
    engine.dispose()


def _head_revision() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(storage.MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _first_release_tables():  # type: ignore[no-untyped-def]
    from sqlalchemy import Boolean, Column, Float, Integer, MetaData, String, Table, Text

    return Table(
        "tables",
        MetaData(),
        Column("id", String(32), primary_key=True),
        Column("game", String(64)),
        Column("players", Integer),
        Column("options", Text),
        Column("seats", Text),
        Column("status", String(16)),
        Column("version", Integer),
        Column("hotseat", Boolean),
        Column("seed", Integer),
        Column("rematch_of", String(32)),
        Column("rematch", String(32)),
        Column("created", Float),
        Column("updated", Float),
    )


def test_seeds_use_the_whole_64_bit_range(db_url: str) -> None:
    class Big(random.Random):
        def randrange(self, *args: object, **kw: object) -> int:
            return (1 << 62) - 1

    with TestClient(make_app(db_url, Big())) as client:
        tid, tokens = new_table(client, players=2, start=True)
        assert state(client, tid, 0, tokens[0])["table"]["status"] == "playing"


# ----- 3. bots cannot be made to think forever ----------------------------------------------------
@pytest.mark.parametrize(
    "spec", ["ismcts:seconds=86400", "ismcts:iterations=1000000000000", "ismcts:iterations=10,seconds=100"]
)
def test_bot_budgets_above_the_caps_are_refused(sqlite_url: str, spec: str) -> None:
    with TestClient(make_app(sqlite_url, max_bot_seconds=2.0, max_bot_iterations=1000)) as client:
        r = client.post(
            "/api/tables",
            json={"game": "dino-race", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": spec}]},
        )
        assert r.status_code == 400, r.text
        body = r.json()
        assert body["code"] == "bot_budget" and "at most" in body["error"]
        ok = client.post(
            "/api/tables",
            json={
                "game": "dino-race",
                "players": 2,
                "seats": [{"type": "human"}, {"type": "bot", "bot": "ismcts:iterations=1000,seconds=2"}],
            },
        )
        assert ok.status_code == 201, ok.text


# ----- 4. undo never reveals ------------------------------------------------------------------------
def test_undo_is_not_offered_after_a_step_that_showed_the_seat_something(sqlite_url: str) -> None:
    """Bringing a dino home shows its owner the face-down prize stack: no undo from there."""
    with TestClient(make_app(sqlite_url, random.Random(8))) as client:
        rng = random.Random(4)
        for _ in range(6):
            tid, tokens = new_table(
                client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True
            )
            s = state(client, tid, 0, tokens[0])
            while s["table"]["status"] == "playing":
                seat = s["table"]["to_act"]
                mine = state(client, tid, seat, tokens[seat], wait=0)
                choice = rng.choice(mine["legal"])["action"]
                s = client.post(
                    f"/api/tables/{tid}/actions",
                    json={"seat": seat, "token": tokens[seat], "action": choice, "version": mine["version"]},
                ).json()
                if "prize_choice" in s["view"] and "prize_choice" not in mine["view"]:
                    assert s["can_undo"] is False
                    r = client.post(
                        f"/api/tables/{tid}/undo", json={"seat": seat, "token": tokens[seat], "version": s["version"]}
                    )
                    assert r.status_code == 409 and r.json()["code"] == "cannot_undo"
                    return
                s = state(client, tid, 0, tokens[0], wait=0)
    raise AssertionError("no dino came home in six games")


# ----- 5. memory -----------------------------------------------------------------------------------
def test_unknown_table_ids_cost_nothing(client: TestClient) -> None:
    svc = client.app.state.service  # type: ignore[attr-defined]
    live = len(svc.live)
    for i in range(300):
        assert client.get(f"/api/tables/nope{i}/state").status_code == 404
    for weird in ("x" * 500, "a.b", "%00"):
        assert client.get(f"/api/tables/{weird}").status_code == 404
    assert len(svc.live) == live and svc.cache.loading == {}


def test_idle_tables_leave_memory_and_come_back_on_demand(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, random.Random(2), idle_seconds=0.05)) as client:
        tid, tokens = new_table(client, players=2, start=True)
        before = state(client, tid, 0, tokens[0])
        svc = client.app.state.service  # type: ignore[attr-defined]
        for _ in range(100):  # the housekeeper looks every idle/4 seconds
            if tid not in svc.live:
                break
            time.sleep(0.02)
        assert tid not in svc.live
        after = state(client, tid, 0, tokens[0])
        assert after["view"] == before["view"] and after["version"] == before["version"]
        assert tid in svc.live
        assert play_random(client, tid, tokens, random.Random(1))["table"]["status"] == "finished"


# ----- 6. every refusal is JSON -----------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"players": 3}, {"game_id": "x"}, {"data": {}}, {"turbo": 1}, {"seed": 5}])
def test_options_that_are_not_the_games_are_a_json_400(client: TestClient, options: dict[str, Any]) -> None:
    r = client.post("/api/tables", json={"game": "dino-race", "options": options})
    assert r.status_code == 400 and r.headers["content-type"] == "application/json", r.text
    body = r.json()
    assert body["code"] == "bad_config" and "option" in body["error"]


def test_a_binary_websocket_frame_closes_with_a_reason(client: TestClient) -> None:
    tid, tokens = new_table(client, players=2)
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b"\x00\x01binary")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003 and "binary" in closed.value.reason


def test_an_oversized_websocket_message_closes_with_a_reason(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, max_message_bytes=1000)) as client:
        tid, tokens = new_table(client, players=2)
        with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_text(json.dumps({"type": "ping", "pad": "x" * 2000}))
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009 and "too big" in closed.value.reason


def test_a_huge_body_is_refused_with_413(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, max_body_bytes=10_000)) as client:
        big = json.dumps({"game": "dino-race", "name": "x" * 200_000})
        r = client.post("/api/tables", content=big, headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["code"] == "too_large"

        def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams in
            yield b'{"game": "dino-race", "name": "'
            for _ in range(50):
                yield b"x" * 1000
            yield b'"}'

        r = client.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["code"] == "too_large"
        assert client.get("/api/tables").json()["tables"] == []


# ----- rate limits ---------------------------------------------------------------------------------------
def test_creating_tables_is_rate_limited_per_client(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, tables_per_minute=1.0, tables_burst=3)) as client:
        for _ in range(3):
            new_table(client, players=2)
        r = client.post("/api/tables", json={"game": "dino-race", "players": 2})
        assert r.status_code == 429 and r.json()["code"] == "rate_limited"
        assert int(r.headers["retry-after"]) >= 1
        assert client.get("/api/tables").status_code == 200  # reading is not limited


def test_actions_are_rate_limited_per_client_over_http_and_websocket(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, actions_per_second=0.01, actions_burst=2)) as client:
        tid, tokens = new_table(
            client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True
        )
        codes = []
        for _ in range(3):
            s = state(client, tid, 0, tokens[0], wait=5)
            seat = s["table"]["to_act"]
            mine = state(client, tid, seat, tokens[seat], wait=0)
            r = client.post(
                f"/api/tables/{tid}/actions",
                json={
                    "seat": seat,
                    "token": tokens[seat],
                    "action": mine["legal"][0]["action"],
                    "version": mine["version"],
                },
            )
            codes.append(r.status_code)
        assert codes == [200, 200, 429]
        with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
            first = ws.receive_json()
            ws.send_text(json.dumps({"type": "undo", "version": first["version"]}))
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == "rate_limited"


def test_the_rate_limiter_forgets_the_oldest_clients() -> None:
    from dinobox.server.limits import RateLimiter

    now = [0.0]
    limiter = RateLimiter(rate=1.0, burst=2, max_keys=100, clock=lambda: now[0])
    assert [limiter.wait("a") for _ in range(3)] == [0.0, 0.0, 1.0]
    now[0] = 1.0
    assert limiter.wait("a") == 0.0
    for i in range(1000):
        limiter.wait(f"c{i}")
    assert len(limiter) == 100


def test_an_action_a_little_over_the_rate_waits_instead_of_failing() -> None:
    from dinobox.server.limits import RateLimiter

    now = [0.0]
    limiter = RateLimiter(rate=10.0, burst=1, clock=lambda: now[0])
    assert limiter.wait("a") == 0.0
    assert limiter.wait("a", patience=1.0) == pytest.approx(0.1)  # taken: the caller waits 0.1 s
    assert limiter.wait("a", patience=0.15) == pytest.approx(0.2)  # not taken: refused
    now[0] = 0.2
    assert limiter.wait("a", patience=0.0) == 0.0
