"""The steps of The Great Dinosaur Rush's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step: its fields are its arguments, and its methods say who
acts (``due``), what they may do (``legal``, or ``chance`` for a chance event), what the action
does (``apply``, or ``run`` for an automatic step) and how a view names it (``phase``, the
``decision`` a seat takes, what a chance step ``draws``, the seat building behind its screen).
The rules they carry out are the functions of the section modules (``set_up``, ``field_phase``,
``field_actions``, ``build_phase``, ``exhibit_phase``); those push the steps that follow, naming
them through this module (``F.Move``), so either may be imported first.

A draw from an empty bag or deck has nothing to draw: its ``due`` says ``AUTOMATIC`` and the step
is dropped (``run`` does nothing).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, final

from dinobox.engine.chance import sample_counts, sample_uniform
from dinobox.engine.flow import AUTOMATIC, CHANCE, Step
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import build_phase, exhibit_phase, field_actions, field_phase, set_up
from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush.data import NUM_COLOURS
from dinobox.games.dinosaur_rush.tuples import add, any_left

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState
    from dinobox.games.dinosaur_rush.viewtypes import Phase

NC: Final = NUM_COLOURS


class RushStep(Step["DinosaurRushState"]):
    """A step of The Great Dinosaur Rush: what the views, the text and the refusals ask of it."""

    def phase(self) -> Phase:
        """The view's ``phase`` while this step is on top."""
        return "field"

    def decision(self) -> str:
        """A decision: the view's name for it (``move``, ``build``...); "" for any other step."""
        return ""

    def draws(self) -> str:
        """A chance step: what it draws (``bone``, ``token``, ``bonus``, ``paleontologist``,
        ``starter``); "" for any other step."""
        return ""

    def builder(self) -> int:
        """Build phase: the seat building behind its screen while this step is on top (-1: none)."""
        return -1

    def choosing_start(self) -> bool:
        """Build phase: the builder first keeps last round's dinosaur as a start or starts afresh."""
        return False


class BoneDraw(RushStep):
    """Chance: a bone from the bag, by colour (dropped when the bag is empty)."""

    def due(self, state: DinosaurRushState) -> int:
        return CHANCE if any_left(state.bag) else AUTOMATIC

    def chance(self, state: DinosaurRushState) -> tuple[Sequence[int], Sequence[float]]:
        bag = state.bag
        outs = [c for c in range(NC) if bag[c]]
        return outs, [bag[c] for c in outs]

    def sample(self, state: DinosaurRushState, rng: random.Random) -> int:
        return sample_counts(list(state.bag), 0, NC, rng)

    def draws(self) -> str:
        return "bone"


class TokenDraw(RushStep):
    """Chance: a Notoriety token from the bag, by denomination (dropped when the bag is empty)."""

    def due(self, state: DinosaurRushState) -> int:
        return CHANCE if any_left(state.nbag) else AUTOMATIC

    def chance(self, state: DinosaurRushState) -> tuple[Sequence[int], Sequence[float]]:
        nbag = state.nbag
        outs = [v for v in range(len(nbag)) if nbag[v]]
        return outs, [nbag[v] for v in outs]

    def sample(self, state: DinosaurRushState, rng: random.Random) -> int:
        return sample_counts(list(state.nbag), 0, len(state.nbag), rng)

    def draws(self) -> str:
        return "token"


class BonusDraw(RushStep):
    """Chance: a bonus card from the deck, each left equally likely (dropped when it is empty)."""

    def due(self, state: DinosaurRushState) -> int:
        return CHANCE if state.deck else AUTOMATIC

    def chance(self, state: DinosaurRushState) -> tuple[Sequence[int], Sequence[float]]:
        deck = state.deck
        outs = [k for k in range(state.num_bonus) if deck >> k & 1]
        return outs, [1] * len(outs)

    def sample(self, state: DinosaurRushState, rng: random.Random) -> int:
        deck = state.deck
        cards = [k for k in range(state.num_bonus) if deck >> k & 1]
        return cards[sample_uniform(len(cards), rng)]

    def draws(self) -> str:
        return "bonus"


# ----- Setup -------------------------------------------------------------------------------------


class SetupStep(RushStep):
    """A step of the Setup."""

    def phase(self) -> Phase:
        return "setup"


@final
class DrawStarter(SetupStep):
    """Chance, Setup 11 (option ``first=random``): the starting player, each seat equally likely."""

    def due(self, state: DinosaurRushState) -> int:
        return CHANCE

    def chance(self, state: DinosaurRushState) -> tuple[Sequence[int], Sequence[float]]:
        n = state.num_players
        return list(range(n)), [1] * n

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        set_up.set_starter(state, action)

    def draws(self) -> str:
        return "starter"


