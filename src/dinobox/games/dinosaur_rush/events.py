"""What happens in The Great Dinosaur Rush, for the log: one typed event per kind.

The rules record them (``State._emit``); ``text.event_text`` words them. The kind of each is
its class name in snake case (``DonateToken`` is ``"donate_token"``), the ``kind`` of the log
entry the web and the docs read. Seats, cells, categories, colours and cards are ids: a
``cell`` is a board cell, a ``category`` a museum category (0..4), a ``colour`` a bone colour
(green, red, yellow, blue, white), a Notoriety ``value`` the index of its denomination.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import Event

__all__ = [
    "BonusCard",
    "BonusScored",
    "Building",
    "Built",
    "Collect",
    "Donate",
    "DonateToken",
    "DrawBone",
    "Dynamite",
    "Exhibit",
    "First",
    "GameOver",
    "Move",
    "NoNotoriety",
    "Notoriety",
    "Paleontologist",
    "Publicize",
    "Research",
    "Round",
    "Sabotage",
    "SabotageToken",
    "StartSpace",
    "Stay",
    "Steal",
    "Survey",
    "TokenTaken",
    "Turn",
]


# ----- Setup -------------------------------------------------------------------------------


@dataclass(frozen=True)
class First(Event):
    """Setup 11: ``seat`` is the starting player, ``drawn`` at random or named by the option."""

    seat: int
    drawn: bool


@dataclass(frozen=True)
class Paleontologist(Event):
    """Setup 7: ``seat`` holds the paleontologist ``card``."""

    seat: int
    card: int


@dataclass(frozen=True)
class BonusCard(Event):
    """Setup 8 and Research: ``seat`` gets the bonus ``card`` (only that seat sees which)."""

    seat: int
    card: int


@dataclass(frozen=True)
class StartSpace(Event):
    """Setup 11: ``seat``'s paleontologist starts on ``cell``."""

    seat: int
    cell: int


# ----- Field phase -------------------------------------------------------------------------


@dataclass(frozen=True)
class Round(Event):
    """A round begins (``round`` from 0); ``starter`` takes the first field turn."""

    round: int
    starter: int


@dataclass(frozen=True)
class Turn(Event):
    """``seat``'s field turn ``field_turn`` (from 0) of round ``round`` (from 0)."""

    seat: int
    round: int
    field_turn: int


@dataclass(frozen=True)
class Collect(Event):
    """Collect bones: ``seat`` takes the bones on ``cell``, ``bones`` counted per colour."""

    seat: int
    cell: int
    bones: tuple[int, ...]


@dataclass(frozen=True)
class Move(Event):
    """Move: ``seat``'s paleontologist goes to ``cell``."""

    seat: int
    cell: int


@dataclass(frozen=True)
class Stay(Event):
    """Move: no straight line is open, ``seat`` stays put."""

    seat: int


@dataclass(frozen=True)
class TokenTaken(Event):
    """Move: ``seat`` crosses ``cell`` and takes the sabotage token of ``value`` lying there
    (only that seat sees the value)."""

    seat: int
    cell: int
    value: int


@dataclass(frozen=True)
class Publicize(Event):
    """Publicize (the step or the action): ``seat`` moves ``category`` by ``step`` rows (-1 up,
    1 down; -2 and 2 with the ability)."""

    seat: int
    category: int
    step: int


@dataclass(frozen=True)
class Donate(Event):
    """Donate: ``seat`` gives the bones of ``colours`` back for ``points``."""

    seat: int
    colours: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class DonateToken(Event):
    """Donate: ``seat`` gives the bones of ``colours`` back and sheds a Notoriety token worth
    ``worth`` (its face value, not its index)."""

    seat: int
    colours: tuple[int, ...]
    worth: int


@dataclass(frozen=True)
class Research(Event):
    """Research: ``seat`` draws a bonus card (a ``BonusCard`` follows)."""

    seat: int


@dataclass(frozen=True)
class Sabotage(Event):
    """Sabotage: ``seat`` lays a token face down on ``cell``."""

    seat: int
    cell: int


@dataclass(frozen=True)
class SabotageToken(Event):
    """Sabotage: the token ``seat`` laid on ``cell`` is of ``value`` (only that seat sees it)."""

    seat: int
    cell: int
    value: int


@dataclass(frozen=True)
class Notoriety(Event):
    """Notorious actions: ``seat`` draws a Notoriety token of ``value`` (only that seat sees it)."""

    seat: int
    value: int


@dataclass(frozen=True)
class NoNotoriety(Event):
    """Notorious actions: ``seat``'s ability spares it the token this time."""

    seat: int


@dataclass(frozen=True)
class Dynamite(Event):
    """Dynamite: ``seat`` blasts its dig site (``DrawBone`` events follow)."""

    seat: int


@dataclass(frozen=True)
class DrawBone(Event):
    """A bone of ``colour`` drawn from the bag goes to ``seat``'s pile."""

    seat: int
    colour: int


@dataclass(frozen=True)
class Steal(Event):
    """Steal: ``seat`` takes a bone of ``colour`` from ``cell``."""

    seat: int
    cell: int
    colour: int


@dataclass(frozen=True)
class Survey(Event):
    """Survey (family variant): ``seat`` moves again."""

    seat: int


# ----- Build and Exhibit phases -------------------------------------------------------------


@dataclass(frozen=True)
class Building(Event):
    """Build phase: ``seat`` builds behind its screen."""

    seat: int


@dataclass(frozen=True)
class Built(Event):
    """Build phase: ``seat`` has finished building."""

    seat: int


@dataclass(frozen=True)
class Exhibit(Event):
    """Exhibit phase: museum ``category`` scored, each seat's count and points in seat order."""

    category: int
    counts: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class BonusScored(Event):
    """Exhibit phase: ``seat`` completes the bonus ``card`` and scores it."""

    seat: int
    card: int


@dataclass(frozen=True)
class GameOver(Event):
    """End of game: each seat's Notoriety total and the points it adds or costs, in seat order."""

    totals: tuple[int, ...]
    adjust: tuple[int, ...]
