"""``dinobox tune GAME``: search options and component data for a designer's objective (Optuna).

Each trial is a seeded simulation of the suggested settings. Every trial plays the same game
seeds (common random numbers), so two trials differ by their settings, not by their luck. The
sampler is Optuna's TPE, seeded; trials are asked ``batch`` at a time (1 by default), and their
games are spread over the backend (a batch's trials run together on Ray), so the same seed and
batch give the same trials, whatever ``jobs`` or backend.

Objectives (all minimised; a weighted mix adds them):

- ``balance``: the gap between the best and the worst seat's win rate (1 - balance);
- ``length=N``: how far the mean game length is from N turns, as a share of N;
- ``runaway``: mean decisiveness, the share of the game the winner already led for good.

At the end the best settings and the defaults are each simulated again on fresh seeds
(``confirm`` games), so the report's intervals are not flattered by having picked the best of
many noisy trials; the two are compared with the same tests as ``simulate --compare``.
"""

from __future__ import annotations

import json
import math
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from dinobox.engine.data import parse_override
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class
from dinobox.simulate.play import SimConfig, derive_seed
from dinobox.simulate.runner import run_simulation
from dinobox.simulate.stats import summarize

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
    choices: tuple[Any, ...] = ()

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


def settings_config(base: SimConfig, values: dict[str, Any], params: list[Param]) -> SimConfig:
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
        values = param.choices if param.kind == "choice" else (param.low, param.high)
        for value in values:
            try:
                settings_config(base, {param.name: value}, [param]).build_game()
            except DinoboxError as exc:
                raise DinoboxError(f"--param {param.name}: the value {json.dumps(value)} is refused: {exc}") from None


@dataclass(frozen=True)
class Objective:
    terms: tuple[tuple[float, str, float | None], ...]  # (weight, name, target)
    text: str = ""

    def loss(self, summary: dict[str, Any]) -> tuple[float, dict[str, float]]:
        parts: dict[str, float] = {}
        total = 0.0
        for weight, name, target in self.terms:
            if name == "balance":
                value = 1 - summary["balance"]
            elif name == "length":
                assert target is not None
                value = abs(summary["length"]["turns"]["mean"] - target) / target
            else:
                value = summary["decisiveness"]["mean"]
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
    progress: Callable[[int, dict[str, Any]], None] | None = None
    report: dict[str, Any] = field(default_factory=dict)


def _suggest(trial: Any, param: Param) -> Any:
    if param.kind == "int":
        return trial.suggest_int(param.name, int(param.low), int(param.high))
    if param.kind == "float":
        return trial.suggest_float(param.name, float(param.low), float(param.high))
    index = trial.suggest_categorical(param.name, list(range(len(param.choices))))
    return param.choices[index]


def _trial_metrics(summary: dict[str, Any]) -> dict[str, Any]:
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


def _defaults(setup: TuneSetup) -> dict[str, Any] | None:
    """The default settings as a first trial (Optuna's values), if they lie in every range."""
    values: dict[str, Any] = {}
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


def _simulate_batch(setup: TuneSetup, configs: list[SimConfig]) -> list[dict[str, Any]]:
    """The trials of a batch: one after another locally, all at once on Ray (their games share
    the cluster). Each summary depends only on its configuration, so the backend changes nothing."""
    if setup.backend != "ray" or len(configs) == 1:
        return [_simulate(setup, config) for config in configs]
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(configs)) as pool:
        return list(pool.map(lambda config: _simulate(setup, config), configs))


def _default_values(setup: TuneSetup) -> dict[str, Any]:
    """Each searched parameter's value in the base settings (the game's default unless fixed)."""
    cls = game_class(setup.base.game)
    out: dict[str, Any] = {}
    for param in setup.params:
        if param.target == "option":
            spec = next(s for s in cls.option_specs if s.name == param.name)
            out[param.name] = setup.base.options.get(param.name, spec.default)
        else:
            out[param.name] = setup.base.data.get(param.name, getattr(cls.default_data, param.name))
    return json.loads(json.dumps(out))


def _simulate(setup: TuneSetup, config: SimConfig) -> dict[str, Any]:
    run = run_simulation(config, setup.jobs, backend=setup.backend)
    if run.interrupted:
        raise KeyboardInterrupt
    return summarize(run.rows, config.build_game().num_players, config.seed)


def run_tune(setup: TuneSetup) -> dict[str, Any]:
    """Run the study; the result holds every trial, the best settings, the confirmation runs of
    the best and the default settings with their comparison, and the parameters' importances."""
    import optuna

    from dinobox.simulate.compare import compare_summaries

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    check_params(setup.base, setup.params)
    sampler = optuna.samplers.TPESampler(seed=setup.base.seed, n_startup_trials=min(10, max(2, setup.trials // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    default = _defaults(setup)
    if default is not None:
        study.enqueue_trial(default)
    trials: list[dict[str, Any]] = []
    while len(trials) < setup.trials:
        asked = [study.ask() for _ in range(min(setup.batch, setup.trials - len(trials)))]
        values = [{p.name: _suggest(trial, p) for p in setup.params} for trial in asked]
        summaries = _simulate_batch(setup, [settings_config(setup.base, v, setup.params) for v in values])
        for trial, chosen, summary in zip(asked, values, summaries, strict=True):
            loss, parts = setup.objective.loss(summary)
            study.tell(trial, loss)
            entry = {
                "number": len(trials),
                "values": chosen,
                "loss": round(loss, 6),
                "parts": parts,
                **_trial_metrics(summary),
            }
            trials.append(entry)
            if setup.progress is not None:
                setup.progress(len(trials), entry)
    best = min(trials, key=lambda t: (t["loss"], t["number"]))
    confirm_seed = derive_seed("dinobox-tune-confirm", setup.base.seed)
    confirm = replace(setup.base, games=setup.confirm, seed=confirm_seed)
    best_summary = _confirm_summary(setup, confirm, best["values"])
    default_summary = _confirm_summary(setup, confirm, None)
    return {
        "game": setup.base.game,
        "players": setup.base.players,
        "bots": list(setup.base.bots),
        "games_per_trial": setup.base.games,
        "seed": setup.base.seed,
        "objective": setup.objective.text,
        "params": [{"name": p.name, "target": p.target, "kind": p.kind, "range": p.describe()} for p in setup.params],
        "trials": trials,
        "best": best,
        "defaults": _default_values(setup),
        "importances": importances(study, setup.params),
        "confirm_games": setup.confirm,
        "confirm_seed": confirm_seed,
        "best_confirmed": best_summary,
        "default_confirmed": default_summary,
        "best_vs_default": compare_summaries(default_summary, best_summary)["rows"],
    }


def _confirm_summary(setup: TuneSetup, confirm: SimConfig, values: dict[str, Any] | None) -> dict[str, Any]:
    config = settings_config(confirm, values, setup.params) if values is not None else confirm
    summary = _simulate(setup, config)
    game = config.build_game()
    summary.update(
        {
            "game": config.game,
            "title": game.title,
            "players": game.num_players,
            "options": dict(game.options),
            "data_overrides": dict(config.data),
        }
    )
    loss, parts = setup.objective.loss(summary)
    summary["objective"] = {"loss": round(loss, 6), "parts": parts}
    return summary


def importances(study: Any, params: list[Param]) -> dict[str, float]:
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
