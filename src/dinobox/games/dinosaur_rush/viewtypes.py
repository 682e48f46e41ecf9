"""The declared shape of a Great Dinosaur Rush view (``view.view`` returns ``DinosaurRushView``).

The heuristic, the encoder, the auto-builder and the terminal renderer read views through these
types, so mypy checks every key they use. A view is plain JSON: lists, not tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

Phase = Literal["setup", "field", "build", "exhibit", "over"]
"""Where the round stands (the step on top of the flow says: ``RushStep.phase``)."""


class CellView(TypedDict):
    """One board cell. ``bones``/``in_play`` only on dig sites; ``tokens`` counts the sabotage
    tokens lying here, ``token_values`` lists those this seat knows, ``token_value`` is there when
    a single token lies here and is known."""

    cell: int
    label: str
    kind: str  # site, outer_site, tar, start, start_4p
    x: int
    y: int
    bones: NotRequired[list[int]]  # per colour (green, red, yellow, blue, white)
    in_play: NotRequired[bool]
    paleontologist: int | None  # the seat standing here
    token: NotRequired[bool]  # a sabotage token lies here
    tokens: NotRequired[int]
    token_values: NotRequired[list[int]]
    token_value: NotRequired[int]


class BoardView(TypedDict):
    rows: list[str]
    cells: list[CellView]


class CardView(TypedDict):
    """A bonus card: its index, name, points and part spec (``"neck 3, limbs 2/2"``)."""

    card: int
    name: str
    points: int
    spec: str


class PaleontologistView(TypedDict):
    card: int
    name: str
    ability: str
    text: str


class PlayerView(TypedDict):
    """One seat's public panel; ``token_values`` and ``bonus`` for the seat itself (everyone at the
    end); ``built`` only during the Build phase."""

    seat: int
    name: str
    paleontologist: PaleontologistView | None
    cell: int | None
    pile: list[int]
    starting: list[int]
    score: int  # victory points so far (before the end-of-game Notoriety adjustment)
    tokens: int
    bonus_count: int
    scored_bonus: list[CardView]
    skeleton: dict[str, int] | None
    skeleton_drawing: list[str] | None
    categories: list[int] | None
    built: NotRequired[bool]
    token_values: NotRequired[list[int]]
    bonus: NotRequired[list[CardView]]


MuseumView = TypedDict("MuseumView", {"category": str, "row": int, "class": str, "points": list[int]})
"""One museum category: its marker's row (0 = class A) and the points of that row."""


class BagView(TypedDict):
    bones: int
    notoriety: int
    bonus_cards: int


class BuildView(TypedDict):
    """The seat's own skeleton under construction (only while it builds)."""

    allocation: list[int]
    parts: dict[str, int]
    remaining: list[int]
    choosing_start: bool


class CategoryScore(TypedDict):
    rows: int
    counts: list[int]
    points: list[int]


class BonusScored(TypedDict):
    seat: int
    card: int


class RoundSummary(TypedDict):
    """Exhibit phase of one round: each category's scoring and the bonus cards completed."""

    round: int
    categories: list[CategoryScore]
    bonus: list[BonusScored]


class FinalTally(TypedDict):
    """End of the game: Notoriety totals, the adjustment they give, and the points before it."""

    notoriety: list[int]
    adjust: list[int]
    field_points: list[int]


class DinosaurRushView(TypedDict):
    game: str
    seat: int | None
    players_count: int
    family: bool
    two_player: bool
    round: int
    rounds: int
    field_turn: int
    field_turns: int
    phase: Phase
    turn_player: int | None
    starter: int
    to_act: int | None
    step: str
    over: bool
    board: BoardView
    museum: list[MuseumView]
    class_points: list[list[int]]
    players: list[PlayerView]
    bag: BagView
    colours: list[str]
    rounds_scored: list[RoundSummary]
    build: NotRequired[BuildView]
    scores: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    final: NotRequired[FinalTally]
    breakdown: NotRequired[list[dict[str, int]]]


def ability_of(player: PlayerView) -> str:
    """The player's paleontologist ability key ("" before the cards are dealt)."""
    paleo = player["paleontologist"]
    return "" if paleo is None else paleo["ability"]


def as_view(view: Mapping[str, Any]) -> DinosaurRushView:
    """``state.view(seat)`` of a Great Dinosaur Rush state, under its declared type."""
    return cast(DinosaurRushView, view)
