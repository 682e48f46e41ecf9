"""Hints: the ``master`` search's move for the seat to act, from that seat's information only.

The search (``bots/master.py``) races the strong policy's move against its neighbours' over
paired playouts on redrawn states and keeps strong's move unless another measurably beats it; on
the compiled build its moves measure above strong's, decision by decision, in Dinosaur Rush and
T-Rex Island at a second a move; in Dino Race and Pangaea its own policy (the game's ``master``
weights) is what beats strong's (benchmarks/RESULTS.md, "Skill curve"). The win chance is the
coach's own estimate (``marking.Estimator``: the game's learned position value after the move,
over redraws of what the seat knew), so nearly all of a hint's time goes to the move."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from dinobox.bots.master import MasterBot
from dinobox.coach.calibration import coach_settings
from dinobox.coach.marking import Estimator
from dinobox.coach.search import CoachSearch
from dinobox.engine.state import State

MOVE_SHARE = 0.6
"""The share of a hint's time for the move's search when the game has no learned position value
(the rest estimates the win chance by the coach's search); with one, the move gets it all."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: int
    text: str
    win_chance: float | None


def suggest(state: State, seat: int, *, seconds: float = 0.8, seed: int = 0, iterations: int | None = None) -> Hint:
    """The master search's move for ``seat`` (the player to act) and its estimated win chance.

    The bot and the estimate see only ``state.resample(seat, rng)`` (a state with the same view
    for ``seat``, everything hidden from it redrawn), so a hint never depends on what the seat
    cannot see. ``seconds`` bounds the work by wall-clock time; ``iterations`` instead (playouts
    of the search, and base iterations of the estimate without a learned value) makes the hint
    reproducible."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != state.current_player() or seat < 0:
        raise ValueError(f"a hint is for the seat to act ({state.current_player()}), not {seat!r}")
    if iterations is None and not (isinstance(seconds, int | float) and 0 < seconds <= 60):
        raise ValueError(f"a hint's seconds are between 0 and 60, not {seconds!r}")
    if iterations is not None and (isinstance(iterations, bool) or not 1 <= iterations <= 100_000):
        raise ValueError(f"a hint's iterations are a whole number from 1 to 100000, not {iterations!r}")
    rng = random.Random(seed)
    legal = state.legal_actions()
    det = state.resample(seat, rng)
    if len(legal) == 1:
        return Hint(legal[0], state.action_to_string(legal[0], seat), None)
    settings = coach_settings(state.game.id)
    estimator = Estimator(state, random.Random(rng.getrandbits(64)))
    share = 1.0 if estimator.value is not None else MOVE_SHARE
    if iterations is None:
        bot = MasterBot(seed=rng.getrandbits(64), seconds=seconds * share, clock=time.monotonic)
    else:
        bot = MasterBot(seed=rng.getrandbits(64), iterations=iterations, depth=settings.hint_depth)
    action = bot.choose(det)
    if estimator.value is not None:
        chance = estimator(action, None).chance
        return Hint(action, state.action_to_string(action, seat), chance)
    search = CoachSearch(rng.getrandbits(64), playout=settings.playout)
    if iterations is None:
        stats = search.evaluate_for(det, action, seconds * (1 - MOVE_SHARE))
    else:
        stats = search.evaluate(det, action, iterations, extensions=0)
    raw = stats.values[action].value
    chance = settings.calibration_for(state.game.num_players)(raw)
    return Hint(action, state.action_to_string(action, seat), chance)
