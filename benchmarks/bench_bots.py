"""Bot speed per game: ISMCTS iterations per second (random and heuristic playouts) and
heuristic decisions per second, and whole heuristic games (playouts) per second.

Rates are per second of this process's CPU time (``time.process_time``), so they stay close
to a quiet core's figures on a loaded machine; ``--wall`` uses wall-clock time instead.

    python benchmarks/bench_bots.py                          # every game, default players
    python benchmarks/bench_bots.py --games dino-race --seconds 2 --positions 3
    python benchmarks/bench_bots.py --json bots.json
    python benchmarks/bench_bots.py --games dino-race --players 2 --search flat --playouts heuristic

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
from dinobox.bots.heuristic import has_heuristic
from dinobox.engine.state import CHANCE, State

CLOCK = time.process_time


def positions(gid: str, count: int, seed: int = 0, players: int | None = None) -> list[State]:
    game = dinobox.load_game(gid, players=players)
    policy = "heuristic" if has_heuristic(gid) else "random"
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


def bench_game(
    gid: str,
    seconds: float,
    count: int,
    players: int | None = None,
    search: str = "tree",
    playouts: list[str] | None = None,
) -> dict[str, Any]:
    spots = positions(gid, count, players=players)
    game = dinobox.load_game(gid, players=players)
    result: dict[str, Any] = {"game": gid, "players": game.num_players, "positions": len(spots)}
    if playouts is None:
        playouts = ["random", *(["heuristic"] if has_heuristic(gid) else [])]
    for playout in playouts:
        iterations = 0
        elapsed = 0.0
        for i, state in enumerate(spots):
            # a fixed, generous iteration count; the rate is iterations per CPU second
            bot = ISMCTSBot(seed=i, iterations=10**9, playout=playout, search=search)
            bot.seconds = seconds
            start = CLOCK()
            bot.choose(state)
            elapsed += CLOCK() - start
            iterations += bot.last_iterations
        result[f"ismcts_{search}_{playout}_iterations_per_s"] = round(iterations / elapsed, 1) if elapsed else 0.0
    if has_heuristic(gid):
        heuristic = make_bot("heuristic", 0)
        start = CLOCK()
        reps = 0
        while CLOCK() - start < seconds:
            for state in spots:
                heuristic.choose(state)
                reps += 1
        result["heuristic_decisions_per_s"] = round(reps / (CLOCK() - start), 1)
        result["heuristic_games_per_s"] = round(_heuristic_games_per_s(game, seconds), 2)
    return result


def _heuristic_games_per_s(game: Any, seconds: float) -> float:
    """Whole games with the heuristic in every seat (what a heuristic playout costs)."""
    bot = make_bot("heuristic", 0)
    rng = random.Random(0)
    start = CLOCK()
    played = 0
    while played == 0 or CLOCK() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(bot.choose(state))
        played += 1
    return played / (CLOCK() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=1.0, help="search time per position")
    parser.add_argument("--positions", type=int, default=3, help="positions per game")
    parser.add_argument("--players", type=int, default=None, help="players (default: the game's default)")
    parser.add_argument("--search", choices=("tree", "flat"), default="tree", help="ISMCTS search mode")
    parser.add_argument("--playouts", nargs="*", default=None, help="playout policies (default: random heuristic)")
    parser.add_argument("--wall", action="store_true", help="rates per wall-clock second, not CPU second")
    parser.add_argument("--json", default=None, help="also write the results here")
    args = parser.parse_args()
    if args.wall:
        global CLOCK
        CLOCK = time.perf_counter
    results = [
        bench_game(gid, args.seconds, args.positions, args.players, args.search, args.playouts)
        for gid in (args.games or dinobox.game_ids())
    ]
    for r in results:
        cells = ", ".join(f"{k}={v}" for k, v in r.items() if k != "game")
        print(f"{r['game']:>14}: {cells}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main()
