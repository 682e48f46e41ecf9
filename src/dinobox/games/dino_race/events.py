"""Dino Race's events: what happened, for the log (``text.event_text`` words them).

One frozen dataclass per kind; the kind is the class name in snake case (``PushBlocked`` is
``"push_blocked"``, the log's ``kind``). Seats, dinos and prize counters are ids; a card is its
type (``data.CARD_NAMES``); a tile is the number of the tile reached (``track_length`` or more
is the finish).

Each class writes its ``__init__`` (``init=False``): compiled, the one the dataclass module
generates stays interpreted and makes an event cost about 0.5-0.9 µs, the hand-written one about
35 ns (events are built on every step of every playout).
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event


# ----- Before you play and the game turn ---------------------------------------------------------
@dataclass(frozen=True, init=False)
class Race(Event):
    """A race begins (``race`` 0, or 1 for Double Match's second)."""

    race: int

    def __init__(self, race: int) -> None:
        object.__setattr__(self, "race", race)


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
class Move(Event):
    """``seat`` plays one card (a matching card or a Wildcard): ``dino`` runs to ``tile``."""

    seat: int
    dino: int
    card: int
    tile: int

    def __init__(self, seat: int, dino: int, card: int, tile: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class Triple(Event):
    """``seat`` discards three ``card`` cards: ``dino`` runs to ``tile``."""

    seat: int
    dino: int
    card: int
    tile: int

    def __init__(self, seat: int, dino: int, card: int, tile: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class Push(Event):
    """``seat`` pushes ``dino`` back to ``tile`` (0 is the volcano)."""

    seat: int
    dino: int
    tile: int

    def __init__(self, seat: int, dino: int, tile: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class PushBlocked(Event):
    """``seat`` pushes ``dino`` toward the lava: it stays, its owner pays."""

    seat: int
    dino: int

    def __init__(self, seat: int, dino: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)


@dataclass(frozen=True, init=False)
class Trip(Event):
    seat: int
    dino: int

    def __init__(self, seat: int, dino: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)


@dataclass(frozen=True, init=False)
class GiveEgg(Event):
    seat: int
    target: int

    def __init__(self, seat: int, target: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "target", target)


@dataclass(frozen=True, init=False)
class Steal(Event):
    """``seat`` plays Steal a card against ``victim`` (``Stolen`` says which card)."""

    seat: int
    victim: int

    def __init__(self, seat: int, victim: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "victim", victim)


@dataclass(frozen=True, init=False)
class Stolen(Event):
    """``thief`` takes ``card`` from ``victim`` (only the two see which)."""

    thief: int
    victim: int
    card: int

    def __init__(self, thief: int, victim: int, card: int) -> None:
        object.__setattr__(self, "thief", thief)
        object.__setattr__(self, "victim", victim)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class Swap(Event):
    """``seat`` discards two cards for one new card."""

    seat: int
    cards: tuple[int, int]

    def __init__(self, seat: int, cards: tuple[int, int]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, init=False)
class StandUp(Event):
    """``seat`` discards two cards: ``dino`` stands up."""

    seat: int
    dino: int
    cards: tuple[int, int]

    def __init__(self, seat: int, dino: int, cards: tuple[int, int]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "cards", cards)


@dataclass(frozen=True, init=False)
class PassCard(Event):
    """Playing in Teams: ``seat`` passes ``card`` to ``mate`` (only the two see which)."""

    seat: int
    mate: int
    card: int

    def __init__(self, seat: int, mate: int, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "mate", mate)
        object.__setattr__(self, "card", card)


# ----- The event die, the lava and the finish line -----------------------------------------------
@dataclass(frozen=True, init=False)
class Roll(Event):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class Die(Event):
    """The die ``seat`` rolled shows ``face`` (``data.DIE_FACES``)."""

    seat: int
    face: int

    def __init__(self, seat: int, face: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "face", face)


@dataclass(frozen=True, init=False)
class EruptionEgg(Event):
    """Eruption: ``seat`` holds the egg (discards the hand, takes a lava drop)."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class EggPassed(Event):
    seat: int
    target: int

    def __init__(self, seat: int, target: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "target", target)


@dataclass(frozen=True, init=False)
class Volcano(Event):
    """The volcano becomes active."""


@dataclass(frozen=True, init=False)
class Lava(Event):
    """Lava covers ``tile``."""

    tile: int

    def __init__(self, tile: int) -> None:
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class Carried(Event):
    """The lava drives ``dino`` (of ``seat``) forward to ``tile``."""

    seat: int
    dino: int
    tile: int

    def __init__(self, seat: int, dino: int, tile: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class Drop(Event):
    """``seat`` takes a lava drop; ``from_supply`` False once the supply is used up."""

    seat: int
    from_supply: bool

    def __init__(self, seat: int, from_supply: bool) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "from_supply", from_supply)


@dataclass(frozen=True, init=False)
class NoCardToLose(Event):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class RandomDiscard(Event):
    seat: int
    card: int

    def __init__(self, seat: int, card: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, init=False)
class Reshuffle(Event):
    """The discard pile becomes the new deck."""


@dataclass(frozen=True, init=False)
class Home(Event):
    """``dino`` (of ``seat``) crosses the finish line."""

    seat: int
    dino: int

    def __init__(self, seat: int, dino: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)


@dataclass(frozen=True, init=False)
class Prize(Event):
    """``seat`` takes prize counter ``counter`` (in secret: its audience sees which)."""

    seat: int
    counter: int

    def __init__(self, seat: int, counter: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "counter", counter)


@dataclass(frozen=True, init=False)
class PrizeTalk(Event):
    """Playing in Teams: ``seat`` talks the prize ``stack`` (a bit per counter) over with ``mate``."""

    seat: int
    mate: int
    stack: int

    def __init__(self, seat: int, mate: int, stack: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "mate", mate)
        object.__setattr__(self, "stack", stack)


@dataclass(frozen=True, init=False)
class HandDiscarded(Event):
    """``seat`` has every dino home and discards the hand."""

    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class EggSafe(Event):
    seat: int

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, init=False)
class EggCounter(Event):
    """``seat`` takes an egg counter worth ``value``."""

    seat: int
    value: int

    def __init__(self, seat: int, value: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "value", value)


@dataclass(frozen=True, init=False)
class RaceOver(Event):
    race: int

    def __init__(self, race: int) -> None:
        object.__setattr__(self, "race", race)
