"""``dinobox tune GAME``: search options and component data for a designer's objective (Optuna).

Each trial is a seeded simulation of the suggested settings. Every trial plays the same game
seeds (common random numbers), so two trials differ by their settings, not by their luck. The
sampler is Optuna's TPE, seeded, or a grid when there are no more settings than trials; no
setting is played twice. Trials are asked ``batch`` at a time (1 by default), and their games
are spread over the backend (a batch's trials run together on Ray), so the same seed and batch
give the same trials, whatever ``jobs`` or backend.

Objectives (all minimised; a weighted mix adds them):

- ``balance``: the gap between the best and the worst seat's win rate (1 - balance);
- ``length=N``: how far the mean game length is from N turns, as a share of N;
- ``runaway``: mean decisiveness, the share of the game the winner already led for good.

At the end the best settings and the defaults are each simulated again on fresh seeds
(``confirm`` games), so the report's intervals are not flattered by having picked the best of
many noisy trials; the two are compared with the same tests as ``simulate --compare``.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import re
import warnings
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from dinobox.engine.data import parse_override
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class
from dinobox.simulate.compare import compare_summaries
from dinobox.simulate.documents import (
    CompareRow,
    ConfirmedSummary,
    GameRow,
    JsonValue,
    SamplerValues,
    Settings,
    Stats,
    Trial,
    TrialMetrics,
    TuneResult,
)
from dinobox.simulate.play import SimConfig, derive_seed
from dinobox.simulate.runner import run_simulation
from dinobox.simulate.stats import NO_SINGLE_WINNER, fair_balance, summarize

if TYPE_CHECKING:  # Optuna, from the sim extra, is imported when a study runs
    from optuna import Study
    from optuna.trial import Trial as OptunaTrial

OBJECTIVES = ("balance", "length", "runaway")
_NUMBER = r"-?\d+(?:\.\d*)?(?:[eE]-?\d+)?"
_RANGE = re.compile(rf"^\s*({_NUMBER})\s*\.\.\s*({_NUMBER})\s*$")


@dataclass(frozen=True)
class Param:
    """One setting to search: a game option or a component-data field."""

    name: str
    target: str  # "option" or "data"
    kind: str  # "int", "float" or "choice"
    low: float = 0
    high: float = 0
    choices: tuple[JsonValue, ...] = ()

    def describe(self) -> str:
        if self.kind == "choice":
            return " | ".join(json.dumps(c) if not isinstance(c, str) else c for c in self.choices)
        return f"{self.low:g}..{self.high:g}"


def _number(text: str) -> int | float:
    return float(text) if any(ch in text for ch in ".eE") else int(text)


def parse_param(text: str, game_id: str) -> Param:
    """``hand_size=3..7`` (int), ``x=0.5..2.0`` (float) or ``name=a|b|c`` (choices, each JSON or
    a bare word); ``name`` is an option of the game or a component-data field."""
    if "=" not in text:
        raise DinoboxError(f"--param {text!r}: expected NAME=LOW..HIGH or NAME=A|B|C")
    name, spec = (part.strip() for part in text.split("=", 1))
    cls = game_class(game_id)
    options = {s.name: s for s in cls.option_specs}
    key = name.replace("-", "_")
    fields = {f: getattr(cls.default_data, f) for f in getattr(cls.default_data, "__dataclass_fields__", {})}
    if key in getattr(cls.default_data, "SHOWN_ONLY", frozenset()):
        raise DinoboxError(f"--param {name}: this field changes only what players see, not how {game_id} plays")
    if key in options:
        target, current = "option", options[key].default
    elif key in fields:
        target, current = "data", fields[key]
    else:
        raise DinoboxError(
            f"--param {name!r}: {game_id} has no option or component data of that name "
            f"(options: {', '.join(options) or 'none'}; `dinobox data {game_id}` lists the data)"
        )
    found = _RANGE.match(spec)
    if found:
        low, high = _number(found.group(1)), _number(found.group(2))
        if not low < high:
            raise DinoboxError(f"--param {name}: the range {spec} must go from low to high")
        is_int = isinstance(low, int) and isinstance(high, int)
        if isinstance(current, bool) or not isinstance(current, (int, float)):
            raise DinoboxError(f"--param {name}: {json.dumps(current)} is not a number; give choices A|B|C")
        if isinstance(current, int) and not is_int:
            raise DinoboxError(f"--param {name} takes whole numbers: give a range like 3..7")
        return Param(key, target, "int" if is_int else "float", low, high)
    if "|" not in spec:
        raise DinoboxError(f"--param {name}={spec}: give a range LOW..HIGH or at least two choices A|B")
    choices = tuple(parse_override(f"{key}={part.strip()}")[1] for part in spec.split("|"))
    return Param(key, target, "choice", choices=choices)


def settings_config(base: SimConfig, values: Mapping[str, JsonValue], params: list[Param]) -> SimConfig:
    options, data = dict(base.options), dict(base.data)
    for param in params:
        (options if param.target == "option" else data)[param.name] = values[param.name]
    return replace(base, options=options, data=data)


def check_params(base: SimConfig, params: list[Param]) -> None:
    """Every end of every range and every choice makes a playable game (before any trial)."""
    if not params:
        raise DinoboxError("name at least one --param to tune")
    names = [p.name for p in params]
    if len(set(names)) != len(names):
        raise DinoboxError("each --param may be given once")
    for param in params:
        values: tuple[JsonValue, ...] = param.choices if param.kind == "choice" else (param.low, param.high)
        for value in values:
            try:
                settings_config(base, {param.name: value}, [param]).build_game()
            except DinoboxError as exc:
                raise DinoboxError(f"--param {param.name}: the value {json.dumps(value)} is refused: {exc}") from None


@dataclass(frozen=True)
class Objective:
    terms: tuple[tuple[float, str, float | None], ...]  # (weight, name, target)
    text: str = ""

    def loss(self, summary: Stats) -> tuple[float, dict[str, float]]:
        parts: dict[str, float] = {}
        total = 0.0
        for weight, name, target in self.terms:
            if name == "balance":
                value = 1 - summary["balance"]
            elif name == "length":
                assert target is not None
                value = abs(summary["length"]["turns"]["mean"] - target) / target
            else:
                runaway = summary["decisiveness"]["mean"]
                if runaway is None:
                    raise DinoboxError(f"the runaway objective cannot be measured here: {NO_SINGLE_WINNER}")
                value = runaway
            parts[name] = round(value, 6)
            total += weight * value
        return total, parts


def parse_objective(text: str) -> Objective:
    """``balance``, ``length=40``, ``runaway`` or a weighted mix like ``2*balance+0.5*length=40``."""
    terms = []
    for raw in text.split("+"):
        part = raw.strip()
        weight = 1.0
        if "*" in part:
            w, _, part = part.partition("*")
            try:
                weight = float(w)
            except ValueError:
                raise DinoboxError(f"--objective {text!r}: {w.strip()!r} is not a weight") from None
            part = part.strip()
        name, _, target = part.partition("=")
        name = name.strip()
        if name not in OBJECTIVES:
            raise DinoboxError(
                f"--objective {text!r}: {name!r} is not an objective (balance, length=N, runaway, or a weighted "
                "mix like 2*balance+0.5*length=40)"
            )
        goal: float | None = None
        if name == "length":
            try:
                goal = float(target)
            except ValueError:
                raise DinoboxError("--objective length needs a target number of turns, e.g. length=40") from None
            if goal <= 0:
                raise DinoboxError("--objective length=N needs N > 0")
        elif target:
            raise DinoboxError(f"--objective {name} takes no value")
        if weight <= 0 or not math.isfinite(weight):
            raise DinoboxError(f"--objective {text!r}: weights must be positive")
        terms.append((weight, name, goal))
    return Objective(tuple(terms), text)


@dataclass
class TuneSetup:
    base: SimConfig  # the game, bots, games per trial and seed; options/data are the defaults
    params: list[Param]
    objective: Objective
    trials: int
    confirm: int
    jobs: int = 1
    backend: str = "local"
    batch: int = 1  # trials asked together (their games run together on Ray); results depend on it
    progress: Callable[[int, Trial], None] | None = None


def _suggest(trial: OptunaTrial, param: Param) -> JsonValue:
    if param.kind == "int":
        return trial.suggest_int(param.name, int(param.low), int(param.high))
    if param.kind == "float":
        return trial.suggest_float(param.name, float(param.low), float(param.high))
    index = trial.suggest_categorical(param.name, list(range(len(param.choices))))
    return param.choices[index]


def _trial_metrics(summary: Stats) -> TrialMetrics:
    turns = summary["length"]["turns"]
    return {
        "balance": summary["balance"],
        "balance_ci95": summary["balance_ci95"],
        "seat_p": summary["seat_test"]["p_value"],
        "turns": turns["mean"],
        "turns_ci95": turns["ci95"],
        "decisiveness": summary["decisiveness"]["mean"],
        "seat_win_rates": [s["win_rate"] for s in summary["seats"]],
    }


def _defaults(setup: TuneSetup) -> SamplerValues | None:
    """The default settings as a first trial (Optuna's values), if they lie in every range."""
    values: SamplerValues = {}
    for param, value in zip(setup.params, _default_values(setup).values(), strict=True):
        if param.kind == "choice":
            index = next((i for i, c in enumerate(param.choices) if json.dumps(c) == json.dumps(value)), None)
            if index is None:
                return None
            values[param.name] = index
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not param.low <= value <= param.high:
            return None
        else:
            values[param.name] = value
    return values


def _simulate_batch(setup: TuneSetup, configs: list[SimConfig]) -> list[Stats]:
    """The trials of a batch: one after another locally, all at once on Ray (their games share
    the cluster). Each summary depends only on its configuration, so the backend changes nothing."""
    if setup.backend != "ray" or len(configs) == 1:
        return [_simulate(setup, config) for config in configs]
    with ThreadPoolExecutor(len(configs)) as pool:
        return list(pool.map(lambda config: _simulate(setup, config), configs))


def _default_values(setup: TuneSetup) -> Settings:
    """Each searched parameter's value in the base settings (the game's default unless fixed)."""
    cls = game_class(setup.base.game)
    out: Settings = {}
    for param in setup.params:
        if param.target == "option":
            spec = next(s for s in cls.option_specs if s.name == param.name)
            out[param.name] = setup.base.options.get(param.name, spec.default)
        else:
            out[param.name] = setup.base.data.get(param.name, getattr(cls.default_data, param.name))
    shown: Settings = json.loads(json.dumps(out))  # as tune.json holds them: tuples become lists
    return shown


def _simulate(setup: TuneSetup, config: SimConfig) -> Stats:
    return _simulate_rows(setup, config)[0]


def _simulate_rows(setup: TuneSetup, config: SimConfig) -> tuple[Stats, list[GameRow]]:
    run = run_simulation(config, setup.jobs, backend=setup.backend)
    if run.interrupted:
        raise KeyboardInterrupt
    return summarize(run.rows, config.build_game().num_players, config.seed), run.rows


def space_size(params: list[Param]) -> int | None:
    """How many distinct settings the parameters allow (None: a decimal range, endless)."""
    size = 1
    for param in params:
        if param.kind == "float":
            return None
        size *= len(param.choices) if param.kind == "choice" else int(param.high - param.low) + 1
    return size


def _grid(params: list[Param]) -> dict[str, list[int]]:
    return {
        p.name: list(range(len(p.choices))) if p.kind == "choice" else list(range(int(p.low), int(p.high) + 1))
        for p in params
    }


def grid_settings(setup: TuneSetup) -> list[SamplerValues]:
    """Every setting of a discrete space, as the sampler's values, the defaults first and the
    rest in a seeded random order (so a cut-short study still spreads over the space)."""
    grid = _grid(setup.params)
    settings: list[SamplerValues] = [dict(zip(grid, combo, strict=True)) for combo in itertools.product(*grid.values())]
    random.Random(setup.base.seed).shuffle(settings)
    default = _defaults(setup)
    if default is not None and default in settings:
        settings.remove(default)
        settings.insert(0, default)
    return settings


def setting_key(values: Mapping[str, JsonValue]) -> str:
    return json.dumps(values, sort_keys=True)


def _search(setup: TuneSetup, study: Study, wanted: int) -> tuple[list[Trial], int]:
    """Ask, play and tell until ``wanted`` distinct settings are played: (trials, repeats told
    from the cache)."""
    trials: list[Trial] = []
    losses: dict[str, float] = {}
    repeats = 0
    while len(trials) < wanted and repeats < 20 * setup.trials:
        asked = [study.ask() for _ in range(min(setup.batch, wanted - len(trials)))]
        values = [{p.name: _suggest(trial, p) for p in setup.params} for trial in asked]
        fresh: dict[str, Settings] = {}
        for chosen in values:
            key = setting_key(chosen)
            if key not in losses and key not in fresh:
                fresh[key] = chosen
        configs = [settings_config(setup.base, v, setup.params) for v in fresh.values()]
        summaries = dict(zip(fresh, _simulate_batch(setup, configs), strict=True))
        for trial, chosen in zip(asked, values, strict=True):
            key = setting_key(chosen)
            if key in losses:  # played already: the sampler learns its result again, no games
                study.tell(trial, losses[key])
                repeats += 1
                continue
            summary = summaries[key]
            loss, parts = setup.objective.loss(summary)
            losses[key] = loss
            study.tell(trial, loss)
            entry: Trial = {
                "number": len(trials),
                "values": chosen,
                "loss": round(loss, 6),
                "parts": parts,
                **_trial_metrics(summary),
            }
            trials.append(entry)
            if setup.progress is not None:
                setup.progress(len(trials), entry)
    return trials, repeats


def run_tune(setup: TuneSetup) -> TuneResult:
    """Run the study; the result holds every trial, the best settings, the confirmation runs of
    the best and the default settings with their comparison, and the parameters' importances.

    No setting is played twice: a small discrete space (no more settings than ``trials``) is
    walked as a grid, each setting once; otherwise a setting the sampler suggests again is told
    its cached result and costs no games, and the study stops when every setting is tried."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    check_params(setup.base, setup.params)
    size = space_size(setup.params)
    grid = size is not None and size <= setup.trials
    wanted = min(setup.trials, size) if size is not None else setup.trials
    startup = min(10, max(2, setup.trials // 3))
    study = optuna.create_study(
        direction="minimize", sampler=optuna.samplers.TPESampler(seed=setup.base.seed, n_startup_trials=startup)
    )
    default = _defaults(setup)
    for setting in grid_settings(setup) if grid else [default] if default is not None else []:
        study.enqueue_trial(setting)  # a grid: every setting is enqueued, the sampler never guesses
    trials, repeats = _search(setup, study, wanted)
    best = min(trials, key=lambda t: (t["loss"], t["number"]))
    confirm_seed = derive_seed("dinobox-tune-confirm", setup.base.seed)
    confirm = replace(setup.base, games=setup.confirm, seed=confirm_seed)
    best_summary, best_rows = _confirm_summary(setup, confirm, best["values"])
    default_summary, default_rows = _confirm_summary(setup, confirm, None)
    comparison = compare_summaries(default_summary, best_summary, games=(default_rows, best_rows))["rows"]
    gain = real_gain(setup.objective, best_summary, default_summary, comparison)
    return {
        "game": setup.base.game,
        "players": setup.base.players,
        "bots": list(setup.base.bots),
        "games_per_trial": setup.base.games,
        "seed": setup.base.seed,
        "objective": setup.objective.text,
        "params": [{"name": p.name, "target": p.target, "kind": p.kind, "range": p.describe()} for p in setup.params],
        "sampler": "grid" if grid else "TPE",
        "settings_in_space": size,
        "repeats_skipped": repeats,
        "trials": trials,
        "best": best,
        "defaults": _default_values(setup),
        "noise_band": noise_band(setup.objective, setup.base),
        "real_gain": gain,
        "importances": importances(study, setup.params) if gain else {},
        "confirm_games": setup.confirm,
        "confirm_seed": confirm_seed,
        "best_confirmed": best_summary,
        "default_confirmed": default_summary,
        "best_vs_default": comparison,
    }


# The comparison rows that show a change in each objective's measure.
OBJECTIVE_ROWS = {"balance": ("seat ",), "length": ("mean turns",), "runaway": ("mean decisiveness",)}


def real_gain(objective: Objective, best: ConfirmedSummary, default: ConfirmedSummary, rows: list[CompareRow]) -> bool:
    """Did the replay on fresh games find a real gain: a lower objective, and a significant
    change (after Holm) in a measure the objective is made of?"""
    if best["objective"]["loss"] >= default["objective"]["loss"]:
        return False
    prefixes = tuple(p for _, name, _ in objective.terms for p in OBJECTIVE_ROWS[name])
    return any(row["significant"] for row in rows if row["measure"].startswith(prefixes))


def noise_band(objective: Objective, base: SimConfig) -> list[float] | None:
    """The objective's balance part for a perfectly fair game at the games per trial (central
    95%): trials inside this band differ from a fair game by noise only. None without balance."""
    weight = sum(w for w, name, _ in objective.terms if name == "balance")
    if not weight:
        return None
    fair = fair_balance(base.games, base.build_game().num_players)["range95"]
    return [round(weight * (1 - fair[1]), 6), round(weight * (1 - fair[0]), 6)]


def _confirm_summary(
    setup: TuneSetup, confirm: SimConfig, values: Settings | None
) -> tuple[ConfirmedSummary, list[GameRow]]:
    config = settings_config(confirm, values, setup.params) if values is not None else confirm
    stats, rows = _simulate_rows(setup, config)
    game = config.build_game()
    loss, parts = setup.objective.loss(stats)
    summary: ConfirmedSummary = {
        **stats,
        "game": config.game,
        "title": game.title,
        "players": game.num_players,
        "options": dict(game.options),
        "data_overrides": dict(config.data),
        "seed": config.seed,
        "objective": {"loss": round(loss, 6), "parts": parts},
    }
    return summary, rows


def importances(study: Study, params: list[Param]) -> dict[str, float]:
    """How much each parameter mattered to the objective (Optuna's PED-ANOVA; no randomness)."""
    from optuna.importance import PedAnovaImportanceEvaluator, get_param_importances

    if len(params) == 1:
        return {params[0].name: 1.0}
    try:
        with warnings.catch_warnings():  # "quantiles select the same trials": too few trials, equal shares
            warnings.simplefilter("ignore")
            found = get_param_importances(study, evaluator=PedAnovaImportanceEvaluator())
    except (ValueError, RuntimeError, ZeroDivisionError):
        return {}
    return {name: round(float(value), 4) for name, value in found.items()}
