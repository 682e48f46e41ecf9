"""Clocks at the server, driven by an injected time source (never sleeps): bank and increment,
turn-based deadlines, timeout -> a bot plays the move, timeout -> the seat loses, the pause
while no server runs, and bad time controls refused with nothing changed."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dinobox import from_record
from dinobox.server import create_app
from dinobox.server.timing import FIRST_MOVE_GRACE

from .conftest import UNLIMITED, new_table, state

START = 1_000_000.0
TWO_PEOPLE = [{"type": "human"}, {"type": "human"}]


class FakeTime:
    """The clocks' time source: moves only when a test says so."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


def clock_app(db_url: str, now: FakeTime, seed: int = 5) -> Any:
    # the clock loop is left idle (a long period): the tests apply due clocks themselves
    settings = dataclasses.replace(UNLIMITED, clock_period=1e6)
    return create_app(db_url, rng=random.Random(seed), gc_tuning=False, settings=settings, now=now)


@pytest.fixture
def now() -> FakeTime:
    return FakeTime()


@pytest.fixture
def client(db_url: str, now: FakeTime) -> Iterator[TestClient]:
    with TestClient(clock_app(db_url, now)) as c:
        yield c


def service_of(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def tick(client: TestClient) -> int:
    """One round of the server's clock loop (as its timer would run it)."""
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    return int(client.portal.call(service.clocks.tick))


def people_table(client: TestClient, clock: dict[str, Any], players: int = 2) -> tuple[str, dict[int, str]]:
    seats = [{"type": "human"} for _ in range(players)]
    made = new_table(client, players=players, seats=seats, claim=list(range(players)), start=True, clock=clock)
    state(client, made[0])  # the opening chance resolved
    service_of(client).now.t += FIRST_MOVE_GRACE  # the first person's clock runs from now
    return made


def move(client: TestClient, tid: str, tokens: dict[int, str], rng: random.Random) -> dict[str, Any]:
    """The seat to act plays a random legal action."""
    s = state(client, tid)
    seat = s["table"]["to_act"]
    mine = state(client, tid, seat, tokens[seat], wait=0)
    action = rng.choice(mine["legal"])["action"]
    body = {"seat": seat, "token": tokens[seat], "action": action, "version": mine["version"]}
    r = client.post(f"/api/tables/{tid}/actions", params={"wait": 5}, json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_realtime_bank_and_increment(client: TestClient, now: FakeTime) -> None:
    tid, tokens = people_table(client, {"type": "realtime", "bank_seconds": 300, "increment_seconds": 7})
    s = state(client, tid)
    assert s["table"]["time_control"] == {
        "type": "realtime",
        "bank_seconds": 300.0,
        "increment_seconds": 7.0,
        "on_timeout": "bot",
    }
    first = s["table"]["to_act"]
    assert s["clock"]["ticking"] == first and s["clock"]["remaining"] == [300.0, 300.0]
    assert s["clock"]["server_time"] == START + FIRST_MOVE_GRACE
    now.t += 40
    assert state(client, tid)["clock"]["remaining"][first] == 260.0  # ticking, not yet stored
    rng = random.Random(1)
    while True:  # the first seat's move: one or more decisions
        s = move(client, tid, tokens, rng)
        if s["table"]["to_act"] != first:
            break
        now.t += 1
    spent = now.t - START - FIRST_MOVE_GRACE
    assert s["clock"]["remaining"][first] == pytest.approx(300 - spent + 7)
    assert s["clock"]["ticking"] == s["table"]["to_act"] != first
    other = s["clock"]["ticking"]
    now.t += 30
    assert state(client, tid)["clock"]["remaining"][other] == 270.0


def test_turn_based_deadline_and_timeout_bot_plays_the_move(client: TestClient, now: FakeTime) -> None:
    tid, tokens = people_table(client, {"type": "turn", "hours_per_move": 2})
    s = state(client, tid)
    seat = s["clock"]["ticking"]
    assert s["clock"]["remaining"][seat] == 7200.0
    now.t += 7199
    assert tick(client) == 0
    now.t += 1
    assert tick(client) == 1
    after = state(client, tid, wait=5)  # the stand-in bot plays the seat's move
    assert after["table"]["status"] == "playing"
    assert after["clock"]["timeouts"][seat] == 1
    assert after["clock"]["ticking"] == after["table"]["to_act"] != seat
    assert after["clock"]["standin"] is None
    assert after["clock"]["remaining"][after["clock"]["ticking"]] == 7200.0  # a fresh deadline
    # the person is back for their next move (turn-based: a fresh deadline)
    rng = random.Random(2)
    while state(client, tid)["table"]["to_act"] != seat:
        move(client, tid, tokens, rng)
    assert state(client, tid)["clock"]["ticking"] == seat


def test_a_move_after_the_deadline_is_refused_and_the_rule_applied(client: TestClient, now: FakeTime) -> None:
    tid, tokens = people_table(client, {"type": "realtime", "bank_seconds": 60, "on_timeout": "lose"})
    s = state(client, tid)
    seat = s["clock"]["ticking"]
    mine = state(client, tid, seat, tokens[seat])
    now.t += 61
    body = {"seat": seat, "token": tokens[seat], "action": mine["legal"][0]["action"], "version": mine["version"]}
    r = client.post(f"/api/tables/{tid}/actions", json=body)
    assert r.status_code == 409 and r.json()["code"] == "out_of_time", r.text
    assert state(client, tid)["table"]["status"] == "finished"


def test_timeout_loses_the_game_and_the_record_still_rebuilds(client: TestClient, now: FakeTime) -> None:
    tid, tokens = people_table(client, {"type": "realtime", "bank_seconds": 60, "on_timeout": "lose"}, players=2)
    move(client, tid, tokens, random.Random(3))
    s = state(client, tid)
    seat = s["clock"]["ticking"]
    now.t += 3600
    assert tick(client) == 1
    s = state(client, tid)
    assert s["table"]["status"] == "finished"
    result = s["table"]["result"]
    assert (result["winners"], result["forfeit"], result["how"]) == ([1 - seat], seat, "time")
    assert len(result["scores"]) == 2  # the scores as they stood (the end screen shows them)
    assert s["clock"]["forfeit"] == seat and s["clock"]["ticking"] is None and s["legal"] == []
    record = client.get(f"/api/tables/{tid}/record").json()
    assert record["result"]["forfeit"] == seat
    rebuilt = from_record(record)
    assert not rebuilt.is_terminal() and rebuilt.current_player() == seat
    replay = client.get(f"/api/tables/{tid}/replay", params={"step": 1})
    assert replay.status_code == 200, replay.text
    later = client.post(
        f"/api/tables/{tid}/actions", json={"seat": seat, "token": tokens[seat], "action": 0, "version": s["version"]}
    )
    assert later.status_code == 409 and later.json()["code"] == "finished"


def test_bot_seats_never_tick(client: TestClient, now: FakeTime) -> None:
    r = client.post(
        "/api/tables",
        json={
            "game": "dino-race",
            "players": 2,
            "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}],
            "start": True,
            "clock": {"type": "realtime", "bank_seconds": 30},
        },
    )
    tid, token = r.json()["table"]["id"], r.json()["tokens"][0]["token"]
    rng = random.Random(4)
    for _ in range(6):
        s = state(client, tid, 0, token)
        if s["table"]["status"] != "playing":
            break
        assert s["clock"]["ticking"] == 0 and s["clock"]["remaining"][1] == 30.0
        body = {"seat": 0, "token": token, "action": rng.choice(s["legal"])["action"], "version": s["version"]}
        assert client.post(f"/api/tables/{tid}/actions", params={"wait": 5}, json=body).status_code == 200


def test_clocks_pause_while_no_server_runs(db_url: str, now: FakeTime) -> None:
    with TestClient(clock_app(db_url, now)) as client:
        tid, _ = people_table(client, {"type": "realtime", "bank_seconds": 600})
        now.t += 100
        before = state(client, tid)["clock"]
        seat = before["ticking"]
        assert before["remaining"][seat] == 500.0
    now.t += 5 * 3600  # every server is down for five hours
    with TestClient(clock_app(db_url, now)) as client:
        after = state(client, tid)["clock"]
        assert after["ticking"] == seat and after["remaining"][seat] == pytest.approx(500.0)
        now.t += 20
        assert tick(client) == 0
        assert state(client, tid)["clock"]["remaining"][seat] == pytest.approx(480.0)
        now.t += 480
        assert tick(client) == 1  # the clock runs again from where it stopped
    # a quick restart (another process was alive a moment ago) charges the time as usual
    with TestClient(clock_app(db_url, now)) as client:
        tid2, _ = people_table(client, {"type": "realtime", "bank_seconds": 600})
        now.t += 3
    now.t += 7
    with TestClient(clock_app(db_url, now)) as client:
        assert state(client, tid2)["clock"]["remaining"][0 if seat is None else seat] <= 600.0
        assert min(state(client, tid2)["clock"]["remaining"]) == pytest.approx(590.0)


def test_rematch_keeps_the_time_control(client: TestClient, now: FakeTime) -> None:
    clock = {"type": "turn", "hours_per_move": 24, "on_timeout": "lose"}
    tid, tokens = people_table(client, clock)
    now.t += 25 * 3600
    tick(client)
    seat = 0
    r = client.post(f"/api/tables/{tid}/rematch", json={"seat": seat, "token": tokens[seat]})
    assert r.status_code == 200, r.text
    assert r.json()["table"]["time_control"] == {"type": "turn", "hours_per_move": 24.0, "on_timeout": "lose"}


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"type": "realtime", "bank_seconds": -60}, "negative"),
        ({"type": "realtime", "bank_seconds": 60, "increment_seconds": -2}, "negative"),
        ({"type": "turn", "hours_per_move": -1}, "negative"),
        ({"type": "realtime", "bank_seconds": 1e12}, "between"),
        ({"type": "turn", "hours_per_move": 0.001}, "between"),
        ({"type": "fischer", "bank_seconds": 60}, "unknown time control"),
        ({"type": "realtime", "bank_seconds": 60, "on_timeout": "draw"}, "on_timeout"),
        ({"type": "realtime"}, "required"),
        ({"type": "turn", "hours_per_move": 24, "bank_seconds": 60}, "does not take"),
    ],
)
def test_bad_time_controls_get_a_clear_400_and_change_nothing(
    client: TestClient, clock: dict[str, Any], words: str
) -> None:
    before = client.get("/api/tables").json()["tables"]
    r = client.post("/api/tables", json={"game": "dino-race", "players": 2, "seats": TWO_PEOPLE, "clock": clock})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["code"] == "bad_clock" and words in body["error"]
    assert client.get("/api/tables").json()["tables"] == before


