"""The declared shape of a Dino Race view (what ``view(state, seat)`` returns).

The view is JSON (it goes to the page, the log of a saved game and the RL encoder unchanged);
these TypedDicts let mypy check every reader of it: the heuristic, the encoder and the terminal
renderer. Keys marked ``NotRequired`` appear only for some seats or moments, as documented.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

Phase = Literal["setup", "play", "prize", "pass_egg", "roll", "draw", "resolve", "over"]
PHASES: tuple[Phase, ...] = ("setup", "play", "prize", "pass_egg", "roll", "draw", "resolve", "over")
"""What happens next: a player's play phase, prize choice or egg pass after an eruption, a
chance step (set-up, the die, a draw), automatic resolution, or the end."""


class TrackTile(TypedDict):
    """One terrain tile of the track (1..track length)."""

    tile: int
    terrain: str  # one of data.TERRAINS
    lava: bool  # the tile has turned to lava


class DinoView(TypedDict):
    id: int
    owner: int  # seat
    name: str
    tile: int | None  # 0 is the volcano; None once home (then ``home`` is True)
    home: bool
    down: bool  # tripped by Throw the egg, lying on its side


class PrizeView(TypedDict):
    """A prize counter: its id (index into the game data), value and colour."""

    id: int
    value: int
    colour: str


class PlayerView(TypedDict):
    seat: int
    name: str
    hand_count: int
    lava_drops: int
    prize_count: int
    dinos_home: int
    racing: bool  # at least one dino still on the track
    team: NotRequired[int]  # Playing in Teams only
    mate: NotRequired[int]  # Playing in Teams only: the team-mate's seat
    prizes: NotRequired[list[PrizeView]]  # the viewer's own, and everyone's once the game is over


class DinoRaceView(TypedDict):
    """Everything one seat (or a spectator, ``seat`` None) may know of the table."""

    game: str
    seat: int | None
    race: int  # 1-based
    races: int  # 2 in a Double Match, else 1
    turn: int
    turn_player: int
    to_act: int | None  # None at chance nodes and at the end
    over: bool
    volcano_active: bool
    lava_tiles: int  # tiles 1..lava_tiles have turned to lava
    track: list[TrackTile]
    dinos: list[DinoView]
    egg: int  # seat holding the egg
    players: list[PlayerView]
    deck_count: int
    discard: dict[str, int]  # card key -> count, zero counts left out
    prize_stack_count: int
    lava_supply: int  # lava drops left in the supply
    phase: Phase
    # Seated viewers only:
    hand: NotRequired[dict[str, int]]
    prize_choice: NotRequired[list[PrizeView]]  # while choosing a prize
    mate_prize_choice: NotRequired[list[PrizeView]]  # Playing in Teams: the stack the team-mate chooses from
    passed_card: NotRequired[bool]  # Playing in Teams, in the viewer's play phase
    # Once a race has been scored:
    race_scores: NotRequired[list[list[int]]]
    # At the end of the game:
    scores: NotRequired[list[int]]
    winners: NotRequired[list[int]]
    breakdown: NotRequired[list[dict[str, int]]]
    egg_safe_by: NotRequired[int]
    egg_value: NotRequired[int]
