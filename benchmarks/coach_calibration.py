"""Fit and check the coach's calibration: raw search values against observed win rates.

Self-play games of the strong bot (its learned policy, no search) against itself, seeded. At a
seeded sample of the decisions with more than one legal choice (any seat), the coach's search
(the game's default budget, ``dinobox.coach.analysis.search_decision``) gives the raw value of
the action played; the outcome is that seat's share of the win at the end of the real game.

    python benchmarks/coach_calibration.py trex-island --players 3 --fit --games 800 --share 0.04
    python benchmarks/coach_calibration.py trex-island --players 2 --fit --games 640 --share 0.04 \
        --add 2000 --add 3000:1009 --add 4000
    python benchmarks/coach_calibration.py dino-race --players 2 --evaluate --games 400

``--fit`` plays the games from the first seed (default 1000; ``--add SEED[:GAMES]`` pools more
sets), writes the isotonic map (``scipy.optimize.isotonic_regression``) into the game's
``coach.json`` under its player count, and checks the fitting procedure on games it has not
seen: the games are split in five folds by seed, and each fold's decisions are predicted by a
map fitted on the other four (cross-fitting), so every prediction is held out. ``--evaluate``
plays fresh seeds (default from 2000) and applies the shipped map. Both print the Brier score
and a reliability table in tenths (Markdown) and draw ``benchmarks/coach_reliability_<game>_<n>p.svg``.
The samples are kept in ``runs/coach/`` (one line per game: a stopped run resumes).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from importlib import resources
from pathlib import Path
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.coach import CalibrationMap, coach_settings
from dinobox.coach.analysis import search_decision
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE

FIT_SEED = 1000
EVALUATE_SEED = 2000
HERE = Path(__file__).resolve().parent
RUNS = HERE.parent / "runs" / "coach"


def play_and_sample(game_id: str, players: int, seed: int, share: float) -> dict[str, Any]:
    """One seeded self-play game; the raw value of the played action at a sample of its decisions."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    bots = [make_bot("strong", seed * 10 + i) for i in range(players)]
    chance = random.Random(seed)
    pick = random.Random(seed + 7_777)
    samples: list[tuple[int, int, float]] = []  # (move, seat, raw value of the action played)
    cpu = 0.0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
            continue
        action = bots[player].choose(state)
        if len(state.legal_actions()) > 1 and pick.random() < share:
            started = time.process_time()
            stats = search_decision(state, action, state.move_number(), seed=seed)
            cpu += time.process_time() - started
            samples.append((state.move_number(), player, stats.values[action].value))
        state.apply_action(action)
    returns = state.returns()
    return {"seed": seed, "cpu": cpu, "samples": [[m, s, v, returns[s]] for m, s, v in samples]}


def collect(game_id: str, players: int, first_seed: int, games: int, share: float) -> list[dict[str, Any]]:
    RUNS.mkdir(parents=True, exist_ok=True)
    budget = coach_settings(game_id).iterations
    path = RUNS / f"{game_id}-{players}p-{first_seed}-b{budget}-s{share:g}.jsonl"
    done = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    with path.open("a") as out:
        for seed in range(first_seed + len(done), first_seed + games):
            game = play_and_sample(game_id, players, seed, share)
            out.write(json.dumps(game) + "\n")
            out.flush()
            done.append(game)
            print(f"game {seed}: {len(game['samples'])} decisions, {game['cpu']:.1f} CPU-s", flush=True)
    return done[:games]


def pairs(games: list[dict[str, Any]]) -> tuple[list[float], list[float]]:
    raw = [s[2] for g in games for s in g["samples"]]
    outcome = [s[3] for g in games for s in g["samples"]]
    return raw, outcome


FOLDS = 5
MIN_GROUP = 50
MAX_POINTS = 100


