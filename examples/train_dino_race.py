"""Train a small policy for Dino Race (2 players) against the random bot, on the CPU, and save it.

The learner is a linear softmax policy over the Dino Race observation vector (docs/rl.md),
restricted to the legal actions by the action mask, trained with REINFORCE (Monte-Carlo policy
gradient with a running-mean baseline) through the Gymnasium adapter, for ``--episodes``
episodes (a count, so the same command gives the same policy on any machine, however busy).
Every checkpoint it plays ``--eval-games`` fixed-seed games and prints its win rate against
random, both sampling from the policy and greedily (the first line, before any training, is the
untrained policy: sampling from it is exactly the random bot; greedy play picks the lowest legal
action id, a move, which already beats random). At the end it saves the weights to ``--save``.

    python examples/train_dino_race.py --episodes 10000     # the run reported in docs/rl.md
    python examples/train_dino_race.py --episodes 20 --eval-games 20 --save /tmp/p.npz  # smoke

The saved policy takes a seat as a plug-in bot (``SavedPolicy`` below: it plays greedily), from
the command line with this folder on ``PYTHONPATH``::

    PYTHONPATH=examples dinobox play dino-race --bots human,plugin:train_dino_race:SavedPolicy:policy=p.npz
    PYTHONPATH=examples dinobox simulate dino-race --bots plugin:train_dino_race:SavedPolicy:policy=p.npz,heuristic \
        --games 200 --ratings --out runs/policy

and at a web table once installed as an entry point (``pip install -e examples``, see
``examples/pyproject.toml``; the server reads the file from ``DINOBOX_POLICY``).
"""

from __future__ import annotations

import argparse
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from dinobox.rl import encoder_for, gymnasium_env

GAME = "dino-race"
PLAYERS = 2


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


Row = tuple[int, float, float]  # episodes, sampled win rate, greedy win rate


def save_policy(policy: LinearPolicy, path: Path) -> None:
    """The weights with what they were trained for (game, players), as a NumPy ``.npz``."""
    np.savez(path, weights=policy.weights, game=GAME, players=PLAYERS)


class SavedPolicy:
    """A saved policy as a dinobox bot: greedy over the legal actions (``seed`` is unused: the
    choice is the policy's). The file is ``policy=`` (a bot option) or ``$DINOBOX_POLICY``."""

    def __init__(self, seed: int | None = None, policy: str | None = None) -> None:
        path = policy or os.environ.get("DINOBOX_POLICY")
        if not path:
            raise ValueError("name the saved policy: policy=FILE.npz, or DINOBOX_POLICY=FILE.npz")
        try:
            saved = np.load(path)
        except (OSError, ValueError) as exc:
            raise ValueError(f"cannot read the saved policy {path!r}: {exc}") from None
        self.weights = np.asarray(saved["weights"], np.float64)
        self.game, self.players = str(saved["game"]), int(saved["players"])
        self.rng = random.Random(seed)
        self._encoder: Any = None

    def choose(self, state: Any) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        if (state.game.id, state.game.num_players) != (self.game, self.players):
            raise ValueError(f"this policy plays {self.game} with {self.players} players")
        if self._encoder is None:
            self._encoder = encoder_for(state.game)
        x = np.append(self._encoder.encode(state.view(state.current_player())).astype(np.float64), 1.0)
        if self.weights.shape != (state.game.num_distinct_actions(), len(x)):
            raise ValueError(f"the saved weights {self.weights.shape} do not fit this game's observation")
        logits = self.weights[legal] @ x
        return int(legal[int(np.argmax(logits))])


def train(
    episodes: int, eval_games: int, checkpoints: int, lr: float, seed: int, opponents: str = "random"
) -> tuple[list[Row], LinearPolicy]:
    env = gymnasium_env(GAME, players=PLAYERS, opponents=opponents)
    policy = LinearPolicy(env.observation_space.shape[0], env.action_space.n, np.random.default_rng(seed))
    baseline = 0.5
    rows: list[Row] = []

    def checkpoint(done: int) -> None:
        sampled = evaluate(env, policy, eval_games, greedy=False)
        greedy = evaluate(env, policy, eval_games, greedy=True)
        rows.append((done, sampled, greedy))
        print(f"{done:>8} {sampled:>8.3f} {greedy:>8.3f}", flush=True)

    print(f"win rate against {opponents!r} over {eval_games} fixed-seed games, sampling from the policy and greedy")
    print(f"{'episodes':>8} {'sampled':>8} {'greedy':>8}")
    checkpoint(0)
    every = max(1, episodes // max(1, checkpoints))
    for episode in range(episodes):
        reward, steps = play_episode(env, policy, seed * 10**7 + episode)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        grad = np.zeros_like(policy.weights)
        for a, p, x in steps:
            g = -p
            g[a] += 1.0
            grad += np.outer(g, x)
        policy.weights += lr * advantage * grad / max(1, len(steps)) ** 0.5
        if (episode + 1) % every == 0 and episode + 1 < episodes:
            checkpoint(episode + 1)
    checkpoint(episodes)
    return rows, policy


def main(argv: list[str] | None = None) -> list[Row]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=10000, help="training episodes (default 10000)")
    parser.add_argument("--save", type=Path, default=Path("dino_race_policy.npz"), help="where to save the policy")
    parser.add_argument("--eval-games", type=int, default=200, help="evaluation games per checkpoint")
    parser.add_argument("--checkpoints", type=int, default=6, help="evaluations during training")
    parser.add_argument("--lr", type=float, default=0.05, help="learning rate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="random", help="dinobox bot spec of the opponent (default random)")
    args = parser.parse_args(argv)
    if args.episodes < 0:
        parser.error("--episodes must be 0 or more")
    rows, policy = train(args.episodes, args.eval_games, args.checkpoints, args.lr, args.seed, args.opponents)
    save_policy(policy, args.save)
    print(f"policy saved to {args.save}")
    return rows


if __name__ == "__main__":
    main()
