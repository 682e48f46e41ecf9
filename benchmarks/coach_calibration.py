"""Fit and check the coach's win chances on games between mixed levels.

Seeded games whose seats are drawn from a mix of levels (``LEVELS``: random, easy, medium, the
strong policy and a small ISMCTS search). At a seeded sample of the decisions with more than one
legal choice (any seat), the coach's search (the game's default budget,
``dinobox.coach.analysis.search_decision``) gives the raw value of the action played, and
``dinobox.coach.value.position_after`` the score margins after it; the outcome is that seat's
share of the win at the end of the game.

    python benchmarks/coach_calibration.py dino-race --players 2 --fit --games 120
    python benchmarks/coach_calibration.py dino-race --players 2 --evaluate --games 60

``--fit`` plays the games from the first seed (default 1000; ``--add SEED[:GAMES]`` pools more
sets), fits the logistic value model (``dinobox.coach.value``; ``scipy.optimize.minimize`` on the
log loss, an L2 strength chosen by cross-validation on the fitting games) and writes it into the
game's ``coach.json`` under its player count. It
also judges the procedure on games it has not seen: five folds by seed, each predicted by the
model fitted on the other four (cross-fitting). ``--evaluate`` plays fresh seeds (default from
2000) against the shipped model. Both print the Brier skill score against the base rate (overall
and over the last quarter of each game's decisions), the most frequent displayed percentage
between 5% and 95%, and a reliability table in tenths whose gaps carry a 95% interval from a
bootstrap over games (decisions of one game share its outcome). The samples are kept in
``runs/coach/`` (one line per game: a stopped run resumes).
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import random
import time
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.bots.value import position_value
from dinobox.coach import coach_settings
from dinobox.coach.analysis import search_decision
from dinobox.coach.marking import Estimator
from dinobox.coach.value import FEATURES, Position, ValueModel, features, position_after
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE

FIT_SEED = 1000
EVALUATE_SEED = 2000
LEVELS = ("random", "easy", "medium", "hard", "ismcts:iterations=20")
HERE = Path(__file__).resolve().parent
RUNS = HERE.parent / "runs" / "coach"
FOLDS = 5
BOOTSTRAP = 400
L2_GRID = (1e-3, 1e-2, 3e-2, 0.1, 0.3)


def seat_levels(seed: int, players: int, pool: tuple[str, ...] = LEVELS) -> list[str]:
    """The levels of one game's seats: drawn per seat from ``pool``, never all the same."""
    rng = random.Random(seed * 31 + players)
    while True:
        levels = [rng.choice(pool) for _ in range(players)]
        if len(set(levels)) > 1:
            return levels


