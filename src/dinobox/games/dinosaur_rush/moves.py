"""What a Great Dinosaur Rush action would do: one typed description per kind of action.

``text.action_info`` gives them (``State.action_info``), the bots and the texts read them, and
``describe_action`` sends them as JSON: the kind is the class name in snake case
(``PickPaleontologist`` is ``"pick_paleontologist"``), the fields are the JSON fields, and a
field that is ``None`` is left out. Bone colours and skeleton parts are named by their keys
(``"green"``, ``"wild_ribs"``), as the web reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import ActionInfo

__all__ = [
    "BuildFresh",
    "BuildKeep",
    "Chance",
    "Donate",
    "Dynamite",
    "Move",
    "PickPaleontologist",
    "Place",
    "PlaceBone",
    "Publicize",
    "Research",
    "Sabotage",
    "Stay",
    "Steal",
    "Survey",
]


@dataclass(frozen=True)
class PickPaleontologist(ActionInfo):
    """Setup 7 (players pick): take the paleontologist ``card``."""

    card: int


@dataclass(frozen=True)
class Place(ActionInfo):
    """Setup 11: start on the start space ``cell`` (``label`` on the board)."""

    cell: int
    label: str


@dataclass(frozen=True)
class Move(ActionInfo):
    """Move: go to the dig site ``cell`` (``label`` on the board)."""

    cell: int
    label: str


@dataclass(frozen=True)
class Stay(ActionInfo):
    """Move: no straight line is open; stay put."""


@dataclass(frozen=True)
class Publicize(ActionInfo):
    """Publicize: move ``category`` by ``step`` rows (-1 up, 1 down; -2 and 2 with the ability);
    ``action_step`` when taken as the Action rather than the Publicize step."""

    category: int
    step: int
    action_step: bool


@dataclass(frozen=True)
class Donate(ActionInfo):
    """Donate: give back ``bones`` (colour keys) for points, or to shed a Notoriety token worth
    ``shed_token``."""

    bones: tuple[str, ...]
    shed_token: int | None = None


@dataclass(frozen=True)
class Research(ActionInfo):
    """Research: draw a bonus card."""


@dataclass(frozen=True)
class Sabotage(ActionInfo):
    """Sabotage the space next to the paleontologist in ``direction`` (``dir`` 0..5): ``cell``
    (-1 off the board) and its ``label``, when the paleontologist stands on the board."""

    direction: str
    dir: int
    cell: int | None = None
    label: str | None = None


@dataclass(frozen=True)
class Dynamite(ActionInfo):
    """Dynamite the paleontologist's dig site."""


@dataclass(frozen=True)
class Steal(ActionInfo):
    """Steal a bone of ``colour`` (a colour key) from the dig site in ``direction`` (``dir``),
    ``cell`` and ``label`` as for ``Sabotage``."""

    direction: str
    dir: int
    colour: str
    cell: int | None = None
    label: str | None = None


@dataclass(frozen=True)
class Survey(ActionInfo):
    """Survey (family variant): move a second time."""


@dataclass(frozen=True)
class BuildFresh(ActionInfo):
    """Build phase: start a new dinosaur."""


@dataclass(frozen=True)
class BuildKeep(ActionInfo):
    """Build phase: keep last round's dinosaur and add to it."""


@dataclass(frozen=True)
class PlaceBone(ActionInfo):
    """Build phase: add a bone to the skeleton ``slot`` (an allocation index), ``part`` its key."""

    slot: int
    part: str


@dataclass(frozen=True)
class Chance(ActionInfo):
    """A chance outcome (its words say what was drawn)."""
