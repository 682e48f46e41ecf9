"""Engine speed: seeded random playouts per game and player count, against OpenSpiel's C++ hearts.

    python benchmarks/bench_engine.py                       # every game, every player count
    python benchmarks/bench_engine.py --games dino-race --players 4 --seconds 5
    python benchmarks/bench_engine.py --json out.json
    python benchmarks/bench_engine.py --ismcts --games dino-race --players 2 --seconds 3

Every engine runs one identical loop (``_measure``): seeded random playouts; at a chance node the
outcome is drawn from ``chance_outcomes()`` by one shared sampling function (``sample_outcome``);
otherwise a uniform choice from ``legal_actions()``. It reports games/s, µs per applied action
(chance included) and µs per ``clone()`` (clones of positions taken along the played games), in
CPU time (``time.process_time``), so other processes on the machine count little. With the
``bench`` extra (open_spiel) the same loop runs on OpenSpiel's C++ hearts in the same run, before
and after the dinobox games (the mean is the reference), and the ratio is printed. Not a test:
nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import dinobox
from dinobox.engine.registry import game_class


def sample_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """One chance outcome drawn with its probability (the same function for every engine)."""
    r = rng.random()
    for outcome, probability in outcomes:
        r -= probability
        if r < 0:
            return int(outcome)
    return int(outcomes[-1][0])


def _measure(label: str, players: int, new_state: Callable[[], Any], seconds: float, seed: int) -> dict[str, Any]:
    """The identical loop for every engine: chance through ``sample_outcome`` over
    ``chance_outcomes()``, otherwise a uniform choice from ``legal_actions()``."""
    rng = random.Random(seed)
    choice = rng.choice
    actions = games = 0
    snapshots: list[Any] = []
    clock = time.process_time
    start = clock()
    while clock() - start < seconds or games == 0:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_action(choice(state.legal_actions()))
            actions += 1
            if actions % 10 == 0 and len(snapshots) < 2000:
                snapshots.append(state.clone())
        games += 1
    elapsed = clock() - start
    # clone cost, measured apart from the playout loop
    reps = 0
    clone_start = clock()
    while reps < 200_000:
        for snap in snapshots:
            snap.clone()
            reps += 1
    clone_us = (clock() - clone_start) / reps * 1e6
    playout = elapsed - len(snapshots) * clone_us / 1e6  # the loop above also took the snapshots
    return {
        "game": label,
        "players": players,
        "games": games,
        "games_per_s": games / playout,
        "actions_per_game": actions / games,
        "us_per_action": playout / actions * 1e6,
        "us_per_clone": clone_us,
    }


def bench_dinobox(game_id: str, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    game = dinobox.load_game(game_id, players=players)
    return _measure(game_id, players, game.new_initial_state, seconds, seed)


def bench_ismcts(game_id: str, players: int, seconds: float, iterations: int = 200) -> float:
    """dinobox's ISMCTS (random playouts, default settings, ``iterations`` per decision) asked
    for every decision along a seeded game: iterations per CPU-second."""
    from dinobox.bots.ismcts import ISMCTSBot

    game = dinobox.load_game(game_id, players=players)
    rng = random.Random(3)
    bot = ISMCTSBot(seed=1, iterations=iterations)
    state = game.new_initial_state()
    done = 0
    spent = 0.0
    clock = time.process_time
    while spent < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        start = clock()
        action = bot.choose(state)
        spent += clock() - start
        done += bot.last_iterations
        state.apply_action(action)
    return done / spent


def bench_hearts(seconds: float, seed: int = 0) -> dict[str, Any] | None:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    return _measure("openspiel:hearts", 4, game.new_initial_state, seconds, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(dinobox.game_ids()), help="comma-separated game ids")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    parser.add_argument("--json", default="", help="also write the results here")
    parser.add_argument(
        "--ismcts", action="store_true", help="instead: ISMCTS iterations per CPU-second (--players: one count)"
    )
    args = parser.parse_args()
    if args.ismcts:
        for gid in [g.strip() for g in args.games.split(",") if g.strip()]:
            cls = game_class(gid)
            players = int(args.players) if args.players else cls.default_players or cls.min_players
            rate = bench_ismcts(gid, players, args.seconds)
            print(f"{gid:<20}{players:>8} players {rate:>10.0f} ISMCTS iterations per CPU-second")
        return
    results: list[dict[str, Any]] = []
    hearts = bench_hearts(args.seconds)
    for gid in [g.strip() for g in args.games.split(",") if g.strip()]:
        cls = game_class(gid)
        counts = (
            [int(p) for p in args.players.split(",")]
            if args.players
            else list(range(cls.min_players, cls.max_players + 1))
        )
        for n in counts:
            results.append(bench_dinobox(gid, n, args.seconds))
    after = bench_hearts(args.seconds, seed=1) if hearts else None
    if hearts and after:
        # the reference: hearts before and after the dinobox games, averaged
        hearts = {
            **hearts,
            "us_per_action": (hearts["us_per_action"] + after["us_per_action"]) / 2,
            "us_per_clone": (hearts["us_per_clone"] + after["us_per_clone"]) / 2,
        }
        results.insert(0, hearts)
    header = f"{'game':<20}{'players':>8}{'games':>8}{'games/s':>10}{'act/game':>10}{'µs/action':>11}{'µs/clone':>10}"
    if hearts:
        header += f"{'× hearts':>10}"
    print(header)
    for r in results:
        line = (
            f"{r['game']:<20}{r['players']:>8}{r['games']:>8}{r['games_per_s']:>10.1f}{r['actions_per_game']:>10.0f}"
            f"{r['us_per_action']:>11.2f}{r['us_per_clone']:>10.2f}"
        )
        if hearts:
            r["ratio_to_hearts"] = r["us_per_action"] / hearts["us_per_action"]
            line += f"{r['ratio_to_hearts']:>10.2f}"
        print(line)
    if not hearts:
        print("(OpenSpiel not installed: `pip install -e '.[bench]'` to compare with hearts)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