def play_and_sample(
    game_id: str, players: int, seed: int, share: float, iterations: int, pool: tuple[str, ...] = LEVELS
) -> dict[str, Any]:
    """One seeded game between mixed levels; raw value and margins of the played action at a
    sample of its decisions."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    levels = seat_levels(seed, players, pool)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    chance = random.Random(seed)
    pick = random.Random(seed + 7_777)
    samples: list[list[Any]] = []
    cpu = 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        action = bots[player].choose(state)
        if len(state.legal_actions()) > 1 and pick.random() < share:
            started = time.process_time()
            stats = search_decision(state, action, state.move_number(), iterations=iterations, seed=seed)
            where = position_after(state, player, action, random.Random(seed * 7 + state.move_number()))
            cpu += time.process_time() - started
            mine = stats.values[action]
            samples.append([where.move, player, mine.value, mine.visits, where.margin, where.behind, where.ended])
        state.apply_action(action)
    returns = state.returns()
    for s in samples:
        s.append(returns[s[1]])
    return {"seed": seed, "levels": levels, "length": state.move_number(), "cpu": cpu, "samples": samples}


def play_and_judge(
    game_id: str, players: int, seed: int, share: float, iterations: int, pool: tuple[str, ...] = LEVELS
) -> dict[str, Any]:
    """One seeded game between mixed levels; at a sample of its decisions, the coach's win chance
    of the action played from the game's learned position value (``marking.Estimator``: the
    value after the action over redraws of the seat's knowledge; no search). Samples are
    ``[move, seat, win chance, outcome]``."""
    del iterations  # the learned value needs no search
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    levels = seat_levels(seed, players, pool)
    bots = [make_bot(level, seed * 10 + i) for i, level in enumerate(levels)]
    chance = random.Random(seed)
    pick = random.Random(seed + 7_777)
    samples: list[list[Any]] = []
    cpu = 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        action = bots[player].choose(state)
        if len(state.legal_actions()) > 1 and pick.random() < share:
            started = time.process_time()
            estimate = Estimator(state, random.Random(seed * 7 + state.move_number()))(action, None)
            cpu += time.process_time() - started
            samples.append([state.move_number(), player, estimate.chance])
        state.apply_action(action)
    returns = state.returns()
    for s in samples:
        s.append(returns[s[1]])
    return {"seed": seed, "levels": levels, "length": state.move_number(), "cpu": cpu, "samples": samples}


def model_fingerprint(game_id: str, players: int) -> str:
    """A short hash of the shipped learned value for ``players`` (its weights and its feature
    function's source), so that samples judged by an older model are never reused."""
    model = position_value(game_id, players)
    if model is None:
        return "none"
    module = inspect.getmodule(model.features)
    source = inspect.getsource(module) if module is not None else ""
    return hashlib.sha1((json.dumps(model.to_json()) + source).encode()).hexdigest()[:8]


def collect(
    game_id: str,
    players: int,
    first_seed: int,
    games: int,
    share: float,
    pool: tuple[str, ...] = LEVELS,
    learned: bool = False,
) -> list[dict[str, Any]]:
    RUNS.mkdir(parents=True, exist_ok=True)
    budget = coach_settings(game_id).iterations
    mix = "mixed" if pool == LEVELS else "-".join(level.split(":")[0] for level in pool)
    kind = f"-learned-{model_fingerprint(game_id, players)}" if learned else ""
    path = RUNS / f"{game_id}-{players}p-{mix}-{first_seed}-b{budget}-s{share:g}{kind}.jsonl"
    play = play_and_judge if learned else play_and_sample
    done = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    with path.open("a") as out:
        for seed in range(first_seed + len(done), first_seed + games):
            game = play(game_id, players, seed, share, budget, pool)
            out.write(json.dumps(game) + "\n")
            out.flush()
            done.append(game)
            print(
                f"game {seed} {game['levels']}: {len(game['samples'])} decisions, {game['cpu']:.1f} CPU-s", flush=True
            )
    return done[:games]


def _position(sample: list[Any]) -> Position:
    move, _, _, _, margin, behind, ended, _ = sample
    return Position(margin, behind, move, ended)


def _design(games: list[dict[str, Any]], length: float) -> tuple[Any, Any]:
    import numpy as np

    rows = [s for g in games for s in g["samples"] if s[6] is None]
    x = np.array([features(s[2], _position(s), length) for s in rows]).reshape(-1, len(FEATURES))
    return x, np.array([s[7] for s in rows])


def _logistic(x: Any, y: Any, l2: float) -> tuple[float, list[float]]:
    """(intercept, slopes) minimising the log loss plus ``l2`` times the squared slopes on
    standardised features (``scipy.optimize.minimize``)."""
    import numpy as np
    from scipy.optimize import minimize

    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / std])

    def loss(w: Any) -> tuple[float, Any]:
        p = 1 / (1 + np.exp(-(z @ w)))
        eps = 1e-12
        value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)) + l2 * np.sum(w[1:] ** 2)
        grad = z.T @ (p - y) / len(y) + 2 * l2 * np.concatenate([[0.0], w[1:]])
        return float(value), grad

    w = minimize(loss, np.zeros(z.shape[1]), jac=True, method="L-BFGS-B").x
    slopes = w[1:] / std
    return float(w[0] - np.sum(slopes * mean)), [float(v) for v in slopes]


