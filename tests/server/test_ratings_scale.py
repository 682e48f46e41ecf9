"""Ratings with two server processes over one PostgreSQL store: rated tables finishing in both at
once, against the same bot level (a new player to both), are each rated exactly once."""

from __future__ import annotations

import random
import threading

from fastapi.testclient import TestClient

from .conftest import make_app, new_table, play_random


def test_two_processes_rate_the_same_new_bot_level_at_once(pg_url: str) -> None:
    with TestClient(make_app(pg_url, random.Random(1))) as a, TestClient(make_app(pg_url, random.Random(2))) as b:
        games: list[tuple[TestClient, str, dict[int, str]]] = []
        for client in (a, b, a, b):
            key = client.post("/api/profiles", json={"name": "P"}).json()["key"]
            seats = [{"type": "human"}, {"type": "bot", "bot": "random"}]
            tid, tokens = new_table(client, players=2, seats=seats, rated=True, profile_key=key, start=True)
            games.append((client, tid, tokens))
        errors: list[BaseException] = []

        def play(client: TestClient, tid: str, tokens: dict[int, str], seed: int) -> None:
            try:
                play_random(client, tid, tokens, random.Random(seed))
            except BaseException as exc:  # reported below
                errors.append(exc)

        threads = [threading.Thread(target=play, args=(*g, i)) for i, g in enumerate(games)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        assert not errors, errors
        board = {p["player"]: p for p in a.get("/api/ratings/dino-race").json()["players"]}
        assert board["bot:random"]["games"] == 4
        assert sum(1 for p in board.values() if p["kind"] == "profile" and p["games"] == 1) == 4
        for client, tid, _ in games:
            seats = client.get(f"/api/tables/{tid}/ratings").json()["seats"]
            assert all(s["change"] is not None for s in seats)
