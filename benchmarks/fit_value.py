"""Fit and check a game's learned position value (``dinobox.bots.value``) on games between mixed levels.

Seeded games whose seats are drawn from ``LEVELS`` (random, easy, medium, hard: the strong
policy; drawn per seat, never all the same; no search, so thousands of games are cheap). After a
seeded sample of the decisions (any seat), the game's features (``GameEntry.value_features``) of
the position the acting seat left, from that seat's side; the outcome is that seat's share of
the win at the end of the game.

    python benchmarks/fit_value.py dino-race --players 2 --games 3000            # fit, write value.json
    python benchmarks/fit_value.py dino-race --players 2 --evaluate --games 1000  # fresh seeds
    python benchmarks/fit_value.py dino-race --players 2 --speed --games 20       # µs per call

Fitting plays seeds from ``FIT_SEED`` and fits an L2-regularised logistic over the features and
their products with ``progress`` (Newton's method on standardised columns, NumPy), the L2
strength chosen by cross-validation over ``FOLDS`` folds of whole games (by seed); it writes the
model under its player count into the game's ``value.json`` and prints the cross-fitted figures
(each fold predicted by the model fitted on the others). ``--evaluate`` plays seeds from
``EVALUATE_SEED`` (never used for fitting) against the shipped model. Both print the Brier skill
score against the base rate, overall and over the last quarter of each game's decisions, the
most frequent displayed percentage between 5% and 95% with its share, and a reliability table
with game-clustered bootstrap intervals (``coach_calibration.report``). The samples are kept in
``runs/value/`` (a stopped run resumes; a changed feature function starts afresh).
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.bots.value import VALUE_FILE, PositionValue, game_models
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE

sys.path.insert(0, str(Path(__file__).resolve().parent))
from coach_calibration import Judged, report, seat_levels  # the one reporting code

FIT_SEED = 100_000
EVALUATE_SEED = 900_000
LEVELS = ("random", "easy", "medium", "hard")
HERE = Path(__file__).resolve().parent
RUNS = HERE.parent / "runs" / "value"
FOLDS = 5
L2_GRID = (1e-6, 1e-5, 1e-4, 1e-3, 1e-2)


def feature_function(game_id: str) -> tuple[tuple[str, ...], Any]:
    found = game_entry(game_id).value_features
    if found is None:
        raise SystemExit(f"{game_id} declares no value features (GameEntry.value_features)")
    return found


def play(game_id: str, players: int, seed: int, share: float) -> dict[str, Any]:
    """One seeded game between mixed levels; the features after a sample of its decisions."""
    _, features = feature_function(game_id)
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    levels = seat_levels(seed, players, LEVELS)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    chance = random.Random(seed)
    pick = random.Random(seed + 7_777)
    samples: list[list[Any]] = []
    cpu = 0.0  # the features' cost alone (the bots' play is not the value's)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        action = bots[player].choose(state)
        wide = len(state.legal_actions()) > 1
        state.apply_action(action)
        if wide and not state.is_terminal() and pick.random() < share:
            started = time.process_time()
            x = features(state, player)
            cpu += time.process_time() - started
            samples.append([state.move_number(), player, [round(v, 5) for v in x]])
    returns = state.returns()
    for s in samples:
        s.append(returns[s[1]])
    return {"seed": seed, "levels": levels, "length": state.move_number(), "cpu": cpu, "samples": samples}


def _fingerprint(game_id: str) -> str:
    names, features = feature_function(game_id)
    module = inspect.getmodule(features)
    source = inspect.getsource(module) if module is not None else repr(names)
    return hashlib.sha1(source.encode()).hexdigest()[:8]


def collect(game_id: str, players: int, first: int, games: int, share: float) -> list[dict[str, Any]]:
    RUNS.mkdir(parents=True, exist_ok=True)
    path = RUNS / f"{game_id}-{players}p-{first}-s{share:g}-{_fingerprint(game_id)}.jsonl"
    done = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    with path.open("a") as out:
        for seed in range(first + len(done), first + games):
            game = play(game_id, players, seed, share)
            out.write(json.dumps(game) + "\n")
            done.append(game)
            if len(done) % 100 == 0:
                out.flush()
                print(f"{len(done)} games", file=sys.stderr, flush=True)
    return done[:games]


def _design(games: list[dict[str, Any]], at: int) -> tuple[Any, Any]:
    """Rows: the features, then their products with progress (column ``at``); the outcomes."""
    import numpy as np

    x = np.array([s[2] for g in games for s in g["samples"]], dtype=float)
    y = np.array([s[3] for g in games for s in g["samples"]], dtype=float)
    if len(x) == 0:
        return np.zeros((0, 0)), y
    return np.hstack([x, x * x[:, at : at + 1]]), y


def _logistic(x: Any, y: Any, l2: float) -> tuple[float, Any]:
    """(intercept, slopes) minimising the mean log loss plus ``l2`` times the squared slopes on
    standardised columns (Newton's method: the problem is small and convex)."""
    import numpy as np

    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std < 1e-9] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / std])
    ridge = np.full(z.shape[1], 2 * l2)
    ridge[0] = 1e-9
    w = np.zeros(z.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) / len(y) + ridge * w
        hessian = (z.T * (p * (1 - p))) @ z / len(y) + np.diag(ridge)
        step = np.linalg.solve(hessian, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-7:
            break
    slopes = w[1:] / std
    return float(w[0] - np.sum(slopes * mean)), slopes


def _predict(x: Any, intercept: float, slopes: Any) -> Any:
    import numpy as np

    return 1 / (1 + np.exp(-np.clip(intercept + x @ slopes, -30, 30)))


def _log_loss(x: Any, y: Any, intercept: float, slopes: Any) -> float:
    import numpy as np

    p = np.clip(_predict(x, intercept, slopes), 1e-6, 1 - 1e-6)
    return float(-np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)))


