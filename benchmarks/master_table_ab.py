"""Changes to ``master``'s own policy, screened against ``strong`` on the same deals.

``master``'s default move comes from the strong policy with the game's ``master`` table on top
(``weights.json``; without one, the strong policy itself). Each variant here is that table with
a few weights changed (a JSON object; ``{}`` is the shipped table). Deal ``i`` is played once
per variant with the same chance and bot seeds, the variant in seat ``i mod P`` and ``strong`` in
every other seat, so two variants meet the same cards and dice until their moves part. Printed:
each variant's win share against ``strong`` (ties shared) and its paired difference from the
first variant with the standard error of that difference, which is far smaller than either win
share's. docs/bots.md, "The master search", names the screens behind Dino Race's and Dinosaur
Rush's tables.

    python benchmarks/master_table_ab.py dino-race --games 8000 --seed 16 '{}' '{"move_danger": 0}'
    python benchmarks/master_table_ab.py dinosaur-rush --players 3 --games 600 --seed 103 '{}' '{"move_next": 1}'
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

import dinobox
from dinobox.bots.strong import strong_policy
from dinobox.bots.weights import WeightsError, learned_weights, master_weights
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.registry import Policy


def parse_variant(text: str) -> dict[str, float]:
    """A variant: a JSON object of weight names to numbers."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as err:
        raise SystemExit(f"variant {text!r} is not JSON: {err}") from None
    if not isinstance(raw, dict) or not all(isinstance(v, int | float) for v in raw.values()):
        raise SystemExit(f"variant {text!r} must be a JSON object of weight names to numbers")
    return {str(k): float(v) for k, v in raw.items()}


def play(game: str, players: int, seed: int, index: int, subject: Policy, strong: Policy) -> float:
    """The subject's win share in deal ``index`` (subject in seat ``index mod players``)."""
    rng = random.Random(seed * 1_000_003 + index)
    chance = random.Random(rng.randrange(1 << 30))
    seats = [random.Random(rng.randrange(1 << 30)) for _ in range(players)]
    mine = index % players
    state = dinobox.load_game(game, players=players).new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
            continue
        seat = state.current_player()
        state.apply_action((subject if seat == mine else strong)(state, seats[seat]))
    winners = state.winners()
    return 1 / len(winners) if mine in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("variants", nargs="+", help="JSON objects of weights on top of the master table")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variants = [parse_variant(v) for v in args.variants]
    try:
        table = master_weights(args.game) or learned_weights(args.game) or {}
        subjects = [strong_policy(args.game, {**table, **v}) for v in variants]
    except (WeightsError, InvalidOptionError) as err:
        sys.exit(str(err))
    strong = strong_policy(args.game)
    results = [[play(args.game, args.players, args.seed, i, s, strong) for i in range(args.games)] for s in subjects]
    n = args.games
    print(f"{args.game}, {args.players} players, {n} deals of seed {args.seed}; difference from the first variant")
    for variant, result in zip(variants, results, strict=True):
        share = sum(result) / n
        diff = [a - b for a, b in zip(result, results[0], strict=True)]
        mean = sum(diff) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, n - 1) / n)
        print(f"{share:.4f}  {mean:+.4f} ± {se:.4f}  {json.dumps(variant)}")


if __name__ == "__main__":
    main()
