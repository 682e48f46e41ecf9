"""What happens in Pangaea, for the log: one typed event per kind.

The rules record them (``State._emit``); ``text.event_text`` words them. The kind of each is
its class name in snake case (``ImpactValue`` is ``"impact_value"``), the ``kind`` of the log
entry the web and the docs read. Seats, spaces, cards, dinos, tiles and Evolution types are ids:
a ``space`` is ``row * cols + col``, a ``card`` a STAR card kind, a ``direction`` 0..5.

The world's changes (``board.World.events``, recorded by ``world.py``) are ``WorldChange``
events, named with a ``W`` (``WTile`` is ``"w_tile"``); the game logs them as they are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from dinobox.engine.values import Event

__all__ = [
    "Action",
    "Activate",
    "Asteroid",
    "Block",
    "BlockedSpace",
    "Build",
    "Buy",
    "CentreMatches",
    "Choose",
    "Debris",
    "DinoMove",
    "Direction",
    "DirectionCard",
    "DirectionReshuffle",
    "Draw",
    "ExtraMove",
    "First",
    "Forfeit",
    "GameOver",
    "Harvest",
    "ImpactPoint",
    "ImpactValue",
    "Interrupt",
    "Keep",
    "Lightning",
    "Locator",
    "Move",
    "NoDino",
    "NoGuard",
    "NoQuake",
    "Pass",
    "Play",
    "Recalc",
    "Reshuffle",
    "ReshuffleDrawn",
    "Round",
    "Score",
    "Setup",
    "ShelterMove",
    "StarDrawn",
    "Start",
    "StayOff",
    "Stone",
    "Swap",
    "Token",
    "TokenMoves",
    "ToxicRing",
    "Trim",
    "Turn",
    "WCrack",
    "WCrackGone",
    "WCrackMoved",
    "WDino",
    "WDinoLost",
    "WErupt",
    "WExplorerLost",
    "WGuard",
    "WNoTile",
    "WReenter",
    "WShelterLost",
    "WTile",
    "WTileFromBoard",
    "WTsunami",
    "WildDino",
    "WildSetAside",
    "WildShelter",
    "WorldChange",
]


class BlockedSpace(NamedTuple):
    """Dinosaurs: a space of the range that cannot take a Dino, its top ``tile`` and the
    ``dino`` already there (-1: none)."""

    space: int
    tile: int
    dino: int


# ----- Kick-off and the turn's cards ----------------------------------------------------------


@dataclass(frozen=True)
class Setup(Event):
    """A game for ``players`` players begins."""

    players: int


@dataclass(frozen=True)
class First(Event):
    """Kick-off the game: ``seat`` is the start player, ``drawn`` at random or named by the
    option."""

    seat: int
    drawn: bool


@dataclass(frozen=True)
class Start(Event):
    """Starting positions: ``seat``'s Explorer starts on ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class Turn(Event):
    """``seat``'s turn begins."""

    seat: int


@dataclass(frozen=True)
class Token(Event):
    """A symbol token is laid: ``place`` 0 is the centre of the asteroid board, 1 and up a
    question mark."""

    place: int
    symbol: int


@dataclass(frozen=True)
class TokenMoves(Event):
    """The asteroid token moves to ``place`` on the ring (0: the lightning space)."""

    place: int


@dataclass(frozen=True)
class Draw(Event):
    """``seat`` draws the STAR ``card``."""

    seat: int
    card: int


@dataclass(frozen=True)
class ReshuffleDrawn(Event):
    """The Reshuffle card is drawn (by ``seat``, or -1 for another purpose)."""

    seat: int


@dataclass(frozen=True)
class Reshuffle(Event):
    """The STAR cards are reshuffled."""


@dataclass(frozen=True)
class WildSetAside(Event):
    """A Wild card is drawn and set aside."""


@dataclass(frozen=True)
class StarDrawn(Event):
    """A STAR ``card`` is drawn for ``purpose`` (``draws.FOR_...``)."""

    purpose: int
    card: int


@dataclass(frozen=True)
class DirectionCard(Event):
    """A Direction card shows ``direction``."""

    direction: int


@dataclass(frozen=True)
class DirectionReshuffle(Event):
    """The Direction cards are reshuffled."""


@dataclass(frozen=True)
class Score(Event):
    """``seat`` gains ``points`` (negative: pays), for a ``total`` of points."""

    seat: int
    points: int
    total: int


@dataclass(frozen=True)
class Asteroid(Event):
    """A score cube pushes the asteroid down to ``value``."""

    value: int


@dataclass(frozen=True)
class CentreMatches(Event):
    """``count`` cards played match the centre symbol."""

    count: int


