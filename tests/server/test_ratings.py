"""Ratings on the server: a rated table's result updates its players' OpenSkill ratings (bot
levels included) once, in the transaction that stores its last move; bad requests change
nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select

from dinobox.server import profile_storage, storage

from .conftest import new_table, play_random
from .test_profiles import count, make_profile


def finish_rated(client: TestClient, key: str, bot: str = "heuristic", seed: int = 6) -> tuple[str, dict[str, Any]]:
    tid, tokens = new_table(
        client,
        players=2,
        seats=[{"type": "human"}, {"type": "bot", "bot": bot}],
        rated=True,
        profile_key=key,
        start=True,
    )
    end = play_random(client, tid, tokens, random.Random(seed))
    assert end["table"]["status"] == "finished" and end["table"]["rated"]
    return tid, end


def test_a_rated_table_rates_the_profile_and_the_bot_level(client: TestClient) -> None:
    pid, key = make_profile(client, "Ann")
    tid, end = finish_rated(client, key)
    board = client.get("/api/ratings/dino-race").json()
    players = {p["player"]: p for p in board["players"]}
    assert set(players) == {f"profile:{pid}", "bot:heuristic"}
    assert players[f"profile:{pid}"]["name"] == "Ann" and players["bot:heuristic"]["name"] == "heuristic"
    assert all(p["games"] == 1 for p in players.values())
    assert [p["place"] for p in board["players"]] == [1, 2]
    assert board["players"][0]["ordinal"] >= board["players"][1]["ordinal"]
    winner = end["table"]["result"]["winners"]
    mine = players[f"profile:{pid}"]
    assert (mine["mu"] > 25) == (0 in winner)
    seats = client.get(f"/api/tables/{tid}/ratings").json()
    assert seats["rated"] and [s["player"] for s in seats["seats"]] == [f"profile:{pid}", "bot:heuristic"]
    assert seats["seats"][0]["change"]["after"]["mu"] == pytest.approx(mine["mu"], abs=1e-3)
    assert seats["seats"][0]["change"]["place"] == (1 if 0 in winner else 2)
    profile = client.get(f"/api/profiles/{pid}").json()
    assert profile["ratings"][0]["game"] == "dino-race" and profile["ratings"][0]["games"] == 1
    assert profile["games"][0]["rated"] and profile["games"][0]["change"] is not None


def test_ratings_accumulate_over_tables(client: TestClient) -> None:
    _, key = make_profile(client)
    finish_rated(client, key, seed=1)
    finish_rated(client, key, seed=2)
    board = client.get("/api/ratings/dino-race").json()["players"]
    assert {p["games"] for p in board} == {2}
    assert all(p["sigma"] < 25 / 3 for p in board)


def test_an_unrated_table_changes_no_rating(client: TestClient, db_url: str) -> None:
    _pid, key = make_profile(client)
    tid, tokens = new_table(client, players=2, profile_key=key, start=True)
    play_random(client, tid, tokens, random.Random(3))
    assert client.get("/api/ratings/dino-race").json()["players"] == []
    assert count(db_url, profile_storage.rating_changes_t) == 0
    seats = client.get(f"/api/tables/{tid}/ratings").json()
    assert not seats["rated"] and all(s["change"] is None for s in seats["seats"])
    assert seats["seats"][0]["rating"]["games"] == 0  # a newcomer's rating is still shown
    assert seats["seats"][1]["player"] == "bot:random"
    # rating it by hand is refused, and writes nothing
    engine = create_engine(db_url)
    with engine.begin() as conn:
        row = storage.load_table(conn, tid)
        assert row is not None
        with pytest.raises(profile_storage.NotRatedError, match="not rated"):
            profile_storage.apply_rating(conn, row, [1, 2])
    engine.dispose()
    assert count(db_url, profile_storage.ratings_t) == 0


def test_a_table_is_rated_once(client: TestClient, db_url: str) -> None:
    _, key = make_profile(client)
    tid, _ = finish_rated(client, key)
    before = client.get("/api/ratings/dino-race").json()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        row = storage.load_table(conn, tid)
        assert row is not None
        assert profile_storage.apply_rating(conn, row, [1, 2]) == {}
        profile_storage.record_finish(conn, row, _finished_state(client, tid))
        changes = conn.execute(select(profile_storage.rating_changes_t)).all()
    engine.dispose()
    assert len(changes) == 2
    assert client.get("/api/ratings/dino-race").json() == before


def _finished_state(client: TestClient, tid: str) -> Any:
    import dinobox

    return dinobox.from_record(client.get(f"/api/tables/{tid}/record").json())


def test_rated_tables_need_profiles_and_refusals_change_nothing(client: TestClient, db_url: str) -> None:
    _pid, key = make_profile(client)
    tables = count(db_url, storage.tables_t)
    r = client.post("/api/tables", json={"game": "dino-race", "players": 2, "rated": True})
    assert r.status_code == 401 and r.json()["code"] == "profile_required", r.text
    humans = [{"type": "human"}, {"type": "human"}]
    r = client.post(
        "/api/tables",
        json={
            "game": "dino-race",
            "players": 2,
            "seats": humans,
            "claim": [0, 1],
            "hotseat": True,
            "rated": True,
            "profile_key": key,
        },
    )
    assert r.status_code == 400 and "hotseat" in r.json()["error"], r.text
    assert count(db_url, storage.tables_t) == tables
    tid, _ = new_table(client, players=2, seats=humans, rated=True, profile_key=key)
    before = client.get(f"/api/tables/{tid}").json()
    r = client.post(f"/api/tables/{tid}/seats/1", json={"name": "anon"})
    assert r.status_code == 401 and r.json()["code"] == "profile_required", r.text
    r = client.post(f"/api/tables/{tid}/seats/1", json={"profile_key": key})
    assert r.status_code == 409 and r.json()["code"] == "profile_seated", r.text
    assert client.get(f"/api/tables/{tid}").json() == before
    _, other = make_profile(client, "Bo")
    r = client.post(f"/api/tables/{tid}/seats/1", json={"profile_key": other})
    assert r.status_code == 200, r.text


def test_unknown_games_have_no_leaderboard(client: TestClient) -> None:
    for game in ("chess", "DINO-RACE", "x" * 70):
        r = client.get(f"/api/ratings/{game}")
        assert r.status_code == 404 and r.json()["code"] == "not_found", r.text
    assert client.get("/api/tables/nope/ratings").status_code == 404


def test_a_rematch_of_a_rated_table_is_rated_and_keeps_the_profile(client: TestClient) -> None:
    pid, key = make_profile(client)
    tid, tokens = new_table(
        client,
        players=2,
        seats=[{"type": "human"}, {"type": "bot", "bot": "random"}],
        rated=True,
        profile_key=key,
        start=True,
    )
    play_random(client, tid, tokens, random.Random(8))
    r = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 200, r.text
    table = r.json()["table"]
    assert table["rated"] and table["seats"][0]["profile"] == pid


def test_the_ratings_command_prints_a_servers_leaderboard(client: TestClient, db_url: str) -> None:
    from typer.testing import CliRunner

    from dinobox.cli.app import app

    finish_rated(client, make_profile(client, "Zed")[1])
    result = CliRunner().invoke(app, ["ratings", "dino-race", "--db", db_url])
    assert result.exit_code == 0, result.output
    assert "Zed (profile" in result.output and "bot heuristic" in result.output
    empty = CliRunner().invoke(app, ["ratings", "pangaea", "--db", db_url])
    assert empty.exit_code == 0 and "No rated games of pangaea" in empty.output


def test_first_ratings_never_collide_and_unplayed_rows_stay_off_the_ladder(client: TestClient, db_url: str) -> None:
    engine = create_engine(db_url)
    with engine.begin() as conn:
        profile_storage.ensure_ratings(conn, "dino-race", ["bot:random", "bot:easy"], 1.0)
        profile_storage.ensure_ratings(conn, "dino-race", ["bot:easy", "bot:heuristic"], 2.0)  # existing rows kept
        assert set(profile_storage.load_ratings(conn, "dino-race", ["bot:random", "bot:heuristic"], lock=True)) == {
            "bot:random",
            "bot:heuristic",
        }
    engine.dispose()
    assert count(db_url, profile_storage.ratings_t) == 3
    assert client.get("/api/ratings/dino-race").json()["players"] == []  # no rated game yet
