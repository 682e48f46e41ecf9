"""The steps of Escape from T-Rex Island's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step; its fields are its arguments. A die is numbered
``seat * 3 + team``. Which steps wait for whom is decided in ``rules.py`` (``_due``).
"""

from __future__ import annotations

from typing import Final, final

from dinobox.engine.flow import Step

# ----- Set-up -------------------------------------------------------------------------------------


@final
class DrawChooser(Step):
    """Chance, Set-up 1: the seat that chooses a character first (the others follow clockwise)."""


@final
class PickCharacter(Step):
    """Decision, Set-up 1: ``seat`` chooses a character card."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class DealCharacter(Step):
    """Chance, Set-up 1 (option ``characters=random``): ``seat`` gets a character card at random."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Deal(Step):
    """Automatic, Set-up 3 and 4: deal the opening hands, then draw the first player."""


@final
class DrawFirstPlayer(Step):
    """Chance, Set-up 4: the first player."""


# ----- Turn sequence ----------------------------------------------------------------------------


@final
class StartTurn(Step):
    """Automatic, Turn sequence: ``seat``'s turn of two actions begins."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Act(Step):
    """Decision, Turn sequence: ``seat`` takes one of the two actions of the turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class EndAction(Step):
    """Automatic, Turn sequence: ``seat``'s action is over (the end of the game, the next action or
    the next turn)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class ChoosePile(Step):
    """Decision, Moving a team: the discard pile that takes ``card``, played by ``seat`` (taken at
    once when both piles look alike)."""

    def __init__(self, seat: int, card: int) -> None:
        self.seat = seat
        self.card = card


# ----- Drawing card -------------------------------------------------------------------------------


@final
class Draw(Step):
    """Chance, Drawing card: ``count`` more cards from the draw deck into ``seat``'s hand."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


# ----- Game Tokens ------------------------------------------------------------------------------


@final
class AskToken(Step):
    """Decision, Game Tokens: ``seat``'s team ``die`` is at a rest point: draw a token there?"""

    def __init__(self, seat: int, die: int) -> None:
        self.seat = seat
        self.die = die


@final
class DrawToken(Step):
    """Chance, Game Tokens: the token ``seat``'s team ``die`` draws."""

    def __init__(self, seat: int, die: int) -> None:
        self.seat = seat
        self.die = die


# ----- Carnivore cards and the T-Rex meeple ---------------------------------------------------


@final
class CarnivoreEffect(Step):
    """Automatic, Carnivore cards: the effect of ``card`` (played by ``seat``), if it triggers."""

    def __init__(self, seat: int, card: int) -> None:
        self.seat = seat
        self.card = card


@final
class TRexHunt(Step):
    """Automatic, T-Rex meeple: the T-Rex appears if need be and walks ``steps`` spaces."""

    def __init__(self, seat: int, steps: int) -> None:
        self.seat = seat
        self.steps = steps


@final
class TRexWay(Step):
    """Decision, T-Rex meeple: two ways are as near; ``seat`` (who played the card) chooses."""

    def __init__(self, seat: int, steps: int) -> None:
        self.seat = seat
        self.steps = steps


@final
class Attack(Step):
    """Decision of the team's owner (or automatic with one possible answer): team ``die`` is
    attacked by ``attack`` (``data.ATTACK_*``) and loses ``amount`` survivors unless it defends."""

    def __init__(self, die: int, amount: int, attack: int) -> None:
        self.die = die
        self.amount = amount
        self.attack = attack


DEAL: Final = Deal()
DRAW_CHOOSER: Final = DrawChooser()
DRAW_FIRST_PLAYER: Final = DrawFirstPlayer()

# The steps of every turn, one per seat, shared (steps are values: a shared one is the same step;
# the turn's loop then builds none).
MAX_SEATS: Final = 4
START_TURN: Final = tuple(StartTurn(seat) for seat in range(MAX_SEATS))
ACT: Final = tuple(Act(seat) for seat in range(MAX_SEATS))
END_ACTION: Final = tuple(EndAction(seat) for seat in range(MAX_SEATS))
