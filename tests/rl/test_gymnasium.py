"""The Gymnasium adapter, proven by Gymnasium's own environment checker."""

from __future__ import annotations

import warnings

import gymnasium  # noqa: F401  (a hard requirement of these tests)
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_helpers import GAME_IDS, default_players

from dinobox.engine.errors import IllegalActionError
from dinobox.rl import gymnasium_env


@pytest.mark.parametrize("gid", GAME_IDS)
def test_check_env_passes(gid: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "no spec": not made through gymnasium.make
        check_env(gymnasium_env(gid, players=default_players(gid)))
        check_env(gymnasium_env(gid, seat=1, render_mode="ansi"))


def _episode(env, seed: int) -> tuple[int, float, dict]:  # type: ignore[no-untyped-def]
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert env.observation_space.contains(obs)
        legal = np.flatnonzero(info["action_mask"])
        assert list(legal) == env.state.legal_actions()
        obs, reward, terminated, truncated, info = env.step(int(legal[steps % len(legal)]))
        steps += 1
        if terminated or truncated:
            return steps, reward, info


def test_episode_reward_is_the_learners_share_and_seeds_reproduce() -> None:
    env = gymnasium_env("dino-race", players=3, opponents=["random", "random"])
    steps, reward, info = _episode(env, seed=11)
    assert steps > 5
    assert reward == env.state.returns()[0]
    assert info["winners"] == env.state.winners()
    assert _episode(env, seed=11)[:2] == (steps, reward)


def test_an_illegal_action_ends_the_episode_with_a_penalty() -> None:
    env = gymnasium_env("dino-race", players=2)
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "refused" in str(info["illegal_action"])
    with pytest.raises(ValueError, match="reset"):
        env.step(bad)


def test_illegal_raise_mode_raises_and_changes_nothing() -> None:
    env = gymnasium_env("dino-race", players=2, illegal="raise")
    _, info = env.reset(seed=0)
    before = env.state.history()
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert env.state.history() == before


def test_bad_arguments_raise_value_errors() -> None:
    with pytest.raises(ValueError, match="seat"):
        gymnasium_env("dino-race", players=2, seat=2)
    with pytest.raises(ValueError, match="opponents"):
        gymnasium_env("dino-race", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="bot"):
        gymnasium_env("dino-race", players=2, opponents="no-such-bot")
    with pytest.raises(ValueError, match="no game"):
        gymnasium_env("no-such-game")
