"""CPU-seconds the coach takes to analyse one seat's whole game with the default budget.

Seeded self-play games of the strong bot (its learned policy) against itself; ``dinobox.coach.
analyse`` of one seat of each, timed with ``time.process_time`` (the machine's load aside).
The issue's targets: 10 CPU-seconds for a 2-player Dino Race game, 60 for a 4-player Pangaea game.

    python benchmarks/coach_speed.py                       # the four games, 2 seeds each
    python benchmarks/coach_speed.py pangaea:4 --seeds 3
"""

from __future__ import annotations

import argparse
import time

import dinobox
from dinobox.bots import make_bot
from dinobox.coach import analyse, coach_settings
from dinobox.engine.build import build_info
from dinobox.engine.runner import play_game

DEFAULT = ("dino-race:2", "pangaea:4", "trex-island:2", "dinosaur-rush:3")


def measure(game_id: str, players: int, seed: int, seat: int) -> tuple[float, int, int]:
    """(CPU-seconds, decisions judged, forced decisions) for one seat of one seeded game."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    play_game(state, [make_bot("strong", seed * 10 + i) for i in range(players)], seed=seed)
    record = state.to_record()
    started = time.process_time()
    result = analyse(record, seat)
    spent = time.process_time() - started
    return spent, len(result.decisions), len(result.win_chance) - len(result.decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", default=list(DEFAULT), help="game:players")
    parser.add_argument("--seeds", type=int, default=2, help="games per configuration (seeds 1, 2, ...)")
    args = parser.parse_args()
    print(f"build: {build_info()['build']}")
    print("| game | players | budget | game (seed) | decisions judged | forced skipped | CPU-s |")
    print("|---|---|---|---|---|---|---|")
    for item in args.games:
        game_id, _, count = item.partition(":")
        players = int(count or 2)
        for seed in range(1, args.seeds + 1):
            spent, judged, forced = measure(game_id, players, seed, seat=0)
            budget = f"iterations={coach_settings(game_id).iterations}"
            print(f"| {game_id} | {players} | {budget} | {seed} | {judged} | {forced} | {spent:.1f} |", flush=True)


if __name__ == "__main__":
    main()