# ----- Players Turn, steps 2 to 7 -------------------------------------------------------------


@dataclass(frozen=True)
class WildDino(Event):
    """Step 2: ``seat`` plays a Wild card and ``dino`` leaves ``space``."""

    seat: int
    dino: int
    space: int


@dataclass(frozen=True)
class WildShelter(Event):
    """Step 2: ``seat`` plays a Wild card to remove its Shelter on ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class Activate(Event):
    """Step 2: ``seat`` activates its Evolution card of type ``evolution``."""

    seat: int
    evolution: int


@dataclass(frozen=True)
class StayOff(Event):
    """Step 3: ``seat`` keeps its Explorer off the board."""

    seat: int


@dataclass(frozen=True)
class Swap(Event):
    """Step 4, Note 2: ``seat`` cannot play the symbol and swaps ``card``."""

    seat: int
    card: int


@dataclass(frozen=True)
class Keep(Event):
    """Step 4, Note 2: ``seat`` cannot play the symbol and keeps its cards."""

    seat: int


@dataclass(frozen=True)
class Choose(Event):
    """Step 4: ``seat`` chooses ``card`` (-1: none) for ``stage`` (0 the distance, 1 the
    action, 2 the range), worth ``value`` (spaces, action or range)."""

    seat: int
    stage: int
    card: int
    value: int


@dataclass(frozen=True)
class Interrupt(Event):
    """``seat`` plays a Wild card: ``turn_seat`` must follow a Direction card."""

    seat: int
    turn_seat: int


@dataclass(frozen=True)
class Direction(Event):
    """Step 5: ``seat`` moves the Event locator towards ``direction``."""

    seat: int
    direction: int


@dataclass(frozen=True)
class Play(Event):
    """Step 5: ``seat`` plays its cards (each -1 when none): ``distance`` spaces,
    ``action``, ``range``."""

    seat: int
    distance_card: int
    distance: int
    action_card: int
    action: int
    range_card: int
    range: int


@dataclass(frozen=True)
class Locator(Event):
    """The Event locator moves ``steps`` towards ``direction``, to ``space``."""

    direction: int
    steps: int
    space: int


@dataclass(frozen=True)
class Action(Event):
    """The ``action`` takes place over the range ``shape``."""

    action: int
    shape: int


@dataclass(frozen=True)
class NoQuake(Event):
    """Earthquake: no crack can be placed."""


@dataclass(frozen=True)
class NoDino(Event):
    """Dinosaurs: nothing happens. ``inside`` is the Dino that alone may move (all four out,
    it in the range) or -1; ``spaces`` says why each space of the range cannot take one."""

    inside: int
    spaces: tuple[BlockedSpace, ...]


@dataclass(frozen=True)
class Forfeit(Event):
    """Alliances: ``seat``'s action would harm an ally, it is forfeit."""

    seat: int


@dataclass(frozen=True)
class NoGuard(Event):
    """``seat`` does not use its protection card."""

    seat: int


@dataclass(frozen=True)
class Pass(Event):
    """Step 6: ``seat`` skips the step."""

    seat: int


@dataclass(frozen=True)
class Move(Event):
    """Step 6: ``seat``'s Explorer moves to ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class Harvest(Event):
    """Step 6: ``seat`` harvests on ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class Build(Event):
    """Step 6: ``seat`` builds a Shelter on ``space`` (``special``: with Build anywhere)."""

    seat: int
    space: int
    special: bool


@dataclass(frozen=True)
class DinoMove(Event):
    """Step 6: ``seat`` moves ``dino`` from ``source`` to ``target``."""

    seat: int
    dino: int
    source: int
    target: int


@dataclass(frozen=True)
class ExtraMove(Event):
    """``seat`` uses the Extra move card: step 6 again."""

    seat: int


@dataclass(frozen=True)
class Stone(Event):
    """Step 7: ``seat`` buys a stone for the lava on ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class Buy(Event):
    """Step 7: ``seat`` buys an Evolution card of type ``evolution``, giving back one of
    type ``discard`` (-1: none)."""

    seat: int
    evolution: int
    discard: int


@dataclass(frozen=True)
class Block(Event):
    """Level 4: ``seat`` blocks the change of ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class ShelterMove(Event):
    """Level 4: ``seat`` moves a Shelter from ``source`` to ``target``."""

    seat: int
    source: int
    target: int


@dataclass(frozen=True)
class Trim(Event):
    """Step 5: ``seat`` has no Shelter left and gives back ``card``."""

    seat: int
    card: int


# ----- The Lightning Bolt and the End Game ----------------------------------------------------


@dataclass(frozen=True)
class Lightning(Event):
    """Lightning Bolt: Shelters score, the asteroid comes closer."""


