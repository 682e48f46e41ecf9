"""How much a one-step rollout search could gain over the strong policy, and what hides it.

At each of ``--positions`` decisions with a choice, drawn from seeded ``strong`` self-play, every
other legal move (at most ``--width``) is compared with the strong policy's move over ``--rounds``
paired rounds: a redrawn state for the seat (``state.resample``), each move applied, then every seat
plays the strong policy to the end with the same chance and policy seeds for both moves. The
reward is the seat's win share.

Two figures a game:

- **paired SD**: the standard deviation of one round's difference between two moves. A search
  sees a gain g only after about ``(2 * SD / g) ** 2`` rounds per candidate.
- **selected gain**: the move with the best mean over the first half of the rounds, measured on
  the second half (so its luck in the selection does not count): what a search with twice that
  many rounds per candidate gains a decision over the strong policy. Near 0 means that at this
  budget the gains, if any, are hidden by the noise.

    python benchmarks/search_headroom.py dino-race --players 2 --positions 30 --rounds 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Callable

import dinobox
from dinobox.bots.strong import strong_policy
from dinobox.engine.state import State


def playout(state: State, seat: int, seeds: tuple[int, int], policy: Callable[[State, random.Random], int]) -> float:
    chance, choices = random.Random(seeds[0]), random.Random(seeds[1])
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[0] if len(legal) == 1 else policy(state, choices))
    return state.returns()[seat]


def sample_position(game: str, players: int, seed: int) -> State:
    state = dinobox.load_game(game, players=players).new_initial_state()
    policy, rng = strong_policy(game), random.Random(seed)
    found: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(policy(state, rng))
    return random.Random(seed).choice(found)


def judge(game: str, players: int, seed: int, rounds: int, width: int) -> tuple[float, float]:
    """(mean paired SD over the alternatives, the selected move's gain on the held-out half)."""
    policy = strong_policy(game)
    state = sample_position(game, players, seed)
    seat = state.current_player()
    default = policy(state, random.Random(seed))
    others = [a for a in state.legal_actions() if a != default]
    random.Random(seed).shuffle(others)
    others = others[:width]
    rng = random.Random(seed + 1)
    diffs: dict[int, list[float]] = {a: [] for a in others}
    for _ in range(rounds):
        drawn = state.resample(seat, rng)
        seeds = (rng.getrandbits(64), rng.getrandbits(64))
        base = drawn.clone()
        base.apply_action(default)
        value = playout(base, seat, seeds, policy)
        for a in others:
            probe = drawn.clone()
            probe.apply_action(a)
            diffs[a].append(playout(probe, seat, seeds, policy) - value)
    half = rounds // 2
    sd = statistics.fmean(statistics.pstdev(d) for d in diffs.values())
    chosen = max(others, key=lambda a: sum(diffs[a][:half]))
    return sd, statistics.fmean(diffs[chosen][half:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=200, help="paired rounds per alternative (even)")
    parser.add_argument("--width", type=int, default=8, help="alternatives per position at most")
    parser.add_argument("--seed", type=int, default=50000)
    args = parser.parse_args(argv)
    if args.rounds < 4 or args.positions < 2:
        parser.error("--rounds must be at least 4 and --positions at least 2")
    rows = [judge(args.game, args.players, args.seed + i, args.rounds, args.width) for i in range(args.positions)]
    sds, gains = [r[0] for r in rows], [r[1] for r in rows]
    mean = statistics.fmean(gains)
    se = statistics.stdev(gains) / math.sqrt(len(gains))
    print(f"{args.game} {args.players}p: {len(rows)} positions, {args.rounds} rounds")
    low, high = mean - 1.96 * se, mean + 1.96 * se
    print(f"paired SD {statistics.fmean(sds):.3f}; selected gain {mean:+.4f} [{low:+.4f}, {high:+.4f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
