"""Names (#40): a seat's name is cleaned of control, bidi and invisible characters and escape
sequences, cut to 40 characters, and unlike every other seat's at the table; a profile name
holding any of them is refused, and nothing is made."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app, new_table

TWO = [{"type": "human"}, {"type": "human"}]


@pytest.fixture
def sq(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, rng=random.Random(3))) as c:
        yield c


def seat_names(client: TestClient, tid: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/tables/{tid}").json()["seats"]]


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        ("Ann\x00", "Ann"),
        ("\x1b[31mRed\x1b[0m Rex", "Red Rex"),
        ("\x1b]0;owned\x07Eve", "Eve"),
        ("two\nlines\r\n", "two lines"),
        ("Bob\u202eyrotciv", "Bobyrotciv"),
        ("Z\u200be\u200dr\u2060o\ufeff", "Zero"),
        ("   lots    of   space  ", "lots of space"),
        ("x" * 60, "x" * 40),
        ("\u200b\u202e\x00", "Player 1"),
    ],
)
def test_a_seat_name_is_cleaned(sq: TestClient, asked: str, shown: str) -> None:
    tid, _ = new_table(sq, players=2, seats=TWO, claim=[0], name=asked)
    assert seat_names(sq, tid)[0] == shown


def test_a_seat_cannot_take_another_seats_name(sq: TestClient) -> None:
    tid, _ = new_table(sq, players=3, seats=[*TWO, {"type": "bot", "bot": "random"}], claim=[0], name="Ann")
    r = sq.post(f"/api/tables/{tid}/seats/1", json={"name": "ann"})
    assert r.status_code == 200, r.text
    assert seat_names(sq, tid) == ["Ann", "ann (2)", "random bot"]
    tid, _ = new_table(sq, players=2, seats=[TWO[0], {"type": "bot", "bot": "random"}], claim=[0], name="random bot")
    assert seat_names(sq, tid) == ["random bot (2)", "random bot"]
    tid, _ = new_table(sq, players=2, seats=TWO, claim=[0], name="Ann\u200b")
    sq.post(f"/api/tables/{tid}/seats/1", json={"name": "A\u200dnn"})
    assert seat_names(sq, tid) == ["Ann", "Ann (2)"]


def test_a_profile_name_is_held_to_the_same_rule(sq: TestClient) -> None:
    for bad in ["Bob\u202e", "Z\u200bero", "\x1b[31mRed", "e\u0301\u0301\u0301\u0301"]:
        r = sq.post("/api/profiles", json={"name": bad})
        assert r.status_code == 400 and r.json()["code"] == "bad_name", (bad, r.text)
    made = sq.post("/api/profiles", json={"name": "Ann"}).json()
    ok = sq.post("/api/profiles/me/name", json={"key": made["key"], "name": "Ann\u2066x"})
    assert ok.status_code == 400 and ok.json()["code"] == "bad_name"
    assert sq.get(f"/api/profiles/{made['profile']['id']}").json()["profile"]["name"] == "Ann"
    other = sq.post("/api/profiles", json={"name": "Ann"}).json()
    tid, _ = new_table(sq, players=2, seats=TWO, claim=[0], profile_key=made["key"])
    sq.post(f"/api/tables/{tid}/seats/1", json={"profile_key": other["key"]})
    assert seat_names(sq, tid) == ["Ann", "Ann (2)"]
