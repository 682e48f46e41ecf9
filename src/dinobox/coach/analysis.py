"""The analysis of one seat's decisions in a finished (or unfinished) game record.

For each decision of the seat with more than one legal choice, ``judge`` searches from the seat's
information (``CoachSearch``) and reports the chosen action's estimated win chance and the best
alternative's; decisions with one legal choice are not searched (the win chance is carried over).
The win chance of an action is the game's learned position value (``dinobox.bots.value``) after
it, averaged over redraws of what the seat knew (``marking.Estimator``); where a game or player
count has none, raw search values become win chances through the coach's older value model
(``value.py``: the raw value with the score margins after the action) or its calibration map
(``calibration.py``). The search picks the alternatives judged; an alternative is named only when
it is measurably better (``marking.py``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import NotRequired, TypedDict

from dinobox.coach.calibration import coach_settings
from dinobox.coach.marking import CANDIDATES, Estimator, app_suggestions, name_best
from dinobox.coach.search import MIN_VISITS, CoachSearch, Deadline, RootStats
from dinobox.engine.errors import RecordError
from dinobox.engine.record import from_record
from dinobox.engine.state import CHANCE, State

EXTENSIONS = 2
"""How many times a close decision's base budget may be spent again."""

PHASE_SHARE = 0.75
"""Under a seconds budget: the share of a decision's time for the free search (the rest tops up
the chosen action)."""


class JudgementJson(TypedDict):
    move: int
    chosen: int
    chosen_text: str
    best: int
    best_text: str
    win_chance_chosen: float
    win_chance_best: float
    uncertainty: float


class AnalysisJson(TypedDict):
    """An analysis as JSON (``Analysis.to_json``; ``budget`` is missing from older ones)."""

    game: str
    seat: int
    decisions: list[JudgementJson]
    win_chance: list[float]
    budget: NotRequired[str]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the analysed seat that had more than one legal choice."""

    move: int
    chosen: int
    chosen_text: str
    best: int
    best_text: str
    win_chance_chosen: float
    win_chance_best: float
    uncertainty: float = 0.0
    """The standard error of ``loss`` (of the chosen action's win chance when no alternative is
    named): a loss is reported only when it clears this noise (``marking.name_best``)."""

    @property
    def loss(self) -> float:
        return max(0.0, self.win_chance_best - self.win_chance_chosen)

    def to_json(self) -> JudgementJson:
        return {
            "move": self.move,
            "chosen": self.chosen,
            "chosen_text": self.chosen_text,
            "best": self.best,
            "best_text": self.best_text,
            "win_chance_chosen": round(self.win_chance_chosen, 4),
            "win_chance_best": round(self.win_chance_best, 4),
            "uncertainty": round(self.uncertainty, 4),
        }

    @classmethod
    def from_json(cls, data: object) -> Judgement:
        if not isinstance(data, Mapping):
            raise RecordError("a decision is an object")
        return cls(  # checked in this order: the first thing wrong is the one named
            move=_int(data, "move"),
            chosen=_int(data, "chosen"),
            best=_int(data, "best"),
            chosen_text=_text(data, "chosen_text"),
            best_text=_text(data, "best_text"),
            win_chance_chosen=_chance(data.get("win_chance_chosen"), "win_chance_chosen"),
            win_chance_best=_chance(data.get("win_chance_best"), "win_chance_best"),
            uncertainty=_chance(data.get("uncertainty", 0.0), "uncertainty"),
        )


def _int(data: Mapping[str, object], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(f"a decision's {key!r} is a whole number, not {value!r}")
    return value


def _text(data: Mapping[str, object], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"a decision's {key!r} is a text, not {value!r}")
    return value


def _chance(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise RecordError(f"{what} is a number from 0 to 1, not {value!r}")
    return float(value)


@dataclass(frozen=True)
class Analysis:
    """One seat's analysis of a game record."""

    game: str
    seat: int
    decisions: tuple[Judgement, ...]
    win_chance: tuple[float, ...]
    budget: str

    def costly(self, threshold: float = 0.10) -> list[Judgement]:
        """The decisions that lost more than ``threshold`` of win chance, in game order."""
        return [j for j in self.decisions if j.loss > threshold]

    def to_json(self) -> AnalysisJson:
        return {
            "game": self.game,
            "seat": self.seat,
            "decisions": [j.to_json() for j in self.decisions],
            "win_chance": [round(v, 4) for v in self.win_chance],
            "budget": self.budget,
        }

    @classmethod
    def from_json(cls, data: object) -> Analysis:
        """An analysis read back from ``to_json``'s form; ``RecordError`` says what is wrong."""
        if not isinstance(data, Mapping):
            raise RecordError("an analysis is a JSON object")
        game, seat, budget = data.get("game"), data.get("seat"), data.get("budget", "")
        if not isinstance(game, str) or not game:
            raise RecordError(f"an analysis's 'game' is a game id, not {game!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise RecordError(f"an analysis's 'seat' is a seat number, not {seat!r}")
        if not isinstance(budget, str):
            raise RecordError(f"an analysis's 'budget' is a text, not {budget!r}")
        decisions, chances = data.get("decisions"), data.get("win_chance")
        if not isinstance(decisions, list) or not isinstance(chances, list):
            raise RecordError("an analysis has a list of 'decisions' and a list of 'win_chance'")
        judged = tuple(Judgement.from_json(d) for d in decisions)
        if any(b.move <= a.move for a, b in itertools.pairwise(judged)):
            raise RecordError("an analysis's decisions are in game order, each move once")
        return cls(game, seat, judged, tuple(_chance(v, "a win chance") for v in chances), budget)


@dataclass(frozen=True)
class Budget:
    """Base iterations per decision, or a wall-clock total for the whole analysis."""

    iterations: int | None
    seconds: float | None

    def describe(self) -> str:
        return f"seconds={self.seconds:g}" if self.seconds is not None else f"iterations={self.iterations}"


def check_budget(iterations: object, seconds: object, default: int) -> Budget:
    """The budget asked for (``default`` iterations when neither), or ``ValueError``."""
    if iterations is not None and seconds is not None:
        raise ValueError("give a budget in iterations or in seconds, not both")
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 1_000_000:
            raise ValueError(f"iterations must be a whole number from 1 to 1000000, not {iterations!r}")
        return Budget(iterations, None)
    if seconds is not None:
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not math.isfinite(seconds)
            or not 0 < seconds <= 86_400
        ):
            raise ValueError(f"seconds must be a positive number of seconds (at most a day), not {seconds!r}")
        return Budget(None, float(seconds))
    return Budget(default, None)


