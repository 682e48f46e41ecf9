"""Hints: the strong bot's move for the seat to act, from that seat's information only."""

from __future__ import annotations

import random
from dataclasses import dataclass

from dinobox.bots.strong import StrongBot
from dinobox.coach.calibration import coach_settings
from dinobox.coach.search import CoachSearch
from dinobox.engine.state import State

MOVE_SHARE = 0.6
"""The share of a hint's time for the strong bot's search; the rest estimates its win chance."""


@dataclass(frozen=True, slots=True)
class Hint:
    action: int
    text: str
    win_chance: float | None


def suggest(state: State, seat: int, *, seconds: float = 0.8, seed: int = 0, iterations: int | None = None) -> Hint:
    """The strong bot's move for ``seat`` (the player to act) and its estimated win chance.

    The bot and the estimate see only ``state.resample(seat, rng)`` (a state with the same view
    for ``seat``, everything hidden from it redrawn), so a hint never depends on what the seat
    cannot see. ``seconds`` bounds the work by wall-clock time; ``iterations`` instead (playouts
    of the bot's search, and base iterations of the estimate) makes the hint reproducible."""
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
    if iterations is None:
        bot = StrongBot(seed=rng.getrandbits(64), seconds=seconds * MOVE_SHARE)
    else:
        bot = StrongBot(seed=rng.getrandbits(64), iterations=iterations, depth=settings.hint_depth)
    action = bot.choose(det)
    search = CoachSearch(rng.getrandbits(64), playout=settings.playout)
    if iterations is None:
        stats = search.evaluate_for(det, action, seconds * (1 - MOVE_SHARE))
    else:
        stats = search.evaluate(det, action, iterations, extensions=0)
    raw = stats.values[action].value
    chance = settings.calibration_for(state.game.num_players)(raw)
    return Hint(action, state.action_to_string(action, seat), chance)