def test_a_time_control_of_the_wrong_shape_is_refused(client: TestClient) -> None:
    for clock in ("10m", 600, {"type": "realtime", "bank_seconds": "ten"}, {"kind": "realtime"}):
        r = client.post("/api/tables", json={"game": "dino-race", "clock": clock})
        assert r.status_code in (400, 422), r.text
        assert isinstance(r.json()["error"], str)
    assert client.get("/api/tables").json()["tables"] == []


def test_a_loss_on_time_at_a_rated_table_rates_the_seat_last(client: TestClient, now: FakeTime) -> None:
    from .test_profiles import make_profile

    pid, key = make_profile(client, "Ann")
    r = client.post(
        "/api/tables",
        json={
            "game": "dino-race",
            "players": 2,
            "seats": [{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
            "rated": True,
            "profile_key": key,
            "start": True,
            "clock": {"type": "realtime", "bank_seconds": 60, "on_timeout": "lose"},
        },
    )
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    token = {0: r.json()["tokens"][0]["token"]}
    assert state(client, tid)["clock"]["ticking"] == 0
    now.t += FIRST_MOVE_GRACE
    for _ in range(12):  # rated once every seat has made two decisions of its own (Ann makes several a turn)
        move(client, tid, token, random.Random(4))
        state(client, tid)
    now.t += 3600  # then the whole bank
    assert tick(client) == 1
    board = {p["player"]: p for p in client.get("/api/ratings/dino-race").json()["players"]}
    assert board[f"profile:{pid}"]["place"] == 2 and board["bot:heuristic"]["place"] == 1
    assert board[f"profile:{pid}"]["mu"] < 25 < board["bot:heuristic"]["mu"]
    games = client.get(f"/api/profiles/{pid}").json()["games"]
    assert [(g["table"], g["place"]) for g in games] == [(tid, 2)]


def test_storage_gives_back_downtime_once_and_finds_due_clocks(db_url: str) -> None:
    from dinobox.clocks import ClockState, TimeControl
    from dinobox.server import storage

    engine = storage.open_engine(db_url)
    clock = ClockState.new(TimeControl.realtime(600), 2).passed(0, now=50.0)
    row = storage.TableRow(
        id="c1", game="dino-race", players=2, options={}, seats=[], status="playing", version=1, hotseat=False, seed=1
    )
    row.clock = clock
    with engine.begin() as conn:
        storage.insert_table(conn, row)
        storage.mark_alive(conn, 100.0)
        assert storage.due_clocks(conn, 649.0) == [] and storage.due_clocks(conn, 650.0) == ["c1"]
    with engine.begin() as conn:  # down from 100 to 1000: 900 s given back, once
        assert storage.pause_clocks(conn, 1000.0, grace=15.0) == 900.0
    with engine.begin() as conn:
        assert storage.pause_clocks(conn, 1001.0, grace=15.0) == 0.0
        stored = storage.load_table(conn, "c1")
        assert stored is not None and stored.clock is not None
        assert stored.clock.since == 950.0 and stored.clock.left(0, 1000.0) == 550.0
        assert storage.due_clocks(conn, 1549.0) == [] and storage.due_clocks(conn, 1550.0) == ["c1"]
    engine.dispose()


def test_realtime_timeout_bot_plays_then_the_person_has_the_increment(client: TestClient, now: FakeTime) -> None:
    tid, tokens = people_table(client, {"type": "realtime", "bank_seconds": 30, "increment_seconds": 10})
    seat = state(client, tid)["clock"]["ticking"]
    now.t += 30
    assert tick(client) == 1
    after = state(client, tid, wait=5)
    assert after["clock"]["remaining"][seat] == 10.0 and after["clock"]["timeouts"][seat] == 1
    rng = random.Random(6)
    while state(client, tid)["table"]["to_act"] != seat:
        move(client, tid, tokens, rng)
    back = state(client, tid, seat, tokens[seat])
    assert back["clock"]["ticking"] == seat and back["clock"]["standin"] is None and back["legal"]


def test_with_two_processes_the_one_holding_the_table_enforces_its_clock(pg_cluster: Any, now: FakeTime) -> None:
    """Two apps over one PostgreSQL store: both show the same clock; when it runs out, exactly
    one process applies the rule, the one that holds (or takes) the lock of the table's bots;
    the other leaves it alone and hears of the result. (A process that watches nothing at a
    table lets its bots go once a person is to act, so either may be the one.)"""
    from .conftest import _databases

    name = f"t{next(_databases)}"
    url = pg_cluster.create_database(name)
    try:
        with TestClient(clock_app(url, now, 1)) as a, TestClient(clock_app(url, now, 2)) as b:
            clock = {"type": "realtime", "bank_seconds": 60, "on_timeout": "lose"}
            tid, _ = people_table(a, clock)
            here = state(a, tid)
            there = _until(b, tid, here["version"])
            assert there["clock"] == here["clock"] and here["clock"]["ticking"] is not None
            seat = here["clock"]["ticking"]
            now.t += 61
            assert tick(b) + tick(a) == 1  # one process enforces it
            over = _until(b, tid, here["version"] + 1)
            assert _until(a, tid, here["version"] + 1)["clock"] == over["clock"]
            assert over["table"]["status"] == "finished" and over["clock"]["forfeit"] == seat
            assert tick(b) == 0 and tick(a) == 0  # applied once
    finally:
        pg_cluster.drop_database(name)


def _until(client: TestClient, tid: str, version: int) -> dict[str, Any]:
    """The table as this app has it once it caught up with ``version`` (notifications arrive
    on their own time: this polls the app, with a limit)."""
    import time

    limit = time.monotonic() + 10
    while True:
        s = state(client, tid, wait=0)
        if s["version"] >= version:
            return s
        assert time.monotonic() < limit, f"still at version {s['version']}, not {version}"
        time.sleep(0.02)


def test_the_first_person_gets_time_to_open_the_page_before_their_clock_runs(client: TestClient, now: FakeTime) -> None:
    made = new_table(
        client, players=2, seats=TWO_PEOPLE, claim=[0, 1], start=True, clock={"type": "realtime", "bank_seconds": 60}
    )
    first = state(client, made[0])["clock"]["ticking"]
    now.t += FIRST_MOVE_GRACE - 1  # the page is still loading: no time used
    assert state(client, made[0])["clock"]["remaining"][first] == 60.0
    now.t += 6
    assert state(client, made[0])["clock"]["remaining"][first] == 55.0
