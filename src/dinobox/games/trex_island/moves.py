"""What an Escape from T-Rex Island action would do: one frozen dataclass per kind of action
(``decode`` splits an action id into one, ``describe`` adds what the acting seat's position
says), what bots, texts and refusals read.

The kind is the class name in snake case (``TrexWay`` is ``"trex_way"``); the fields are the
JSON fields of ``State.describe_action`` (a field left ``None`` is left out). Cards are named by
their type (``card``) and its keys (``card_kind`` in ``data.KIND_KEYS``, ``colour`` in
``data.COLOURS``); teams by their die, spaces by id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from dinobox.engine.state import CHANCE
from dinobox.engine.values import ActionInfo
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island.data import CHARACTER_KEYS, COLOURS, KIND_KEYS

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

Reaction = Literal["take", "smg", "shotgun", "free_shotgun", "evade"]
"""An answer to an attack, in the order of ``actions.REACTIONS``."""

REACTION_KEYS: tuple[Reaction, ...] = ("take", "smg", "shotgun", "free_shotgun", "evade")


@dataclass(frozen=True)
class Move(ActionInfo):
    """Play ``card`` to move the seat's team ``slot`` to ``space``. For a seat: ``die`` is the
    team's die and, unless it waits behind the arrow at the helipad, whether the way there
    ``passes_trex`` (one man lost) and reaches the ``helipad`` or a ``rest_point``."""

    card: int
    card_kind: str
    colour: str
    slot: int
    space: int
    die: int | None = None
    passes_trex: bool | None = None
    helipad: bool | None = None
    rest_point: bool | None = None


@dataclass(frozen=True)
class Picture(ActionInfo):
    """Take a picture of ``dino`` (a herbivore's key), playing ``cards`` cards of ``colours``."""

    dino: str
    cards: int
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Draw(ActionInfo):
    """The draw action."""


@dataclass(frozen=True)
class Pass(ActionInfo):
    """Pass: nothing can be played or drawn."""


@dataclass(frozen=True)
class Pile(ActionInfo):
    """Put the card played or given up on ``pile`` (0 is A, 1 is B)."""

    pile: int


@dataclass(frozen=True)
class Token(ActionInfo):
    """At a rest point: ``take`` a game token, or leave them face down."""

    take: bool


@dataclass(frozen=True)
class React(ActionInfo):
    """Answer an attack on one of the seat's teams."""

    reaction: Reaction


@dataclass(frozen=True)
class TrexWay(ActionInfo):
    """On a tie in distance, send the T-Rex to ``space``."""

    space: int


@dataclass(frozen=True)
class Character(ActionInfo):
    """Take ``character`` (a key of ``data.CHARACTER_KEYS``)."""

    character: str


@dataclass(frozen=True)
class Shoot(ActionInfo):
    """Fire a Shotgun at the T-Rex: a token, or the Hunter's ``free`` one."""

    free: bool


@dataclass(frozen=True)
class Shed(ActionInfo):
    """Give up ``card`` (a hand above its size that can play nothing)."""

    card: int
    card_kind: str
    colour: str


@dataclass(frozen=True)
class Chance(ActionInfo):
    """A chance outcome (``text.action_text`` says which)."""


IslandAction = Move | Picture | Draw | Pass | Pile | Token | React | TrexWay | Character | Shoot | Shed
"""A player's action, described."""


def decode(action: int) -> IslandAction:
    """A player action split into its parts (for any seat)."""
    if action < A.PICTURE:
        card, slot, space = A.split_move(action)
        kind, colour = divmod(card, 3)
        return Move(card, KIND_KEYS[kind], COLOURS[colour], slot, space)
    if action < A.DRAW:
        herbivore, colours = A.split_picture(action)
        return Picture(KIND_KEYS[herbivore], len(colours), tuple(COLOURS[c] for c in colours))
    if action == A.DRAW:
        return Draw()
    if action == A.PASS:
        return Pass()
    if action < A.TOKEN_TAKE:
        return Pile(action - A.PILE)
    if action == A.TOKEN_TAKE or action == A.TOKEN_LEAVE:
        return Token(action == A.TOKEN_TAKE)
    if action < A.TREX_WAY:
        return React(REACTION_KEYS[action - A.REACT])
    if action < A.CHARACTER:
        return TrexWay(action - A.TREX_WAY)
    if action < A.SHOOT:
        return Character(CHARACTER_KEYS[action - A.CHARACTER])
    if action < A.SHED:
        return Shoot(action - A.SHOOT == A.SHOOT_FREE)
    kind, colour = divmod(action - A.SHED, 3)
    return Shed(action - A.SHED, KIND_KEYS[kind], COLOURS[colour])


def describe(state: TRexIslandState, action: int, player: int) -> ActionInfo:
    """``action`` of ``player`` (a seat, or ``CHANCE`` for a chance outcome), described: a move
    of a seat's team also says where its way goes (``Move``)."""
    if player == CHANCE:
        return Chance()
    return describe_play(state, action, player)


def describe_play(state: TRexIslandState, action: int, player: int) -> IslandAction:
    """``describe`` of a player action (ids naming nothing here raise ``ValueError``)."""
    check(state, action)
    if action < A.PICTURE and 0 <= player < state.num_players:
        return _seat_move(state, action, player)
    return decode(action)


def _seat_move(state: TRexIslandState, action: int, player: int) -> Move:
    """A move of ``player``'s team: the die, and where the way goes (unless the team is at the
    helipad already)."""
    card, slot, space = A.split_move(action)
    kind, colour = divmod(card, 3)
    die = player * 3 + slot
    pos = state.pos[die]
    board = state.board
    if pos == -1 or 0 <= pos != board.helipad:
        passes = bool(state.destinations(pos, colour).get(space, 0))
        helipad, rest = space == board.helipad, board.kind[space] == 3
        return Move(card, KIND_KEYS[kind], COLOURS[colour], slot, space, die, passes, helipad, rest)
    return Move(card, KIND_KEYS[kind], COLOURS[colour], slot, space, die)


def check(state: TRexIslandState, action: int) -> None:
    """Refuse ids that name nothing here: outside the action space or a space off this board."""
    if not 0 <= action < A.NUM_ACTIONS:
        raise ValueError(f"{action} is not an Escape from T-Rex Island action (0..{A.NUM_ACTIONS - 1})")
    size = state.board.size
    if action < A.PICTURE and A.split_move(action)[2] >= size:
        raise ValueError(
            f"action {action} moves a team to space {A.split_move(action)[2]}, which is not on "
            f"this board (spaces 0..{size - 1})"
        )
    if A.TREX_WAY <= action < A.CHARACTER and action - A.TREX_WAY >= size:
        raise ValueError(
            f"action {action} sends the T-Rex to space {action - A.TREX_WAY}, which is not on "
            f"this board (spaces 0..{size - 1})"
        )
