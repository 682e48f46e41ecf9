"""The OpenSpiel adapter's cost: ``apply()`` against the engine's ``apply_action`` in one
identical loop, and OpenSpiel's own Python ISMCTS through the adapter.

    python benchmarks/bench_openspiel.py                        # dino-race, 2 players
    python benchmarks/bench_openspiel.py --games dino-race pangaea --players 2 --seconds 3

Times are CPU seconds (``time.process_time``). The playout loop is the same for both sides:
chance drawn from ``chance_outcomes()`` by one shared function, otherwise a uniform choice from
``legal_actions()``; the two sides play the same seeded games, one game each in turn, so a
change in the machine's load touches both (``--seconds`` is the time per side).

ISMCTS is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with a random rollout evaluator
(one rollout), asked for moves along a seeded game: OpenSpiel's ``RandomRolloutEvaluator`` (a
C++-to-Python call and a NumPy draw per rollout step) and the adapter's
``EngineRolloutEvaluator`` (the same random policy, run inside the engine). Not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import dinobox
from dinobox.rl import openspiel_game
from dinobox.rl.openspiel import EngineRolloutEvaluator

sys.path.insert(0, str(Path(__file__).parent))
from bench_engine import sample_outcome  # the one sampling function of every engine loop


def _playout(state: Any, rng: random.Random) -> int:
    """One seeded random playout; the number of actions applied (chance included)."""
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions


def _paired_playouts(engine: Callable[[], Any], adapter: Callable[[], Any], seconds: float) -> tuple[float, float]:
    """µs per applied action for the engine and the adapter, playing the same seeded games in
    turn (game ``i`` with ``random.Random(i)`` on each side: the same actions), so that both
    sides see the same machine load."""
    spent = [0.0, 0.0]
    actions = [0, 0]
    game = 0
    while sum(spent) < 2 * seconds or game == 0:
        for side, new_state in enumerate((engine, adapter)):
            start = time.process_time()
            actions[side] += _playout(new_state(), random.Random(game))
            spent[side] += time.process_time() - start
        game += 1
    assert actions[0] == actions[1]  # the same games on both sides
    return spent[0] / actions[0] * 1e6, spent[1] / actions[1] * 1e6


def _ismcts_rate(game_id: str, players: int, seconds: float, simulations: int, engine_rollouts: bool) -> float:
    """OpenSpiel ISMCTS simulations per CPU-second along a seeded game, with OpenSpiel's
    ``RandomRolloutEvaluator`` or the adapter's ``EngineRolloutEvaluator`` (same policy)."""
    game = openspiel_game(game_id, players=players)
    rs = np.random.RandomState(1)
    evaluator: Any = (
        EngineRolloutEvaluator(n_rollouts=1, random_state=rs)
        if engine_rollouts
        else mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    )
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rs)
    rng = random.Random(2)
    state = game.new_initial_state()
    sims = 0
    spent = 0.0
    while spent < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        start = time.process_time()
        action = bot.step(state)
        spent += time.process_time() - start
        sims += simulations
        state.apply_action(action)
    return sims / spent


def _tabular_keys(game_id: str, players: int, episodes: int) -> tuple[int, int]:
    """Distinct information-state keys (as a tabular learner keys them: the tensor) and
    decisions, over random episodes of OpenSpiel's ``rl_environment``."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(openspiel_game(game_id, players=players))
    env.seed(3)  # the constructor's ``seed`` does not reach the chance sampler
    rng = random.Random(4)
    keys: set[tuple[float, ...]] = set()
    decisions = 0
    for _ in range(episodes):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            keys.add(tuple(step.observations["info_state"][player]))
            decisions += 1
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
    return len(keys), decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=["dino-race"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per move")
    parser.add_argument("--episodes", type=int, default=0, help="also count a tabular learner's keys over N episodes")
    args = parser.parse_args()
    for gid in args.games if args.episodes else []:
        keys, decisions = _tabular_keys(gid, args.players, args.episodes)
        print(f"{gid}: {keys} distinct information-state keys in {decisions} decisions ({args.episodes} episodes)")
    print(
        f"{'game':<16}{'engine µs/act':>15}{'adapter µs/act':>16}{'ratio':>8}"
        f"{'ISMCTS sims/CPU-s (OpenSpiel rollouts)':>40}{'(engine rollouts)':>19}"
    )
    for gid in args.games:
        engine = dinobox.load_game(gid, players=args.players)
        adapter = openspiel_game(gid, players=args.players)
        e, a = _paired_playouts(engine.new_initial_state, adapter.new_initial_state, args.seconds)
        rate = _ismcts_rate(gid, args.players, args.seconds, args.simulations, engine_rollouts=False)
        fast = _ismcts_rate(gid, args.players, args.seconds, args.simulations, engine_rollouts=True)
        print(f"{gid:<16}{e:>15.2f}{a:>16.2f}{a / e:>8.2f}{rate:>40.0f}{fast:>19.0f}")


if __name__ == "__main__":
    main()