def _log_loss(x: Any, y: Any, intercept: float, slopes: list[float]) -> float:
    import numpy as np

    p = np.clip(1 / (1 + np.exp(-(intercept + x @ np.array(slopes)))), 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def choose_l2(games: list[dict[str, Any]], length: float) -> float:
    """The L2 strength (``L2_GRID``) with the least log loss when the games are split in
    ``FOLDS`` folds by seed and each is predicted by the fit on the others: the shrinkage is
    chosen on the fitting games alone, never on the games that evaluate it."""
    best, best_loss = L2_GRID[0], float("inf")
    for l2 in L2_GRID:
        total = 0.0
        for fold in range(FOLDS):
            train = [g for g in games if g["seed"] % FOLDS != fold]
            held = [g for g in games if g["seed"] % FOLDS == fold]
            hx, hy = _design(held, length)
            if len(hy) == 0:
                continue
            total += _log_loss(hx, hy, *_logistic(*_design(train, length), l2)) * len(hy)
        if total < best_loss:
            best, best_loss = l2, total
    return best


def fit_model(games: list[dict[str, Any]], l2: float | None = None) -> ValueModel:
    """The logistic value model fitted on every sampled decision of ``games`` (decisions whose
    action settled the game are worth their outcome and left out); the L2 strength chosen by
    ``choose_l2`` unless given."""
    length = sum(g["length"] for g in games) / len(games)
    strength = choose_l2(games, length) if l2 is None else l2
    intercept, slopes = _logistic(*_design(games, length), strength)
    return ValueModel((intercept, *slopes), length)


def write_model(game_id: str, players: int, model: ValueModel) -> None:
    path = Path(str(resources.files(game_entry(game_id).package or ""))) / "coach.json"
    settings = json.loads(path.read_text())
    settings.setdefault("value", {})[str(players)] = model.to_json()
    path.write_text(json.dumps(settings, indent=1) + "\n")
    print(f"value model for {players} players written to {path}")


Judged = list[tuple[int, float, float, bool]]  # (game index, predicted, outcome, in the last quarter)


def predict(games: list[dict[str, Any]], model: ValueModel, index: dict[int, int]) -> Judged:
    out: Judged = []
    for g in games:
        for s in g["samples"]:
            late = s[0] >= 0.75 * g["length"]
            out.append((index[g["seed"]], model(s[2], _position(s)), s[7], late))
    return out


def cross_fitted(games: list[dict[str, Any]], l2: float | None = None) -> Judged:
    index = {g["seed"]: i for i, g in enumerate(games)}
    out: Judged = []
    for fold in range(FOLDS):
        held = [g for g in games if g["seed"] % FOLDS == fold]
        out += predict(held, fit_model([g for g in games if g["seed"] % FOLDS != fold], l2), index)
    return out


def skill(rows: Judged) -> tuple[float, float, float]:
    """(Brier, Brier of the base rate, skill score) of ``rows``."""
    n = max(len(rows), 1)
    brier = sum((p - o) ** 2 for _, p, o, _ in rows) / n
    base = sum(o for _, _, o, _ in rows) / n
    brier_base = sum((base - o) ** 2 for _, _, o, _ in rows) / n
    return brier, brier_base, 1 - brier / brier_base if brier_base > 0 else 0.0


def bin_gaps(rows: Judged) -> dict[int, tuple[int, float, float]]:
    """Per tenth of the prediction: (decisions, mean predicted, observed)."""
    out: dict[int, tuple[int, float, float]] = {}
    for b in range(10):
        sel = [(p, o) for _, p, o, _ in rows if min(int(p * 10), 9) == b]
        if sel:
            out[b] = (len(sel), sum(p for p, _ in sel) / len(sel), sum(o for _, o in sel) / len(sel))
    return out


def bootstrap_gaps(rows: Judged, games: int, seed: int = 0) -> dict[int, tuple[float, float]]:
    """A 95% interval of each bin's gap (observed - predicted), resampling whole games (each
    game's decisions summed per bin first, so that thousands of decisions stay cheap)."""
    by_game: dict[int, dict[int, list[float]]] = {}
    for g, p, o, _ in rows:
        b = min(int(p * 10), 9)
        sums = by_game.setdefault(g, {}).setdefault(b, [0.0, 0.0, 0.0])
        sums[0] += 1
        sums[1] += p
        sums[2] += o
    rng = random.Random(seed)
    keys = list(by_game)
    draws: dict[int, list[float]] = {}
    for _ in range(BOOTSTRAP):
        total: dict[int, list[float]] = {}
        for _ in range(games):
            for b, (n, sp, so) in by_game[rng.choice(keys)].items():
                t = total.setdefault(b, [0.0, 0.0, 0.0])
                t[0] += n
                t[1] += sp
                t[2] += so
        for b, (n, sp, so) in total.items():
            draws.setdefault(b, []).append((so - sp) / n)
    out = {}
    for b, values in draws.items():
        values.sort()
        out[b] = (values[int(0.025 * len(values))], values[min(len(values) - 1, int(0.975 * len(values)))])
    return out


def skill_interval(rows: Judged, games: int, late: bool, seed: int = 1) -> tuple[float, float]:
    """A 95% interval of the skill score (over the last quarter when ``late``), resampling whole
    games: a game's decisions share its outcome, so decisions are not independent."""
    by_game: dict[int, list[float]] = {}  # per game: decisions, sum p, sum o, sum p^2 - 2po + o^2, sum o^2
    for g, p, o, in_late in rows:
        if late and not in_late:
            continue
        sums = by_game.setdefault(g, [0.0, 0.0, 0.0, 0.0])
        sums[0] += 1
        sums[1] += (p - o) ** 2
        sums[2] += o
        sums[3] += o * o
    keys = list(by_game)
    if not keys:
        return float("nan"), float("nan")
    rng = random.Random(seed)
    scores = []
    for _ in range(BOOTSTRAP):
        n = sq = so = soo = 0.0
        for _ in range(games):
            a, b, c, d = by_game[rng.choice(keys)]
            n, sq, so, soo = n + a, sq + b, so + c, soo + d
        base = so / n if n else 0.0
        brier_base = soo / n - base * base if n else 0.0
        scores.append(1 - (sq / n) / brier_base if brier_base > 0 else 0.0)
    scores.sort()
    return scores[int(0.025 * len(scores))], scores[min(len(scores) - 1, int(0.975 * len(scores)))]


def report(game_id: str, players: int, games: list[dict[str, Any]], rows: Judged, how: str) -> str:
    brier, brier_base, score = skill(rows)
    late = [r for r in rows if r[3]]
    _, _, late_score = skill(late)
    low, high = skill_interval(rows, len(games), late=False)
    late_low, late_high = skill_interval(rows, len(games), late=True)
    shown = Counter(round(p * 100) for _, p, _, _ in rows)
    middle = {pct: c for pct, c in shown.items() if 5 < pct < 95}
    top_pct, top_count = max(middle.items(), key=lambda kv: kv[1]) if middle else (0, 0)
    cpu = sum(g["cpu"] for g in games)
    levels = Counter(level for g in games for level in g["levels"])
    lines = [
        f"{game_id}, {players} players: {len(games)} games between mixed levels "
        f"({', '.join(f'{k} {v}' for k, v in sorted(levels.items()))} seats), {len(rows)} decisions, {how}; "
        f"{cpu / max(len(rows), 1):.2f} CPU-s per decision.",
        f"Brier {brier:.4f} against {brier_base:.4f} for the base rate: skill {score:.3f} "
        f"[{low:.3f}, {high:.3f}]; last quarter ({len(late)} decisions): skill {late_score:.3f} "
        f"[{late_low:.3f}, {late_high:.3f}] (95%, bootstrap over games); "
        f"most frequent displayed percentage between 5 and 95: {top_pct}% on {top_count / max(len(rows), 1):.1%}.",
        "",
        "| predicted | decisions | mean predicted | observed | gap | gap 95% (bootstrap over games) |",
        "|---|---|---|---|---|---|",
    ]
    intervals = bootstrap_gaps(rows, len(games))
    for b, (count, mean_p, observed) in sorted(bin_gaps(rows).items()):
        lo, hi = intervals.get(b, (float("nan"), float("nan")))
        lines.append(
            f"| {b / 10:.1f}-{(b + 1) / 10:.1f} | {count} | {mean_p:.3f} | {observed:.3f} | "
            f"{observed - mean_p:+.3f} | [{lo:+.3f}, {hi:+.3f}] |"
        )
    summary = {"game": game_id, "players": players, "games": len(games), "decisions": len(rows), "skill": score}
    summary |= {"skill_95": [round(low, 4), round(high, 4)], "late_95": [round(late_low, 4), round(late_high, 4)]}
    summary |= {"late_skill": late_score, "top_share": top_count / max(len(rows), 1), "how": how}
    lines.append("")
    lines.append("summary " + json.dumps({k: round(v, 4) if isinstance(v, float) else v for k, v in summary.items()}))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--share", type=float, default=0.1, help="share of the decisions searched")
    parser.add_argument("--levels", help=f"comma-separated bot specs to draw seats from (default {','.join(LEVELS)})")
    parser.add_argument("--first-seed", type=int, help="first game seed (default: 1000 to fit, 2000 to evaluate)")
    parser.add_argument(
        "--add", action="append", default=[], metavar="SEED[:GAMES]", help="also the games from this first seed"
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--fit", action="store_true")
    mode.add_argument("--evaluate", action="store_true")
    mode.add_argument(
        "--learned", action="store_true", help="evaluate the coach's win chance from the learned position value"
    )
    args = parser.parse_args()
    first = args.first_seed if args.first_seed is not None else FIT_SEED if args.fit else EVALUATE_SEED
    pool = tuple(args.levels.split(",")) if args.levels else LEVELS
    games = collect(args.game, args.players, first, args.games, args.share, pool, args.learned)
    for extra in args.add:
        seed, _, count = extra.partition(":")
        games += collect(args.game, args.players, int(seed), int(count or args.games), args.share, pool, args.learned)
    if len({g["seed"] for g in games}) < len(games):
        parser.error("the sets of games overlap: give --add first seeds whose ranges do not meet")
    if args.learned:
        index = {g["seed"]: i for i, g in enumerate(games)}
        rows: Judged = [(index[g["seed"]], s[2], s[3], s[0] >= 0.75 * g["length"]) for g in games for s in g["samples"]]
        print(report(args.game, args.players, games, rows, "held-out seeds, learned position value"))
    elif args.fit:
        write_model(args.game, args.players, fit_model(games))
        print(report(args.game, args.players, games, cross_fitted(games), f"cross-fitted in {FOLDS} folds"))
    else:
        model = coach_settings(args.game).value_for(args.players)
        if model is None:
            parser.error(f"{args.game} ships no value model for {args.players} players: --fit first")
        index = {g["seed"]: i for i, g in enumerate(games)}
        print(report(args.game, args.players, games, predict(games, model, index), "held-out seeds"))


if __name__ == "__main__":
    main()
