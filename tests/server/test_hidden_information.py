"""Hidden information: every message every seat receives, across whole games of every
registered game, is exactly a projection the contract allows (view, log, that seat's legal
actions, public table data) of a real position, and nothing else."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dinobox
from dinobox.engine.registry import game_class
from dinobox.engine.state import State
from dinobox.server.messages import PUBLIC_SEAT_KEYS, legal_for, refusals_for

from .conftest import make_app, new_table

MESSAGE_KEYS = {
    "type",
    "table",
    "version",
    "seat",
    "view",
    "log_start",
    "log",
    "legal",
    "refusals",
    "can_undo",
    "clock",
}
CLOCK_KEYS = {"control", "remaining", "ticking", "standin", "forfeit", "timeouts", "server_time"}
BANK = 6 * 3600
CLOCK = {"type": "realtime", "bank_seconds": BANK, "increment_seconds": 5, "on_timeout": "lose"}
TABLE_KEYS = {
    "id",
    "game",
    "title",
    "players",
    "options",
    "status",
    "version",
    "hotseat",
    "rated",
    "seats",
    "to_act",
    "rematch",
    "rematch_of",
    "created",
    "updated",
    "time_control",
    "silence",
}


def norm(x: Any) -> Any:
    return json.loads(json.dumps(x))


def receive_until(ws: Any, version: int, inbox: list[dict[str, Any]]) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        inbox.append(msg)
        if msg["type"] == "state" and msg["version"] >= version:
            return msg


def projections(record: dict[str, Any]) -> Iterator[State]:
    """Every position of the finished game, in order."""
    game = dinobox.load_game(record["game"], players=record["players"], **record["options"])
    state = game.new_initial_state()
    yield state.clone()
    for action in record["history"]:
        state.apply_action(action)
        yield state.clone()


CHAT_KEYS = {"n", "seat", "name", "text", "at", "spectator"}
HINT_USED_KEYS = {"type", "seat", "move"}
EARLY_RESULT_KEYS = {"scores", "winners", "forfeit", "how"}


def check_chat(msg: dict[str, Any], said: set[str], tokens: dict[int, str]) -> None:
    """A chat message carries what people typed, who typed it and when: nothing of the game."""
    assert set(msg) == {"type", "messages"}
    for line in msg["messages"]:
        assert set(line) == CHAT_KEYS | ({"from"} if line["spectator"] else set()) and line["text"] in said
        assert line["spectator"] == (line["seat"] is None)
    raw = json.dumps(msg)
    assert not any(token in raw for token in tokens.values())


def check_seat_messages(
    record: dict[str, Any],
    seat: int | None,
    inbox: list[dict[str, Any]],
    tokens: dict[int, str],
    said: set[str] = frozenset(),  # type: ignore[assignment]
) -> None:
    for msg in inbox:
        if msg["type"] == "chat":
            check_chat(msg, set(said), tokens)
        if msg["type"] == "hint_used":  # who asked the coach, and where: never what it said
            assert set(msg) == HINT_USED_KEYS, msg
    inbox = [m for m in inbox if m["type"] not in ("chat", "hint_used")]
    positions = list(projections(record))
    # The log only grows (no undo here): the log at position i is the final log's entries
    # emitted before action i was applied (checked against the real log at the end).
    final_log = norm(positions[-1].log(seat))
    index = 0
    log: list[dict[str, Any]] = []
    for msg in inbox:
        assert msg["type"] == "state", msg
        assert set(msg) == MESSAGE_KEYS
        assert set(msg["table"]) - {"result"} == TABLE_KEYS
        if "result" in msg["table"]:
            assert msg["table"]["status"] == "finished"
            result = msg["table"]["result"]
            assert set(result) == ({"scores", "winners"} if "how" not in result else EARLY_RESULT_KEYS)
            # a game that ended early shows the scores as they stood: it is over, so its record
            # (every card and die roll) is public too and they reveal nothing more
            assert isinstance(result["scores"], list)
        for entry in msg["table"]["seats"]:
            assert set(entry) == set(PUBLIC_SEAT_KEYS)
        check_clock(msg, record["players"])
        raw = json.dumps(msg)
        for other, token in tokens.items():
            assert token not in raw, f"seat {other}'s token reached seat {seat}"
        assert msg["seat"] == seat
        log = log[: msg["log_start"]] + msg["log"]
        while True:
            assert index < len(positions), f"seat {seat} got a message matching no position: {msg['view']}"
            pos = positions[index]
            if norm(pos.view(seat)) == msg["view"]:
                expected_log = norm(pos.log(seat)) if index == 0 else [e for e in final_log if e["move"] < index]
                if expected_log == log:
                    break
            index += 1
        expected_legal = []
        if seat is not None and pos.current_player() == seat and msg["table"]["status"] == "playing":
            expected_legal = legal_for(pos, seat)  # describe_action of each legal action, nothing more
            assert [a["action"] for a in expected_legal] == pos.legal_actions()
        assert msg["legal"] == norm(expected_legal)
        check_refusals(msg, pos, seat)
    assert log == final_log, "the last message carries the whole final log"


def check_refusals(msg: dict[str, Any], pos: State, seat: int | None) -> None:
    """The reasons for the seat's refused actions come from the position, only for the seat to
    act, and say nothing the seat cannot know: a redraw of everything hidden from it (``resample``)
    gives the same reasons."""
    if seat is None or pos.current_player() != seat or msg["table"]["status"] != "playing":
        assert msg["refusals"] == []
        return
    assert msg["refusals"] == norm(refusals_for(pos, seat))
    if msg["refusals"] and pos.game.hidden_information:
        redrawn = pos.resample(seat, random.Random(len(pos.history())))
        assert norm(refusals_for(redrawn, seat)) == msg["refusals"], "a reason depends on what the seat cannot see"


@pytest.mark.parametrize("game_id", [g for g in dinobox.game_ids() if game_class(g).hidden_information])
def test_refusal_reasons_never_depend_on_what_the_seat_cannot_see(game_id: str) -> None:
    """At every decision of a seeded game, the reasons the seat to act is sent for its refused
    pieces (``refusals_for``: opponents' hands, the deck order and face-down tokens hidden) are the
    same in redraws of everything it cannot see: no reason tells it any of that."""
    cls = game_class(game_id)
    players = max(cls.min_players, min(cls.default_players or cls.min_players, 3))
    rng = random.Random(7)
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.history()) % 3 == 0:  # every third decision keeps it to seconds
            reasons = norm(refusals_for(state, seat))
            for redraw in range(2):
                again = state.resample(seat, random.Random(redraw))
                assert norm(refusals_for(again, seat)) == reasons, f"a reason tells seat {seat} something hidden"
            checked += bool(reasons)
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10 or game_id not in SHIPPED  # a test plugin's game may refuse little


SHIPPED = ("dino-race", "dinosaur-rush", "pangaea", "trex-island")


def check_clock(msg: dict[str, Any], players: int) -> None:
    """The clock is public and the same for every reader: each seat's time, who is ticking (the
    person to act, nobody else) and the server's time. Nothing else."""
    clock = msg["clock"]
    assert set(clock) == CLOCK_KEYS
    assert clock["control"] == msg["table"]["time_control"] == norm(CLOCK) | {"bank_seconds": float(BANK)}
    assert len(clock["remaining"]) == players and all(0 <= t <= BANK + 3600 for t in clock["remaining"])
    to_act = msg["table"]["to_act"] if msg["table"]["status"] == "playing" else None
    person = to_act is not None and msg["table"]["seats"][to_act]["type"] == "human"  # not a leaver's bot
    assert clock["ticking"] == (to_act if person else None)
    assert clock["standin"] is None and clock["forfeit"] is None


