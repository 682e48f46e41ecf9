"""Learning a game's heuristic weights from play against the heuristic (``dinobox train GAME``).

The method is the cross-entropy method (CEM) over the weights of the game's ``WeightedPolicy``:

- a Gaussian per weight, centred on the defaults (or on ``start``), spread ``spread`` times the weight's size
  (at least ``spread * 4``);
- each generation draws ``population`` weight tables (the first is always the current centre)
  and plays each against the default heuristic in the other seats, on the *same* game seeds
  (common random numbers: every candidate meets the same deals), the candidate taking every
  seat once per seed;
- fitness is the candidate's mean win share, plus a tenth of its normalised score margin over
  the best opponent (less noisy; it moves with every good or bad decision); a game that runs
  past ``LENGTH_CAP`` times the longest of a few default games (weights that stall the game)
  is stopped and scores 0 for the candidate;
- the best ``elite`` fraction becomes the next centre and spread (the spread never below a
  tenth of the start, so the search keeps looking).

Everything is drawn from one ``random.Random(seed)``: the same configuration gives the same
weights, whatever ``jobs`` is (candidates are scored in worker processes and gathered in order).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from dinobox.bots.strong import seat_reward
from dinobox.bots.weights import TrainingRecord, check_weights, weighted_policy
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.registry import Policy, load_game
from dinobox.engine.runner import play_game
from dinobox.engine.state import State

MARGIN = 0.1  # share of the fitness given to the score margin
LENGTH_CAP = 3  # a candidate's game may be this many times longer than the longest default game


class TrainError(InvalidOptionError):
    """A training configuration that cannot run, with the reason."""


@dataclass(frozen=True)
class TrainConfig:
    game_id: str
    players: int
    generations: int = 10
    population: int = 12
    games: int = 200
    elite: float = 0.25
    spread: float = 0.25
    seed: int = 0
    jobs: int = 1
    start: dict[str, float] | None = None  # the first centre (names not given: the defaults)

    def check(self) -> None:
        """Raise ``TrainError`` saying what is wrong with the configuration."""
        weighted_policy(self.game_id)
        load_game(self.game_id, players=self.players)
        if self.start is not None:
            check_weights(self.game_id, self.start, "start")
        for name in ("generations", "population", "games", "jobs"):
            if getattr(self, name) < 1:
                raise TrainError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.population < 2:
            raise TrainError(f"population must be at least 2, not {self.population}")
        if self.games % self.players:
            raise TrainError(
                f"games must be a multiple of the {self.players} players (each deal is played from every seat), "
                f"not {self.games}"
            )
        if not 0 < self.elite < 1:
            raise TrainError(f"elite must be a share between 0 and 1, not {self.elite}")
        if not 0 < self.spread <= 10:
            raise TrainError(f"spread must be above 0 and at most 10, not {self.spread}")


@dataclass
class Generation:
    index: int
    centre: dict[str, float]
    centre_fitness: float
    centre_win_rate: float
    best_fitness: float


@dataclass
class TrainResult:
    weights: dict[str, float]
    history: list[Generation] = field(default_factory=list)

    def record(self, config: TrainConfig) -> TrainingRecord:
        """How the weights were learned (the ``training`` part of the weights file)."""
        return {
            "method": "cross-entropy method against the default heuristic, common seeds",
            "players": config.players,
            "generations": len(self.history),  # done so far: a stopped run's file is the shorter run's
            "population": config.population,
            "games": config.games,
            "elite": config.elite,
            "spread": config.spread,
            "seed": config.seed,
            "start": config.start,
            "history": [
                {
                    "generation": g.index,
                    "centre_fitness": round(g.centre_fitness, 4),
                    "centre_win_rate": round(g.centre_win_rate, 4),
                    "best_fitness": round(g.best_fitness, 4),
                    "centre": {k: round(v, 4) for k, v in g.centre.items()},
                }
                for g in self.history
            ],
        }


class PolicyAgent:
    """A seat played by ``policy`` with its own tie-breaking rng."""

    def __init__(self, policy: Policy, seed: int) -> None:
        self.policy = policy
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.policy(state, self.rng)


def play_match(
    game_id: str,
    players: int,
    weights: dict[str, float] | None,
    seeds: Sequence[int],
    base: dict[str, float] | None = None,
    max_actions: int | None = None,
) -> tuple[float, float]:
    """(fitness, win rate) of ``weights`` against ``base`` (default: the heuristic's defaults) in
    the other seats: every seed played once from each seat; a game still running after
    ``max_actions`` scores 0."""
    weighted = weighted_policy(game_id)
    mine = weighted.with_weights(weights) if weights is not None else weighted
    theirs = weighted.with_weights(base) if base is not None else weighted
    game = load_game(game_id, players=players)
    fitness = wins = 0.0
    n = 0
    for seed in seeds:
        for seat in range(players):
            agents = [PolicyAgent(mine if s == seat else theirs, seed * 16 + s) for s in range(players)]
            end = play_game(game.new_initial_state(), agents, seed=seed, max_actions=max_actions).state
            if end.is_terminal():
                wins += end.returns()[seat]
                fitness += seat_reward(end, seat, MARGIN)
            n += 1
    return fitness / n, wins / n


def _score(job: tuple[str, int, dict[str, float], list[int], int]) -> tuple[float, float]:
    return play_match(job[0], job[1], job[2], job[3], max_actions=job[4])


def length_cap(game_id: str, players: int, seed: int) -> int:
    """``LENGTH_CAP`` times the longest of four default games (in actions, chance included)."""
    game = load_game(game_id, players=players)
    policy = weighted_policy(game_id)
    longest = 0
    for i in range(4):
        agents = [PolicyAgent(policy, seed + i * 16 + s) for s in range(players)]
        end = play_game(game.new_initial_state(), agents, seed=seed + i).state
        longest = max(longest, end.move_number())
    return LENGTH_CAP * longest


def _sample(rng: random.Random, centre: dict[str, float], spread: dict[str, float]) -> dict[str, float]:
    return {k: centre[k] + spread[k] * rng.gauss(0.0, 1.0) for k in centre}


def train(config: TrainConfig, progress: Callable[[TrainResult], None] | None = None) -> TrainResult:
    """Learn weights for ``config.game_id`` (see the module doc); ``progress`` sees the result so
    far after each generation (its ``weights`` the next generation's centre)."""
    config.check()
    defaults = weighted_policy(config.game_id).defaults
    rng = random.Random(config.seed)
    cap = length_cap(config.game_id, config.players, config.seed)
    centre = {**defaults, **(config.start or {})}
    start = {k: config.spread * max(abs(v), 4.0) for k, v in defaults.items()}
    spread = dict(start)
    n_elite = max(1, round(config.elite * config.population))
    result = TrainResult(weights=centre)
    pool = ProcessPoolExecutor(config.jobs) if config.jobs > 1 else None
    try:
        for index in range(config.generations):
            seeds = [rng.getrandbits(31) for _ in range(config.games // config.players)]
            candidates = [dict(centre)] + [_sample(rng, centre, spread) for _ in range(config.population - 1)]
            jobs = [(config.game_id, config.players, c, seeds, cap) for c in candidates]
            scores = list(pool.map(_score, jobs)) if pool is not None else [_score(j) for j in jobs]
            order = sorted(range(len(candidates)), key=lambda i: -scores[i][0])
            generation = Generation(index, dict(centre), scores[0][0], scores[0][1], scores[order[0]][0])
            result.history.append(generation)
            elite = [candidates[i] for i in order[:n_elite]]
            for k in centre:
                values = [e[k] for e in elite]
                mean = sum(values) / len(values)
                var = sum((v - mean) ** 2 for v in values) / len(values)
                centre[k] = mean
                spread[k] = max(math.sqrt(var), 0.1 * start[k])
            result.weights = {k: round(v, 4) for k, v in centre.items()}
            if progress is not None:
                progress(result)
    finally:
        if pool is not None:
            pool.shutdown()
    return result


__all__ = ["Generation", "PolicyAgent", "TrainConfig", "TrainError", "TrainResult", "play_match", "train"]