def fitted_map(raw: list[float], outcome: list[float]) -> CalibrationMap:
    """Isotonic regression (``scipy.optimize.isotonic_regression``) of outcome on raw value, over
    groups of neighbouring decisions in raw value (weighted by their size): a point per group, at
    its mean raw value. A group holds at least ``MIN_GROUP`` decisions, more when there are many
    (at most ``MAX_POINTS`` groups), so a handful of decisions cannot pin the map to a step."""
    from scipy.optimize import isotonic_regression

    group = max(MIN_GROUP, len(raw) // MAX_POINTS)
    order = sorted(range(len(raw)), key=lambda i: raw[i])
    chunks = [order[i : i + group] for i in range(0, len(order), group)]
    if len(chunks) > 1 and len(chunks[-1]) < group:
        chunks[-2].extend(chunks.pop())
    xs = [sum(raw[i] for i in c) / len(c) for c in chunks]
    ys = [sum(outcome[i] for i in c) / len(c) for c in chunks]
    fitted = isotonic_regression(ys, weights=[len(c) for c in chunks]).x
    points: list[tuple[float, float]] = []
    for x, y in zip(xs, fitted, strict=True):
        if not points or round(x, 4) > points[-1][0]:
            points.append((round(x, 4), round(float(y), 4)))
    return CalibrationMap(tuple(p[0] for p in points), tuple(p[1] for p in points))


def fit(game_id: str, players: int, games: list[dict[str, Any]]) -> CalibrationMap:
    """Fit the map on every game and write it into the game's ``coach.json``."""
    raw, outcome = pairs(games)
    cal = fitted_map(raw, outcome)
    path = Path(str(resources.files(game_entry(game_id).package or ""))) / "coach.json"
    settings = json.loads(path.read_text())
    settings.setdefault("calibration", {})[str(players)] = cal.to_json()
    path.write_text(json.dumps(settings, indent=1) + "\n")
    print(f"fitted on {len(raw)} decisions of {len(games)} games: {len(cal.x)} points written to {path}")
    return cal


def cross_fitted(games: list[dict[str, Any]]) -> tuple[list[float], list[float], list[float]]:
    """Raw values, held-out predictions and outcomes: the games split in ``FOLDS`` folds by seed,
    each fold predicted by the map fitted on the others."""
    raw: list[float] = []
    predicted: list[float] = []
    outcome: list[float] = []
    for fold in range(FOLDS):
        held = [g for g in games if g["seed"] % FOLDS == fold]
        cal = fitted_map(*pairs([g for g in games if g["seed"] % FOLDS != fold]))
        fold_raw, fold_outcome = pairs(held)
        raw += fold_raw
        predicted += [cal(v) for v in fold_raw]
        outcome += fold_outcome
    return raw, predicted, outcome


def shipped(game_id: str, players: int, games: list[dict[str, Any]]) -> tuple[list[float], list[float], list[float]]:
    """Raw values, the shipped map's predictions and outcomes."""
    cal = coach_settings(game_id).calibration_for(players)
    raw, outcome = pairs(games)
    return raw, [cal(v) for v in raw], outcome


def evaluate(
    game_id: str,
    players: int,
    games: list[dict[str, Any]],
    judged: tuple[list[float], list[float], list[float]],
    how: str,
) -> str:
    raw, predicted, outcome = judged
    n = len(raw)
    brier = sum((p - o) ** 2 for p, o in zip(predicted, outcome, strict=True)) / n
    brier_raw = sum((p - o) ** 2 for p, o in zip(raw, outcome, strict=True)) / n
    base = sum(outcome) / n
    brier_base = sum((base - o) ** 2 for o in outcome) / n
    cpu = sum(g["cpu"] for g in games)
    lines = [
        f"{game_id}, {players} players: {len(games)} games, {n} decisions, {how}; "
        f"{cpu / max(n, 1):.2f} CPU-s per decision (budget iterations={coach_settings(game_id).iterations}).",
        f"Brier score {brier:.4f} calibrated, {brier_raw:.4f} raw, {brier_base:.4f} for the base rate {base:.3f}.",
        "",
        "| predicted | decisions | mean predicted | observed | gap | within 0.05 |",
        "|---|---|---|---|---|---|",
    ]
    rows = []
    for b in range(10):
        idx = [i for i, p in enumerate(predicted) if b / 10 <= p < (b + 1) / 10 or (b == 9 and p == 1.0)]
        if not idx:
            continue
        mean_p = sum(predicted[i] for i in idx) / len(idx)
        observed = sum(outcome[i] for i in idx) / len(idx)
        gap = observed - mean_p
        verdict = ("yes" if abs(gap) <= 0.05 else "**no**") if len(idx) >= 100 else "(under 100)"
        lines.append(
            f"| {b / 10:.1f}-{(b + 1) / 10:.1f} | {len(idx)} | {mean_p:.3f} | {observed:.3f} | {gap:+.3f} | {verdict} |"
        )
        rows.append((mean_p, observed, len(idx)))
    plot(game_id, players, rows, how)
    return "\n".join(lines)


def plot(game_id: str, players: int, rows: list[tuple[float, float, int]], how: str) -> None:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(4, 4))
    ax.plot([0, 1], [0, 1], color="#999", linewidth=1)
    ax.fill_between([0, 1], [-0.05, 0.95], [0.05, 1.05], color="#ddd")
    ax.scatter([r[0] for r in rows], [r[1] for r in rows], s=[10 + r[2] / 10 for r in rows], color="#2a7")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted win chance")
    ax.set_ylabel("observed win rate")
    ax.set_title(f"{game_id}, {players} players\n{how}", fontsize=9)
    fig.tight_layout()
    path = HERE / f"coach_reliability_{game_id}_{players}p.svg"
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)
    print(f"plot: {path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--share", type=float, default=0.05, help="share of the decisions searched")
    parser.add_argument("--first-seed", type=int, help="first game seed (default: 1000 to fit, 2000 to evaluate)")
    parser.add_argument(
        "--add", action="append", default=[], metavar="SEED[:GAMES]", help="also the games from this first seed"
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--fit", action="store_true")
    mode.add_argument("--evaluate", action="store_true")
    args = parser.parse_args()
    first = args.first_seed if args.first_seed is not None else FIT_SEED if args.fit else EVALUATE_SEED
    games = collect(args.game, args.players, first, args.games, args.share)
    for extra in args.add:
        seed, _, count = extra.partition(":")
        games += collect(args.game, args.players, int(seed), int(count or args.games), args.share)
    if len({g["seed"] for g in games}) < len(games):
        parser.error("the sets of games overlap: give --add first seeds whose ranges do not meet")
    if args.fit:
        fit(args.game, args.players, games)
        print(evaluate(args.game, args.players, games, cross_fitted(games), f"cross-fitted in {FOLDS} folds"))
    else:
        print(evaluate(args.game, args.players, games, shipped(args.game, args.players, games), "held-out seeds"))


if __name__ == "__main__":
    main()
