"""Online marks (#40): a socket opened with ``?presence=1`` hears which seats have a socket open
at the table, whenever one opens or closes (spectators are no seat)."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .conftest import make_app
from .test_table_talk import next_of, two_people


def test_a_player_sees_who_is_at_the_table(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, rng=random.Random(5))) as client:
        tid, tokens = two_people(client)
        with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}&presence=1") as ann:
            assert next_of(ann, "presence")["online"] == [0]
            with client.websocket_connect(f"/ws/tables/{tid}?seat=1&token={tokens[1]}") as bob:
                assert next_of(ann, "presence")["online"] == [0, 1]
                with client.websocket_connect(f"/ws/tables/{tid}"):
                    assert next_of(ann, "presence")["online"] == [0, 1]  # a spectator is no seat
                assert next_of(ann, "presence")["online"] == [0, 1]
                bob.send_json({"type": "ping"})
                heard = [bob.receive_json()["type"]]
                while heard[-1] != "pong":
                    heard.append(bob.receive_json()["type"])
                assert "presence" not in heard  # bob did not ask: he hears none
            assert next_of(ann, "presence")["online"] == [0]
