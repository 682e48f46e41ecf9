"""The table survives its people (#40): a leaver's seat goes to a bot while two or more others
play on, a rated game left too early is aborted unrated, the reliability figure, repeated
rated games between the same profiles counting less, dead tables cancelled by their silence
limit, and the end screens' scores."""

from __future__ import annotations

import random
import time
from typing import Any

from fastapi.testclient import TestClient

from dinobox.server import profile_storage, storage
from dinobox.server.wire import Seat

from .conftest import make_app, new_table, state
from .test_profiles import make_profile


def resign(client: TestClient, tid: str, seat: int, token: str) -> Any:
    return client.post(f"/api/tables/{tid}/resign", json={"seat": seat, "token": token})


def person_and_two_bots(client: TestClient, key: str | None = None, **extra: Any) -> tuple[str, str]:
    seats = [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}]
    tid, tokens = new_table(
        client, game="trex-island", players=3, seats=seats, claim=[0], start=True, profile_key=key, **extra
    )
    return tid, tokens[0]


def test_a_resign_with_two_others_playing_puts_a_bot_in_the_seat_and_the_game_goes_on(client: TestClient) -> None:
    pid, key = make_profile(client, "Ann")
    tid, token = person_and_two_bots(client, key, name="Ann")
    table = resign(client, tid, 0, token).json()
    assert table["status"] == "playing"  # today: finished, the two bots sharing a win at 0 points
    seat = table["seats"][0]
    assert seat["type"] == "bot" and seat["bot"] == "random"  # the table's own bot level
    assert seat["left"]["how"] == "resigned" and seat["left"]["name"] == "Ann"
    again = resign(client, tid, 0, token)
    assert again.status_code == 409 and again.json()["code"] == "left"
    final = state(client, tid, wait=30)
    while final["table"]["status"] == "playing":  # random bots play it out
        final = state(client, tid, wait=30)
    assert final["table"]["status"] == "finished" and "how" not in final["table"]["result"]  # the rulebook's end
    assert len(final["table"]["result"]["scores"]) == 3
    games = client.get(f"/api/profiles/{pid}").json()
    assert [(g["table"], g["place"], g["left"]) for g in games["games"]] == [(tid, 3, "resigned")]
    assert games["reliability"] == {"games": 1, "unfinished": 1}


def test_a_seat_left_by_a_person_takes_no_more_moves_from_them(client: TestClient) -> None:
    seats = [{"type": "human"}] * 3
    tid, tokens = new_table(client, game="trex-island", players=3, seats=seats, claim=[0, 1, 2], start=True)
    to_act = state(client, tid)["table"]["to_act"]
    assert resign(client, tid, to_act, tokens[to_act]).json()["status"] == "playing"
    s = state(client, tid, to_act, tokens[to_act], wait=0)
    r = client.post(
        f"/api/tables/{tid}/actions",
        json={"seat": to_act, "token": tokens[to_act], "action": 0, "version": s["version"]},
    )
    assert r.status_code == 409 and r.json()["code"] in ("left", "not_your_turn")
    # a second leave leaves one other seat playing: the game ends there, both leavers last
    after = state(client, tid)["table"]
    other = next(s for s in range(3) if s != to_act)
    end = resign(client, tid, other, tokens[other]).json()
    assert end["status"] == "finished" and after["status"] == "playing"
    assert end["result"]["winners"] == [s for s in range(3) if s not in (to_act, other)]


def test_a_rated_game_left_before_two_decisions_a_seat_is_aborted_and_rates_nothing(client: TestClient) -> None:
    pid, key = make_profile(client, "Ann")
    tid, tokens = new_table(
        client,
        players=2,
        seats=[{"type": "human"}, {"type": "bot", "bot": "heuristic"}],
        rated=True,
        profile_key=key,
        start=True,
    )
    state(client, tid)
    end = resign(client, tid, 0, tokens[0]).json()
    assert end["status"] == "finished"
    assert end["result"]["aborted"] is True and end["result"]["winners"] == []
    assert client.get("/api/ratings/dino-race").json()["players"] == []  # today: a rated win for the bot
    page = client.get(f"/api/profiles/{pid}").json()
    assert page["ratings"] == [] and page["reliability"] == {"games": 1, "unfinished": 1}
    assert [(g["rated"], g["left"]) for g in page["games"]] == [(False, "resigned")]


def _rated_row(tid: str, a: str, b: str) -> storage.TableRow:
    seats: list[Seat] = [
        {"seat": s, "type": "human", "bot": None, "name": n, "claimed": True, "token": None, "profile": p}
        for s, (n, p) in enumerate([("A", a), ("B", b)])
    ]
    return storage.TableRow(tid, "dino-race", 2, {}, seats, "finished", 9, False, 1, rated=True)


def test_repeated_rated_games_between_two_profiles_count_less_and_less(db_url: str) -> None:
    engine = storage.open_engine(db_url)
    moves = []
    with engine.begin() as conn:
        for n in range(3):
            before = profile_storage.load_ratings(conn, "dino-race", ["profile:a"]).get("profile:a")
            profile_storage.apply_rating(conn, _rated_row(f"t{n}", "a", "b"), [1, 2], now=1000.0 + n)
            after = profile_storage.load_ratings(conn, "dino-race", ["profile:a"])["profile:a"]
            moves.append(after.mu - (before.mu if before else 25.0))
        # a new pair counts in full again
        profile_storage.apply_rating(conn, _rated_row("t9", "c", "d"), [1, 2], now=1010.0)
        fresh = profile_storage.load_ratings(conn, "dino-race", ["profile:c"])["profile:c"].mu - 25.0
        # after the window, the same pair counts in full again too
        far = 1000.0 + profile_storage.REPEAT_WINDOW + 10
        assert profile_storage.repeat_weight(conn, "dino-race", ["profile:a", "profile:b"], far) == 1.0
    engine.dispose()
    assert moves[0] == fresh
    assert moves[1] < 0.6 * moves[0] and moves[2] < 0.6 * moves[1]  # halved each time (sigma shrinks too)


