"""CPU time a bot spends per contested decision, on positions of seeded heuristic games.

Sizes a bot's ``iterations`` budget to a CPU-time target (the strength ladder's "about one
CPU-second a decision") without depending on the machine's load: time is ``time.process_time``.

    python benchmarks/bot_cost.py dino-race strong:iterations=80
    python benchmarks/bot_cost.py dinosaur-rush strong:iterations=150,depth=16 --players 3 --positions 20
"""

from __future__ import annotations

import argparse
import random
import time

import dinobox
from dinobox.bots import make_bot


def cost(game_id: str, spec: str, players: int, positions: int, seed: int) -> float:
    """Mean CPU-seconds of ``spec`` over ``positions`` contested decisions (about one in ten of
    those met in heuristic games seeded from ``seed``), a fresh bot each time."""
    game = dinobox.load_game(game_id, players=players)
    total, done, game_seed = 0.0, 0, seed
    while done < positions:
        rng = random.Random(game_seed)
        game_seed += 1
        state = game.new_initial_state()
        heuristic = make_bot("heuristic", game_seed)
        while not state.is_terminal() and done < positions:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.1:
                bot = make_bot(spec, done)
                start = time.process_time()
                bot.choose(state)
                total += time.process_time() - start
                done += 1
            state.apply_action(heuristic.choose(state))
    return total / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("spec")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seconds = cost(args.game, args.spec, args.players, args.positions, args.seed)
    print(
        f"{args.game} ({args.players} players) {args.spec}: {seconds:.3f} CPU-s per contested decision "
        f"over {args.positions} positions"
    )


if __name__ == "__main__":
    main()
