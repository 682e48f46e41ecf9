"""A civil chat (#40): quotas per sender (connection and address), the spectators' chat apart
from the seats' (its own cap; the players may switch it off), a spectator muted at the server,
and lines that carry their time and seat."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

from fastapi.testclient import TestClient

from .conftest import make_app
from .test_table_talk import next_of, two_people


def chat_app(sqlite_url: str, **settings: Any) -> TestClient:
    return TestClient(make_app(sqlite_url, rng=random.Random(4), **settings))


def said(ws: Any, text: str) -> dict[str, Any]:
    """Send a chat line and return what comes back: the line as everyone hears it, or the refusal."""
    ws.send_json({"type": "chat", "text": text})
    while True:
        msg = ws.receive_json()
        if msg["type"] == "error" or (msg["type"] == "chat" and msg["messages"][0]["text"] == text):
            return dict(msg)


def sockets(client: TestClient, stack: ExitStack, tid: str, n: int) -> Iterator[Any]:
    for _ in range(n):
        ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        assert ws.receive_json()["type"] == "state"
        yield ws


def test_spectators_cannot_fill_the_players_chat(sqlite_url: str) -> None:
    with chat_app(sqlite_url, chat_spectators_per_table=12, chat_per_table=50) as client, ExitStack() as stack:
        tid, tokens = two_people(client)
        ann = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}"))
        ann.receive_json()
        crowd = list(sockets(client, stack, tid, 8))
        full = 0
        for i in range(3):
            for j, ws in enumerate(crowd):
                answer = said(ws, f"noise {i}.{j}")
                full += answer.get("code") == "chat_full"
        assert full == 8 * 3 - 12  # the spectators' side filled up...
        heard = said(ann, "we can still talk")  # ...and the players' did not
        assert heard["type"] == "chat" and heard["messages"][0]["spectator"] is False


def test_each_sender_has_its_own_quota(sqlite_url: str) -> None:
    with chat_app(sqlite_url, chat_per_socket=3, chat_per_address=5) as client, ExitStack() as stack:
        tid, _tokens = two_people(client)
        first, second = sockets(client, stack, tid, 2)
        assert [said(first, f"a{i}")["type"] for i in range(3)] == ["chat"] * 3
        refused = said(first, "a3")
        assert refused["code"] == "chat_quota" and "connection" in refused["error"]
        assert [said(second, f"b{i}")["type"] for i in range(2)] == ["chat"] * 2
        refused = said(second, "b2")
        assert refused["code"] == "chat_quota" and "address" in refused["error"]
        other, _ = two_people(client)  # the quota is per table: this address may talk elsewhere
        (elsewhere,) = sockets(client, stack, other, 1)
        assert said(elsewhere, "hello")["type"] == "chat"
        assert len(client.get(f"/api/tables/{tid}/chat").json()["messages"]) == 5


def test_a_sender_over_its_rate_waits(sqlite_url: str) -> None:
    with chat_app(sqlite_url, chat_per_minute=1.0, chat_burst=2) as client, ExitStack() as stack:
        tid, _tokens = two_people(client)
        (ws,) = sockets(client, stack, tid, 1)
        assert said(ws, "one")["type"] == said(ws, "two")["type"] == "chat"
        refused = said(ws, "three")
        assert refused["code"] == "rate_limited" and refused["retry_after"] >= 1


def test_the_players_switch_the_spectators_chat_off_and_on(sqlite_url: str) -> None:
    with chat_app(sqlite_url) as client, ExitStack() as stack:
        tid, tokens = two_people(client)
        ann = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}"))
        ann.receive_json()
        (rail,) = sockets(client, stack, tid, 1)
        rail.send_json({"type": "chat_rules", "spectators": False})
        assert next_of(rail, "error")["code"] == "bad_token"  # a spectator has no say
        assert said(rail, "still on")["type"] == "chat"
        ann.send_json({"type": "chat_rules", "spectators": False})
        assert next_of(rail, "chat_rules") == {"type": "chat_rules", "spectators": False, "muted": []}
        assert said(rail, "let me in")["code"] == "spectators_off"
        assert said(ann, "quiet now")["type"] == "chat"
        assert client.get(f"/api/tables/{tid}/chat").json()["rules"]["spectators"] is False
        ann.send_json({"type": "chat_rules", "spectators": True})
        next_of(rail, "chat_rules")
        assert said(rail, "thanks")["type"] == "chat"
        texts = [m["text"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]]
        assert texts == ["still on", "quiet now", "thanks"]


def test_a_player_mutes_a_spectator_at_the_server(sqlite_url: str) -> None:
    with chat_app(sqlite_url) as client, ExitStack() as stack:
        tid, tokens = two_people(client)
        ann = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}"))
        ann.receive_json()
        (rail,) = sockets(client, stack, tid, 1)
        line = said(rail, "boo")["messages"][0]
        mark = line["from"]
        assert line["name"] == f"Spectator {mark}" and len(mark) == 6
        ann.send_json({"type": "chat_rules", "mute": mark})
        assert next_of(ann, "chat_rules")["muted"] == [mark]
        assert said(rail, "boo again")["code"] == "muted"
        (again,) = sockets(client, stack, tid, 1)  # a new connection from that address: still muted
        assert said(again, "it's me")["code"] == "muted"
        ann.send_json({"type": "chat_rules", "mute": "not-a-mark"})
        assert next_of(ann, "error")["code"] == "malformed"
        ann.send_json({"type": "chat_rules", "unmute": mark})
        next_of(ann, "chat_rules")
        assert said(rail, "sorry")["type"] == "chat"


def test_a_line_carries_its_time_and_seat(sqlite_url: str) -> None:
    with chat_app(sqlite_url) as client, ExitStack() as stack:
        tid, tokens = two_people(client)
        bob = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}?seat=1&token={tokens[1]}"))
        bob.receive_json()
        line = said(bob, "hi")["messages"][0]
        assert line["seat"] == 1 and line["name"] == "Bob" and line["at"] > 1.7e9
