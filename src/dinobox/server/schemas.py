"""Request bodies of the JSON API (validated by FastAPI; a mismatch is a clear 422 error)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    type: Literal["human", "bot"] = Field(description="a person, or a bot played by the server")
    bot: str | None = Field(None, description="bot spec for a bot seat, e.g. 'random' or 'heuristic'")


class CreateTable(_Body):
    game: str = Field(description="game id, see GET /api/games")
    players: StrictInt | None = Field(None, description="player count (default: the game's default)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options and variants by name")
    seats: list[SeatSpec] | None = Field(None, description="one per player; default: you plus random bots")
    claim: list[StrictInt] = Field(default_factory=lambda: [0], description="seats you take now (tokens returned)")
    hotseat: bool = Field(False, description="one device plays every person's seat, hands hidden between turns")
    start: bool = Field(False, description="start at once (every person's seat must be claimed)")
    name: str | None = Field(None, description="your name at the table")


class ClaimSeat(_Body):
    name: str | None = None


class SeatAuth(_Body):
    seat: StrictInt
    token: str


class StartTable(_Body):
    seat: StrictInt | None = None
    token: str | None = None


class Act(_Body):
    seat: StrictInt
    token: str
    action: StrictInt = Field(description="one of the legal action ints")
    version: StrictInt = Field(description="the table version you last saw (stale versions are refused)")


class Undo(_Body):
    seat: StrictInt
    token: str
    version: StrictInt
