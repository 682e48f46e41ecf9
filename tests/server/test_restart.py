"""Killing and restarting the server loses no accepted action; the table goes on."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .conftest import make_app, new_table, play_random, state


def test_restart_keeps_every_accepted_action(db_url: str) -> None:
    with TestClient(make_app(db_url, random.Random(11))) as client:
        tid, tokens = new_table(client, players=3, start=True)
        play_random(client, tid, tokens, random.Random(4), stop=15)
        before = state(client, tid, 0, tokens[0])
        spectator = state(client, tid)
        assert before["table"]["status"] == "playing"
    # a brand-new app over the same file: the table is rebuilt from its stored moves
    with TestClient(make_app(db_url, random.Random(12))) as client:
        after = state(client, tid, 0, tokens[0])
        assert after["view"] == before["view"]
        assert after["log"] == before["log"]
        assert after["legal"] == before["legal"]
        assert after["version"] == before["version"]
        assert state(client, tid)["view"] == spectator["view"]
        final = play_random(client, tid, tokens, random.Random(5))
        assert final["table"]["status"] == "finished"


def test_restart_resumes_bot_tables(db_url: str) -> None:
    with TestClient(make_app(db_url)) as client:
        r = client.post(
            "/api/tables",
            json={
                "game": "dino-race",
                "players": 2,
                "claim": [],
                "start": True,
                "seats": [{"type": "bot"}, {"type": "bot"}],
            },
        )
        tid = r.json()["table"]["id"]
    with TestClient(make_app(db_url)) as client:
        final = state(client, tid, wait=20)
        assert final["table"]["status"] == "finished"
        assert client.get(f"/api/tables/{tid}/record").status_code == 200
