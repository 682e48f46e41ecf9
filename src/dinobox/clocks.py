"""Game clocks, shared by the server and the terminal: pure values, time passed in.

A **time control** is either *real-time* (a bank of seconds per player plus an increment added
after each of their moves) or *turn-based* (a deadline per move, in hours). A **move** is a run
of consecutive decisions by one seat: a turn of several steps counts once, and the increment or
the fresh deadline comes when the decision passes to someone else.

When a seat runs out of time, the table's ``on_timeout`` rule applies:

- ``"bot"``: a bot plays that seat's move (like Board Game Arena's zombie mode). A real-time
  bank stays empty, so from then on the seat has only its increment per move; a seat with no
  time left at all has each of its moves played by the bot at once.
- ``"lose"``: the seat loses and the game ends at once (``forfeit`` names it).

Clocks count only for seats a person plays; nobody's time runs while chance or a bot moves.
Every function takes ``now`` (seconds, any epoch the caller keeps to: the server uses wall time,
so clocks survive restarts; tests pass whatever they like) and returns a new value.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypedDict

from dinobox.engine.errors import DinoboxError

REALTIME = "realtime"
TURN = "turn"
BOT = "bot"
LOSE = "lose"
KINDS = (REALTIME, TURN)
RULES = (BOT, LOSE)

# What a sensible table asks for; anything outside is refused as a mistake.
MIN_BANK, MAX_BANK = 10.0, 6 * 3600.0  # real-time bank: 10 seconds to 6 hours
MAX_INCREMENT = 600.0  # real-time increment: up to 10 minutes a move
MIN_HOURS, MAX_HOURS = 1.0, 720.0  # turn-based: 1 hour to 30 days a move


class ClockError(DinoboxError):
    """A time control that is malformed, unknown or out of range."""


class RealtimeJson(TypedDict):
    type: str  # "realtime"
    bank_seconds: float
    increment_seconds: float
    on_timeout: str


class TurnJson(TypedDict):
    type: str  # "turn"
    hours_per_move: float
    on_timeout: str


ControlJson = RealtimeJson | TurnJson
"""A time control as JSON (``TimeControl.to_json``)."""


class ClockJson(TypedDict):
    """A clock as stored (``ClockState.to_json``)."""

    control: ControlJson
    remaining: list[float]
    ticking: int | None
    since: float | None
    standin: int | None
    forfeit: int | None
    timeouts: list[int]


class PublicClock(TypedDict):
    """A clock as every seat and spectator sees it (``ClockState.public``)."""

    control: ControlJson
    remaining: list[float]
    ticking: int | None
    standin: int | None
    forfeit: int | None
    timeouts: list[int]
    server_time: float


def _number(
    obj: Mapping[str, object], key: str, low: float, high: float, unit: str, default: float | None = None
) -> float:
    value = obj.get(key, default)
    if value is None:
        raise ClockError(f"time control: '{key}' is required ({unit})")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ClockError(f"time control: '{key}' must be a number of {unit}, not {value!r}")
    if value < 0:
        raise ClockError(f"time control: '{key}' cannot be negative ({value:g} {unit})")
    if not low <= value <= high:
        raise ClockError(f"time control: '{key}' must be between {low:g} and {high:g} {unit}, not {value:g}")
    return float(value)


@dataclass(frozen=True)
class TimeControl:
    """How much time each seat has. Build with :meth:`realtime`, :meth:`turn_based`,
    :meth:`from_json` or :func:`parse_time_control`; all of them validate."""

    kind: str
    bank: float = 0.0  # real-time: seconds each seat starts with
    increment: float = 0.0  # real-time: seconds added after each move
    per_move: float = 0.0  # turn-based: seconds for each move
    on_timeout: str = BOT

    @classmethod
    def realtime(cls, bank: float, increment: float = 0.0, on_timeout: str = BOT) -> TimeControl:
        return cls.from_json(
            {"type": REALTIME, "bank_seconds": bank, "increment_seconds": increment, "on_timeout": on_timeout}
        )

    @classmethod
    def turn_based(cls, hours: float, on_timeout: str = BOT) -> TimeControl:
        return cls.from_json({"type": TURN, "hours_per_move": hours, "on_timeout": on_timeout})

    @classmethod
    def from_json(cls, obj: object) -> TimeControl:
        """``{"type": "realtime", "bank_seconds": 600, "increment_seconds": 5, "on_timeout": "bot"}``
        or ``{"type": "turn", "hours_per_move": 24, "on_timeout": "lose"}``."""
        if not isinstance(obj, Mapping):
            raise ClockError(f"a time control must be an object with a 'type', not {obj!r}")
        kind = obj.get("type")
        rule = obj.get("on_timeout", BOT)
        if not isinstance(rule, str) or rule not in RULES:
            raise ClockError(f"time control: 'on_timeout' must be 'bot' or 'lose', not {rule!r}")
        if kind == REALTIME:
            allowed = {"type", "bank_seconds", "increment_seconds", "on_timeout"}
            _no_extra(obj, allowed)
            bank = _number(obj, "bank_seconds", MIN_BANK, MAX_BANK, "seconds")
            inc = _number(obj, "increment_seconds", 0.0, MAX_INCREMENT, "seconds", default=0.0)
            return cls(REALTIME, bank=bank, increment=inc, on_timeout=rule)
        if kind == TURN:
            _no_extra(obj, {"type", "hours_per_move", "on_timeout"})
            hours = _number(obj, "hours_per_move", MIN_HOURS, MAX_HOURS, "hours")
            return cls(TURN, per_move=hours * 3600.0, on_timeout=rule)
        raise ClockError(f"unknown time control {kind!r}: 'type' must be 'realtime' or 'turn'")

    def to_json(self) -> ControlJson:
        if self.kind == REALTIME:
            return {
                "type": REALTIME,
                "bank_seconds": self.bank,
                "increment_seconds": self.increment,
                "on_timeout": self.on_timeout,
            }
        return {"type": TURN, "hours_per_move": self.per_move / 3600.0, "on_timeout": self.on_timeout}

    def describe(self) -> str:
        """``10m+5s``, ``24h per move``."""
        if self.kind == REALTIME:
            inc = f"+{format_seconds(self.increment, short=True)}" if self.increment else ""
            return format_seconds(self.bank, short=True) + inc
        return f"{format_seconds(self.per_move, short=True)} per move"


def _no_extra(obj: Mapping[str, object], allowed: set[str]) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise ClockError(f"time control {obj.get('type')!r} does not take {', '.join(map(repr, extra))}")


_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)([smhd]?)")


def parse_duration(text: str, default_unit: str = "s") -> float:
    """``"90"``, ``"90s"``, ``"10m"``, ``"1.5h"`` -> seconds."""
    match = _DURATION.fullmatch(text.strip().lower())
    if match is None:
        raise ClockError(f"{text!r} is not a duration: write a number with s, m, h or d (e.g. 10m, 30s, 24h)")
    return float(match.group(1)) * _UNITS[match.group(2) or default_unit]


def parse_time_control(text: str, on_timeout: str = BOT) -> TimeControl:
    """``10m+5s`` (real-time: bank plus increment; a bare number is minutes), ``5m``, or
    ``24h/move`` (turn-based: a deadline per move)."""
    spec = text.strip().lower()
    if spec.endswith("/move"):
        seconds = parse_duration(spec.removesuffix("/move"), default_unit="h")
        return TimeControl.turn_based(seconds / 3600.0, on_timeout)
    bank_text, plus, inc_text = spec.partition("+")
    bank = parse_duration(bank_text, default_unit="m")
    inc = parse_duration(inc_text, default_unit="s") if plus else 0.0
    return TimeControl.realtime(bank, inc, on_timeout)


def format_seconds(seconds: float, short: bool = False) -> str:
    """``1:05:09``, ``4:07``, ``0:09`` (or with ``short``: ``1h``, ``10m``, ``5s``, ``90s``)."""
    if short:
        for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
            if seconds >= size and seconds % size == 0:
                return f"{int(seconds // size)}{unit}"
        return f"{seconds:g}s"
    whole = max(0, math.ceil(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours >= 48:
        return f"{hours // 24}d {hours % 24}h"
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class ClockState:
    """Every seat's time at a table. ``remaining[s]`` is seat ``s``'s time as of ``since`` for
    the ticking seat, and as of now for the others; only ``ticking`` loses time."""

    control: TimeControl
    remaining: tuple[float, ...]
    ticking: int | None = None
    since: float | None = None
    standin: int | None = None  # a bot plays this seat's current move (it ran out of time)
    forfeit: int | None = None  # this seat lost on time ("lose" rule): the game is over
    timeouts: tuple[int, ...] = ()

    @classmethod
    def new(cls, control: TimeControl, players: int) -> ClockState:
        start = control.bank if control.kind == REALTIME else control.per_move
        return cls(control, (start,) * players, timeouts=(0,) * players)

    # ----- reading ------------------------------------------------------------------------
    def left(self, seat: int, now: float) -> float:
        """Seconds ``seat`` has left at ``now`` (never below zero)."""
        value = self.remaining[seat]
        if seat == self.ticking and self.since is not None:
            value -= max(0.0, now - self.since)
        return max(0.0, value)

    def deadline(self) -> float | None:
        """When the ticking seat runs out (``None``: nobody's time is running)."""
        if self.ticking is None or self.since is None:
            return None
        return self.since + self.remaining[self.ticking]

    def expired(self, now: float) -> bool:
        deadline = self.deadline()
        return deadline is not None and now >= deadline

    # ----- changing -----------------------------------------------------------------------
    def passed(self, to_act: int | None, now: float) -> ClockState:
        """The decision is with ``to_act`` now (``None``: nobody whose clock counts, e.g. chance,
        a bot or the game's end). The same seat deciding again is the same move; a new seat
        ends the previous move (its time charged, its increment added) and starts its own."""
        if self.forfeit is not None:
            return dataclasses.replace(self, ticking=None, since=None)
        if to_act is not None and to_act in (self.ticking, self.standin):
            return self
        remaining = list(self.remaining)
        ended = self.ticking if self.ticking is not None else self.standin
        if ended is not None:
            used = max(0.0, now - self.since) if self.ticking is not None and self.since is not None else 0.0
            if self.control.kind == REALTIME:
                remaining[ended] = max(0.0, remaining[ended] - used) + self.control.increment
            else:
                remaining[ended] = self.control.per_move
        state = dataclasses.replace(self, remaining=tuple(remaining), ticking=None, since=None, standin=None)
        if to_act is None:
            return state
        if self.control.kind == TURN:
            remaining[to_act] = self.control.per_move
            state = dataclasses.replace(state, remaining=tuple(remaining))
        state = dataclasses.replace(state, ticking=to_act, since=now)
        if remaining[to_act] <= 0:  # nothing left at all: the rule applies at once
            return state.time_out(now)
        return state

    def time_out(self, now: float) -> ClockState:
        """The ticking seat ran out of time: a bot plays its move, or it loses."""
        seat = self.ticking
        if seat is None:
            raise ClockError("no seat's time is running")
        remaining = list(self.remaining)
        remaining[seat] = 0.0
        timeouts = list(self.timeouts or (0,) * len(remaining))
        timeouts[seat] += 1
        state = dataclasses.replace(
            self, remaining=tuple(remaining), ticking=None, since=None, timeouts=tuple(timeouts)
        )
        if self.control.on_timeout == LOSE:
            return dataclasses.replace(state, forfeit=seat)
        return dataclasses.replace(state, standin=seat)

    def paused(self, start: float, end: float) -> ClockState:
        """Nothing ran from ``start`` to ``end`` (the server was down): that time is not charged."""
        if self.ticking is None or self.since is None or end <= start:
            return self
        lost = max(0.0, end - max(start, self.since))
        return dataclasses.replace(self, since=self.since + lost) if lost else self

    # ----- storing and showing --------------------------------------------------------------
    def to_json(self) -> ClockJson:
        return {
            "control": self.control.to_json(),
            "remaining": list(self.remaining),
            "ticking": self.ticking,
            "since": self.since,
            "standin": self.standin,
            "forfeit": self.forfeit,
            "timeouts": list(self.timeouts),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, object]) -> ClockState:
        """What :meth:`to_json` wrote (a stored clock; ``ClockError`` if it is damaged)."""
        try:
            control = TimeControl.from_json(obj["control"])
            remaining = tuple(_stored_number(x) for x in _stored_list(obj["remaining"]))
            return cls(
                control,
                remaining,
                ticking=_stored_seat(obj.get("ticking")),
                since=None if (since := obj.get("since")) is None else _stored_number(since),
                standin=_stored_seat(obj.get("standin")),
                forfeit=_stored_seat(obj.get("forfeit")),
                timeouts=tuple(
                    int(_stored_number(x)) for x in _stored_list(obj.get("timeouts") or [0] * len(remaining))
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ClockError(f"a stored clock is damaged: {exc}") from None

    def public(self, now: float) -> PublicClock:
        """What every seat and spectator may know: each seat's time left at ``now``, who is
        ticking, and ``server_time`` (clients count down locally from these)."""
        return {
            "control": self.control.to_json(),
            "remaining": [round(self.left(s, now), 3) for s in range(len(self.remaining))],
            "ticking": self.ticking,
            "standin": self.standin,
            "forfeit": self.forfeit,
            "timeouts": list(self.timeouts),
            "server_time": now,
        }


def _stored_list(value: object) -> list[object]:
    """A stored clock's list (a ``TypeError`` if it is not one)."""
    if not isinstance(value, (list, tuple)):
        raise TypeError(f"expected a list, not {value!r}")
    return list(value)


def _stored_number(value: object) -> float:
    """A stored clock's number (a ``TypeError`` or ``ValueError`` if it is not one)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TypeError(f"expected a number, not {value!r}")
    return float(value)


def _stored_seat(value: object) -> int | None:
    """A stored clock's seat, or None (a ``TypeError`` if it is neither)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"expected a seat or null, not {value!r}")