@dataclass(frozen=True)
class Round(Event):
    """Round ``round`` begins."""

    round: int


@dataclass(frozen=True)
class Recalc(Event):
    """Asteroid recalculation: row ``row`` counts ``count``; the asteroid goes from
    ``before`` to ``after``."""

    row: int
    count: int
    before: int
    after: int


@dataclass(frozen=True)
class ImpactValue(Event):
    """The End Game: the asteroid hits at ``value``; ``end_player`` plays the end game."""

    value: int
    end_player: int


@dataclass(frozen=True)
class ImpactPoint(Event):
    """The End Game: the impact point is row ``row``, column ``col``."""

    row: int
    col: int


@dataclass(frozen=True)
class ToxicRing(Event):
    """The End Game: the ring around the impact is toxic."""


@dataclass(frozen=True)
class Debris(Event):
    """The End Game: ``seat``'s debris falls on ``space``."""

    seat: int
    space: int


@dataclass(frozen=True)
class GameOver(Event):
    """The game ends: ``survived`` (some Shelter survived) and the ``winners``' seats."""

    survived: bool
    winners: tuple[int, ...]


# ----- the world's changes --------------------------------------------------------------------
# Built on every change of the world (the rules read them), playouts included: each writes its
# ``__init__``, since the one ``@dataclass`` generates stays interpreted in the compiled build
# (about 0.7 µs a change against a few dozen ns).


@dataclass(frozen=True)
class WorldChange(Event):
    """A change of the world (``world.py`` records it in ``World.events``; the game logs it)."""


@dataclass(frozen=True, init=False)
class WTile(WorldChange):
    """``space``'s top tile ``before`` becomes ``after``."""

    space: int
    before: int
    after: int

    def __init__(self, space: int, before: int, after: int) -> None:
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "after", after)


@dataclass(frozen=True, init=False)
class WExplorerLost(WorldChange):
    """``seat``'s Explorer is removed from ``space``."""

    seat: int
    space: int

    def __init__(self, seat: int, space: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class WShelterLost(WorldChange):
    """``seat``'s Shelter on ``space`` is destroyed."""

    seat: int
    space: int

    def __init__(self, seat: int, space: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class WDinoLost(WorldChange):
    """``dino`` leaves the board at ``space``."""

    dino: int
    space: int

    def __init__(self, dino: int, space: int) -> None:
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class WErupt(WorldChange):
    """The volcano on ``space`` erupts."""

    space: int

    def __init__(self, space: int) -> None:
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class WCrack(WorldChange):
    """A crack opens on ``edge``."""

    edge: int

    def __init__(self, edge: int) -> None:
        object.__setattr__(self, "edge", edge)


@dataclass(frozen=True, init=False)
class WCrackGone(WorldChange):
    """The crack on ``edge`` closes by the sea."""

    edge: int

    def __init__(self, edge: int) -> None:
        object.__setattr__(self, "edge", edge)


@dataclass(frozen=True, init=False)
class WCrackMoved(WorldChange):
    """The crack stick on ``edge`` is taken for reuse."""

    edge: int

    def __init__(self, edge: int) -> None:
        object.__setattr__(self, "edge", edge)


@dataclass(frozen=True, init=False)
class WTsunami(WorldChange):
    """A tsunami from ``start`` hits ``hit`` (-1: it dies out)."""

    start: int
    hit: int

    def __init__(self, start: int, hit: int) -> None:
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "hit", hit)


@dataclass(frozen=True, init=False)
class WGuard(WorldChange):
    """``seat``'s protection card drives off ``dino``."""

    seat: int
    dino: int

    def __init__(self, seat: int, dino: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "dino", dino)


@dataclass(frozen=True, init=False)
class WReenter(WorldChange):
    """``seat``'s Explorer re-enters on ``space``."""

    seat: int
    space: int

    def __init__(self, seat: int, space: int) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "space", space)


@dataclass(frozen=True, init=False)
class WNoTile(WorldChange):
    """No ``tile`` tile is left: ``space`` stays."""

    space: int
    tile: int

    def __init__(self, space: int, tile: int) -> None:
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class WTileFromBoard(WorldChange):
    """A ``tile`` tile is taken from ``space``."""

    space: int
    tile: int

    def __init__(self, space: int, tile: int) -> None:
        object.__setattr__(self, "space", space)
        object.__setattr__(self, "tile", tile)


@dataclass(frozen=True, init=False)
class WDino(WorldChange):
    """``dino`` arrives from ``source`` (-1: the stock) at ``target``."""

    dino: int
    source: int
    target: int

    def __init__(self, dino: int, source: int, target: int) -> None:
        object.__setattr__(self, "dino", dino)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
