"""Train a small policy for Dino Race (2 players) against the random bot, on the CPU.

The learner is a linear softmax policy over the Dino Race observation vector (docs/rl.md),
restricted to the legal actions by the action mask, trained with REINFORCE (Monte-Carlo policy
gradient with a running-mean baseline) through the Gymnasium adapter. Every checkpoint it plays
``--eval-games`` fixed-seed games and prints its win rate against random, both sampling from the
policy and greedily (the first line, before any training, is the untrained policy: sampling from
it is exactly the random bot; greedy play picks the lowest legal action id, a move, which
already beats random). Minutes count training only, not evaluation.

    python examples/train_dino_race.py --minutes 3          # the run reported in docs/rl.md
    python examples/train_dino_race.py --seconds 5 --eval-games 20   # a smoke run
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from dinobox.rl import gymnasium_env


@dataclass
class LinearPolicy:
    """Logits = W @ [obs, 1]; illegal actions are masked out before the softmax."""

    num_features: int
    num_actions: int
    rng: np.random.Generator
    weights: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.num_actions, self.num_features + 1), np.float64)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = np.append(obs.astype(np.float64), 1.0)
        logits = self.weights @ x
        logits[mask == 0] = -np.inf
        logits -= logits[mask == 1].max()
        p = np.exp(logits)
        return p / p.sum(), x

    def act(self, obs: np.ndarray, mask: np.ndarray, greedy: bool = False) -> tuple[int, np.ndarray, np.ndarray]:
        p, x = self.probabilities(obs, mask)
        a = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return a, p, x


def play_episode(env, policy: LinearPolicy, seed: int, greedy: bool = False):  # type: ignore[no-untyped-def]
    obs, info = env.reset(seed=seed)
    steps = []
    while True:
        a, p, x = policy.act(obs, info["action_mask"], greedy)
        steps.append((a, p, x))
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return float(reward), steps


def evaluate(env, policy: LinearPolicy, games: int, greedy: bool) -> float:  # type: ignore[no-untyped-def]
    """Win share over fixed seeds (10**6 + i)."""
    return sum(play_episode(env, policy, 10**6 + i, greedy=greedy)[0] for i in range(games)) / games


Row = tuple[int, float, float, float]  # episodes, seconds of training, sampled win rate, greedy win rate


def train(
    seconds: float, eval_games: int, checkpoints: int, lr: float, seed: int, opponents: str = "random"
) -> list[Row]:
    env = gymnasium_env("dino-race", players=2, opponents=opponents)
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, np.random.default_rng(seed))
    baseline = 0.5
    rows: list[Row] = []
    train_time = 0.0

    def checkpoint(episodes: int) -> None:
        sampled = evaluate(env, policy, eval_games, greedy=False)
        greedy = evaluate(env, policy, eval_games, greedy=True)
        rows.append((episodes, train_time, sampled, greedy))
        print(f"{episodes:>8} {train_time / 60:>8.2f} {sampled:>8.3f} {greedy:>8.3f}", flush=True)

    print(f"win rate against {opponents!r} over {eval_games} fixed-seed games, sampling from the policy and greedy")
    print(f"{'episodes':>8} {'minutes':>8} {'sampled':>8} {'greedy':>8}")
    checkpoint(0)
    episodes = 0
    every = seconds / checkpoints
    next_check = every
    while train_time < seconds:
        t0 = time.perf_counter()
        reward, steps = play_episode(env, policy, seed * 10**7 + episodes)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        grad = np.zeros_like(policy.weights)
        for a, p, x in steps:
            g = -p
            g[a] += 1.0
            grad += np.outer(g, x)
        policy.weights += lr * advantage * grad / max(1, len(steps)) ** 0.5
        episodes += 1
        train_time += time.perf_counter() - t0
        if train_time >= next_check:
            checkpoint(episodes)
            next_check += every
    if rows[-1][0] != episodes:
        checkpoint(episodes)
    return rows


def main(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--seconds", type=float, default=None, help="training time in seconds (overrides --minutes)")
    parser.add_argument("--eval-games", type=int, default=200, help="greedy evaluation games per checkpoint")
    parser.add_argument("--checkpoints", type=int, default=6, help="evaluations during training")
    parser.add_argument("--lr", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="random", help="dinobox bot spec of the opponent (default random)")
    args = parser.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else args.minutes * 60
    return train(seconds, args.eval_games, args.checkpoints, args.lr, args.seed, args.opponents)


if __name__ == "__main__":
    main()
