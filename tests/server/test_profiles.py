"""Profiles: a name and a secret key the browser keeps; the key claims seats and is never shown
again, stored only as a hash; forged keys are refused and change nothing. On SQLite and
PostgreSQL."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, func, select

from dinobox.server import profile_storage, storage

from .conftest import new_table, play_random, state


def make_profile(client: TestClient, name: str = "Ann") -> tuple[str, str]:
    r = client.post("/api/profiles", json={"name": name})
    assert r.status_code == 201, r.text
    body = r.json()
    return body["profile"]["id"], body["key"]


def count(db_url: str, table: Any) -> int:
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            return int(conn.execute(select(func.count()).select_from(table)).scalar_one())
    finally:
        engine.dispose()


def test_a_profile_is_created_with_a_key_shown_once_and_stored_hashed(client: TestClient, db_url: str) -> None:
    pid, key = make_profile(client, "  Ann the Bold  ")
    assert key.startswith(pid + ".") and len(key) > len(pid) + 30
    page = client.get(f"/api/profiles/{pid}")
    assert page.status_code == 200
    assert page.json()["profile"]["name"] == "Ann the Bold"
    assert key not in page.text and key.split(".", 1)[1] not in page.text
    engine = create_engine(db_url)
    with engine.begin() as conn:
        row = conn.execute(select(profile_storage.profiles_t)).one()
    engine.dispose()
    assert row.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in json.dumps([str(v) for v in row])
    me = client.post("/api/profiles/me", json={"key": key})
    assert me.status_code == 200 and me.json()["profile"]["id"] == pid and key not in me.text


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "two\nlines", "tab\there", "nul\x00"])
def test_bad_names_are_refused_and_create_nothing(client: TestClient, db_url: str, name: str) -> None:
    r = client.post("/api/profiles", json={"name": name})
    assert r.status_code == 400 and r.json()["code"] == "bad_name", r.text
    assert count(db_url, profile_storage.profiles_t) == 0


def test_forged_and_unknown_keys_are_refused_and_change_nothing(client: TestClient, db_url: str) -> None:
    pid, key = make_profile(client)
    forged = [pid + ".not-the-secret", "nobody.secret", key + "x", "no-dot-at-all", key.upper()]
    tid, _tokens = new_table(client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0], name="Bo")
    before = client.get(f"/api/tables/{tid}").json()
    tables_before = count(db_url, storage.tables_t)
    for bad in forged:
        r = client.post("/api/profiles/me", json={"key": bad})
        assert r.status_code == 403 and r.json()["code"] == "bad_profile_key", r.text
        r = client.post(f"/api/tables/{tid}/seats/1", json={"name": "Eve", "profile_key": bad})
        assert r.status_code == 403 and r.json()["code"] == "bad_profile_key", r.text
        r = client.post("/api/tables", json={"game": "dino-race", "players": 2, "profile_key": bad})
        assert r.status_code == 403, r.text
    assert client.get(f"/api/tables/{tid}").json() == before
    assert count(db_url, storage.tables_t) == tables_before
    r = client.post("/api/profiles/me", json={"key": ""})
    assert r.status_code == 401 and r.json()["code"] == "profile_required"


def test_a_key_claims_a_seat_and_the_profile_lists_its_finished_games(client: TestClient) -> None:
    pid, key = make_profile(client, "Ann")
    tid, tokens = new_table(client, players=2, profile_key=key, name="ignored", start=True)
    table = client.get(f"/api/tables/{tid}").json()
    assert table["seats"][0]["profile"] == pid and table["seats"][0]["name"] == "Ann"
    assert table["seats"][1]["profile"] is None
    assert client.get(f"/api/profiles/{pid}").json()["games"] == []  # not while it is played
    play_random(client, tid, tokens, random.Random(4))
    games = client.get(f"/api/profiles/{pid}").json()["games"]
    assert [(g["table"], g["seat"], g["game"], g["rated"]) for g in games] == [(tid, 0, "dino-race", False)]
    assert games[0]["replay"] == f"/replay/{tid}?seat=0"
    assert games[0]["place"] in (1, 2)
    assert client.get(games[0]["replay"].split("?")[0]).status_code == 200


def test_claiming_an_open_seat_with_a_key_links_it(client: TestClient) -> None:
    pid, key = make_profile(client, "Cy")
    tid, _tokens = new_table(client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0])
    r = client.post(f"/api/tables/{tid}/seats/1", json={"name": "other", "profile_key": key})
    assert r.status_code == 200, r.text
    seat = r.json()["table"]["seats"][1]
    assert seat["profile"] == pid and seat["name"] == "Cy"
    assert key not in r.text


def test_without_a_profile_everything_works_as_before(client: TestClient) -> None:
    tid, tokens = new_table(client, players=2, start=True, name="Dee")
    end = play_random(client, tid, tokens, random.Random(5))
    assert end["table"]["status"] == "finished"
    assert end["table"]["seats"][0]["profile"] is None and not end["table"]["rated"]


def test_unknown_profiles_are_not_found(client: TestClient) -> None:
    for pid in ("nope", "x" * 40, "../etc"):
        r = client.get(f"/api/profiles/{pid}")
        assert r.status_code == 404 and r.json()["code"] == "not_found", r.text


def test_profile_pages_are_served(client: TestClient) -> None:
    pid, _ = make_profile(client)
    for path in ("/profile", f"/profile/{pid}", "/ratings", "/ratings/dino-race"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), path


def test_a_key_never_reaches_another_seat(client: TestClient) -> None:
    _, key = make_profile(client)
    tid, tokens = new_table(client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0], profile_key=key)
    secret = key.split(".", 1)[1]
    for text in (
        client.get(f"/api/tables/{tid}").text,
        client.get("/api/tables").text,
        json.dumps(state(client, tid)),
        json.dumps(state(client, tid, 0, tokens[0])),
        client.get(f"/api/tables/{tid}/ratings").text,
    ):
        assert secret not in text


@pytest.mark.parametrize("bad", ["nul\x00id.secret", "ü.x", "a b.c", ".", "x" * 33 + ".y"])
def test_keys_of_impossible_profile_ids_are_refused_before_any_lookup(client: TestClient, bad: str) -> None:
    r = client.post("/api/profiles/me", json={"key": bad})
    assert r.status_code == 403 and r.json()["code"] == "bad_profile_key", r.text