def registered_games() -> list[str]:
    return dinobox.game_ids()


# What a seat is sent does not depend on the store: every game on SQLite, and one game with
# hidden hands and a hidden deck on PostgreSQL, the store's own round trip of the same table.
PROJECTION_CASES = [pytest.param("sqlite", g, id=f"sqlite-{g}") for g in registered_games()] + [
    pytest.param("postgresql", "trex-island", id="postgresql-trex-island")
]


@pytest.mark.parametrize(("db_url", "game_id"), PROJECTION_CASES, indirect=["db_url"])
def test_every_message_is_an_allowed_projection(client: TestClient, game_id: str) -> None:
    cls = game_class(game_id)
    players = cls.default_players or cls.min_players
    players = max(cls.min_players, min(players, 3))
    seats = [{"type": "human"} for _ in range(players)]
    tid, tokens = new_table(client, game=game_id, players=players, seats=seats, claim=list(range(players)), clock=CLOCK)
    rng = random.Random(3)
    inboxes: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [*range(players), None]}
    with _sockets(client, tid, tokens) as sockets:
        version = 0
        for s, ws in sockets.items():
            receive_until(ws, version, inboxes[s])
        r = client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": tokens[0]})
        assert r.status_code == 200, r.text
        latest: dict[str, Any] = {}
        # the start and the opening chance nodes: wait until a person must decide
        while True:
            latest = receive_until(sockets[None], version + 1, inboxes[None])
            version = latest["version"]
            if latest["table"]["to_act"] is not None or latest["table"]["status"] != "playing":
                break
        limit = cls(players=players).max_game_length()
        steps = 0
        while latest["table"]["status"] == "playing":
            for s, ws in sockets.items():
                if s is not None:
                    mine = receive_until(ws, version, inboxes[s])
                    if s == latest["table"]["to_act"]:
                        mover = mine
            seat = latest["table"]["to_act"]
            if steps == 1:  # a seat and a spectator talk mid-game
                sockets[seat].send_json({"type": "chat", "text": SAID[0]})
                sockets[None].send_json({"type": "chat", "text": SAID[1]})
            sockets[seat].send_json(
                {"type": "action", "action": rng.choice(mover["legal"])["action"], "version": version}
            )
            latest = receive_until(sockets[None], version + 1, inboxes[None])
            version = latest["version"]
            steps += 1
            assert steps < limit
        for s, ws in sockets.items():
            if s is not None:
                receive_until(ws, version, inboxes[s])
        while sum(m["type"] == "chat" for m in inboxes[None]) < 2:  # the lines said mid-game, however late
            inboxes[None].append(sockets[None].receive_json())
    record = client.get(f"/api/tables/{tid}/record").json()
    for s, inbox in inboxes.items():
        check_seat_messages(record, s, inbox, {k: v for k, v in tokens.items() if k != s}, set(SAID))
    assert sum(m["type"] == "chat" for m in inboxes[None]) >= 2


