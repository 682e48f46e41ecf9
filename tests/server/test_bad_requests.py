"""Every bad request gets a clear JSON error and changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .conftest import new_table, state


@pytest.fixture
def table(client: TestClient) -> tuple[str, dict[int, str]]:
    tid, tokens = new_table(client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True)
    s = state(client, tid, 0, tokens[0])
    if s["table"]["to_act"] != 0:  # make seat 0 the one to act in every test below
        s1 = state(client, tid, 1, tokens[1])
        roll = next(a for a in s1["legal"] if a["kind"] == "roll")
        client.post(
            f"/api/tables/{tid}/actions",
            json={"seat": 1, "token": tokens[1], "action": roll["action"], "version": s1["version"]},
        )
    return tid, tokens


def snapshot(client: TestClient, tid: str, tokens: dict[int, str]) -> list[dict[str, Any]]:
    return [state(client, tid, seat, tok, wait=0) for seat, tok in sorted(tokens.items())] + [
        state(client, tid, wait=0)
    ]


def act(client: TestClient, tid: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/actions", json=body)


def legal_and_version(client: TestClient, tid: str, tokens: dict[int, str], seat: int = 0) -> tuple[int, int]:
    s = state(client, tid, seat, tokens[seat], wait=0)
    return s["legal"][0]["action"], s["version"]


CASES = {
    "bad token": (lambda t, a, v: {"seat": 0, "token": "not-the-token", "action": a, "version": v}, 403, "bad_token"),
    "another seat's token": (lambda t, a, v: {"seat": 0, "token": t[1], "action": a, "version": v}, 403, "bad_token"),
    "wrong seat (not its turn)": (
        lambda t, a, v: {"seat": 1, "token": t[1], "action": a, "version": v},
        409,
        "not_your_turn",
    ),
    "stale version": (lambda t, a, v: {"seat": 0, "token": t[0], "action": a, "version": v - 1}, 409, "stale"),
    "illegal action": (lambda t, a, v: {"seat": 0, "token": t[0], "action": 9999, "version": v}, 422, "illegal_action"),
    "action is not an int": (lambda t, a, v: {"seat": 0, "token": t[0], "action": "1", "version": v}, 422, "malformed"),
    "action is a bool": (lambda t, a, v: {"seat": 0, "token": t[0], "action": True, "version": v}, 422, "malformed"),
    "missing field": (lambda t, a, v: {"seat": 0, "token": t[0], "action": a}, 422, "malformed"),
    "unknown field": (lambda t, a, v: {"seat": 0, "token": t[0], "action": a, "version": v, "x": 1}, 422, "malformed"),
    "seat out of range": (lambda t, a, v: {"seat": 7, "token": t[0], "action": a, "version": v}, 400, "bad_seat"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_action_requests_change_nothing(client: TestClient, table: tuple[str, dict[int, str]], case: str) -> None:
    tid, tokens = table
    build, status, code = CASES[case]
    before = snapshot(client, tid, tokens)
    action, version = legal_and_version(client, tid, tokens)
    r = act(client, tid, **build(tokens, action, version))
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and isinstance(body["error"], str) and body["error"]
    assert snapshot(client, tid, tokens) == before


def test_illegal_action_reason_is_the_engines(client: TestClient, table: tuple[str, dict[int, str]]) -> None:
    tid, tokens = table
    _, version = legal_and_version(client, tid, tokens)
    body = act(client, tid, seat=0, token=tokens[0], action=9999, version=version).json()
    assert body["error"].startswith("action 9999 refused")


def test_malformed_json_body(client: TestClient, table: tuple[str, dict[int, str]]) -> None:
    tid, tokens = table
    before = snapshot(client, tid, tokens)
    r = client.post(
        f"/api/tables/{tid}/actions", content=b'{"seat": 0, "tok', headers={"content-type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["code"] == "malformed" and "JSON" in r.json()["error"]
    assert snapshot(client, tid, tokens) == before


def test_unknown_table(client: TestClient) -> None:
    for r in (
        client.get("/api/tables/nope"),
        client.get("/api/tables/nope/state"),
        client.post("/api/tables/nope/actions", json={"seat": 0, "token": "x", "action": 1, "version": 0}),
    ):
        assert r.status_code == 404 and r.json() == {"error": "there is no table 'nope'", "code": "not_found"}


def test_bad_table_configurations(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, "bad_config"),
        ({"game": "dino-race", "players": 9}, "bad_config"),
        ({"game": "dino-race", "options": {"turbo": True}}, "bad_config"),
        ({"game": "dino-race", "players": 2, "seats": [{"type": "human"}]}, "bad_config"),
        (
            {"game": "dino-race", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "bot": "genius"}]},
            "bad_config",
        ),
        ({"game": "dino-race", "players": 2, "claim": [1]}, "bad_config"),
        (
            {"game": "dino-race", "players": 2, "seats": [{"type": "human"}, {"type": "human"}], "start": True},
            "not_ready",
        ),
    ]
    count = len(client.get("/api/tables").json()["tables"])
    for body, code in cases:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and r.json()["code"] == code, (body, r.text)
    assert len(client.get("/api/tables").json()["tables"]) == count


def test_state_with_a_bad_token_is_refused(client: TestClient, table: tuple[str, dict[int, str]]) -> None:
    tid, tokens = table
    r = client.get(f"/api/tables/{tid}/state", params={"seat": 1, "token": tokens[0]})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"


def test_record_and_replay_wait_for_the_end(client: TestClient, table: tuple[str, dict[int, str]]) -> None:
    tid, _ = table
    for path in (f"/api/tables/{tid}/record", f"/api/tables/{tid}/replay"):
        r = client.get(path)
        assert r.status_code == 409 and r.json()["code"] == "not_finished"


def test_websocket_bad_requests(client: TestClient, table: tuple[str, dict[int, str]]) -> None:
    tid, tokens = table
    before = snapshot(client, tid, tokens)
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state"
        version = first["version"]
        for text, code in [
            ("{not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"type": "dance"}', "malformed"),
            (json.dumps({"type": "action", "version": version}), "malformed"),
            (json.dumps({"type": "action", "action": 9999, "version": version}), "illegal_action"),
            (json.dumps({"type": "action", "action": first["legal"][0]["action"], "version": version - 1}), "stale"),
            ('{"type": "join", "seat": 1, "token": "nope"}', "bad_token"),
        ]:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == code and reply["error"], text
    assert snapshot(client, tid, tokens) == before
    with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token=wrong") as ws:
        reply = ws.receive_json()
        assert reply["code"] == "bad_token"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "not_found"
