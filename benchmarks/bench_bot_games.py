"""Whole bot games per CPU-second: every seat the same bot, seeded, through ``play_game``.

    python benchmarks/bench_bot_games.py                      # strong, each game's usual count
    python benchmarks/bench_bot_games.py --bot heuristic --seconds 5

What a simulation or a search's playouts pay for the bots' decisions (views, action
descriptions, the policy) on top of the engine. Not a test: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import time

from dinobox import load_game, make_bot
from dinobox.engine.runner import play_game

GAMES = (("dino-race", 2), ("trex-island", 2), ("dinosaur-rush", 3), ("pangaea", 2))


def games_per_second(game_id: str, players: int, bot: str, seconds: float) -> float:
    game = load_game(game_id, players=players)
    start, played = time.process_time(), 0
    while time.process_time() - start < seconds or played == 0:
        bots = [make_bot(bot, seed=played * 10 + seat) for seat in range(players)]
        play_game(game.new_initial_state(), bots, seed=played)
        played += 1
    return played / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print("| game | players | bot | games per CPU-second |")
    print("|---|---|---|---|")
    for game_id, players in GAMES:
        rate = games_per_second(game_id, players, args.bot, args.seconds)
        print(f"| {game_id} | {players} | `{args.bot}` | {rate:.1f} |")


if __name__ == "__main__":
    main()
