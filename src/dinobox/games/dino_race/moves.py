"""What a Dino Race action would do: one frozen dataclass per kind of action (``describe``
decodes an action id into one), what bots, texts and refusals read.

The kind is the class name in snake case (``GiveEgg`` is ``"give_egg"``); the fields are the
JSON fields of ``State.describe_action`` (a field left ``None`` is left out; ``with_`` is the
JSON field ``with``). Cards are named by their keys (``data.CARD_KEYS``), dinos and seats by id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from dinobox.engine.state import CHANCE
from dinobox.engine.values import ActionInfo
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race.data import CARD_KEYS

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

How = Literal["match", "wild", "triple"]
"""How a dino moves: the card matching its next tile, a Wildcard, or three cards of one type."""


@dataclass(frozen=True)
class Move(ActionInfo):
    """Move the seat's dino ``slot`` (0 or 1; ``dino`` is its id) one tile ``with_`` a card:
    the matching one, a Wildcard or (``triple``) three ``card`` cards."""

    slot: int
    with_: How
    card: str | None = None
    dino: int | None = None


@dataclass(frozen=True)
class Push(ActionInfo):
    """Push back ``target_dino`` one tile."""

    target_dino: int


@dataclass(frozen=True)
class Trip(ActionInfo):
    """Throw the egg to trip ``target_dino``."""

    target_dino: int


@dataclass(frozen=True)
class GiveEgg(ActionInfo):
    """Throw the egg to give it to ``target_seat``."""

    target_seat: int


@dataclass(frozen=True)
class Steal(ActionInfo):
    """Steal a random card from ``target_seat``."""

    target_seat: int


@dataclass(frozen=True)
class Swap(ActionInfo):
    """Discard the two ``cards`` to draw one."""

    cards: tuple[str, str]


@dataclass(frozen=True)
class StandUp(ActionInfo):
    """Discard the two ``cards`` to stand the seat's tripped dino ``slot`` (``dino``) up."""

    slot: int
    cards: tuple[str, str]
    dino: int | None = None


@dataclass(frozen=True)
class PassCard(ActionInfo):
    """Playing in Teams: pass one ``card`` to the team-mate."""

    card: str


@dataclass(frozen=True)
class Roll(ActionInfo):
    """End the play phase and roll the event die."""


@dataclass(frozen=True)
class Prize(ActionInfo):
    """Take prize ``counter`` (worth ``value``, of ``colour``) from the stack."""

    counter: int
    value: int
    colour: str


@dataclass(frozen=True)
class PassEgg(ActionInfo):
    """After an eruption, pass the egg to ``target_seat``."""

    target_seat: int


@dataclass(frozen=True)
class Chance(ActionInfo):
    """A chance outcome (``text.action_text`` says which)."""


RaceAction = Move | Push | Trip | GiveEgg | Steal | Swap | StandUp | PassCard | Roll | Prize | PassEgg
"""A player's action, described."""


def describe(state: DinoRaceState, action: int, player: int) -> ActionInfo:
    """``action`` of ``player`` (a seat, or ``CHANCE`` for a chance outcome), described."""
    if player == CHANCE:
        return Chance()
    return decode(state, action, player)


def decode(state: DinoRaceState, action: int, player: int) -> RaceAction:
    """A player action split into its parts; a move or a stand-up names the dino of ``player``'s
    ``slot`` when ``player`` is a seat that has it."""
    if action < A.PUSH:
        return _move(state, action, player)
    if action < A.TRIP:
        return Push(action - A.PUSH)
    if action < A.GIVE_EGG:
        return Trip(action - A.TRIP)
    if action < A.STEAL:
        return GiveEgg(action - A.GIVE_EGG)
    if action < A.SWAP:
        return Steal(action - A.STEAL)
    if action < A.STAND_UP:
        x, y = A.PAIRS[action - A.SWAP]
        return Swap((CARD_KEYS[x], CARD_KEYS[y]))
    if action < A.PASS:
        k, i = divmod(action - A.STAND_UP, 36)
        x, y = A.PAIRS[i]
        return StandUp(k, (CARD_KEYS[x], CARD_KEYS[y]), _dino(state, player, k))
    if action < A.ROLL:
        return PassCard(CARD_KEYS[action - A.PASS])
    if action == A.ROLL:
        return Roll()
    if action < state.erupt_base:
        counter = action - A.PRIZE
        data = state.game.data
        return Prize(counter, data.prize_values[counter], data.prize_colours[counter])
    return PassEgg(action - state.erupt_base)


def _move(state: DinoRaceState, action: int, player: int) -> Move:
    if action < A.MOVE_WILD:
        return Move(action, "match", None, _dino(state, player, action))
    if action < A.MOVE_TRIPLE:
        k = action - A.MOVE_WILD
        return Move(k, "wild", None, _dino(state, player, k))
    k, t = divmod(action - A.MOVE_TRIPLE, 8)
    return Move(k, "triple", CARD_KEYS[t], _dino(state, player, k))


def _dino(state: DinoRaceState, player: int, slot: int) -> int | None:
    """The id of ``player``'s dino ``slot``, when ``player`` is a seat with that many dinos."""
    if 0 <= player < state.num_players:
        dinos = state.dinos_of(player)
        if slot < len(dinos):
            return dinos[slot]
    return None
