"""What Dino Eggs' actions do, one typed value per kind of action."""

from __future__ import annotations

from dataclasses import dataclass

from dinobox.engine.values import ActionInfo


@dataclass(frozen=True)
class Keep(ActionInfo):
    """Keep the egg."""


@dataclass(frozen=True)
class Swap(ActionInfo):
    """Show the egg and draw another."""


@dataclass(frozen=True)
class Egg(ActionInfo):
    """Chance: an egg of ``size`` is drawn."""

    size: int