SAID = ("my move <script>alert(1)</script>", "watching from the rail")


def test_a_resignation_mid_game_shows_nothing_hidden(client: TestClient) -> None:
    seats = [{"type": "human"} for _ in range(3)]
    tid, tokens = new_table(client, game="dinosaur-rush", players=3, seats=seats, claim=[0, 1, 2], clock=CLOCK)
    inboxes: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [0, 1, 2, None]}
    rng = random.Random(5)
    with _sockets(client, tid, tokens) as sockets:
        client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": tokens[0]})
        latest = receive_until(sockets[None], 1, inboxes[None])
        for _ in range(6):  # a few moves, then the seat to act gives up
            while latest["table"]["to_act"] is None and latest["table"]["status"] == "playing":
                latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
            seat = latest["table"]["to_act"]
            mine = receive_until(sockets[seat], latest["version"], inboxes[seat])
            sockets[seat].send_json(
                {"type": "action", "action": rng.choice(mine["legal"])["action"], "version": mine["version"]}
            )
            latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
        first = latest["table"]["to_act"] if latest["table"]["to_act"] is not None else 0
        sockets[first].send_json({"type": "resign"})  # two others still play: a bot takes the seat
        while not latest["table"]["seats"][first]["left"]:
            latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
        resigner = next(s for s in (0, 1, 2) if s != first)
        sockets[resigner].send_json({"type": "resign"})  # one other left: the game ends
        while latest["table"]["status"] != "finished":
            latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
        for person in (0, 1, 2):
            receive_until(sockets[person], latest["version"], inboxes[person])
    assert latest["table"]["result"]["forfeit"] == resigner and latest["table"]["result"]["how"] == "resigned"
    record = client.get(f"/api/tables/{tid}/record").json()
    for s, inbox in inboxes.items():
        check_seat_messages(record, s, inbox, {k: v for k, v in tokens.items() if k != s})


class _sockets:
    """One WebSocket per seat plus a spectator, closed together."""

    def __init__(self, client: Any, tid: str, tokens: dict[int, str]) -> None:
        self.cms: dict[int | None, Any] = {
            s: client.websocket_connect(f"/ws/tables/{tid}?seat={s}&token={t}") for s, t in tokens.items()
        }
        self.cms[None] = client.websocket_connect(f"/ws/tables/{tid}")

    def __enter__(self) -> dict[int | None, Any]:
        return {s: cm.__enter__() for s, cm in self.cms.items()}

    def __exit__(self, *exc: Any) -> None:
        for cm in self.cms.values():
            cm.__exit__(*exc)


PROFILE_PAGE_KEYS = {"profile", "ratings", "games", "reliability"}
TABLE_RATINGS_KEYS = {"table", "game", "rated", "status", "seats"}


