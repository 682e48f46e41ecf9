"""Flow: how a turn unfolds, the same way in every game.

A state keeps a stack of pending steps (``State.steps``); the step on top says what happens
next. Each kind of step is one class, named after what happens (``Draw``, ``ChoosePile``,
``Attack``), its arguments as typed fields, and it carries its own behaviour: the engine asks
the step on top, and no game code dispatches on a step's type.

``due(state)`` says what the step is, here and now:

- a decision: it returns the seat that decides it; ``legal(state)`` lists the choices and
  ``apply(state, action)`` carries out the one taken;
- a chance event: it returns ``CHANCE``; ``chance(state)`` gives the outcomes and their weights,
  ``sample(state, rng)`` may draw one faster (the same draw, the same outcome), and
  ``apply(state, outcome)`` carries out the one drawn;
- an automatic step (the default): it returns ``AUTOMATIC``; the engine takes it off the stack
  and calls ``run(state)``, which does its work and may push further steps;
- ``due`` may also change the flow itself (drop a step with nothing to decide, or replace the
  stack when a game-wide event takes over) and return ``AGAIN``: the engine looks again.

Whether a step waits can depend on the position (a defence with one possible answer is taken
at once; a card draw from an empty deck is dropped): ``due`` decides each time the step is on
top. ``apply`` is called with the step still on top: it takes itself off the stack, or puts its
successor in its place (a draw of three cards becomes a draw of two), as its rule says. The
engine then runs the automatic steps that follow (``State._advance``) until a decision or
chance step is on top, or the stack is empty (the game is over). Steps push the steps that
follow them in reverse order (the last pushed runs first), so a step that must happen after the
current one's consequences is pushed before them.

Steps are values: once pushed, a step never changes. A clone copies the stack (one list copy)
and shares the steps.

Adding a kind of step is writing one class::

    @final
    class Roll(Step["MyState"]):
        # Chance, Roll the die: the die shows 1 to 6.

        def due(self, state: MyState) -> int:
            return CHANCE

        def chance(self, state: MyState) -> tuple[Sequence[int], Sequence[float]]:
            return range(6), (1, 1, 1, 1, 1, 1)

        def apply(self, state: MyState, outcome: int) -> None:
            state.steps.pop()
            state.moved(outcome + 1)

``name()`` is the step's name in players' words, for views and logs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from dinobox.engine.chance import sample_weighted

CHANCE: Final = -1
"""``current_player()`` at a chance node, and what ``Step.due`` returns for a chance step."""

TERMINAL: Final = -4
"""``current_player()`` once the game is over."""

AUTOMATIC: Final = -2
"""What ``Step.due`` returns for a step that runs by itself now (not a seat, not chance)."""

AGAIN: Final = -3
"""What ``Step.due`` returns when it changed the flow itself (dropped the step, or put the end
game in place of the stack): the engine looks at the step on top again."""

S = TypeVar("S", contravariant=True)
"""The game's state class: a step of one game acts on that game's states."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Step(Generic[S]):
    """A pending step of a game's flow. Each game subclasses it once per kind of step, with its
    arguments as typed fields set in ``__init__`` and never changed afterwards, and overrides
    what its kind needs: ``due`` and ``legal``/``apply`` for a decision, ``due``, ``chance`` and
    ``apply`` for a chance event, ``run`` for an automatic step."""

    def due(self, state: S) -> int:
        """The seat that decides this step, ``CHANCE``, ``AUTOMATIC`` (the default) or ``AGAIN``."""
        return AUTOMATIC

    def legal(self, state: S) -> list[int]:
        """A decision: the sorted legal actions of the seat that decides."""
        raise AssertionError(f"no decision at {self!r}")

    def chance(self, state: S) -> tuple[Sequence[int], Sequence[float]]:
        """A chance event: the outcomes (sorted) and their weights (any positive scale)."""
        raise AssertionError(f"no chance at {self!r}")

    def outcomes(self, state: S) -> tuple[list[int], list[tuple[int, float]]] | None:
        """A chance event may give ``chance_outcomes()`` ready-made: the sorted outcomes and the
        ``(outcome, probability)`` pairs, exactly what ``chance`` gives with each weight divided
        by their sum: two new lists (the engine keeps the first as the legal actions, unchanged,
        and hands the second to the caller; the pairs in it may be shared).
        ``None`` (the default): the engine builds them from ``chance``."""
        return None

    def sample(self, state: S, rng: random.Random) -> int:
        """A chance event: one outcome drawn as ``sample_weighted(self.chance(state), rng)``
        draws it (a step may draw straight from its counts: the same draw, the same outcome)."""
        return sample_weighted(self.chance(state), rng)

    def apply(self, state: S, action: int) -> None:
        """Carry out the decision or chance outcome taken, the step still on top."""
        raise AssertionError(f"nothing to apply at {self!r}")

    def run(self, state: S) -> None:
        """An automatic step, already taken off the stack: do its work (it may push others)."""

    def name(self) -> str:
        """The step's name in players' words (the class name, split into words, by default)."""
        out: list[str] = []
        for ch in type(self).__name__:
            if ch.isupper() and out:
                out.append(" ")
            out.append(ch.lower())
        return "".join(out)

    def __repr__(self) -> str:
        return type(self).__name__


__all__ = ["AGAIN", "AUTOMATIC", "CHANCE", "TERMINAL", "Step"]
