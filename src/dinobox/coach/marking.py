"""Which alternative the coach names, and so which moves it marks as costly.

A move is costly when the best alternative's win chance exceeds the chosen action's by more than
the interface's threshold (10 points). The coach names an alternative only when the difference
is measurable, so every mark is one the estimate can stand behind:

- **the loss must clear the estimate's own noise**: more than ``Z`` standard errors of the
  difference (each win chance's standard error from its raw value's, through the value model);
- **a move that wins on the spot is never marked** (its win chance is its outcome);
- **the app's own suggestion** (the first step of a ``GameEntry.macros`` entry, e.g. Dinosaur
  Rush's suggested skeleton, which the terminal offers) is marked only when the alternative is
  better by ``SUGGESTED_Z`` standard errors, a stricter bar;
- **an alternative the app's texts call a loss** (its ``describe_action`` carries a
  ``warning``, e.g. Pangaea's "the Explorer is lost there") is never named.

When no alternative passes, the chosen action is reported as the best (a loss of 0).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from dinobox.coach.calibration import coach_settings
from dinobox.coach.search import ActionValue
from dinobox.coach.value import position_after, raw_se
from dinobox.engine.registry import game_entry
from dinobox.engine.state import State

Z = 2.0
"""Standard errors by which an alternative must beat the chosen action to be named."""

SUGGESTED_Z = 3.0
"""The bar when the chosen action is the app's own suggestion."""

CANDIDATES = 6
"""The alternatives with the best raw values that are estimated (each needs a redrawn state)."""

STEP = 0.01
"""The step of the numerical slope of a calibration map (games without a value model)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One action's win chance for the seat, its standard error, and what the app says of it."""

    action: int
    chance: float
    se: float
    wins: bool = False  # the action ends the game with the seat among the winners
    warned: bool = False  # the app's texts call it a loss (describe_action's "warning")


class Estimator:
    """Win chances of actions at one decision: the game's value model (or calibration map) over
    the search's raw values and the position after each action, redrawn from the seat's view."""

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.seat = state.current_player()
        self.rng = rng
        settings = coach_settings(state.game.id)
        self.model = settings.value_for(state.game.num_players)
        self.calibrate = settings.calibration_for(state.game.num_players)

    def __call__(self, action: int, value: ActionValue) -> Estimate:
        where = position_after(self.state, self.seat, action, self.rng)
        noise = raw_se(value.value, value.visits)
        if where.ended is not None:
            chance, se = where.ended, 0.0
        elif self.model is not None:
            chance = self.model(value.value, where)
            se = abs(self.model.slope(value.value, where)) * noise
        else:
            chance = self.calibrate(value.value)
            rise = self.calibrate(min(value.value + STEP, 1.0)) - self.calibrate(max(value.value - STEP, 0.0))
            se = abs(rise) / (2 * STEP) * noise
        warned = "warning" in self.state.describe_action(action, self.seat)
        wins = where.ended is not None and where.ended > 0
        return Estimate(action, chance, min(se, 0.5), wins, warned)  # a chance's SE is at most 0.5


def app_suggestions(state: State, seat: int) -> set[int]:
    """The first step of each suggestion the app offers ``seat`` here (``GameEntry.macros``: the
    terminal's ready-made moves), from the seat's view."""
    macros = game_entry(state.game.id).macros
    if macros is None:
        return set()
    described = [state.describe_action(a, seat) for a in state.legal_actions()]
    return {steps[0] for _, steps in macros(state.view(seat), described) if steps}


def name_best(mine: Estimate, others: list[Estimate], suggested: bool = False) -> Estimate:
    """The alternative to name: the one with the best win chance among those the app does not
    call a loss, when it beats ``mine`` by more than the noise of the difference (``Z``, or
    ``SUGGESTED_Z`` for the app's suggestion); else ``mine``. A winning move is never beaten."""
    if mine.wins:
        return mine
    eligible = [o for o in others if not o.warned and o.action != mine.action]
    if not eligible:
        return mine
    best = max(eligible, key=lambda o: o.chance)
    bar = (SUGGESTED_Z if suggested else Z) * math.hypot(mine.se, best.se)
    return best if best.chance - mine.chance > bar else mine
