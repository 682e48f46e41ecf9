"""Flow: how a turn unfolds, the same way in every game.

A state keeps a stack of pending steps (``State.steps``); the step on top says what happens
next. Each game declares its kinds of step in its own ``flow.py``, one small class per kind,
named after what happens (``Draw``, ``ChoosePile``, ``Attack``), its arguments as typed fields.

A step on top is one of three things, and the game's ``_due(step)`` says which, here and now:

- a decision: ``_due`` returns the seat that decides it; ``_legal`` lists the choices and
  ``_apply`` carries out the one taken;
- a chance event: ``_due`` returns ``CHANCE``; ``_chance`` gives the outcomes, ``_apply`` the
  effect of the one drawn;
- an automatic step: ``_due`` returns ``AUTOMATIC``; the engine takes it off the stack and calls
  ``_run(step)``, which does its work and may push further steps;
- ``_due`` may also change the flow itself (drop a step with nothing to decide, or replace the
  stack when a game-wide event takes over) and return ``AGAIN``: the engine looks again.

Whether a step waits can depend on the position (a defence with one possible answer is taken
at once; a card draw from an empty deck is dropped): ``_due`` decides each time the step is on top.

``State._advance()`` runs automatic steps until a decision or chance step is on top, or the
stack is empty (the game is over). Steps push the steps that follow them in reverse order (the
last pushed runs first), so a step that must happen after the current one's consequences is
pushed before them.

Steps are values: once pushed, a step never changes (replace it on the stack instead, e.g. a
draw of three cards becomes a draw of two). A clone copies the stack (one list copy) and shares
the steps.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

AUTOMATIC: Final = -2
"""What ``State._due(step)`` returns for a step that runs by itself now (not a seat, not chance)."""

AGAIN: Final = -3
"""What ``State._due(step)`` returns when it changed the flow itself (dropped the step, or put
the end game in place of the stack): the engine looks at the step on top again."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Step:
    """A pending step of a game's flow. Each game subclasses it once per kind of step, with its
    arguments as typed fields set in ``__init__`` and never changed afterwards."""

    def __repr__(self) -> str:
        return type(self).__name__


__all__ = ["AGAIN", "AUTOMATIC", "Step"]
