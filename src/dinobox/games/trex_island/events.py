"""Escape from T-Rex Island's events: what happened, for the log (``text.event_text`` words
them).

One frozen dataclass per kind; the kind is the class name in snake case (``TrexMoves`` is
``"trex_moves"``, the log's ``kind``). Seats, teams (by their die: ``seat * 3 + slot``) and
spaces are ids; a card is its type (``data.card_name``), a carnivore or herbivore its kind index
(``data.KIND_NAMES``), an attack its index in ``data.ATTACK_NAMES``.

Each class writes its ``__init__`` (``init=False``): compiled, the one the dataclass module
generates stays interpreted and makes an event cost about 0.5-0.9 µs, the hand-written one about
35 ns (events are built on every step of every playout).
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event


# ----- Set-up ------------------------------------------------------------------------------------
@dataclass(frozen=True, init=False)
class Choosers(Event):
    """Set-up 1: the seats in the order they choose a character (the first one drawn)."""

    order: tuple[int, ...]

    def __init__(self, order: tuple[int, ...]) -> None:
        object.__setattr__(self, "order", order)


@dataclass(frozen=True, init=False)
class Character(Event):
    """``seat`` is ``character`` (an index of ``data.CHARACTER_NAMES``)."""

    seat: int
    character: int

    def __init__(self, seat: int, character: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "character", character)


@dataclass(frozen=True, init=False)
class First(Event):
    """``seat`` goes first."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


# ----- The turn ----------------------------------------------------------------------------------
@dataclass(frozen=True, init=False)
class Turn(Event):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class Draw(Event):
    """``seat`` draws ``card`` (only the seat sees which)."""

    seat: int
    card: int

    def __init__(self, seat: int, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class Draws(Event):
    """``seat`` takes the draw action."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class Pass(Event):
    """``seat`` can neither play nor draw."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class Shed(Event):
    """``seat`` gives up ``card`` (a hand above its size that can play nothing)."""

    seat: int
    card: int

    def __init__(self, seat: int, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class Move(Event):
    """``seat`` plays ``card``: team ``die`` moves to ``space``; ``passed`` 1 when the way passed
    the T-Rex (one man lost), else 0."""

    seat: int
    die: int
    card: int
    space: int
    passed: int

    def __init__(self, seat: int, die: int, card: int, space: int, passed: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "passed", passed)


@dataclass(frozen=True, init=False)
class Arrive(Event):
    """Team ``die`` reaches the helipad with ``crew`` survivors, the ``order``-th to arrive."""

    seat: int
    die: int
    crew: int
    order: int

    def __init__(self, seat: int, die: int, crew: int, order: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)
        object.__setattr__(self, "crew", crew)
        object.__setattr__(self, "order", order)


@dataclass(frozen=True, init=False)
class Discard(Event):
    """``seat`` puts ``card`` on ``pile`` (0 is A, 1 is B)."""

    seat: int
    card: int
    pile: int

    def __init__(self, seat: int, card: int, pile: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "pile", pile)


@dataclass(frozen=True, init=False)
class Picture(Event):
    """``seat`` takes a picture of ``herbivore`` (a kind index), playing ``cards`` cards."""

    seat: int
    herbivore: int
    cards: int

    def __init__(self, seat: int, herbivore: int, cards: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "herbivore", herbivore)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, init=False)
class Rebuild(Event):
    """The draw deck is rebuilt from ``cards`` discarded cards."""

    cards: int

    def __init__(self, cards: int) -> None:
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, init=False)
class GameOver(Event):
    """The game ends, for ``reason`` (``turn.game_over``)."""

    reason: str

    def __init__(self, reason: str) -> None:
        object.__setattr__(self, "reason", reason)


# ----- Game tokens and attacks -------------------------------------------------------------------
@dataclass(frozen=True, init=False)
class Token(Event):
    """Team ``die`` of ``seat`` draws ``token`` (an index of ``data.TOKEN_NAMES``)."""

    seat: int
    die: int
    token: int

    def __init__(self, seat: int, die: int, token: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)
        object.__setattr__(self, "token", token)


@dataclass(frozen=True, init=False)
class TokenLeft(Event):
    """``seat`` leaves the tokens at team ``die``'s rest point face down."""

    seat: int
    die: int

    def __init__(self, seat: int, die: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)


@dataclass(frozen=True, init=False)
class Defend(Event):
    """Team ``die`` of ``seat`` beats off ``attack`` with ``reaction`` (an action id:
    ``actions.USE_SMG`` and the others)."""

    seat: int
    die: int
    attack: int
    reaction: int

    def __init__(self, seat: int, die: int, attack: int, reaction: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)
        object.__setattr__(self, "attack", attack)
        object.__setattr__(self, "reaction", reaction)


@dataclass(frozen=True, init=False)
class Shoot(Event):
    """``seat`` fires ``weapon`` (``actions.SHOOT_TOKEN`` or ``actions.SHOOT_FREE``) at the T-Rex."""

    seat: int
    weapon: int

    def __init__(self, seat: int, weapon: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "weapon", weapon)


@dataclass(frozen=True, init=False)
class Loss(Event):
    """Team ``die`` of ``seat`` loses ``men`` to ``attack``."""

    seat: int
    die: int
    attack: int
    men: int

    def __init__(self, seat: int, die: int, attack: int, men: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)
        object.__setattr__(self, "attack", attack)
        object.__setattr__(self, "men", men)


@dataclass(frozen=True, init=False)
class TeamLost(Event):
    """Team ``die`` of ``seat`` has no crew left."""

    seat: int
    die: int

    def __init__(self, seat: int, die: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "die", die)


# ----- Carnivores --------------------------------------------------------------------------------
@dataclass(frozen=True, init=False)
class Strike(Event):
    """The card ``seat`` played makes ``kind`` (Raptors or Pterosaurs) strike the ``teams``."""

    seat: int
    kind: int
    teams: tuple[int, ...]

    def __init__(self, seat: int, kind: int, teams: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "teams", teams)


@dataclass(frozen=True, init=False)
class NoPrey(Event):
    """``kind`` strikes with no team on the island."""

    seat: int
    kind: int

    def __init__(self, seat: int, kind: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "kind", kind)


@dataclass(frozen=True, init=False)
class TrexAppears(Event):
    space: int

    def __init__(self, space: int) -> None:
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class TrexIdle(Event):
    """The T-Rex finds no team to hunt."""


@dataclass(frozen=True, init=False)
class TrexMoves(Event):
    """The T-Rex, moved by ``seat``'s card, walks to ``space`` and catches the ``prey`` teams there."""

    seat: int
    space: int
    prey: tuple[int, ...]

    def __init__(self, seat: int, space: int, prey: tuple[int, ...]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "prey", prey)


@dataclass(frozen=True, init=False)
class TrexGone(Event):
    """``seat`` drives the T-Rex off the map."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)
