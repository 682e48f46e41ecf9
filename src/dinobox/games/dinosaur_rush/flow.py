"""The steps of The Great Dinosaur Rush's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step; its fields are its arguments. Which steps wait for whom
is decided in ``rules.py`` (``_due``).
"""

from __future__ import annotations

from typing import Final, final

from dinobox.engine.flow import Step

# ----- Setup -------------------------------------------------------------------------------------


@final
class DrawStarter(Step):
    """Chance, Setup 11 (option ``first=random``): the starting player."""


@final
class DealPaleontologist(Step):
    """Chance, Setup 7: ``seat`` is dealt a paleontologist card."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class PickPaleontologist(Step):
    """Decision, Setup 7 (option ``choose_paleontologists``): ``seat`` picks a paleontologist card."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class StartingBones(Step):
    """Automatic, Setup 8-9: starting bones to every pile, then the bonus cards dealt."""


@final
class DealBonus(Step):
    """Chance, Setup 8 and Research: ``count`` more bonus cards for ``seat``."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


@final
class SiteBones(Step):
    """Chance, Setup 10 and End of the field phase: ``count`` more bones from the bag onto ``cell``."""

    def __init__(self, cell: int, count: int) -> None:
        self.cell = cell
        self.count = count


@final
class PlaceStart(Step):
    """Decision, Setup 11: ``seat`` puts its paleontologist on a free start space."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


# ----- Field phase ------------------------------------------------------------------------------


@final
class StartRound(Step):
    """Automatic, Round: the field phase begins (the first player, then the leader)."""


@final
class StartTurn(Step):
    """Automatic, Field phase: ``seat`` collects bones; then move, publicize, act."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Move(Step):
    """Decision, Move (or the family variant's Survey, ``survey``): ``seat`` moves in a straight line."""

    def __init__(self, seat: int, survey: bool) -> None:
        self.seat = seat
        self.survey = survey


@final
class Publicize(Step):
    """Decision, Publicize: ``seat`` moves a museum category marker."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Act(Step):
    """Decision, Actions: ``seat`` takes one standard or notorious action."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class StealMore(Step):
    """Decision, Steal (a paleontologist's ability): ``seat`` takes a second bone from ``cell``."""

    def __init__(self, seat: int, cell: int) -> None:
        self.seat = seat
        self.cell = cell


@final
class PileBones(Step):
    """Chance, Dynamite: ``count`` more bones from the bag onto ``seat``'s pile."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


@final
class ReturnSite(Step):
    """Automatic, Dynamite: the bones of ``cell`` go back to the bag."""

    def __init__(self, cell: int) -> None:
        self.cell = cell


@final
class DrawNotoriety(Step):
    """Chance, Notorious actions: ``seat`` draws a secret Notoriety token."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class DrawSabotage(Step):
    """Chance, Sabotage: a Notoriety token from the bag goes face down on ``cell`` (``seat`` sees it)."""

    def __init__(self, seat: int, cell: int) -> None:
        self.seat = seat
        self.cell = cell


@final
class EndTurn(Step):
    """Automatic, Field phase: ``seat``'s turn is over (collect again on the last field turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class EndField(Step):
    """Automatic, End of the field phase: refill the dig sites, then build."""


# ----- Build phase, Exhibit phase, End of round ---------------------------------------------------


@final
class BeginBuild(Step):
    """Automatic, Build phase: ``seat`` starts a dinosaur."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Build(Step):
    """Decision, Build phase: ``seat`` keeps last round's dinosaur or starts afresh; then, once
    ``placing``, adds bones one at a time."""

    def __init__(self, seat: int, placing: bool) -> None:
        self.seat = seat
        self.placing = placing


@final
class Exhibit(Step):
    """Automatic, Exhibit phase: every category and bonus card scored."""


@final
class EndRound(Step):
    """Automatic, End of round (and End of game after the last one)."""


DRAW_STARTER: Final = DrawStarter()
STARTING_BONES: Final = StartingBones()
START_ROUND: Final = StartRound()
END_FIELD: Final = EndField()
EXHIBIT: Final = Exhibit()
END_ROUND: Final = EndRound()