def _seed(seed: int, move: int) -> int:
    return (seed * 1_000_003 + move) & 0xFFFF_FFFF_FFFF


def search_decision(
    state: State,
    chosen: int,
    move: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
) -> RootStats:
    """The raw root statistics (uncalibrated) behind ``judge``: the search of
    ``state.current_player()``'s decision at ``state``, seeded by ``seed`` and ``move``."""
    if state.current_player() < 0:
        raise ValueError("only a seat's decision can be judged, not a chance node or the end")
    settings = coach_settings(state.game.id)
    search = CoachSearch(_seed(seed, move), playout=settings.playout)
    if seconds is None:
        base = iterations if iterations is not None else settings.iterations
        return search.evaluate(state, chosen, base, EXTENSIONS, should_stop=should_stop)
    return search.evaluate_for(state, chosen, seconds, PHASE_SHARE, should_stop=should_stop)


def judge(
    state: State,
    chosen: int,
    move: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
) -> Judgement:
    """Judge the decision ``chosen`` of ``state.current_player()`` at ``state`` (history index
    ``move``) from that seat's information only. ``iterations`` is the base budget (the game's
    default when None); ``seconds`` a wall-clock limit instead. The best alternative reported is
    the chosen action itself unless another is measurably better (``marking.name_best``)."""
    stats = search_decision(
        state, chosen, move, iterations=iterations, seconds=seconds, seed=seed, should_stop=should_stop
    )
    seat = state.current_player()
    estimate = Estimator(state, random.Random(_seed(seed, move) ^ 0x5EED))
    mine = estimate(chosen, stats.values[chosen])
    ranked = sorted(
        (v for a, v in stats.values.items() if a != chosen and v.visits >= MIN_VISITS),
        key=lambda v: -v.value,
    )[:CANDIDATES]
    others = [estimate(v.action, v) for v in ranked]
    tried = {chosen, *(v.action for v in ranked)}
    others += [estimate(a, stats.values.get(a)) for a in estimate.screen(state.legal_actions()) if a not in tried]
    best = name_best(mine, others, chosen in app_suggestions(state, seat))
    return Judgement(
        move=move,
        chosen=chosen,
        chosen_text=state.action_to_string(chosen, seat),
        best=best.action,
        best_text=state.action_to_string(best.action, seat),
        win_chance_chosen=mine.chance,
        win_chance_best=max(best.chance, mine.chance),
        uncertainty=min(1.0, math.hypot(mine.se, best.se)) if best.action != chosen else mine.se,
    )


def analyse(
    record: Mapping[str, object],
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Analysis:
    """Analyse every decision of ``seat`` in ``record`` (see the module doc). ``RecordError`` for a
    bad record, ``ValueError`` for a bad seat or budget, ``Cancelled`` when ``should_stop()``
    says so. CPU-bound and synchronous."""
    final = from_record(record)
    game = final.game
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.num_players:
        raise ValueError(
            f"seat must be 0..{game.num_players - 1} for this {game.num_players}-player game, not {seat!r}"
        )
    budget = check_budget(iterations, seconds, coach_settings(game.id).iterations)
    history = final.history()
    state = game.new_initial_state()
    positions = _seat_positions(state, history, seat)
    total = sum(1 for _, wide in positions if wide)
    deadline = Deadline(budget.seconds)
    judged: list[Judgement] = []
    chances: list[float] = []
    current = 1.0 / game.num_players
    wanted = dict(positions)
    for move, action in enumerate(history):
        if move in wanted:
            if wanted[move]:
                share = None if budget.seconds is None else deadline.remaining() / max(1, total - len(judged))
                found = judge(
                    state,
                    action,
                    move,
                    iterations=budget.iterations,
                    seconds=share,
                    seed=seed,
                    should_stop=should_stop,
                )
                judged.append(found)
                current = found.win_chance_chosen
                if on_progress is not None:
                    on_progress(len(judged), total)
            chances.append(current)
        state.apply_action(action)
    return Analysis(game.id, seat, tuple(judged), tuple(chances), budget.describe())


def _seat_positions(state: State, history: list[int], seat: int) -> list[tuple[int, bool]]:
    """``(move, more than one legal choice)`` for each decision of ``seat`` in ``history``."""
    probe = state.clone()
    found: list[tuple[int, bool]] = []
    for move, action in enumerate(history):
        player = probe.current_player()
        if player == seat and player != CHANCE:
            found.append((move, len(probe.legal_actions()) > 1))
        probe.apply_action(action)
    return found
