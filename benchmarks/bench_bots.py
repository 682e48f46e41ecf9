"""Bot speed per game: ISMCTS iterations per second (random and heuristic playouts) and
heuristic decisions per second.

    python benchmarks/bench_bots.py                          # every game, default players
    python benchmarks/bench_bots.py --games dino-race --seconds 2 --positions 3
    python benchmarks/bench_bots.py --json bots.json

Positions are taken from a seeded heuristic game (decisions with more than one option, spread
over the game); each search runs for ``--seconds`` of wall-clock time. Not a test: nothing here
asserts on time, and the numbers move with the machine's load.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import dinobox
from dinobox.bots import ISMCTSBot, make_bot
from dinobox.bots.heuristics import HEURISTICS
from dinobox.engine.state import CHANCE, State


def positions(gid: str, count: int, seed: int = 0) -> list[State]:
    game = dinobox.load_game(gid)
    policy = "heuristic" if gid in HEURISTICS else "random"
    bots = [make_bot(policy, seed * 10 + s) for s in range(game.num_players)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            if step % 9 == 4:
                found.append(state.clone())
            step += 1
        state.apply_action(bots[player].choose(state))
    if len(found) > count:
        stride = len(found) / count
        found = [found[int(i * stride)] for i in range(count)]
    return found


def bench_game(gid: str, seconds: float, count: int) -> dict[str, Any]:
    spots = positions(gid, count)
    result: dict[str, Any] = {"game": gid, "players": dinobox.load_game(gid).num_players, "positions": len(spots)}
    playouts = ["random", *(["heuristic"] if gid in HEURISTICS else [])]
    for playout in playouts:
        iterations = 0
        elapsed = 0.0
        for i, state in enumerate(spots):
            bot = ISMCTSBot(seed=i, seconds=seconds, playout=playout)
            start = time.perf_counter()
            bot.choose(state)
            elapsed += time.perf_counter() - start
            iterations += bot.last_iterations
        result[f"ismcts_{playout}_iterations_per_s"] = round(iterations / elapsed, 1) if elapsed else 0.0
    if gid in HEURISTICS:
        bot = make_bot("heuristic", 0)
        start = time.perf_counter()
        reps = 0
        while time.perf_counter() - start < seconds:
            for state in spots:
                bot.choose(state)
                reps += 1
        result["heuristic_decisions_per_s"] = round(reps / (time.perf_counter() - start), 1)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument("--json", default=None, help="also write the results here")
    args = parser.parse_args()
    results = [bench_game(gid, args.seconds, args.positions) for gid in (args.games or dinobox.game_ids())]
    for r in results:
        cells = ", ".join(f"{k}={v}" for k, v in r.items() if k != "game")
        print(f"{r['game']:>14}: {cells}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