def cross_validate(games: list[dict[str, Any]], at: int) -> tuple[float, Judged]:
    """The L2 strength (``L2_GRID``) with the least log loss when the games are split in
    ``FOLDS`` folds by seed and each fold is predicted by the fit on the others (folds of whole
    games: a game's decisions share its outcome), and those cross-fitted predictions at that
    strength: the shrinkage is chosen on the fitting games alone."""
    index = {g["seed"]: i for i, g in enumerate(games)}
    folds = []
    for f in range(FOLDS):
        held = [g for g in games if g["seed"] % FOLDS == f]
        keys = [(index[g["seed"]], s[0] >= 0.75 * g["length"]) for g in held for s in g["samples"]]
        folds.append((_design([g for g in games if g["seed"] % FOLDS != f], at), _design(held, at), keys))
    best: tuple[float, float, Judged] = (float("inf"), L2_GRID[0], [])
    for l2 in L2_GRID:
        total, rows = 0.0, []
        for train, (hx, hy), keys in folds:
            if not len(hy):
                continue
            intercept, slopes = _logistic(*train, l2)
            total += _log_loss(hx, hy, intercept, slopes)
            predicted = _predict(hx, intercept, slopes)
            rows += [(g, float(p), float(o), late) for (g, late), p, o in zip(keys, predicted, hy, strict=True)]
        print(f"L2 {l2:g}: cross-validated log loss {total:.1f}", file=sys.stderr, flush=True)
        if total < best[0]:
            best = (total, l2, rows)
    return best[1], best[2]


def fit(game_id: str, players: int, games: list[dict[str, Any]], l2: float) -> PositionValue:
    names, features = feature_function(game_id)
    intercept, slopes = _logistic(*_design(games, names.index("progress")), l2)
    k = len(names)
    return PositionValue(names, features, intercept, list(slopes[:k]), list(slopes[k:]), players)


def write_model(game_id: str, model: PositionValue, meta: dict[str, Any]) -> None:
    path = Path(str(resources.files(game_entry(game_id).package or ""))) / VALUE_FILE
    data = json.loads(path.read_text()) if path.exists() else {}
    data["features"] = list(model.names)
    data.setdefault("models", {})[str(model.players)] = model.to_json()
    data.setdefault("fitted", {})[str(model.players)] = meta
    data["models"] = dict(sorted(data["models"].items()))
    data["fitted"] = dict(sorted(data["fitted"].items()))
    path.write_text(json.dumps(data, indent=1) + "\n")
    game_models.cache_clear()
    print(f"value model for {model.players} players written to {path}", file=sys.stderr)


def predict(games: list[dict[str, Any]], model: PositionValue, index: dict[int, int]) -> Judged:
    out: Judged = []
    for g in games:
        for move, _, x, outcome in g["samples"]:
            out.append((index[g["seed"]], model.chance(x), outcome, move >= 0.75 * g["length"]))
    return out


def speed(game_id: str, players: int, games: int, repeat: int = 5) -> str:
    """CPU microseconds per ``win_chance(state, seat)`` call (features and model) over every
    position of ``games`` seeded games between mixed levels, every seat."""
    model = game_models(game_id).get(players)
    if model is None:
        raise SystemExit(f"{game_id} ships no value model for {players} players")
    positions = []
    for seed in range(EVALUATE_SEED, EVALUATE_SEED + games):
        state = dinobox.load_game(game_id, players=players).new_initial_state()
        bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(seat_levels(seed, players, LEVELS))]
        chance = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(state.sample_chance(chance) if player == CHANCE else bots[player].choose(state))
            if not state.is_terminal():
                positions.append(state.clone())
    started = time.process_time()
    for _ in range(repeat):
        for state in positions:
            for seat in range(players):
                model.win_chance(state, seat)
    spent = time.process_time() - started
    calls = repeat * len(positions) * players
    return f"{game_id}, {players} players: {1e6 * spent / calls:.1f} CPU-µs per win_chance ({calls} calls)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--share", type=float, default=0.2, help="share of the decisions sampled")
    parser.add_argument(
        "--first-seed", type=int, help=f"first seed (default {FIT_SEED} to fit, {EVALUATE_SEED} to evaluate)"
    )
    parser.add_argument("--evaluate", action="store_true", help="judge the shipped model on fresh seeds")
    parser.add_argument("--speed", action="store_true", help="time win_chance over the positions of --games games")
    args = parser.parse_args()
    if args.speed:
        print(speed(args.game, args.players, args.games))
        return
    first = args.first_seed if args.first_seed is not None else EVALUATE_SEED if args.evaluate else FIT_SEED
    games = collect(args.game, args.players, first, args.games, args.share)
    index = {g["seed"]: i for i, g in enumerate(games)}
    if args.evaluate:
        model = game_models(args.game).get(args.players)
        if model is None:
            parser.error(f"{args.game} ships no value model for {args.players} players: fit it first")
        print(report(args.game, args.players, games, predict(games, model, index), f"held-out seeds from {first}"))
        return
    names, _ = feature_function(args.game)
    l2, rows = cross_validate(games, names.index("progress"))
    meta = {"games": len(games), "first_seed": first, "share": args.share, "l2": l2, "levels": list(LEVELS)}
    write_model(args.game, fit(args.game, args.players, games, l2), meta)
    print(report(args.game, args.players, games, rows, f"cross-fitted in {FOLDS} folds, L2 {l2:g}"))


if __name__ == "__main__":
    main()