def test_profiles_and_ratings_show_no_key_and_nothing_of_a_live_game(client: TestClient) -> None:
    """Profile pages, leaderboards and a table's ratings never carry a profile key or a seat
    token, and say nothing about a game in play beyond who sits where and their ratings."""
    keys, ids = [], []
    for name in ("Ann", "Bo"):
        made = client.post("/api/profiles", json={"name": name}).json()
        keys.append(made["key"])
        ids.append(made["profile"]["id"])
    seats = [{"type": "human"}, {"type": "human"}]
    tid, tokens = new_table(client, players=2, seats=seats, claim=[0], rated=True, profile_key=keys[0])
    r = client.post(f"/api/tables/{tid}/seats/1", json={"profile_key": keys[1]})
    tokens[1] = r.json()["tokens"][0]["token"]
    assert client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": tokens[0]}).status_code == 200
    answers = [
        client.get(f"/api/profiles/{ids[0]}"),
        client.get(f"/api/profiles/{ids[1]}"),
        client.get("/api/ratings/dino-race"),
        client.get(f"/api/tables/{tid}/ratings"),
        client.post("/api/profiles/me", json={"key": keys[0]}),
    ]
    for r in answers:
        assert r.status_code == 200, r.text
        for secret in [*(k.split(".", 1)[1] for k in keys), *tokens.values()]:
            assert secret not in r.text
    for page in answers[:2]:
        assert set(page.json()) == PROFILE_PAGE_KEYS
        assert page.json()["games"] == []  # a game in play is not listed
    table = answers[3].json()
    assert set(table) == TABLE_RATINGS_KEYS
    for seat in table["seats"]:
        assert set(seat) == {"seat", "player", "rating", "change"} and seat["change"] is None


def test_a_hint_goes_to_the_seat_that_asked_and_an_analysis_waits_for_the_end(sqlite_url: str) -> None:
    """The coach's hint answers the seat that asked (its HTTP answer) and nobody else: every
    socket, the asker's own included, hears only that a hint was used, by whom and where. An
    analysis shows a seat's move texts: nobody gets one (nor a replay) before the game is over."""
    seats = [{"type": "human"} for _ in range(3)]
    app = make_app(sqlite_url, random.Random(8), hint_seconds=0.05, analysis_iterations=10)
    with TestClient(app) as client:
        tid, tokens = new_table(client, game="dinosaur-rush", players=3, seats=seats, claim=[0, 1, 2], clock=CLOCK)
        inboxes: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [0, 1, 2, None]}
        rng = random.Random(6)
        with _sockets(client, tid, tokens) as sockets:
            client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": tokens[0]})
            latest = receive_until(sockets[None], 1, inboxes[None])
            while latest["table"]["to_act"] is None:
                latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
            seat = latest["table"]["to_act"]
            mine = receive_until(sockets[seat], latest["version"], inboxes[seat])
            for path in ("analysis", "replay"):
                r = client.get(f"/api/tables/{tid}/{path}", params={"seat": seat})
                assert r.status_code == 409 and set(r.json()) == {"error", "code"}, r.text
            asked = client.post(f"/api/tables/{tid}/hint", json={"seat": seat, "token": tokens[seat]})
            assert asked.status_code == 200, asked.text
            hint = asked.json()["hint"]
            assert hint["action"] in [a["action"] for a in mine["legal"]]
            for s, ws in sockets.items():  # everyone hears of it, nobody hears what it was
                while (msg := ws.receive_json())["type"] != "hint_used":
                    inboxes[s].append(msg)
                assert msg == {"type": "hint_used", "seat": seat, "move": asked.json()["move"]}
                inboxes[s].append(msg)
            sockets[seat].send_json(
                {"type": "action", "action": rng.choice(mine["legal"])["action"], "version": mine["version"]}
            )
            latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
            sockets[seat].send_json({"type": "resign"})  # two others play on, a bot in this seat
            while not latest["table"]["seats"][seat]["left"]:
                latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
            sockets[(seat + 1) % 3].send_json({"type": "resign"})  # one other left: the game ends
            while latest["table"]["status"] != "finished":
                latest = receive_until(sockets[None], latest["version"] + 1, inboxes[None])
            for person in (0, 1, 2):
                receive_until(sockets[person], latest["version"], inboxes[person])
        record = client.get(f"/api/tables/{tid}/record").json()
        for s, inbox in inboxes.items():
            check_seat_messages(record, s, inbox, {k: v for k, v in tokens.items() if k != s})
        replay = client.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()
        assert replay["hints"] == [{"seat": seat, "step": 0}]
        # once over, every seat's view is open in the replay, and so is every seat's analysis
        assert client.get(f"/api/tables/{tid}/analysis", params={"seat": (seat + 1) % 3}).status_code == 200
