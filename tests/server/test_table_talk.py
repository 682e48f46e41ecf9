"""Around the table: resigning, and the table's chat over the WebSocket (marked spectators,
plain text, length limit, kept with the table and shown in replays)."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient


def two_people(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    body = {"game": "dino-race", "players": 2, "seats": [{"type": "human"}] * 2, "claim": [0], "name": "Ann"}
    made = client.post("/api/tables", json=body | extra).json()
    tid = made["table"]["id"]
    if extra.get("hotseat"):
        return tid, [t["token"] for t in made["tokens"]]
    bob = client.post(f"/api/tables/{tid}/seats/1", json={"name": "Bob"}).json()["tokens"][0]["token"]
    client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": made["tokens"][0]["token"]})
    return tid, [made["tokens"][0]["token"], bob]


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (pictures of the table may come between)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return dict(msg)


def test_a_seat_resigns_it_ranks_last_and_the_game_ends(client: TestClient) -> None:
    tid, tokens = two_people(client)
    wrong = client.post(f"/api/tables/{tid}/resign", json={"seat": 1, "token": tokens[0]})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_token"
    table = client.post(f"/api/tables/{tid}/resign", json={"seat": 1, "token": tokens[1]}).json()
    assert table["status"] == "finished"
    assert table["result"] == {"scores": [0, 0], "winners": [0], "forfeit": 1, "how": "resigned"}
    again = client.post(f"/api/tables/{tid}/resign", json={"seat": 0, "token": tokens[0]})
    assert again.status_code == 409 and again.json()["code"] == "finished"
    assert client.get(f"/api/tables/{tid}/record").json()["result"]["how"] == "resigned"


def test_chat_reaches_seats_and_spectators_marked_and_is_kept_for_replays(client: TestClient) -> None:
    tid, tokens = two_people(client)
    with (
        client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={tokens[0]}") as ann,
        client.websocket_connect(f"/ws/tables/{tid}") as watcher,
    ):
        for ws in (ann, watcher):
            assert ws.receive_json()["type"] == "state"
        ann.send_json({"type": "chat", "text": "  <b>hello</b>\x07  "})
        heard = [next_of(ws, "chat") for ws in (ann, watcher)]
        assert all(h["messages"][0]["text"] == "<b>hello</b>" and h["messages"][0]["name"] == "Ann" for h in heard)
        watcher.send_json({"type": "chat", "text": "hi from the rail"})
        said = next_of(ann, "chat")["messages"][0]
        assert said["spectator"] is True and said["seat"] is None
        next_of(watcher, "chat")
        watcher.send_json({"type": "chat", "text": "x" * 501})
        assert next_of(watcher, "error")["code"] == "malformed"
        watcher.send_json({"type": "chat", "text": "   "})
        assert next_of(watcher, "error")["code"] == "malformed"
        ann.send_json({"type": "resign"})
        while next_of(ann, "state")["table"]["status"] != "finished":
            pass
    names = [m["name"] for m in client.get(f"/api/tables/{tid}/chat").json()["messages"]]
    assert names[0] == "Ann" and names[1].startswith("Spectator ")
    replay = client.get(f"/api/tables/{tid}/replay?step=0").json()
    assert [m["text"] for m in replay["chat"]] == ["<b>hello</b>", "hi from the rail"]


def test_on_a_hotseat_table_the_chat_belongs_to_the_table(client: TestClient) -> None:
    tid, tokens = two_people(client, hotseat=True, start=True)
    with client.websocket_connect(f"/ws/tables/{tid}") as device:  # behind the curtain: no seat joined
        device.receive_json()
        device.send_json({"type": "chat", "text": "good luck", "seat": 1, "token": tokens[1]})
        said = next_of(device, "chat")["messages"][0]
        assert said["seat"] == -1 and said["spectator"] is False and said["name"] == "At the table"


def test_a_seat_silent_past_the_tables_limit_can_be_claimed_as_a_win(client: TestClient) -> None:
    tid, tokens = two_people(client, silence_seconds=5)
    assert client.get(f"/api/tables/{tid}").json()["silence"] == 5
    to_act = client.get(f"/api/tables/{tid}/state?wait=5").json()["table"]["to_act"]
    other = 1 - to_act
    mine = client.post(f"/api/tables/{tid}/claim-abandoned", json={"seat": to_act, "token": tokens[to_act]})
    assert mine.status_code == 409 and mine.json()["code"] == "not_abandoned"
    early = client.post(f"/api/tables/{tid}/claim-abandoned", json={"seat": other, "token": tokens[other]})
    assert early.status_code == 409 and "before it can be claimed" in early.json()["error"]
    time.sleep(5.1)
    table = client.post(f"/api/tables/{tid}/claim-abandoned", json={"seat": other, "token": tokens[other]}).json()
    assert table["status"] == "finished"
    assert table["result"] == {"scores": [0, 0], "winners": [other], "forfeit": to_act, "how": "abandoned"}


def test_a_seat_within_the_default_silence_limit_cannot_be_claimed(client: TestClient) -> None:
    tid, tokens = two_people(client)
    r = client.post(f"/api/tables/{tid}/claim-abandoned", json={"seat": 1, "token": tokens[1]})
    assert r.status_code == 409 and r.json()["code"] == "not_abandoned"
    bad = client.post("/api/tables", json={"game": "dino-race", "silence_seconds": 0})
    assert bad.status_code == 422 and bad.json()["code"] == "malformed"


def test_a_profile_is_renamed_with_its_key_only(client: TestClient) -> None:
    made = client.post("/api/profiles", json={"name": "Rex"}).json()
    wrong = client.post("/api/profiles/me/name", json={"key": made["key"] + "x", "name": "Mallory"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_profile_key"
    bad = client.post("/api/profiles/me/name", json={"key": made["key"], "name": "  "})
    assert bad.status_code == 400 and bad.json()["code"] == "bad_name"
    done = client.post("/api/profiles/me/name", json={"key": made["key"], "name": "Rex II"}).json()
    assert done["profile"]["name"] == "Rex II"
    assert client.get(f"/api/profiles/{made['profile']['id']}").json()["profile"]["name"] == "Rex II"


def test_turns_lists_whose_move_it_is_at_the_tables_asked_for(client: TestClient) -> None:
    tid, _ = two_people(client)
    to_act = client.get(f"/api/tables/{tid}/state?wait=5").json()["table"]["to_act"]
    got = client.get(f"/api/tables/turns?ids={tid},nosuchtable,{tid}").json()["tables"]
    assert [(t["id"], t["to_act"]) for t in got] == [(tid, to_act)]
    assert "token" not in str(got)
    bad = client.get("/api/tables/turns?ids=" + ",".join(["a"] * 21))
    assert bad.status_code == 422


def test_turns_of_a_profile_lists_the_tables_in_play_it_holds_a_seat_at(client: TestClient) -> None:
    rex = client.post("/api/profiles", json={"name": "Rex"}).json()
    rex_id, key = rex["profile"]["id"], rex["key"]
    made = client.post(
        "/api/tables",
        json={"game": "dino-race", "players": 2, "seats": [{"type": "human"}] * 2, "claim": [0], "name": "Ann"},
    ).json()
    tid = made["table"]["id"]
    client.post(f"/api/tables/{tid}/seats/1", json={"name": "Rex", "profile_key": key})  # on another browser
    assert client.get(f"/api/tables/turns?profile={rex_id}").json()["tables"] == []  # not started yet
    client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": made["tokens"][0]["token"]})
    other, _ = two_people(client)  # Rex plays no part there
    to_act = client.get(f"/api/tables/{tid}/state?wait=5").json()["table"]["to_act"]
    got = client.get(f"/api/tables/turns?profile={rex_id}&ids={other}").json()["tables"]
    assert {t["id"] for t in got} == {tid, other}
    assert [t["to_act"] for t in got if t["id"] == tid] == [to_act]
    assert [t["seats"][1]["profile"] for t in got if t["id"] == tid] == [rex_id]
    assert key not in str(got) and key.split(".")[1] not in str(got)
    assert client.get("/api/tables/turns?profile=nobody").json()["tables"] == []
    assert client.get("/api/tables/turns?profile=bad%25id").status_code == 422


def test_on_a_hotseat_table_the_creators_name_goes_to_one_seat_only(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "dino-race", "players": 2, "seats": [{"type": "human"}] * 2, "hotseat": True, "name": "Alice"},
    ).json()
    assert [s["name"] for s in made["table"]["seats"]] == ["Alice", "Player 2"]
