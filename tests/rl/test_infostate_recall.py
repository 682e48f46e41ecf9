"""OpenSpiel information states: perfect recall from the seat's own knowledge only."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from rl_helpers import GAME_IDS, default_players

from dinobox.rl import openspiel_game


def _step(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(outcomes, probs)[0])
    return int(rng.choice(state.legal_actions()))


def _history_lines(text: str) -> list[str]:
    """The action-observation history part of an information-state string."""
    return text.rpartition("\nnow: ")[0].split("\n")


def _infos(state: Any, seat: int) -> tuple[str, np.ndarray]:
    return state.information_state_string(seat), np.asarray(state.information_state_tensor(seat), np.float32)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_identical_histories_give_identical_information_states(gid: str) -> None:
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    a, b = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(2)
    for step in range(150):
        if a.is_terminal():
            break
        action = _step(a, rng)
        a.apply_action(action)
        b.apply_action(action)
        if step % 10 == 0:
            for seat in range(n):
                sa, ta = _infos(a, seat)
                sb, tb = _infos(b, seat)
                assert sa == sb and np.array_equal(ta, tb)


@pytest.mark.parametrize("gid", GAME_IDS)
def test_a_seats_different_decisions_give_different_information_states(gid: str) -> None:
    """Branch at a decision with two legal actions: the deciding seat's information state
    differs at once and stays different later (it remembers what it did)."""
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    state = game.new_initial_state()
    rng = random.Random(5)
    branches = 0
    while not state.is_terminal() and branches < 3 and state.move_number() < 400:
        seat = state.current_player()
        legal = state.legal_actions() if seat >= 0 else []
        if len(legal) >= 2 and rng.random() < 0.3:
            left, right = state.child(legal[0]), state.child(legal[-1])
            assert _infos(left, seat)[0] != _infos(right, seat)[0]
            assert not np.array_equal(_infos(left, seat)[1], _infos(right, seat)[1])
            # the same later moves where both branches allow them: the seat still tells them apart
            for _ in range(20):
                if left.is_terminal() or right.is_terminal():
                    break
                action = _step(left, rng)
                if action not in right.legal_actions():
                    break
                left.apply_action(action)
                right.apply_action(action)
                assert _infos(left, seat)[0] != _infos(right, seat)[0]
            branches += 1
        state.apply_action(_step(state, rng))
    assert branches > 0


@pytest.mark.parametrize("gid", GAME_IDS)
def test_trails_rebuilt_late_equal_trails_followed_step_by_step(gid: str) -> None:
    """The seats' trails are rebuilt from the history when asked: asking at every step, only
    at the end, or in a clone and a resampled state part-way, gives the same strings."""
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    eager, lazy = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(11)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    branched = 0
    while not eager.is_terminal() and eager.move_number() < 250:
        if not eager.is_chance_node():
            seat = eager.current_player()
            key = eager.information_state_string(seat)  # the seat to act first: its view is reused
            for other in range(n):
                _infos(eager, other)
            if rng.random() < 0.1:  # a resampled branch keeps the seat's string, then moves on
                branch = eager.resample_from_infostate(seat, sampler)
                assert branch.information_state_string(seat) == key
                probe, action = branch.clone(), rng.choice(branch.legal_actions())
                branch.apply_action(action)
                probe.apply_action(action)
                assert branch.information_state_string(seat) == probe.information_state_string(seat)
                branched += 1
        action = _step(eager, rng)
        eager.apply_action(action)
        lazy.apply_action(action)
    for seat in range(n):
        assert _infos(lazy, seat)[0] == _infos(eager, seat)[0]
        assert np.array_equal(_infos(lazy, seat)[1], _infos(eager, seat)[1])
        assert lazy.information_state_text(seat) == eager.information_state_text(seat)
    assert branched > 0


@pytest.mark.parametrize("gid", ["dino-race", "pangaea"])
def test_earlier_information_states_are_remembered(gid: str) -> None:
    """Perfect recall: a seat's earlier history is a prefix of its later history, and every
    decision it took is in the string."""
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    state = game.new_initial_state()
    rng = random.Random(3)
    before: list[list[str]] = [[] for _ in range(n)]
    decisions = [0] * n
    while not state.is_terminal() and state.move_number() < 300:
        if state.move_number() % 9 == 0:
            for seat in range(n):
                lines = _history_lines(state.information_state_text(seat))
                assert lines[: len(before[seat])] == before[seat]
                assert sum(" I chose action " in line for line in lines) == decisions[seat]
                before[seat] = lines
        player = state.current_player()
        action = _step(state, rng)
        state.apply_action(action)
        if player >= 0:
            decisions[player] += 1
            assert f" I chose action {action} on view " in state.information_state_text(player)
            assert len(state.information_state_string(player)) < 1024


@pytest.mark.parametrize("gid", ["dino-race", "dinosaur-rush"])
def test_other_seats_hidden_facts_never_change_a_seats_information_state(gid: str) -> None:
    """Resampling for a seat redraws what it cannot know (so another seat's view may change) but
    never that seat's own information-state string or tensor."""
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    state = game.new_initial_state()
    rng = random.Random(8)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = varied = 0
    while not state.is_terminal() and checked < 40:
        if not state.is_chance_node() and rng.random() < 0.3:
            for seat in range(n):
                other = state.resample_from_infostate(seat, sampler)
                assert _infos(other, seat)[0] == _infos(state, seat)[0]
                assert np.array_equal(_infos(other, seat)[1], _infos(state, seat)[1])
                for q in range(n):
                    if q != seat:
                        varied += other.dinobox_state.view(q) != state.dinobox_state.view(q)
                        # the other seats' pasts are not carried into the determinization
                        assert "unknown past" in other.information_state_string(q)
                        assert "not recorded" in other.information_state_text(q)
                checked += 1
        state.apply_action(_step(state, rng))
    assert checked > 5 and varied > 0


@pytest.mark.parametrize("gid", ["dino-race", "pangaea"])
def test_same_information_state_same_legal_actions(gid: str) -> None:
    """Positions that share a seat's information-state string give that seat the same legal
    actions (across random games and the determinizations of ``resample_from_infostate``)."""
    n = default_players(gid)
    game = openspiel_game(gid, players=n)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen: dict[str, list[int]] = {}
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and state.move_number() < 200:
            seat = state.current_player()
            if seat >= 0:
                for candidate in (state, state.resample_from_infostate(seat, sampler)):
                    key = candidate.information_state_string(seat)
                    legal = candidate.legal_actions(seat)
                    assert seen.setdefault(key, legal) == legal
            state.apply_action(_step(state, rng))
    assert len(seen) > 50


def test_serialization_keeps_the_recorded_histories() -> None:
    game = openspiel_game("pangaea", players=2)
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(120):
        state.apply_action(_step(state, rng))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    for seat in range(2):
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_game_type_declares_perfect_recall_information_states() -> None:
    game = openspiel_game("pangaea", players=2)
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM  # Pangaea can end with no winner
    assert game.information_state_tensor_shape()[0] > game.observation_tensor_shape()[0]
    with pytest.raises(ValueError, match="perfect-recall"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE)
        )
