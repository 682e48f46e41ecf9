"""The steps of Dino Race's flow (see ``dinobox.engine.flow``), by rulebook section.

Each class is one kind of pending step; its fields are its arguments. Which steps wait for whom
is decided in ``rules.py`` (``_due``).
"""

from __future__ import annotations

from typing import Final, final

from dinobox.engine.flow import Step

# ----- Before you play --------------------------------------------------------------------------


@final
class StartRace(Step):
    """Automatic, Before you play: the dinos on tiles 1 and 2, the deal, the prize stack."""


@final
class PlaceTile(Step):
    """Chance, Before you play: the terrain of the next track tile."""


@final
class DrawPrizes(Step):
    """Chance, Before you play: ``count`` more prize counters into the face-down stack."""

    def __init__(self, count: int) -> None:
        self.count = count


# ----- The game turn -------------------------------------------------------------------------


@final
class StartTurn(Step):
    """Automatic, The game turn: ``seat``'s turn begins (draw, play and swap, roll)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class NextTurn(Step):
    """Automatic, The game turn: the turn is over; the next player's begins (clockwise)."""


@final
class Draw(Step):
    """Chance, 1) Draw cards (and Two cards on the event die): ``count`` cards into ``seat``'s hand."""

    def __init__(self, seat: int, count: int) -> None:
        self.seat = seat
        self.count = count


@final
class Play(Step):
    """Decision, 2) Play and swap cards: ``seat`` plays a card, swaps, passes, or rolls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class SwapDraw(Step):
    """Chance, 2) Play and swap cards: the card ``seat`` draws for the two discarded."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class Steal(Step):
    """Chance, Steal: the card ``thief`` draws at random from ``victim``'s hand."""

    def __init__(self, thief: int, victim: int) -> None:
        self.thief = thief
        self.victim = victim


@final
class RandomDiscard(Step):
    """Chance, lava (Push back, Eruption): ``seat`` loses a card at random (none if the hand is empty)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


# ----- 3) Roll the event die ----------------------------------------------------------------


@final
class Roll(Step):
    """Chance, 3) Roll the event die: ``seat`` rolls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class PassEgg(Step):
    """Decision, Eruption: the egg's owner ``seat`` passes it to another player still racing."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class LavaFlows(Step):
    """Automatic, Eruption: the volcano becomes active, or the lava river flows one tile on."""


# ----- Finish line! and End of the game -----------------------------------------------------


@final
class ChoosePrize(Step):
    """Decision, Finish line!: ``seat``, whose ``dino`` finished, takes a counter from the stack."""

    def __init__(self, seat: int, dino: int) -> None:
        self.seat = seat
        self.dino = dino


@final
class CheckHome(Step):
    """Automatic, Finish line!: has ``seat`` every dino home (and the egg brought to safety)?"""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class DrawEggCounter(Step):
    """Chance, End of the game: the egg counter of ``seat``, who brought the egg to safety."""

    def __init__(self, seat: int) -> None:
        self.seat = seat


@final
class EndRace(Step):
    """Automatic, End of the game: the race is scored (then the second race in Double Match)."""


START_RACE: Final = StartRace()
PLACE_TILE: Final = PlaceTile()
NEXT_TURN: Final = NextTurn()
LAVA_FLOWS: Final = LavaFlows()
END_RACE: Final = EndRace()
