"""The declared shape of a Pangaea view (``view.view`` returns a :class:`PangaeaView`).

The heuristic bot, the RL encoder and the terminal renderer read views through these types, so
mypy checks every key they use. Spaces are ``[row, col]`` pairs; seats are absolute numbers.
"""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict


class CardView(TypedDict, total=False):
    """A STAR card: a Wild, the Reshuffle card, or a numbered card with its four elements."""

    kind: Required[int]
    wild: bool
    reshuffle: bool
    number: int
    action: str  # tiles.ACTION_KEYS
    range: str  # tiles.RANGE_KEYS
    symbol: str  # data.SYMBOL_KEYS


class EvolutionView(TypedDict):
    type: str  # data.EVO_KEYS
    name: str
    level: int
    active: bool


class PlayerView(TypedDict):
    seat: int
    name: str
    score: int
    hand: list[CardView]  # face up on the player board: everyone sees it
    evolution: list[EvolutionView]
    explorer: list[int] | None  # None: off the board, waiting to re-enter
    shelters: int  # on the board
    shelters_left: int
    allies: list[int]


class ShelterView(TypedDict):
    at: list[int]
    seats: list[int]
    special: list[int]  # the seats whose Shelter here was built with the level 3 card


class DinoView(TypedDict):
    id: int  # 0, 1 T-Rex; 2, 3 Brontosaurus
    name: str
    at: list[int] | None  # None: in stock
    moved: bool  # moved this round


class WorldView(TypedDict):
    rows: int
    cols: int
    tiles: list[str]  # one string per row, one symbol per space (worldtext legend)
    stacks: list[list[str]]  # per space (row-major), the tiles bottom up (tiles.TILE_KEYS)
    explorers: list[list[int] | None]  # per seat
    shelters: list[ShelterView]
    dinos: list[DinoView]
    locator: list[int]
    cracks: list[list[list[int]]]  # each crack: the two spaces it separates
    sticks: int
    supply: dict[str, int]


class SelectionView(TypedDict, total=False):
    """The cards chosen in step 4 (face up on the player board: everyone sees them)."""

    chosen: Required[int]  # how many of distance, action, range are chosen so far
    distance_card: int  # a card kind (the Wild's kind for a Wild)
    distance: int
    action_card: int
    action: str
    range_card: int  # -1: no range card
    range: str


class OptionsView(TypedDict):
    length: int
    ranges: str
    first: int | str  # the start player option: a seat, or "random"
    finish_round: bool  # a designer's option: finish the round of turns before the end game


class PendingDinoView(TypedDict):
    dino: int
    to: list[int]


class EndView(TypedDict, total=False):
    impact_value: Required[int]
    end_player: Required[int]
    impact: Required[list[int] | None]
    bonus: list[int]  # when the game is over
    survived: bool  # when the game is over


class PangaeaView(TypedDict):
    game: str
    seat: int | None
    turn: int
    round: int
    turn_player: int
    to_act: int | None
    phase: str
    over: bool
    options: OptionsView
    start_player: int | None  # None until drawn (option first = "random")
    asteroid: int
    scores: list[int]
    breakdown: list[dict[str, int]]
    ring: list[str | None]
    ring_pos: int
    centre: str | None
    restriction: str
    players: list[PlayerView]
    deck_count: int
    discard: dict[str, int]
    direction_deck: int
    direction_discard: dict[str, int]
    evolution_supply: dict[str, int]
    world: WorldView
    selection: SelectionView | None
    played: list[CardView]
    interrupted: bool
    direction: str | None
    range: list[list[int]]
    pending_changes: list[list[int]]
    blocked: list[list[int]]
    pending_dino: PendingDinoView | None
    stars: NotRequired[list[list[int]]]  # the starting stars, while they are being chosen
    end: NotRequired[EndView]
    winners: NotRequired[list[int]]
