"""What a Pangaea action would do: one typed description per kind of action.

``text.action_info`` gives them (``State.action_info``); the bots, the texts and the refusals
read them, and ``describe_action`` sends them as JSON: the kind is the class name in snake case
(``DistanceWild`` is ``"distance_wild"``), the fields are the JSON fields (a ``space`` is
``[row, col]``; ``from_`` is the field ``from``), and a field that is ``None`` is left out.
Evolution cards, actions, directions and tiles are named by their keys, as the web reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import ActionInfo

__all__ = [
    "ActionCard",
    "ActionWild",
    "Activate",
    "Block",
    "Build",
    "BuildSpecial",
    "Buy",
    "Chance",
    "Continue",
    "Crack",
    "DinoMove",
    "DinoPlace",
    "Direction",
    "DistanceCard",
    "DistanceWild",
    "Done",
    "ExtraMove",
    "GiveBack",
    "Interrupt",
    "Keep",
    "Move",
    "MoveHarvest",
    "NoBlock",
    "NoExtraMove",
    "NoInterrupt",
    "NoProtection",
    "NoRange",
    "NoShelterMove",
    "Pass",
    "RangeCard",
    "Reenter",
    "ReuseCrack",
    "ShelterMove",
    "Start",
    "StayOff",
    "Stone",
    "Swap",
    "TakeTile",
    "UseProtection",
    "WildDino",
    "WildShelter",
]


# ----- Kick-off and step 2 --------------------------------------------------------------------


@dataclass(frozen=True)
class Start(ActionInfo):
    """Starting positions: start the Explorer on the star at ``space`` (row, column)."""

    space: tuple[int, int]


@dataclass(frozen=True)
class WildDino(ActionInfo):
    """Step 2: play a Wild card to remove ``dino`` from the board."""

    dino: int


@dataclass(frozen=True)
class WildShelter(ActionInfo):
    """Step 2: play a Wild card to remove your Shelter at ``space``."""

    space: tuple[int, int]


@dataclass(frozen=True)
class Activate(ActionInfo):
    """Step 2: activate the Evolution card ``evolution`` (its key) for 1 point."""

    evolution: str


@dataclass(frozen=True)
class Continue(ActionInfo):
    """Step 2: go on, with no Wild card or activation."""


@dataclass(frozen=True)
class Reenter(ActionInfo):
    """Step 3: re-enter the Explorer."""


@dataclass(frozen=True)
class StayOff(ActionInfo):
    """Step 3: keep the Explorer off the board."""


# ----- Step 4: the STAR cards -----------------------------------------------------------------


@dataclass(frozen=True)
class DistanceCard(ActionInfo):
    """The distance: the STAR ``card`` (a card kind)."""

    card: int


@dataclass(frozen=True)
class DistanceWild(ActionInfo):
    """The distance: the Wild ``card`` for ``distance`` spaces."""

    card: int
    distance: int


@dataclass(frozen=True)
class ActionCard(ActionInfo):
    """The action: the STAR ``card``."""

    card: int


@dataclass(frozen=True)
class ActionWild(ActionInfo):
    """The action: the Wild ``card`` for the action ``verb`` (its key)."""

    card: int
    verb: str


@dataclass(frozen=True)
class RangeCard(ActionInfo):
    """The range: the STAR ``card``."""

    card: int


@dataclass(frozen=True)
class NoRange(ActionInfo):
    """The range: none (1 space)."""


@dataclass(frozen=True)
class Swap(ActionInfo):
    """Note 2: discard ``card`` and draw a new one, skipping steps 4 and 5."""

    card: int


@dataclass(frozen=True)
class Keep(ActionInfo):
    """Note 2: keep the cards, skipping steps 4 and 5."""


@dataclass(frozen=True)
class GiveBack(ActionInfo):
    """Step 5: with no Shelter left, give back ``card``."""

    card: int


# ----- Step 5 and the actions -----------------------------------------------------------------


@dataclass(frozen=True)
class Interrupt(ActionInfo):
    """Play a Wild card: the player whose turn it is must draw a Direction card."""


@dataclass(frozen=True)
class NoInterrupt(ActionInfo):
    """Let the player whose turn it is choose the direction."""


@dataclass(frozen=True)
class Direction(ActionInfo):
    """Move the Event locator towards ``direction`` (its key)."""

    direction: str


@dataclass(frozen=True)
class Crack(ActionInfo):
    """Earthquake: a crack on ``edge``, between the two ``spaces``."""

    edge: int
    spaces: tuple[list[int], list[int]]


@dataclass(frozen=True)
class ReuseCrack(ActionInfo):
    """Earthquake: reuse the crack stick on ``edge``, between the two ``spaces``."""

    edge: int
    spaces: tuple[list[int], list[int]]


@dataclass(frozen=True)
class DinoPlace(ActionInfo):
    """Dinosaurs: put ``dino`` on ``space``."""

    dino: int
    space: tuple[int, int]


@dataclass(frozen=True)
class TakeTile(ActionInfo):
    """Rules of Change: take the ``tile`` (its key) from ``space``, none being left in the
    supply."""

    space: tuple[int, int]
    tile: str


@dataclass(frozen=True)
class UseProtection(ActionInfo):
    """Use the protection card against the dinosaur coming."""


@dataclass(frozen=True)
class NoProtection(ActionInfo):
    """Do not use the protection card."""


# ----- Step 6 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(ActionInfo):
    """Move the Explorer to ``space``; ``warning`` when the Explorer is lost there."""

    space: tuple[int, int]
    warning: str | None = None


@dataclass(frozen=True)
class MoveHarvest(ActionInfo):
    """Move the Explorer to ``space`` and harvest (+1)."""

    space: tuple[int, int]


@dataclass(frozen=True)
class Build(ActionInfo):
    """Build a Shelter on the Explorer's space (+1)."""


@dataclass(frozen=True)
class BuildSpecial(ActionInfo):
    """Build a Shelter with the Build anywhere card (+1)."""


@dataclass(frozen=True)
class DinoMove(ActionInfo):
    """Move ``dino`` to ``space``."""

    dino: int
    space: tuple[int, int]


@dataclass(frozen=True)
class Pass(ActionInfo):
    """Skip step 6 (every move would cost the Explorer)."""


@dataclass(frozen=True)
class ExtraMove(ActionInfo):
    """Use the Extra move card: step 6 again."""


@dataclass(frozen=True)
class NoExtraMove(ActionInfo):
    """No extra move."""


# ----- Step 7 and the level 4 cards -----------------------------------------------------------


@dataclass(frozen=True)
class Buy(ActionInfo):
    """Buy the Evolution card ``evolution`` (its key) for 1 point, giving back ``discard``."""

    evolution: str
    discard: str | None = None


@dataclass(frozen=True)
class Stone(ActionInfo):
    """Buy a stone for the lava at ``space`` (1 point)."""

    space: tuple[int, int]


@dataclass(frozen=True)
class Done(ActionInfo):
    """End buying."""


@dataclass(frozen=True)
class Block(ActionInfo):
    """Block the tile change at ``space``."""

    space: tuple[int, int]


@dataclass(frozen=True)
class NoBlock(ActionInfo):
    """Let the tiles change."""


@dataclass(frozen=True)
class ShelterMove(ActionInfo):
    """Move your Shelter from ``from_`` (JSON ``from``) to ``space``."""

    from_: tuple[int, int]
    space: tuple[int, int]


@dataclass(frozen=True)
class NoShelterMove(ActionInfo):
    """Leave the Shelters where they are."""


# ----- Chance ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chance(ActionInfo):
    """A chance outcome (its words say what was drawn)."""
