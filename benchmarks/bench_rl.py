"""Adapter speed: agent decisions per second through each RL adapter, per game.

    python benchmarks/bench_rl.py                              # every game, default players
    python benchmarks/bench_rl.py --games dino-race --players 2 --seconds 5
    python benchmarks/bench_rl.py --json out.json

One *step* is one agent decision, with the observation an agent would read for it and a uniform
choice among the legal actions; chance is resolved as each adapter does (so its cost counts):

* ``engine``     — the bare engine loop (``legal_actions`` + ``apply_action``), no observation:
                   the ceiling the adapters are measured against;
* ``openspiel``  — ``pyspiel`` state: ``information_state_tensor`` + ``legal_actions`` +
                   ``apply_action`` at decisions, ``chance_outcomes`` sampling at chance nodes;
* ``pettingzoo`` — the AEC loop: ``last()`` (observation + mask) then ``step``;
* ``gymnasium``  — ``step`` of the learner (seat 0); the random-bot opponents' decisions happen
                   inside it and are not counted, so this is learner steps/s.

Not a test: nothing here asserts on time. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import dinobox
from dinobox.engine.registry import game_class
from dinobox.rl import gymnasium_env, openspiel_game, pettingzoo_env


def bench_engine(gid: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    game = dinobox.load_game(gid, players=players)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
    return steps, time.perf_counter() - start


def bench_openspiel(gid: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    game = openspiel_game(gid, players=players)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.information_state_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
    return steps, time.perf_counter() - start


def bench_pettingzoo(gid: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    env = pettingzoo_env(gid, players=players)
    rng = np.random.default_rng(seed)
    steps = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.perf_counter() - start


def bench_gymnasium(gid: str, players: int, seconds: float, seed: int) -> tuple[int, float]:
    env = gymnasium_env(gid, players=players, opponents="random")
    rng = np.random.default_rng(seed)
    steps = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = env.reset(seed=seed + episode)
        episode += 1
        while True:
            legal = np.flatnonzero(np.asarray(info["action_mask"]))
            _, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
            steps += 1
            if terminated or truncated:
                break
    return steps, time.perf_counter() - start


ADAPTERS: dict[str, Callable[[str, int, float, int], tuple[int, float]]] = {
    "engine": bench_engine,
    "openspiel": bench_openspiel,
    "pettingzoo": bench_pettingzoo,
    "gymnasium": bench_gymnasium,
}


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description="Agent decisions per second through each RL adapter.")
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    parser.add_argument("--adapters", nargs="*", default=list(ADAPTERS), choices=list(ADAPTERS))
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and adapter")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="also write the rows to this file")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    print(f"{'game':<16} {'players':>7} {'adapter':<11} {'steps/s':>9} {'µs/step':>8}")
    for gid in args.games or dinobox.game_ids():
        cls = game_class(gid)
        players = args.players or cls.default_players or cls.min_players
        for name in args.adapters:
            steps, elapsed = ADAPTERS[name](gid, players, args.seconds, args.seed)
            row = {
                "game": gid,
                "players": players,
                "adapter": name,
                "steps": steps,
                "steps_per_s": steps / elapsed,
                "us_per_step": elapsed / max(steps, 1) * 1e6,
            }
            rows.append(row)
            print(
                f"{gid:<16} {players:>7} {name:<11} {row['steps_per_s']:>9.0f} {row['us_per_step']:>8.1f}", flush=True
            )
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return rows


if __name__ == "__main__":
    main()
