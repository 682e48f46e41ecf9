"""Request bodies of the JSON API (validated by FastAPI; a mismatch is a clear 422 error)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from dinobox.engine.registry import game_ids


def _whole(value: object) -> int:
    """A JSON integer (``3`` or ``3.0``, as JSON Schema counts them), never text or a boolean."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("must be a whole number")
    if isinstance(value, float) and not value.is_integer():
        raise ValueError("must be a whole number")
    return int(value)


def _within(low: int, high: int, description: str) -> tuple[AfterValidator, WithJsonSchema]:
    """A range checked and declared (OpenAPI) alike."""

    def check(value: int) -> int:
        if not low <= value <= high:
            raise ValueError(f"must be from {low} to {high}")
        return value

    return AfterValidator(check), WithJsonSchema(
        {"type": "integer", "minimum": low, "maximum": high, "description": description}
    )


MAX_SEATS = 16  # no game seats more
WHOLE = BeforeValidator(_whole)
StrictInt = Annotated[int, WHOLE]
SeatNumber = Annotated[int, WHOLE, *_within(0, MAX_SEATS - 1, "a seat number (0 is the first)")]
ActionNumber = Annotated[int, WHOLE, *_within(0, 2**31 - 1, "one of the legal action ints")]
Version = Annotated[int, WHOLE, *_within(0, 2**53, "the table version you last saw (stale versions are refused)")]
PlayerCount = Annotated[int, WHOLE, *_within(1, MAX_SEATS, "player count (default: the game's default)")]
# a profile name: 1 to 40 characters, not blank, no control characters or line breaks (``profiles.clean_name``)
_VISIBLE = r"[^\x00-\x1f\x7f-\x9f\u2028\u2029]"
NAME_PATTERN = rf"^{_VISIBLE}*[^\s\x00-\x1f\x7f-\x9f\u2028\u2029]{_VISIBLE}*$"
Token = Annotated[str, Field(max_length=200, description="the seat's secret token")]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(BaseModel):
    """Every refusal: a reason in words and a stable code (docs/server.md lists the codes)."""

    model_config = ConfigDict(extra="allow")
    error: str = Field(description="why, in words")
    code: str = Field(description="a stable code, e.g. 'stale' or 'rate_limited'")
    retry_after: int | None = Field(None, description="429 and 503: seconds to wait before trying again")
    version: int | None = Field(None, description="stale: the table's current version")


class SeatSpec(_Body):
    type: Literal["human", "bot"] = Field(description="a person, or a bot played by the server")
    bot: str | None = Field(None, max_length=200, description="bot spec for a bot seat, e.g. 'random' or 'heuristic'")


class TimeControlSpec(_Body):
    """A table's clock (checked by ``dinobox.clocks``: a bad value is a 400 saying which)."""

    type: str = Field(max_length=32, description="'realtime' (a time bank plus an increment) or 'turn' (per move)")
    bank_seconds: float | None = Field(None, description="realtime: each seat's time bank, 10 s to 6 h")
    increment_seconds: float | None = Field(None, description="realtime: added after each move, 0 to 600 s")
    hours_per_move: float | None = Field(None, description="turn: the deadline for each move, 1 to 720 hours")
    on_timeout: str | None = Field(
        None, max_length=32, description="when time runs out: 'bot' plays the seat's move (default) or 'lose'"
    )


class CreateTable(_Body):
    game: str = Field(
        max_length=64, description="game id, see GET /api/games", json_schema_extra={"enum": list(game_ids())}
    )
    players: PlayerCount | None = None
    options: dict[str, object] = Field(
        default_factory=dict, description="the game's declared options by name (see option_specs in GET /api/games)"
    )
    data: dict[str, object] | None = Field(
        None, description="component-data overrides (only when the server allows them; see GET /api/games)"
    )
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="one per player; default: you plus random bots"
    )
    claim: list[SeatNumber] = Field(
        default_factory=lambda: [0], max_length=16, description="seats you take now (tokens returned)"
    )
    hotseat: bool = Field(False, description="one device plays every person's seat, hands hidden between turns")
    start: bool = Field(False, description="start at once (every person's seat must be claimed)")
    name: str | None = Field(None, max_length=200, description="your name at the table (40 characters kept)")
    rated: bool = Field(False, description="the result updates the ratings (every person plays with a profile)")
    profile_key: str | None = Field(
        None, max_length=200, description="your profile's secret key: your first claimed seat is linked to it"
    )
    clock: TimeControlSpec | None = Field(None, description="a time control (default: no clock)")
    silence_seconds: float | None = Field(
        None,
        gt=0,
        le=30 * 24 * 3600,
        description="a seat to act silent this long (or a table nobody joins this long) ends an unrated table and "
        "lets the others claim a rated one's win (default and bounds: the server's settings, see GET /api/games)",
    )


class ClaimSeat(_Body):
    name: str | None = Field(None, max_length=200)
    profile_key: str | None = Field(None, max_length=200, description="your profile's secret key (links the seat)")


class NewProfile(_Body):
    name: str = Field(
        max_length=200,
        description="the name others see (1 to 40 characters; checked by the service: 400 bad_name)",
        json_schema_extra={"minLength": 1, "maxLength": 40, "pattern": NAME_PATTERN},
    )


class ProfileKey(_Body):
    key: str = Field(max_length=200, description="the profile's secret key")


class RenameProfile(_Body):
    key: str = Field(max_length=200, description="the profile's secret key")
    name: str = Field(
        max_length=200,
        description="the new name (1 to 40 characters; checked by the service: 400 bad_name)",
        json_schema_extra={"minLength": 1, "maxLength": 40, "pattern": NAME_PATTERN},
    )


class SeatAuth(_Body):
    seat: SeatNumber
    token: Token


class StartTable(_Body):
    seat: SeatNumber | None = None
    token: Token | None = None


class Act(_Body):
    seat: SeatNumber
    token: Token
    action: ActionNumber
    version: Version


class Undo(_Body):
    seat: SeatNumber
    token: Token
    version: Version


# ----- WebSocket messages (``routers/ws.py``), checked by the same rules as the bodies above -----
class WsAction(_Body):
    type: Literal["action"]
    action: ActionNumber
    version: Version


class WsUndo(_Body):
    type: Literal["undo"]
    version: Version


class WsJoin(_Body):
    type: Literal["join"]
    seat: SeatNumber | None = None
    token: Token | None = None


class WsPing(_Body):
    type: Literal["ping"]


class WsResign(_Body):
    type: Literal["resign"]


class WsChat(_Body):
    type: Literal["chat"]
    text: str = Field(
        max_length=2000, description="the message (plain text; the server's chat_chars is the real limit)"
    )
    seat: SeatNumber | None = Field(None, description="on a hotseat table: any seat of the device, with its token")
    token: Token | None = None


SpectatorMark = Annotated[str, Field(pattern=r"^[0-9a-f]{6}$", description="a spectator's mark (its messages' 'from')")]


class WsChatRules(_Body):
    """A seat's say over its table's chat: the spectators' chat on or off, a spectator muted or
    heard again. Any of the three; a hotseat device names one of its seats with its token."""

    type: Literal["chat_rules"]
    spectators: bool | None = None
    mute: SpectatorMark | None = None
    unmute: SpectatorMark | None = None
    seat: SeatNumber | None = None
    token: Token | None = None


WsMessage = Annotated[
    WsAction | WsUndo | WsJoin | WsPing | WsResign | WsChat | WsChatRules, Field(discriminator="type")
]
