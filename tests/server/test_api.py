"""The tables API end to end: create, join by link, start, play, finish, record, replay, rematch."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from dinobox import from_record

from .conftest import new_table, play_random, state


def test_lobby_lists_every_registered_game(client: TestClient) -> None:
    import dinobox

    data = client.get("/api/games").json()
    ids = [g["id"] for g in data["games"]]
    assert "dino-race" in ids
    assert set(ids) <= set(dinobox.game_ids())
    assert "random" in data["bots"]
    assert client.get("/openapi.json").status_code == 200


def test_full_game_against_bots_then_record_and_replay(client: TestClient) -> None:
    tid, tokens = new_table(client, players=3, start=True)
    assert list(tokens) == [0]
    final = play_random(client, tid, tokens, random.Random(1))
    assert final["table"]["status"] == "finished"
    assert final["view"]["over"] is True
    record = client.get(f"/api/tables/{tid}/record").json()
    rebuilt = from_record(record)
    assert rebuilt.is_terminal()
    assert rebuilt.view(None) == final["view"] | {"seat": None} or rebuilt.scores() == final["view"]["scores"]
    first = client.get(f"/api/tables/{tid}/replay", params={"step": 0, "seat": 1}).json()
    assert first["step"] == 0 and first["last"] is None and first["view"]["seat"] == 1
    last = client.get(f"/api/tables/{tid}/replay", params={"step": first["steps"]}).json()
    assert last["view"]["over"] is True


def test_join_by_link_then_start(client: TestClient) -> None:
    r = client.post(
        "/api/tables",
        json={
            "game": "dino-race",
            "players": 2,
            "seats": [{"type": "human"}, {"type": "human"}],
            "name": "Ann",
        },
    )
    data = r.json()
    tid, tok0 = data["table"]["id"], data["tokens"][0]["token"]
    assert data["table"]["status"] == "waiting"
    early = client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": tok0})
    assert early.status_code == 409 and early.json()["code"] == "not_ready"
    open_tables = client.get("/api/tables").json()["tables"]
    assert any(t["id"] == tid for t in open_tables)
    joined = client.post(f"/api/tables/{tid}/seats/1", json={"name": "Bob"}).json()
    tok1 = joined["tokens"][0]["token"]
    assert [s["name"] for s in joined["table"]["seats"]] == ["Ann", "Bob"]
    again = client.post(f"/api/tables/{tid}/seats/1", json={})
    assert again.status_code == 409 and again.json()["code"] == "seat_taken"
    started = client.post(f"/api/tables/{tid}/start", json={"seat": 1, "token": tok1})
    assert started.status_code == 200
    s = state(client, tid, 0, tok0)
    assert s["table"]["status"] == "playing"
    final = play_random(client, tid, {0: tok0, 1: tok1}, random.Random(2))
    assert final["table"]["status"] == "finished"


def test_rematch_keeps_the_seats(client: TestClient) -> None:
    tid, tokens = new_table(client, players=2, start=True)
    play_random(client, tid, tokens, random.Random(3))
    r = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": tokens[0]})
    assert r.status_code == 200, r.text
    new = r.json()
    assert new["table"]["rematch_of"] == tid and new["table"]["status"] == "playing"
    assert state(client, tid, 0, tokens[0])["table"]["rematch"] == new["table"]["id"]
    again = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": tokens[0]}).json()
    assert again["table"]["id"] == new["table"]["id"] and again["tokens"] == []


def test_undo_within_own_turn(client: TestClient) -> None:
    tid, tokens = new_table(client, players=2, start=True)
    rng = random.Random(5)
    for _ in range(200):
        s = state(client, tid, 0, tokens[0])
        if s["table"]["status"] != "playing":
            break
        if s["table"]["to_act"] != 0:
            continue
        # a card play without randomness: a move with a matching card or a wildcard
        quiet = [a for a in s["legal"] if a["kind"] in ("move", "push", "trip", "give_egg")]
        if not quiet:
            roll = next(a for a in s["legal"] if a["kind"] == "roll")
            client.post(
                f"/api/tables/{tid}/actions",
                params={"wait": 5},
                json={"seat": 0, "token": tokens[0], "action": roll["action"], "version": s["version"]},
            )
            continue
        choice = rng.choice(quiet)
        after = client.post(
            f"/api/tables/{tid}/actions",
            json={"seat": 0, "token": tokens[0], "action": choice["action"], "version": s["version"]},
        ).json()
        if not after["can_undo"]:
            continue
        undone = client.post(
            f"/api/tables/{tid}/undo", json={"seat": 0, "token": tokens[0], "version": after["version"]}
        )
        assert undone.status_code == 200, undone.text
        back = undone.json()
        assert back["view"] == s["view"]
        assert back["log"] == s["log"]
        assert back["version"] == after["version"] + 1
        nothing = client.post(
            f"/api/tables/{tid}/undo", json={"seat": 0, "token": tokens[0], "version": back["version"]}
        )
        assert nothing.status_code == 409 and nothing.json()["code"] == "cannot_undo"
        return
    raise AssertionError("no undoable move came up")


def test_undo_refused_after_a_random_reveal(client: TestClient) -> None:
    tid, tokens = new_table(client, players=2, start=True)
    s = state(client, tid, 0, tokens[0])
    swap = [a for a in s["legal"] if a["kind"] == "swap"]
    assert swap, "the opening hand allows a swap"
    after = client.post(
        f"/api/tables/{tid}/actions",
        json={"seat": 0, "token": tokens[0], "action": swap[0]["action"], "version": s["version"]},
    ).json()
    assert after["can_undo"] is False
    r = client.post(f"/api/tables/{tid}/undo", json={"seat": 0, "token": tokens[0], "version": after["version"]})
    assert r.status_code == 409 and "random" in r.json()["error"]


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    for path in ("/", "/table/abc", "/replay/abc", "/how-to-play/dino-race"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"], path
    assert client.get("/api/games/dino-race/rules").status_code in (200, 404)


def test_rematch_seats_are_private_to_the_tables_link(client: TestClient) -> None:
    """A rematch's open seat is not in the public lobby, and strangers do not learn where it is."""
    tid, tokens = new_table(client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True)
    play_random(client, tid, tokens, random.Random(3))
    r = client.post(f"/api/tables/{tid}/rematch", json={"seat": 0, "token": tokens[0]})
    new = r.json()["table"]
    assert new["status"] == "waiting" and new["seats"][1]["claimed"] is False
    assert all(t["id"] != new["id"] for t in client.get("/api/tables").json()["tables"])
    assert client.get(f"/api/tables/{tid}").json()["rematch"] is None
    assert state(client, tid)["table"]["rematch"] is None  # a spectator of the old table
    assert state(client, tid, 1, tokens[1])["table"]["rematch"] == new["id"]  # a player of it
    joined = client.post(f"/api/tables/{tid}/rematch", json={"seat": 1, "token": tokens[1]}).json()
    assert joined["table"]["id"] == new["id"] and joined["table"]["status"] == "playing"
