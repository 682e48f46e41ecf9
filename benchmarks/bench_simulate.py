"""Simulator throughput: games per second with 1 and 2 worker processes (and a check that both
give identical rows).

    python benchmarks/bench_simulate.py                               # every game, heuristic bots
    python benchmarks/bench_simulate.py --games dino-race --count 400 --bots random
    python benchmarks/bench_simulate.py --jobs 1 2 4 --json sim.json

The time includes starting the worker processes (spawn), as a designer's run would. Not a
test: nothing here asserts on time; the numbers move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import dinobox
from dinobox.bots.heuristic import has_heuristic
from dinobox.simulate import SimConfig, run_simulation


def bench_game(gid: str, count: int, bots: str, jobs_list: list[int]) -> dict[str, Any]:
    spec = bots if bots != "heuristic" or has_heuristic(gid) else "random"
    config = SimConfig(game=gid, bots=(spec,), games=count, seed=1)
    result: dict[str, Any] = {"game": gid, "bots": spec, "games": count}
    reference = None
    for jobs in jobs_list:
        run = run_simulation(config, jobs)
        result[f"games_per_s_jobs{jobs}"] = round(run.games_per_second, 2)
        if reference is None:
            reference = run.rows
        else:
            result[f"identical_jobs{jobs}"] = run.rows == reference
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--count", type=int, default=100, help="games per run")
    parser.add_argument("--bots", default="heuristic", help="one bot spec for every seat")
    parser.add_argument("--jobs", type=int, nargs="*", default=[1, 2], help="worker counts to try")
    parser.add_argument("--json", default=None, help="also write the results here")
    args = parser.parse_args()
    results = [bench_game(gid, args.count, args.bots, args.jobs) for gid in (args.games or dinobox.game_ids())]
    for r in results:
        print(f"{r['game']:>14}: " + ", ".join(f"{k}={v}" for k, v in r.items() if k != "game"))
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