def test_every_table_gets_the_default_silence_limit_within_bounds(db_url: str) -> None:
    with TestClient(make_app(db_url, silence_seconds=900.0)) as client:
        tid, _ = new_table(client, players=2)
        assert client.get(f"/api/tables/{tid}").json()["silence"] == 900.0
        rules = client.get("/api/games").json()["tables"]
        assert rules["silence_seconds"] == 900.0 and rules["rated_move_hours"] == 72.0
        low = client.post("/api/tables", json={"game": "dino-race", "silence_seconds": 0.5})
        assert low.status_code == 400 and low.json()["code"] == "bad_config"
        turn = {"type": "turn", "hours_per_move": 24, "on_timeout": "bot"}
        tid, _ = new_table(client, players=2, clock=turn)
        assert client.get(f"/api/tables/{tid}").json()["silence"] == 24 * 3600  # at least a move's time


def sweep(client: TestClient, now: float) -> int:
    service: Any = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    return int(client.portal.call(service.dead.sweep, now))


def test_a_silent_unrated_table_is_cancelled_and_leaves_the_lobby(db_url: str) -> None:
    with TestClient(make_app(db_url, silence_seconds=60.0)) as client:
        waiting, _ = new_table(client, players=2, seats=[{"type": "human"}] * 2, claim=[0])
        playing, tokens = new_table(client, players=2, seats=[{"type": "human"}] * 2, claim=[0, 1], start=True)
        state(client, playing)
        listed = {t["id"] for t in client.get("/api/tables").json()["tables"]}
        assert {waiting, playing} <= listed
        assert sweep(client, time.time()) == 0  # not yet
        assert sweep(client, time.time() + 61) == 1  # the waiting one; the one in play may be claimed first
        assert sweep(client, time.time() + 121) == 1  # twice its limit: nobody claimed it
        for tid in (waiting, playing):
            table = client.get(f"/api/tables/{tid}").json()
            assert table["status"] == "finished" and table["result"]["how"] == "cancelled"
            assert table["result"]["winners"] == [] and table["result"]["aborted"] is True
        assert not {waiting, playing} & {t["id"] for t in client.get("/api/tables").json()["tables"]}
        r = client.post(f"/api/tables/{playing}/resign", json={"seat": 0, "token": tokens[0]})
        assert r.status_code == 409 and r.json()["code"] == "finished"


def test_a_silent_rated_table_is_not_cancelled_but_claimable(db_url: str) -> None:
    with TestClient(make_app(db_url, silence_seconds=60.0)) as client:
        _, ann = make_profile(client, "Ann")
        _, bob = make_profile(client, "Bob")
        made = client.post(
            "/api/tables",
            json={
                "game": "dino-race",
                "players": 2,
                "seats": [{"type": "human"}] * 2,
                "rated": True,
                "profile_key": ann,
            },
        ).json()
        assert "table" in made, made
        tid = made["table"]["id"]
        b = client.post(f"/api/tables/{tid}/seats/1", json={"profile_key": bob}).json()["tokens"][0]["token"]
        client.post(f"/api/tables/{tid}/start", json={"seat": 0, "token": made["tokens"][0]["token"]})
        state(client, tid)
        assert sweep(client, time.time() + 61) == 0
        assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
        assert client.get(f"/api/tables/{tid}").json()["seats"][1]["claimed"] and b


def test_a_table_with_a_leaver_survives_a_restart(db_url: str) -> None:
    seats = [{"type": "human"}] * 3
    with TestClient(make_app(db_url, rng=random.Random(3))) as client:
        tid, tokens = new_table(client, game="trex-island", players=3, seats=seats, claim=[0, 1, 2], start=True)
        to_act = state(client, tid)["table"]["to_act"]
        resign(client, tid, to_act, tokens[to_act])
    with TestClient(make_app(db_url)) as client:
        table = state(client, tid)["table"]
        assert table["status"] == "playing" and table["seats"][to_act]["left"]["how"] == "resigned"
        assert table["seats"][to_act]["type"] == "bot"


def test_a_seat_out_of_time_with_two_others_playing_is_left_to_a_bot(db_url: str) -> None:
    from .test_clocks import FakeTime, clock_app, move, people_table, tick

    now = FakeTime()
    with TestClient(clock_app(db_url, now)) as client:
        lose = {"type": "realtime", "bank_seconds": 60, "on_timeout": "lose"}
        tid, tokens = people_table(client, lose, players=3)
        move(client, tid, tokens, random.Random(3))
        seat = state(client, tid)["clock"]["ticking"]
        now.t += 3600
        assert tick(client) == 1
        s = state(client, tid)
        assert s["table"]["status"] == "playing"  # today: finished, the two others sharing the win
        assert s["table"]["seats"][seat]["left"]["how"] == "time" and s["clock"]["forfeit"] is None
        assert s["clock"]["ticking"] != seat
