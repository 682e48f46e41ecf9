"""The lobby's top level, ``master``: listed with what it is, seated within the server's caps
(a level named alone is never refused for its budget: it thinks at most the cap), thinking on
the search lane, and rated at a rated table like the other levels."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from dinobox.bots import LEVELS, MasterBot, StrongBot
from dinobox.server.seating import table_bot
from dinobox.server.settings import Settings

from .conftest import make_app, new_table, play_random
from .test_profiles import make_profile


def _seat(client: TestClient, bot: str, **body: object) -> tuple[int, dict[str, object]]:
    seats = [{"type": "human"}, {"type": "bot", "bot": bot}]
    r = client.post("/api/tables", json={"game": "dino-race", "players": 2, "seats": seats, **body})
    return r.status_code, r.json()


def test_the_lobby_lists_its_levels_weakest_first_with_what_each_is(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, max_bot_seconds=0.5)) as client:
        data = client.get("/api/games").json()
    levels = data["levels"]
    assert [level["bot"] for level in levels] == list(LEVELS) == ["easy", "medium", "hard", "master"]
    assert all(level["bot"] in data["bots"] and level["label"] and level["about"] for level in levels)
    master = levels[-1]
    assert master["seconds"] == 1.0 and "CPU-second" in master["label"]
    # says where it is no stronger (Dino Race) and how it wins where it cannot search (Pangaea)
    assert "Dino Race" in master["about"] and "interrupts" in master["about"]
    assert [level["seconds"] for level in levels[:-1]] == [None, None, None]  # they answer at once
    assert data["tables"]["max_bot_seconds"] == 0.5


def test_master_is_seated_within_the_servers_caps_and_a_budget_above_them_is_refused(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, max_bot_seconds=0.05, max_bot_iterations=40)) as client:
        status, made = _seat(client, "master")
        assert status == 201, made
        for spec, word in (("master:seconds=1", "0.05 s"), ("master:iterations=100", "at most 40")):
            status, refused = _seat(client, spec)
            assert status == 400 and refused["code"] == "bot_budget" and word in str(refused["error"]), refused
        status, refused = _seat(client, "master:width=1")
        assert status == 400 and refused["code"] == "bad_config" and "width" in str(refused["error"])


def test_master_thinks_on_the_search_lane_at_most_the_cap_and_hard_on_the_quick_lane() -> None:
    """The pool (``server/botpool.py``) shares the search threads between clients in turn and
    lets one client hold at most ``bot_threads_per_client`` of them: ``master`` is one of those
    searches, so many tables of it cannot take the others' bot time; ``hard`` never waits."""
    bot, searches = table_bot(Settings(max_bot_seconds=0.2), "master", 1)
    assert isinstance(bot, MasterBot) and searches and bot.seconds == 0.2
    bot, searches = table_bot(Settings(), "master", 1)
    assert isinstance(bot, MasterBot) and searches and bot.seconds == 1.0
    bot, searches = table_bot(Settings(), "master:iterations=30", 1)
    assert isinstance(bot, MasterBot) and bot.iterations == 30 and bot.seconds == Settings().max_bot_seconds
    bot, searches = table_bot(Settings(), "hard", 1)
    assert isinstance(bot, StrongBot) and not searches


def test_a_rated_table_seats_master_and_the_ladder_rates_it(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, max_bot_seconds=0.05)) as client:
        pid, key = make_profile(client, "Ann")
        status, refused = _seat(client, "master:iterations=20", rated=True, profile_key=key)
        assert status == 400 and refused["code"] == "bad_config" and "master" in str(refused["error"])
        tid, tokens = new_table(
            client,
            players=2,
            seats=[{"type": "human"}, {"type": "bot", "bot": "master"}],
            rated=True,
            profile_key=key,
            start=True,
        )
        end = play_random(client, tid, tokens, random.Random(3))
        assert end["table"]["status"] == "finished" and end["table"]["rated"]
        board = client.get("/api/ratings/dino-race").json()
    players = {p["player"]: p for p in board["players"]}
    assert set(players) == {f"profile:{pid}", "bot:master"}
    assert players["bot:master"]["games"] == 1 and players["bot:master"]["name"] == "master"
