"""Dino Race's events: what happened, for the log (``text.event_text`` words them).

One frozen dataclass per kind; the kind is the class name in snake case (``PushBlocked`` is
``"push_blocked"``, the log's ``kind``). Seats, dinos and prize counters are ids; a card is its
type (``data.CARD_NAMES``); a tile is the number of the tile reached (``track_length`` or more
is the finish).

The rules record an event by its class and fields (``State._emit(Class, ...)``); it is built
only when the log is read, so a playout never builds one.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event


# ----- Before you play and the game turn ---------------------------------------------------------
@dataclass(frozen=True)
class Race(Event):
    """A race begins (``race`` 0, or 1 for Double Match's second)."""

    race: int


@dataclass(frozen=True)
class Turn(Event):
    seat: int


@dataclass(frozen=True)
class Draw(Event):
    """``seat`` draws ``card`` (only the seat sees which)."""

    seat: int
    card: int


@dataclass(frozen=True)
class Move(Event):
    """``seat`` plays one card (a matching card or a Wildcard): ``dino`` runs to ``tile``."""

    seat: int
    dino: int
    card: int
    tile: int


@dataclass(frozen=True)
class Triple(Event):
    """``seat`` discards three ``card`` cards: ``dino`` runs to ``tile``."""

    seat: int
    dino: int
    card: int
    tile: int


@dataclass(frozen=True)
class Push(Event):
    """``seat`` pushes ``dino`` back to ``tile`` (0 is the volcano)."""

    seat: int
    dino: int
    tile: int


@dataclass(frozen=True)
class PushBlocked(Event):
    """``seat`` pushes ``dino`` toward the lava: it stays, its owner pays."""

    seat: int
    dino: int


@dataclass(frozen=True)
class Trip(Event):
    seat: int
    dino: int


@dataclass(frozen=True)
class GiveEgg(Event):
    seat: int
    target: int


@dataclass(frozen=True)
class Steal(Event):
    """``seat`` plays Steal a card against ``victim`` (``Stolen`` says which card)."""

    seat: int
    victim: int


@dataclass(frozen=True)
class Stolen(Event):
    """``thief`` takes ``card`` from ``victim`` (only the two see which)."""

    thief: int
    victim: int
    card: int


@dataclass(frozen=True)
class Swap(Event):
    """``seat`` discards two cards for one new card."""

    seat: int
    cards: tuple[int, int]


@dataclass(frozen=True)
class StandUp(Event):
    """``seat`` discards two cards: ``dino`` stands up."""

    seat: int
    dino: int
    cards: tuple[int, int]


@dataclass(frozen=True)
class PassCard(Event):
    """Playing in Teams: ``seat`` passes ``card`` to ``mate`` (only the two see which)."""

    seat: int
    mate: int
    card: int


# ----- The event die, the lava and the finish line -----------------------------------------------
@dataclass(frozen=True)
class Roll(Event):
    seat: int


@dataclass(frozen=True)
class Die(Event):
    """The die ``seat`` rolled shows ``face`` (``data.DIE_FACES``)."""

    seat: int
    face: int


@dataclass(frozen=True)
class EruptionEgg(Event):
    """Eruption: ``seat`` holds the egg (discards the hand, takes a lava drop)."""

    seat: int


@dataclass(frozen=True)
class EggPassed(Event):
    seat: int
    target: int


@dataclass(frozen=True)
class Volcano(Event):
    """The volcano becomes active."""


@dataclass(frozen=True)
class Lava(Event):
    """Lava covers ``tile``."""

    tile: int


@dataclass(frozen=True)
class Carried(Event):
    """The lava drives ``dino`` (of ``seat``) forward to ``tile``."""

    seat: int
    dino: int
    tile: int


@dataclass(frozen=True)
class Drop(Event):
    """``seat`` takes a lava drop; ``from_supply`` False once the supply is used up."""

    seat: int
    from_supply: bool


@dataclass(frozen=True)
class NoCardToLose(Event):
    seat: int


@dataclass(frozen=True)
class RandomDiscard(Event):
    seat: int
    card: int


@dataclass(frozen=True)
class Reshuffle(Event):
    """The discard pile becomes the new deck."""


@dataclass(frozen=True)
class Home(Event):
    """``dino`` (of ``seat``) crosses the finish line."""

    seat: int
    dino: int


@dataclass(frozen=True)
class Prize(Event):
    """``seat`` takes prize counter ``counter`` (in secret: its audience sees which)."""

    seat: int
    counter: int


@dataclass(frozen=True)
class PrizeTalk(Event):
    """Playing in Teams: ``seat`` talks the prize ``stack`` (a bit per counter) over with ``mate``."""

    seat: int
    mate: int
    stack: int


@dataclass(frozen=True)
class HandDiscarded(Event):
    """``seat`` has every dino home and discards the hand."""

    seat: int


@dataclass(frozen=True)
class EggSafe(Event):
    seat: int


@dataclass(frozen=True)
class EggCounter(Event):
    """``seat`` takes an egg counter worth ``value``."""

    seat: int
    value: int


@dataclass(frozen=True)
class RaceOver(Event):
    race: int
