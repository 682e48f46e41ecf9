"""Simulator throughput by backend: games per second for each game with the local backend at
1 and 2 worker processes and with Ray (a local Ray instance), and a check that all three give
identical rows.

    python benchmarks/bench_backends.py                          # every game, 60 games each
    python benchmarks/bench_backends.py --games dino-race --count 400 --ray-cpus 2
    python benchmarks/bench_backends.py --address ray://head:10001   # an existing cluster

Heuristic bots in every seat, the game's default player count. The local times include starting
the worker processes (spawn), as a designer's run would; Ray's start-up (``ray.init``) is timed
once and reported apart, and a two-game warm-up per game lets its workers import dinobox first.
Not a test: nothing here asserts on time; the numbers move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import dinobox
from dinobox.simulate import SimConfig, run_simulation
from dinobox.simulate.distributed import connect


def bench_game(gid: str, count: int) -> dict[str, Any]:
    players = dinobox.load_game(gid).num_players
    config = SimConfig(game=gid, bots=("heuristic",) * players, games=count, seed=1, players=players)
    result: dict[str, Any] = {"game": gid, "players": players, "games": count}
    one = run_simulation(config, 1)
    two = run_simulation(config, 2)
    run_simulation(SimConfig(game=gid, bots=config.bots, games=2, seed=2, players=players), backend="ray")
    ray = run_simulation(config, backend="ray")
    result["local_jobs1"] = round(one.games_per_second, 2)
    result["local_jobs2"] = round(two.games_per_second, 2)
    result["ray"] = round(ray.games_per_second, 2)
    result["identical"] = one.rows == two.rows == ray.rows
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--count", type=int, default=60, help="games per run")
    parser.add_argument("--ray-cpus", type=int, default=2, help="CPUs of the local Ray instance")
    parser.add_argument("--address", default=None, help="join this Ray cluster instead of starting one")
    parser.add_argument("--json", default=None, help="also write the results here")
    args = parser.parse_args()
    start = time.perf_counter()
    ray = connect(args.address, cpus=None if args.address else args.ray_cpus)
    print(f"ray.init: {time.perf_counter() - start:.1f} s, cluster CPUs {ray.cluster_resources().get('CPU')}")
    results = [bench_game(gid, args.count) for gid in (args.games or dinobox.game_ids())]
    print(f"machine: {platform.machine()}, {platform.processor() or '?'}; Python {platform.python_version()}")
    print("| game | players | games | local, 1 job | local, 2 jobs | Ray | identical rows |")
    print("|---|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['game']} | {r['players']} | {r['games']} | {r['local_jobs1']} | {r['local_jobs2']} | {r['ray']} "
            f"| {'yes' if r['identical'] else 'NO'} |"
        )
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
