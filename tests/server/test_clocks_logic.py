"""The clock arithmetic (``dinobox.clocks``), driven with explicit times: no sleeps."""

from __future__ import annotations

import pytest

from dinobox.clocks import (
    BOT,
    LOSE,
    ClockError,
    ClockState,
    TimeControl,
    format_seconds,
    parse_time_control,
)


def test_realtime_bank_is_charged_and_the_increment_added_per_move() -> None:
    clock = ClockState.new(TimeControl.realtime(60, 5), 2).passed(0, now=100.0)
    assert clock.ticking == 0 and clock.deadline() == 160.0
    assert clock.left(0, 130.0) == 30.0 and clock.left(1, 130.0) == 60.0
    clock = clock.passed(0, now=120.0)  # the same seat's next step is the same move
    assert clock.since == 100.0
    clock = clock.passed(1, now=140.0)  # 40 s used, 5 s back
    assert clock.remaining == (25.0, 60.0) and clock.ticking == 1 and clock.since == 140.0
    clock = clock.passed(None, now=150.0)  # chance or a bot: nobody ticks
    assert clock.remaining == (25.0, 55.0) and clock.ticking is None and clock.deadline() is None
    assert clock.left(1, 10_000.0) == 55.0


def test_turn_based_deadline_is_fresh_for_every_move() -> None:
    clock = ClockState.new(TimeControl.turn_based(24), 3).passed(2, now=0.0)
    assert clock.deadline() == 24 * 3600
    clock = clock.passed(0, now=23 * 3600)
    assert clock.deadline() == 47 * 3600 and clock.left(2, 47 * 3600) == 24 * 3600
    assert not clock.expired(47 * 3600 - 1) and clock.expired(47 * 3600)


def test_timeout_with_the_bot_rule_hands_the_move_to_a_bot_then_back() -> None:
    clock = ClockState.new(TimeControl.realtime(30, 10, BOT), 2).passed(1, now=0.0)
    assert clock.expired(30.0)
    clock = clock.time_out(30.0)
    assert clock.standin == 1 and clock.ticking is None and clock.timeouts == (0, 1)
    assert clock.passed(1, now=31.0) is clock  # the bot's further steps: still its move
    clock = clock.passed(0, now=32.0)  # the bot's move ended: the seat gets its increment
    assert clock.standin is None and clock.remaining == (30.0, 10.0) and clock.ticking == 0


def test_a_seat_with_no_time_left_is_played_by_the_bot_at_once() -> None:
    clock = ClockState.new(TimeControl.realtime(30, 0, BOT), 2).passed(0, 0.0).time_out(30.0).passed(1, 31.0)
    clock = clock.passed(0, now=40.0)
    assert clock.standin == 0 and clock.ticking is None and clock.timeouts == (2, 0)


def test_timeout_with_the_lose_rule_forfeits_and_stops_every_clock() -> None:
    clock = ClockState.new(TimeControl.turn_based(1, LOSE), 4).passed(3, now=0.0).time_out(3600.0)
    assert clock.forfeit == 3 and clock.standin is None and clock.ticking is None
    assert clock.passed(0, now=4000.0).ticking is None


def test_time_while_nothing_ran_is_not_charged() -> None:
    clock = ClockState.new(TimeControl.realtime(60), 2).passed(0, now=100.0)
    # the server's last sign of life at 120, back at 500: 380 s are not charged
    paused = clock.paused(120.0, 500.0)
    assert paused.deadline() == 540.0 and paused.left(0, 500.0) == 40.0
    assert clock.paused(50.0, 90.0) is clock  # a gap before the seat began: nothing to do
    assert clock.paused(90.0, 130.0).since == 130.0  # only the part after it began counts


def test_stored_clock_round_trips() -> None:
    clock = ClockState.new(TimeControl.realtime(90, 2, LOSE), 3).passed(1, 5.0)
    assert ClockState.from_json(clock.to_json()) == clock
    with pytest.raises(ClockError, match="damaged"):
        ClockState.from_json({"control": clock.control.to_json()})


@pytest.mark.parametrize(
    ("field", "value"),
    [("remaining", 90), ("remaining", ["ninety", 90, 90]), ("ticking", "1"), ("since", [5]), ("timeouts", [None])],
)
def test_stored_clock_with_a_wrong_field_is_damaged(field: str, value: object) -> None:
    stored = {**ClockState.new(TimeControl.realtime(90), 3).passed(1, 5.0).to_json(), field: value}
    with pytest.raises(ClockError, match="damaged"):
        ClockState.from_json(stored)


def test_public_clock_counts_down_from_server_time() -> None:
    clock = ClockState.new(TimeControl.realtime(60), 2).passed(1, 10.0)
    public = clock.public(25.0)
    assert public["remaining"] == [60.0, 45.0] and public["ticking"] == 1 and public["server_time"] == 25.0
    assert public["control"] == {
        "type": "realtime",
        "bank_seconds": 60.0,
        "increment_seconds": 0.0,
        "on_timeout": "bot",
    }


@pytest.mark.parametrize(
    ("text", "bank", "inc", "per_move"),
    [("10m+5s", 600, 5, 0), ("5", 300, 0, 0), ("90s+0", 90, 0, 0), ("1h", 3600, 0, 0), ("24h/move", 0, 0, 86400)],
)
def test_parse_time_control(text: str, bank: float, inc: float, per_move: float) -> None:
    control = parse_time_control(text)
    assert (control.bank, control.increment, control.per_move) == (bank, inc, per_move)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"type": "realtime", "bank_seconds": -5}, "negative"),
        ({"type": "realtime", "bank_seconds": 60, "increment_seconds": -1}, "negative"),
        ({"type": "realtime", "bank_seconds": 10**9}, "between"),
        ({"type": "realtime", "bank_seconds": 1}, "between"),
        ({"type": "realtime", "bank_seconds": float("nan")}, "number"),
        ({"type": "realtime", "bank_seconds": "10m"}, "number"),
        ({"type": "realtime", "bank_seconds": True}, "number"),
        ({"type": "realtime"}, "required"),
        ({"type": "turn", "hours_per_move": 0}, "between"),
        ({"type": "turn", "hours_per_move": 100000}, "between"),
        ({"type": "turn", "hours_per_move": 24, "bank_seconds": 5}, "does not take"),
        ({"type": "blitz", "bank_seconds": 60}, "unknown time control"),
        ({"type": "turn", "hours_per_move": 24, "on_timeout": "sulk"}, "on_timeout"),
        ("10m", "object"),
    ],
)
def test_bad_time_controls_are_refused(body: object, message: str) -> None:
    with pytest.raises(ClockError, match=message):
        TimeControl.from_json(body)


@pytest.mark.parametrize("text", ["", "ten minutes", "-5m", "10m+", "5x", "0s", "24h/move/move"])
def test_bad_clock_texts_are_refused(text: str) -> None:
    with pytest.raises(ClockError):
        parse_time_control(text)


def test_format_seconds() -> None:
    assert format_seconds(9.2) == "0:10"
    assert format_seconds(247) == "4:07"
    assert format_seconds(3909) == "1:05:09"
    assert format_seconds(3 * 86400 + 7200) == "3d 2h"
    assert TimeControl.realtime(600, 5).describe() == "10m+5s"
    assert TimeControl.turn_based(24).describe() == "1d per move"
