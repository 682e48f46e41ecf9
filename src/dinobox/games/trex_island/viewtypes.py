"""The declared shape of an Escape from T-Rex Island view (what ``view.view`` returns).

The heuristic, the encoder and the terminal renderer read views through these types, so mypy
checks every key they use. Keys marked ``NotRequired`` appear only in some situations: ``hand``
for a seated viewer, ``attack`` while a team is under attack, ``playing`` while a played card
waits for its discard pile, and the results once the game is over.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class CardView(TypedDict):
    card: int  # card type: kind * 3 + colour
    kind: str  # a key of data.KIND_KEYS
    colour: str  # a key of data.COLOURS


class CardCountView(CardView):
    count: int


class SpaceView(TypedDict):
    id: int
    kind: str  # orange, purple, cyan, rest, helipad
    next: list[int]
    row: int
    col: int
    trail: str
    tokens: NotRequired[int]  # rest points only: face-down tokens left


class DieView(TypedDict):
    id: int
    owner: int
    slot: int
    name: str
    crew: int
    space: int | None
    at_start: bool
    arrived: bool
    arrival: int | None
    lost: bool


class PlayerView(TypedDict):
    seat: int
    name: str
    character: str | None
    character_name: str | None
    hand_count: int
    hand_limit: int
    trophies: dict[str, int]
    trophy_cards: list[CardCountView]
    tokens: dict[str, int]
    food_cans: int
    can_feed: int
    rescued: int
    free_shotgun: bool
    evade_raptor: bool
    evade_pterosaur: bool
    score: int


class PileView(TypedDict):
    count: int
    top: CardView | None
    cards: list[CardView]


class AttackView(TypedDict):
    team: int
    kind: str  # a key of data.ATTACK_NAMES
    men: int


class TRexView(TypedDict):
    game: str
    seat: int | None
    over: bool
    turn: int
    turn_player: int
    actions_done: int
    to_act: int | None
    phase: str
    board: list[SpaceView]
    start: int
    helipad: int
    trex: int | None
    dice: list[DieView]
    players: list[PlayerView]
    piles: list[PileView]
    deck_count: int
    tokens_undrawn: dict[str, int]
    tokens_on_map: int
    arrivals: list[int]
    choosing_order: list[int]
    attack: NotRequired[AttackView]
    playing: NotRequired[CardView]
    hand: NotRequired[list[CardCountView]]
    scores: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    breakdown: NotRequired[list[dict[str, int]]]


class PieceRef(TypedDict):
    """A piece a board shows refused (``refusals.refused_pieces``): a team, by its die."""

    kind: str
    die: int
