"""The kinds of Pangaea's steps (see ``dinobox.engine.flow``): what every step of the game can be
asked, and what the three kinds of step have in common.

``Chance`` steps draw (dropped when nothing can be drawn; ``draws.py``), ``Decision`` steps wait
for ``seat`` (dropped when there is nothing to choose), ``Auto`` steps run by themselves (both in
``flow.py``). Before any of them, the end game takes over once the asteroid has reached its
value, and a finished game empties the flow (``PangaeaStep.takes_over``). This module imports no
other part of the game, so the modules of steps can import it first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.flow import AGAIN, AUTOMATIC, CHANCE, Step

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState

MAX_SEATS: Final = 4  # ``PangaeaGame.max_players``


class PangaeaStep(Step["PangaeaState"]):
    """A step of Pangaea: what the views, texts and refusals ask of the step on top."""

    def phase(self) -> str:
        """The view's ``phase`` while this step is on top (a decision's own; else ``resolve``)."""
        return "resolve"

    def draws(self) -> str:
        """A chance step: what it draws (``card``, ``direction``, ``token``, ``start_player``)."""
        return ""

    def decider(self) -> int:
        """A decision: the seat that decides it (-1 for every other step)."""
        return -1

    def closes_round(self, st: PangaeaState) -> bool:
        """Whether the round ends here (option ``finish_round``: the end game waits for it)."""
        return False

    def interrupts(self) -> bool:
        """Whether this is a player's chance to interrupt (Players Turn, step 5)."""
        return False

    def takes_over(self, st: PangaeaState) -> bool:
        """The end game starts once the asteroid has reached its value (after the round, with
        ``finish_round``: a designer's option); a finished game empties the flow. True when the
        flow changed (``due`` then answers ``AGAIN``)."""
        if st.ending is not None and not (st.finish_round and not self.closes_round(st)):
            st.begin_end()
            return True
        if st.finished:
            st.offered = []
            st.steps.clear()
            return True
        return False


class Chance(PangaeaStep):
    """A chance draw: ``ready`` makes sure something can be drawn (or drops the step), ``draw``
    carries out the outcome."""

    def due(self, state: PangaeaState) -> int:
        if (state.ending is not None or state.finished) and self.takes_over(state):
            return AGAIN
        return CHANCE if self.ready(state) else AGAIN

    def ready(self, st: PangaeaState) -> bool:
        """Make sure the step can be drawn; drop it (False) when nothing can."""
        return True

    def apply(self, state: PangaeaState, action: int) -> None:
        self.draw(state, action)
        state.drain()

    def draw(self, st: PangaeaState, outcome: int) -> None:
        """Carry out the outcome drawn, the step still on top."""
        raise AssertionError(f"nothing to draw at {self!r}")  # pragma: no cover


class Decision(PangaeaStep):
    """A decision of ``seat``: ``choices`` lists them (none: the step is dropped), ``decide``
    carries out the one taken. ``due`` keeps the choices it found (``PangaeaState.offered``),
    which ``legal`` gives."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: PangaeaState) -> int:
        if (state.ending is not None or state.finished) and self.takes_over(state):
            return AGAIN
        legal = self.choices(state)  # sorted, as the contract asks
        if legal:
            state.offered = legal  # a new list, never changed afterwards: clones and the engine share it
            return self.seat
        state.steps.pop()
        return AGAIN

    def legal(self, state: PangaeaState) -> list[int]:
        return cast("list[int]", state.offered)  # the engine caches it as it is, and copies it for callers

    def choices(self, st: PangaeaState) -> list[int]:
        """The legal choices, sorted (none: the step is dropped)."""
        raise AssertionError(f"no decision at {self!r}")  # pragma: no cover

    def apply(self, state: PangaeaState, action: int) -> None:
        self.decide(state, action)
        state.drain()

    def decide(self, st: PangaeaState, action: int) -> None:
        """Carry out the legal choice made, the step still on top."""
        raise AssertionError(f"no decision at {self!r}")  # pragma: no cover

    def decider(self) -> int:
        return self.seat


class Auto(PangaeaStep):
    """An automatic step: ``act`` does its work (the engine has taken it off the flow)."""

    def due(self, state: PangaeaState) -> int:
        if (state.ending is not None or state.finished) and self.takes_over(state):
            return AGAIN
        return AUTOMATIC

    def run(self, state: PangaeaState) -> None:
        self.act(state)
        state.drain()

    def act(self, st: PangaeaState) -> None:
        """Do the step's work (it may push others)."""