@final
class DealPaleontologist(SetupStep):
    """Chance, Setup 7: ``seat`` is dealt a paleontologist card, each left equally likely."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinosaurRushState) -> int:
        return CHANCE

    def chance(self, state: DinosaurRushState) -> tuple[Sequence[int], Sequence[float]]:
        outs = set_up.paleontologists_left(state)
        return outs, [1] * len(outs)

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        set_up.give_paleontologist(state, self.seat, action)

    def draws(self) -> str:
        return "paleontologist"


@final
class PickPaleontologist(SetupStep):
    """Decision, Setup 7 (option ``choose_paleontologists``): ``seat`` picks a paleontologist card."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        return [A.PICK + k for k in set_up.paleontologists_left(state)]

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        set_up.give_paleontologist(state, self.seat, action - A.PICK)

    def decision(self) -> str:
        return "pick_paleontologist"


@final
class StartingBones(SetupStep):
    """Automatic, Setup 8-9: starting bones to every pile, then the bonus cards dealt."""

    def run(self, state: DinosaurRushState) -> None:
        set_up.starting_bones(state)


@final
class DealBonus(BonusDraw):
    """Chance, Setup 8: ``count`` more bonus cards for ``seat``."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def apply(self, state: DinosaurRushState, action: int) -> None:
        set_up.bonus_card_dealt(state, self.seat, action)
        if self.count > 1:
            state.steps[-1] = DealBonus(self.seat, self.count - 1)
        else:
            state.steps.pop()

    def phase(self) -> Phase:
        return "setup"


@final
class SiteBones(BoneDraw):
    """Chance, Setup 10: ``count`` more bones from the bag onto the dig site ``cell``."""

    def __init__(self, cell: int, count: int) -> None:
        self.cell = cell
        self.count = count

    def apply(self, state: DinosaurRushState, action: int) -> None:
        field_phase.bone_to_site(state, self.cell, action)
        if self.count > 1:
            state.steps[-1] = SiteBones(self.cell, self.count - 1)
        else:
            state.steps.pop()

    def phase(self) -> Phase:
        return "setup"


@final
class PlaceStart(SetupStep):
    """Decision, Setup 11: ``seat`` puts its paleontologist on a free start space."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        pos = state.pos
        return [A.MOVE + c for c in state.start_spaces if c not in pos]

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        set_up.start_space(state, self.seat, action - A.MOVE)

    def decision(self) -> str:
        return "place"


# ----- Field phase ------------------------------------------------------------------------------


@final
class StartRound(RushStep):
    """Automatic, Round: the field phase begins (the first player, then the leader)."""

    def run(self, state: DinosaurRushState) -> None:
        field_phase.start_round(state)


