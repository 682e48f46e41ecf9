"""The PettingZoo adapter, proven by PettingZoo's own API and seed tests."""

from __future__ import annotations

import warnings

import numpy as np
import pettingzoo  # noqa: F401  (a hard requirement of these tests)
import pytest
from pettingzoo.test import api_test, seed_test
from rl_helpers import GAME_IDS, default_players

import dinobox
from dinobox.engine.errors import IllegalActionError
from dinobox.rl import pettingzoo_env
from dinobox.rl.encoders import encoder_for


@pytest.mark.parametrize("gid", GAME_IDS)
def test_api_test_passes(gid: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # advice about Dict observations, as for classic envs
        api_test(pettingzoo_env(gid, players=default_players(gid)), num_cycles=300)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_seed_test_passes(gid: str) -> None:
    seed_test(lambda: pettingzoo_env(gid, players=default_players(gid)), num_cycles=100)


def _run(env, seed: int) -> tuple[int, dict[str, float]]:  # type: ignore[no-untyped-def]
    env.reset(seed=seed)
    decisions = 0
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        assert env.state.current_player() == seat  # chance never surfaces as an agent
        legal = np.flatnonzero(obs["action_mask"])
        assert list(legal) == env.state.legal_actions()
        env.step(int(legal[decisions % len(legal)]))
        decisions += 1
    return decisions, totals


def test_full_game_rewards_are_the_returns_and_observations_the_views() -> None:
    env = pettingzoo_env("dino-race", players=3)
    decisions, totals = _run(env, seed=5)
    assert decisions > 10
    assert env.agents == []
    assert sum(totals.values()) == pytest.approx(1.0)
    assert [totals[a] for a in env.possible_agents] == env.state.returns()
    env.reset(seed=1)
    enc = encoder_for(dinobox.load_game("dino-race", players=3))
    for agent in env.possible_agents:
        seat = env.agent_name_mapping[agent]
        obs = env.observe(agent)
        assert np.array_equal(obs["observation"], enc.encode(env.state.view(seat)))
        assert obs["action_mask"].dtype == np.int8
        assert obs["action_mask"].any() == (env.state.current_player() == seat)


def test_an_illegal_action_ends_the_game_for_the_offender() -> None:
    env = pettingzoo_env("dino-race", players=2)
    env.reset(seed=0)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    env.step(bad)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0
    assert all(r == 0.0 for a, r in env.rewards.items() if a != offender)
    assert "refused" in str(env.infos[offender]["illegal_action"])


def test_illegal_raise_mode_raises_and_changes_nothing() -> None:
    env = pettingzoo_env("dino-race", players=2, illegal="raise")
    env.reset(seed=0)
    before = env.state.history()
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state.history() == before


def test_bad_arguments_raise_value_errors() -> None:
    with pytest.raises(ValueError, match="illegal"):
        pettingzoo_env("dino-race", illegal="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env("dino-race", render_mode="human")
    with pytest.raises(ValueError, match="players"):
        pettingzoo_env("dino-race", players=1)


def test_render_ansi_draws_the_spectator_view() -> None:
    env = pettingzoo_env("dino-race", players=2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and text
