"""The coach: after the game, per-move analysis and a win-chance graph; during it, hints.

``analyse(record, seat)`` judges every decision of one seat with more than one legal choice: the
estimated win chance after the chosen action and after the best alternative, each from what
that seat knew at that moment (ISMCTS from ``state.resample(seat, rng)``, a tree keyed by
views), calibrated per game. ``suggest(state, seat)`` is the master search's move for the seat to
act, from that seat's information only. docs/coach.md explains the estimator, the calibration
and the budget.
"""

from __future__ import annotations

from dinobox.coach.analysis import Analysis, Judgement, analyse, judge
from dinobox.coach.calibration import CalibrationMap, CoachSettings, coach_settings
from dinobox.coach.hint import Hint, suggest
from dinobox.coach.search import Cancelled

__all__ = [
    "Analysis",
    "CalibrationMap",
    "Cancelled",
    "CoachSettings",
    "Hint",
    "Judgement",
    "analyse",
    "coach_settings",
    "judge",
    "suggest",
]