@final
class StartTurn(RushStep):
    """Automatic, Field phase: ``seat`` collects bones; then move, publicize, act."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: DinosaurRushState) -> None:
        field_phase.start_turn(state, self.seat)


@final
class Move(RushStep):
    """Decision, Move (or the family variant's Survey, ``survey``): ``seat`` moves in a straight
    line, or stays put when no line is open."""

    def __init__(self, seat: int, survey: bool) -> None:
        self.seat = seat
        self.survey = survey

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        return [A.MOVE + c for c in state.destinations(self.seat)] or [state.layout.STAY]

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_phase.move(state, self.seat, action)

    def decision(self) -> str:
        return "move"


@final
class Publicize(RushStep):
    """Decision, Publicize: ``seat`` moves a museum category marker."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        return field_phase.publicize_actions(state, self.seat)

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_phase.publicize(state, self.seat, action)

    def decision(self) -> str:
        return "publicize"


@final
class Act(RushStep):
    """Decision, Actions: ``seat`` takes one standard or notorious action."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        return field_actions.field_actions(state, self.seat)

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_actions.act(state, self.seat, action)

    def decision(self) -> str:
        return "action"


@final
class StealMore(RushStep):
    """Decision, Steal (a paleontologist's ability): ``seat`` takes a second bone from ``cell``."""

    def __init__(self, seat: int, cell: int) -> None:
        self.seat = seat
        self.cell = cell

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        return field_actions.steal_more_actions(state, self.seat, self.cell)

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_actions.steal(state, self.seat, action)

    def decision(self) -> str:
        return "steal_more"


@final
class Research(BonusDraw):
    """Chance, Research: a bonus card for ``seat``."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        set_up.bonus_card_dealt(state, self.seat, action)


@final
class PileBones(BoneDraw):
    """Chance, Dynamite: ``count`` more bones from the bag onto ``seat``'s pile."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count

    def apply(self, state: DinosaurRushState, action: int) -> None:
        seat = self.seat
        state.bag = add(state.bag, action, -1)
        state.pile = add(state.pile, seat * NC + action, 1)
        state._emit(E.DrawBone, seat, action)
        if self.count > 1:
            state.steps[-1] = PileBones(seat, self.count - 1)
        else:
            state.steps.pop()


@final
class ReturnSite(RushStep):
    """Automatic, Dynamite: the bones of ``cell`` go back to the bag."""

    def __init__(self, cell: int) -> None:
        self.cell = cell

    def run(self, state: DinosaurRushState) -> None:
        field_phase.return_site(state, self.cell)


@final
class DrawNotoriety(TokenDraw):
    """Chance, Notorious actions: ``seat`` draws a secret Notoriety token."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_actions.notoriety_drawn(state, self.seat, -1, action)


@final
class DrawSabotage(TokenDraw):
    """Chance, Sabotage: a Notoriety token from the bag goes face down on ``cell`` (``seat`` sees it)."""

    def __init__(self, seat: int, cell: int) -> None:
        self.seat = seat
        self.cell = cell

    def apply(self, state: DinosaurRushState, action: int) -> None:
        state.steps.pop()
        field_actions.notoriety_drawn(state, self.seat, self.cell, action)


@final
class EndTurn(RushStep):
    """Automatic, Field phase: ``seat``'s turn is over (collect again on the last field turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: DinosaurRushState) -> None:
        field_phase.end_turn(state, self.seat)


@final
class EndField(RushStep):
    """Automatic, End of the field phase: refill the dig sites, then build."""

    def run(self, state: DinosaurRushState) -> None:
        field_phase.end_field(state)


# ----- End of the field phase, Build phase, Exhibit phase, End of round ------------------------


class BuildStep(RushStep):
    """A step of the Build phase (the dig sites are refilled as it begins)."""

    def phase(self) -> Phase:
        return "build"


@final
class RefillSite(BoneDraw):
    """Chance, End of the field phase: ``count`` more bones from the bag onto the empty dig site
    ``cell`` (the Build phase has begun)."""

    def __init__(self, cell: int, count: int) -> None:
        self.cell = cell
        self.count = count

    def apply(self, state: DinosaurRushState, action: int) -> None:
        field_phase.bone_to_site(state, self.cell, action)
        if self.count > 1:
            state.steps[-1] = RefillSite(self.cell, self.count - 1)
        else:
            state.steps.pop()

    def phase(self) -> Phase:
        return "build"


@final
class BeginBuild(BuildStep):
    """Automatic, Build phase: ``seat`` starts a dinosaur."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: DinosaurRushState) -> None:
        build_phase.begin_build(state, self.seat)


@final
class Build(BuildStep):
    """Decision, Build phase: ``seat`` keeps last round's dinosaur or starts afresh; then, once
    ``placing``, adds bones one at a time."""

    def __init__(self, seat: int, placing: bool) -> None:
        self.seat = seat
        self.placing = placing

    def due(self, state: DinosaurRushState) -> int:
        return self.seat

    def legal(self, state: DinosaurRushState) -> list[int]:
        if not self.placing:
            layout = state.layout
            return [layout.BUILD_FRESH, layout.BUILD_KEEP]
        placing = state._placing
        return placing if placing is not None else build_phase.placements(state, self.seat)

    def apply(self, state: DinosaurRushState, action: int) -> None:
        build_phase.build(state, self.seat, self.placing, action)

    def decision(self) -> str:
        return "build"

    def builder(self) -> int:
        return self.seat

    def choosing_start(self) -> bool:
        return not self.placing


@final
class Exhibit(BuildStep):
    """Automatic, Exhibit phase: every category and bonus card scored."""

    def run(self, state: DinosaurRushState) -> None:
        exhibit_phase.exhibit(state)


@final
class EndRound(RushStep):
    """Automatic, End of round (and End of game after the last one)."""

    def run(self, state: DinosaurRushState) -> None:
        exhibit_phase.end_round(state)

    def phase(self) -> Phase:
        return "exhibit"


DRAW_STARTER: Final = DrawStarter()
STARTING_BONES: Final = StartingBones()
START_ROUND: Final = StartRound()
END_FIELD: Final = EndField()
EXHIBIT: Final = Exhibit()
END_ROUND: Final = EndRound()
