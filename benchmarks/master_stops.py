"""What ``master``'s early stops save, and whether they change a move.

At ``--positions`` decisions with a choice, drawn from seeded ``strong`` self-play (four from each
game, spread over it), ``master`` decides twice under the same seed and the same ``--iterations``
budget: with its stops as shipped, and with the settled stop turned off (``SETTLE_Z`` infinite, so
a race runs until its budget is spent or it is quiet). Printed: how many moves agree, the playouts
each spent, and their CPU time. Budgets in playouts, so a run repeats exactly.

With ``--seconds S`` it decides once at each position on a CPU-time budget instead, and prints at
how many decisions the budget afforded a race (where it did not, the probe playout was abandoned
at a sixteenth of the budget) and the CPU time a decision took. docs/bots.md, "The master search".

    python benchmarks/master_stops.py dino-race --players 2 --iterations 300 --positions 40
    python benchmarks/master_stops.py pangaea --players 2 --seconds 1 --positions 40
"""

from __future__ import annotations

import argparse
import math
import random
import time

import dinobox
from dinobox.bots import master
from dinobox.bots.strong import strong_policy
from dinobox.engine.state import State


def positions(game: str, players: int, count: int, seed: int) -> list[State]:
    """Up to four decisions with a choice from each seeded strong self-play game, ``count`` in all."""
    policy = strong_policy(game)
    found: list[State] = []
    index = 0
    while len(found) < count:
        state = dinobox.load_game(game, players=players).new_initial_state()
        rng = random.Random(seed + index)
        index += 1
        picked: list[State] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.08:
                picked.append(state.clone())
            state.apply_action(policy(state, rng))
        found += [picked[i] for i in sorted(rng.sample(range(len(picked)), min(4, len(picked))))]
    return found[:count]


def decide(state: State, seed: int, iterations: int, settle: float) -> tuple[int, int, float]:
    """The move, the playouts spent and the CPU seconds of one decision with ``SETTLE_Z`` = settle."""
    shipped = master.SETTLE_Z
    master.SETTLE_Z = settle
    try:
        bot = master.MasterBot(seed=seed, iterations=iterations)
        start = time.thread_time()
        move = bot.choose(state.clone())
        return move, bot.last_iterations, time.thread_time() - start
    finally:
        master.SETTLE_Z = shipped


def races(states: list[State], seconds: float) -> tuple[int, float]:
    """At how many of ``states`` a ``seconds`` budget raced, and the CPU seconds it took in all."""
    raced, cpu = 0, 0.0
    for i, state in enumerate(states):
        bot = master.MasterBot(seed=i, seconds=seconds)
        start = time.thread_time()
        bot.choose(state.clone())
        cpu += time.thread_time() - start
        raced += bot.last_rounds > 0
    return raced, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    states = positions(args.game, args.players, args.positions, args.seed)
    if args.seconds is not None:
        raced, cpu = races(states, args.seconds)
        print(
            f"{args.game}, {args.players} players, seconds={args.seconds}: a race at {raced} of "
            f"{len(states)} decisions; {cpu / len(states):.3f} CPU-s a decision"
        )
        return
    agree = 0
    spent = {"whole": [0, 0.0], "shipped": [0, 0.0]}
    for i, state in enumerate(states):
        moves = []
        for name, settle in (("whole", math.inf), ("shipped", master.SETTLE_Z)):
            move, playouts, cpu = decide(state, i, args.iterations, settle)
            moves.append(move)
            spent[name][0] += playouts
            spent[name][1] += cpu
        agree += moves[0] == moves[1]
    whole, shipped = spent["whole"], spent["shipped"]
    print(
        f"{args.game}, {args.players} players, iterations={args.iterations}: "
        f"the same move at {agree} of {args.positions} decisions; playouts {whole[0]} without the "
        f"settled stop, {shipped[0]} with it ({shipped[0] / max(whole[0], 1):.2f}); "
        f"CPU {whole[1]:.1f} s and {shipped[1]:.1f} s"
    )


if __name__ == "__main__":
    main()
