"""Request bodies of the JSON API (validated by FastAPI; a mismatch is a clear 422 error)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

MAX_SEATS = 16  # no game seats more
SeatNumber = Annotated[StrictInt, Field(ge=0, lt=MAX_SEATS, description="a seat number (0 is the first)")]
ActionNumber = Annotated[StrictInt, Field(ge=0, lt=2**31, description="one of the legal action ints")]
Version = Annotated[
    StrictInt, Field(ge=0, lt=2**53, description="the table version you last saw (stale versions are refused)")
]
Token = Annotated[str, Field(max_length=200, description="the seat's secret token")]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


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
    game: str = Field(max_length=64, description="game id, see GET /api/games")
    players: StrictInt | None = Field(
        None, ge=1, le=MAX_SEATS, description="player count (default: the game's default)"
    )
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's declared options by name (see option_specs in GET /api/games)"
    )
    data: dict[str, Any] | None = Field(
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


class ClaimSeat(_Body):
    name: str | None = Field(None, max_length=200)
    profile_key: str | None = Field(None, max_length=200, description="your profile's secret key (links the seat)")


class NewProfile(_Body):
    name: str = Field(max_length=200, description="the name others see (1 to 40 characters)")


class ProfileKey(_Body):
    key: str = Field(max_length=200, description="the profile's secret key")


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


WsMessage = Annotated[WsAction | WsUndo | WsJoin | WsPing, Field(discriminator="type")]
