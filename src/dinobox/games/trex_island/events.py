"""Escape from T-Rex Island's events: what happened, for the log (``text.event_text`` words
them).

One frozen dataclass per kind; the kind is the class name in snake case (``TrexMoves`` is
``"trex_moves"``, the log's ``kind``). Seats, teams (by their die: ``seat * 3 + slot``) and
spaces are ids; a card is its type (``data.card_name``), a carnivore or herbivore its kind index
(``data.KIND_NAMES``), an attack its index in ``data.ATTACK_NAMES``.

The rules record an event by its class and fields (``State._emit(Class, ...)``); it is built
only when the log is read, so a playout never builds one.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event


# ----- Set-up ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Choosers(Event):
    """Set-up 1: the seats in the order they choose a character (the first one drawn)."""

    order: tuple[int, ...]


@dataclass(frozen=True)
class Character(Event):
    """``seat`` is ``character`` (an index of ``data.CHARACTER_NAMES``)."""

    seat: int
    character: int


@dataclass(frozen=True)
class First(Event):
    """``seat`` goes first."""

    seat: int


# ----- The turn ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Turn(Event):
    seat: int


@dataclass(frozen=True)
class Draw(Event):
    """``seat`` draws ``card`` (only the seat sees which)."""

    seat: int
    card: int


@dataclass(frozen=True)
class Draws(Event):
    """``seat`` takes the draw action."""

    seat: int


@dataclass(frozen=True)
class Pass(Event):
    """``seat`` can neither play nor draw."""

    seat: int


@dataclass(frozen=True)
class Shed(Event):
    """``seat`` gives up ``card`` (a hand above its size that can play nothing)."""

    seat: int
    card: int


@dataclass(frozen=True)
class Move(Event):
    """``seat`` plays ``card``: team ``die`` moves to ``space``; ``passed`` 1 when the way passed
    the T-Rex (one man lost), else 0."""

    seat: int
    die: int
    card: int
    space: int
    passed: int


@dataclass(frozen=True)
class Arrive(Event):
    """Team ``die`` reaches the helipad with ``crew`` survivors, the ``order``-th to arrive."""

    seat: int
    die: int
    crew: int
    order: int


@dataclass(frozen=True)
class Discard(Event):
    """``seat`` puts ``card`` on ``pile`` (0 is A, 1 is B)."""

    seat: int
    card: int
    pile: int


@dataclass(frozen=True)
class Picture(Event):
    """``seat`` takes a picture of ``herbivore`` (a kind index), playing ``cards`` cards."""

    seat: int
    herbivore: int
    cards: int


@dataclass(frozen=True)
class Rebuild(Event):
    """The draw deck is rebuilt from ``cards`` discarded cards."""

    cards: int


@dataclass(frozen=True)
class GameOver(Event):
    """The game ends, for ``reason`` (``turn.game_over``)."""

    reason: str


# ----- Game tokens and attacks -------------------------------------------------------------------
@dataclass(frozen=True)
class Token(Event):
    """Team ``die`` of ``seat`` draws ``token`` (an index of ``data.TOKEN_NAMES``)."""

    seat: int
    die: int
    token: int


@dataclass(frozen=True)
class TokenLeft(Event):
    """``seat`` leaves the tokens at team ``die``'s rest point face down."""

    seat: int
    die: int


@dataclass(frozen=True)
class Defend(Event):
    """Team ``die`` of ``seat`` beats off ``attack`` with ``reaction`` (an action id:
    ``actions.USE_SMG`` and the others)."""

    seat: int
    die: int
    attack: int
    reaction: int


@dataclass(frozen=True)
class Shoot(Event):
    """``seat`` fires ``weapon`` (``actions.SHOOT_TOKEN`` or ``actions.SHOOT_FREE``) at the T-Rex."""

    seat: int
    weapon: int


@dataclass(frozen=True)
class Loss(Event):
    """Team ``die`` of ``seat`` loses ``men`` to ``attack``."""

    seat: int
    die: int
    attack: int
    men: int


@dataclass(frozen=True)
class TeamLost(Event):
    """Team ``die`` of ``seat`` has no crew left."""

    seat: int
    die: int


# ----- Carnivores --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Strike(Event):
    """The card ``seat`` played makes ``kind`` (Raptors or Pterosaurs) strike the ``teams``."""

    seat: int
    kind: int
    teams: tuple[int, ...]


@dataclass(frozen=True)
class NoPrey(Event):
    """``kind`` strikes with no team on the island."""

    seat: int
    kind: int


@dataclass(frozen=True)
class TrexAppears(Event):
    space: int


@dataclass(frozen=True)
class TrexIdle(Event):
    """The T-Rex finds no team to hunt."""


@dataclass(frozen=True)
class TrexMoves(Event):
    """The T-Rex, moved by ``seat``'s card, walks to ``space`` and catches the ``prey`` teams there."""

    seat: int
    space: int
    prey: tuple[int, ...]


@dataclass(frozen=True)
class TrexGone(Event):
    """``seat`` drives the T-Rex off the map."""

    seat: int
