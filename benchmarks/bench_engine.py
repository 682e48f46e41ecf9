"""Engine speed: seeded random playouts per game and player count, against OpenSpiel's C++ hearts.

    python benchmarks/bench_engine.py                       # every game, every player count
    python benchmarks/bench_engine.py --games dino-race --players 4 --seconds 5
    python benchmarks/bench_engine.py --json out.json

Reports games/s, µs per applied action (chance included; the loop is legal_actions + choose +
apply_action, the same as for hearts) and µs per clone() (clones taken at every 10th position of
the played games). With the ``bench`` extra (open_spiel) the same loop runs on hearts in the same
run and the ratio is printed. Not a test: nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import dinobox
from dinobox.engine.registry import game_class


def _measure(label: str, players: int, new_state: Callable[[], Any], chance: Callable[[Any, random.Random], int],
             seconds: float, seed: int) -> dict[str, Any]:
    """The common loop: legal_actions + uniform choice + apply_action; chance by its probabilities."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = games = 0
    snapshots: list[Any] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
            if actions % 10 == 0 and len(snapshots) < 2000:
                snapshots.append(state.clone())
        games += 1
    elapsed = time.perf_counter() - start
    # clone cost, measured apart from the playout loop
    reps = 0
    clone_start = time.perf_counter()
    while reps < 20000:
        for snap in snapshots:
            snap.clone()
            reps += 1
    clone_us = (time.perf_counter() - clone_start) / reps * 1e6
    playout = elapsed - len(snapshots) * clone_us / 1e6  # the loop above also took the snapshots
    return {
        "game": label,
        "players": players,
        "games": games,
        "games_per_s": games / playout,
        "actions_per_game": actions / games,
        "us_per_action": playout / actions * 1e6,
        "us_per_clone": clone_us,
    }


def bench_dinobox(game_id: str, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    game = dinobox.load_game(game_id, players=players)
    return _measure(game_id, players, game.new_initial_state, lambda s, rng: s.sample_chance(rng), seconds, seed)


def bench_hearts(seconds: float, seed: int = 0) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def chance(state: Any, rng: random.Random) -> int:
        outcomes = state.chance_outcomes()
        return int(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])

    return _measure("openspiel:hearts", 4, game.new_initial_state, chance, seconds, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(dinobox.game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--json", default="", help="also write the results here")
    args = parser.parse_args()
    results: list[dict[str, Any]] = []
    hearts = bench_hearts(args.seconds)
    if hearts:
        results.append(hearts)
    for gid in [g.strip() for g in args.games.split(",") if g.strip()]:
        cls = game_class(gid)
        counts = (
            [int(p) for p in args.players.split(",")] if args.players
            else list(range(cls.min_players, cls.max_players + 1))
        )
        for n in counts:
            results.append(bench_dinobox(gid, n, args.seconds))
    header = f"{'game':<20}{'players':>8}{'games':>8}{'games/s':>10}{'act/game':>10}{'µs/action':>11}{'µs/clone':>10}"
    if hearts:
        header += f"{'× hearts':>10}"
    print(header)
    for r in results:
        line = (
            f"{r['game']:<20}{r['players']:>8}{r['games']:>8}{r['games_per_s']:>10.1f}{r['actions_per_game']:>10.0f}"
            f"{r['us_per_action']:>11.2f}{r['us_per_clone']:>10.2f}"
        )
        if hearts:
            r["ratio_to_hearts"] = r["us_per_action"] / hearts["us_per_action"]
            line += f"{r['ratio_to_hearts']:>10.2f}"
        print(line)
    if not hearts:
        print("(OpenSpiel not installed: `pip install -e '.[bench]'` to compare with hearts)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
