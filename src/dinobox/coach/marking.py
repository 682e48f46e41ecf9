"""Which alternative the coach names, and so which moves it marks as costly.

A move is costly when the best alternative's win chance exceeds the chosen action's by more than
the interface's threshold (10 points). The coach names an alternative only when the difference
is measurable, so every mark is one the estimate can stand behind:

- **the loss must clear the estimate's own noise**: more than ``Z`` standard errors of the
  difference (each win chance's standard error: with the game's learned position value, the
  spread over the redraws of what the seat knew and the model's own error; else from its raw
  value's, through the coach's value model);
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

from dinobox.bots.value import position_value
from dinobox.coach.calibration import coach_settings
from dinobox.coach.search import ActionValue
from dinobox.coach.value import position_after, raw_se
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State

Z = 2.0
"""Standard errors by which an alternative must beat the chosen action to be named."""

SUGGESTED_Z = 3.0
"""The bar when the chosen action is the app's own suggestion."""

CANDIDATES = 6
"""The alternatives with the best raw values that are estimated (each needs a redrawn state); with
a learned value, also the best of a quick screen of every legal action (``Estimator.screen``)."""

STEP = 0.01
"""The step of the numerical slope of a calibration map (games without a value model)."""

RESAMPLES = 8
"""Redraws of what the seat could not know (each followed by the chance outcome after the action,
if any) over which the learned position value of an action is averaged."""

MODEL_SE = 0.05
"""The learned position value's own error at an even position (a win chance's standard error
scales with p(1-p) on the logit scale): the part of an estimate's noise that more redraws do
not remove."""

SCREEN = 2
"""Redraws per legal action when every action is screened for candidates (``Estimator.screen``)."""

CHANCE_STEPS = 4
"""Chance steps followed after an action before its position is valued."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """One action's win chance for the seat, its standard error, and what the app says of it."""

    action: int
    chance: float
    se: float
    wins: bool = False  # the action ends the game with the seat among the winners
    warned: bool = False  # the app's texts call it a loss (describe_action's "warning")


class Estimator:
    """Win chances of actions at one decision, from what the seat knew: the game's learned
    position value (``dinobox.bots.value``) after the action, averaged over ``RESAMPLES``
    redraws of the seat's knowledge and the chance outcome that follows; for a game or player
    count without one, the coach's older value model (or calibration map) over the search's raw
    values and the score margins after the action."""

    def __init__(self, state: State, rng: random.Random) -> None:
        self.state = state
        self.seat = state.current_player()
        self.rng = rng
        settings = coach_settings(state.game.id)
        self.value = position_value(state.game.id, state.game.num_players)
        self.model = settings.value_for(state.game.num_players)
        self.calibrate = settings.calibration_for(state.game.num_players)

    def __call__(self, action: int, value: ActionValue | None) -> Estimate:
        """The estimate of ``action``; ``value`` (the search's root statistics of the action) is
        read only without a learned position value."""
        where = position_after(self.state, self.seat, action, self.rng)
        if where.ended is not None:
            chance, se = where.ended, 0.0
        elif self.value is not None:
            chance, se = self.learned(action)
        elif value is None:
            raise ValueError(f"{self.state.game.id} has no learned position value: give the search's value")
        elif self.model is not None:
            noise = raw_se(value.value, value.visits)
            chance = self.model(value.value, where)
            se = abs(self.model.slope(value.value, where)) * noise
        else:
            noise = raw_se(value.value, value.visits)
            chance = self.calibrate(value.value)
            rise = self.calibrate(min(value.value + STEP, 1.0)) - self.calibrate(max(value.value - STEP, 0.0))
            se = abs(rise) / (2 * STEP) * noise
        warned = "warning" in self.state.describe_action(action, self.seat)
        wins = where.ended is not None and where.ended > 0
        return Estimate(action, chance, min(se, 0.5), wins, warned)  # a chance's SE is at most 0.5

    def screen(self, actions: list[int]) -> list[int]:
        """With a learned value, the ``CANDIDATES`` actions whose value after them is best over
        ``SCREEN`` redraws (a quick look at every legal action, so that a good move the search
        left unvisited is judged too); none without one."""
        if self.value is None:
            return []
        seat, rng, win_chance = self.seat, self.rng, self.value.win_chance
        scored = []
        for action in actions:
            total = 0.0
            for _ in range(SCREEN):
                det = self.state.resample(seat, rng)
                det.apply_action(action)
                total += win_chance(det, seat)
            scored.append((-total, action))
        scored.sort()
        return [action for _, action in scored[:CANDIDATES]]

    def learned(self, action: int) -> tuple[float, float]:
        """The mean learned value after ``action`` over redraws and the chance that follows, and
        its standard error: the spread over the redraws plus the model's own (``MODEL_SE``)."""
        assert self.value is not None
        seat, rng, win_chance = self.seat, self.rng, self.value.win_chance
        values = []
        for _ in range(RESAMPLES):
            det = self.state.resample(seat, rng)
            det.apply_action(action)
            for _ in range(CHANCE_STEPS):
                if det.current_player() != CHANCE:
                    break
                det.apply_action(det.sample_chance(rng))
            values.append(win_chance(det, seat))
        mean = sum(values) / len(values)
        spread = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
        model = MODEL_SE * 4 * mean * (1 - mean)
        return mean, math.sqrt(spread / len(values) + model * model)


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
