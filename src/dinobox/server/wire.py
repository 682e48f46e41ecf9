"""The shapes of the JSON the server keeps and sends about a table: its stored seats and
outcome, and the public table every message carries. Built by ``seating``, ``outcomes`` and
``messages``; the keys are listed in the order they are sent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from dinobox.jsonvalue import JsonObject, JsonValue

Message = Mapping[str, object]
"""A message to a client (a picture, a chat line, an error, a pong): a JSON object."""

Reply = Mapping[str, object]
"""A JSON API answer as its route declares it: FastAPI reads a route's return type as the
answer's schema, and this one is the schema ``{"type": "object"}`` (a ``TypedDict`` there would
be validated and its keys reordered). The shape is the ``TypedDict`` its builder returns."""


class SeatAsked(TypedDict):
    """A seat as a client asks for it: a person, or a bot (its spec)."""

    type: str
    bot: NotRequired[str | None]


class Left(TypedDict):
    """How a seat's person left while the game went on (a bot plays the seat since)."""

    how: str
    name: str | None
    moves: int  # the move at which they left
    order: int  # 0 for the first seat left, then 1, ...


class Seat(TypedDict):
    """A stored seat. ``token`` is the hash of the seat's secret; ``profile`` a profile's id."""

    seat: int
    type: str
    bot: str | None
    name: str | None
    claimed: bool
    token: str | None
    profile: NotRequired[str | None]
    left: NotRequired[Left]


class PublicSeat(TypedDict):
    """A seat as anyone may see it (no token)."""

    seat: int
    type: str
    bot: str | None
    name: str | None
    claimed: bool
    profile: str | None
    left: Left | None


class Outcome(TypedDict):
    """A game that ended before its rules ended it: who left, and how."""

    seat: int | None
    how: str
    aborted: NotRequired[bool]
    waited: NotRequired[int]  # cancelled: the seconds the table had been silent


class Result(TypedDict):
    """A finished game's public result; ``forfeit`` and ``how`` when it ended early."""

    scores: list[int] | None
    winners: list[int]
    forfeit: NotRequired[int | None]
    how: NotRequired[str]
    aborted: NotRequired[bool]


class PublicTable(TypedDict):
    """What anyone may know about a table (``title`` and ``silence`` only from a live one)."""

    id: str
    game: str
    title: NotRequired[str]
    players: int
    options: JsonObject
    status: str
    version: int
    hotseat: bool
    rated: bool
    seats: list[PublicSeat]
    to_act: int | None
    rematch: str | None
    rematch_of: str | None
    created: float
    updated: float
    time_control: Mapping[str, object] | None  # the clock's rules (``TimeControl.to_json``)
    silence: NotRequired[float | None]
    result: NotRequired[Result]


class SeatToken(TypedDict):
    """A claimed seat's secret token, and the link that opens the table as that seat."""

    seat: int
    token: str
    link: str


class Refusal(TypedDict):
    """The actions a seat may not take for one reason, each by what it touches."""

    reason: str
    actions: list[Mapping[str, JsonValue]]


class SeatPicture(TypedDict):
    """The full picture of a table for one seat (``None``: a spectator): a ``state`` message."""

    type: str
    table: PublicTable
    version: int
    seat: int | None
    view: Mapping[str, JsonValue]
    log_start: int
    log: Sequence[Mapping[str, JsonValue]]
    legal: Sequence[Mapping[str, JsonValue]]
    refusals: list[Refusal]
    can_undo: bool
    clock: Mapping[str, object] | None  # every seat's time left (``ClockState.public``)


class ReplayPicture(TypedDict):
    """A finished table after ``step`` decisions, as one seat saw it."""

    step: int
    steps: int
    seat: int | None
    view: Mapping[str, JsonValue]
    log: Sequence[Mapping[str, JsonValue]]
    last: Mapping[str, JsonValue] | None
    game: str
    title: str


ChatLine = TypedDict(
    "ChatLine",
    {"n": int, "seat": int | None, "name": str, "text": str, "at": float, "spectator": bool, "from": NotRequired[str]},
)
"""One chat message; a spectator's carries ``from``, the last word of its name (its mark)."""


class ChatRulesJson(TypedDict):
    """What a table's seats decided about its chat."""

    spectators: bool
    muted: list[str]


class StoredDecision(TypedDict):
    """One decision of a stored analysis: the move chosen and the best one found, with their win chances."""

    move: int  # its index in the table's history
    chosen: int
    chosen_text: str
    best: int
    best_text: str
    win_chance_chosen: float
    win_chance_best: float
    uncertainty: float


class StoredAnalysis(TypedDict):
    """An analysis of a seat's decisions as the server keeps it (``dinobox.coach.Analysis.to_json``)."""

    game: str
    seat: int
    decisions: list[StoredDecision]
    win_chance: list[float]
    budget: str
