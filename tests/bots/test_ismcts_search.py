"""ISMCTS search modes: the tree's early stop changes no choice; the flat rollout search
resamples every round and stays within its budget."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.bots import ISMCTSBot, make_bot
from dinobox.engine.state import CHANCE, State


def decision_points(gid: str, count: int, seed: int = 1) -> list[State]:
    """``count`` positions with a real choice from one random 2-player game."""
    state = dinobox.load_game(gid, players=2).new_initial_state()
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.3:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
    return found


def test_tree_early_stop_gives_the_same_choice() -> None:
    positions = decision_points("dino-race", 4)
    early = [make_bot("ismcts:iterations=64,playout=random", s).choose(p) for s, p in enumerate(positions)]
    full = []
    for s, p in enumerate(positions):
        bot = make_bot("ismcts:iterations=64,playout=random", s)
        assert isinstance(bot, ISMCTSBot)
        bot.early_stop = False
        full.append(bot.choose(p))
        assert bot.last_iterations == 64
    assert early == full


def test_flat_search_resamples_every_round_within_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    state = decision_points("dino-race", 1)[0]
    seat = state.current_player()
    calls: list[int] = []
    original = type(state).resample

    def spy(self: State, who: int, rng: random.Random) -> State:
        calls.append(who)
        return original(self, who, rng)

    monkeypatch.setattr(type(state), "resample", spy)
    bot = make_bot("ismcts:iterations=40,playout=heuristic,search=flat,depth=10", 0)
    assert isinstance(bot, ISMCTSBot)
    action = bot.choose(state)
    assert action in state.legal_actions()
    width = len(state.legal_actions())
    assert calls and set(calls) == {seat}
    assert bot.last_iterations <= max(40, width)
    assert bot.last_iterations >= len(calls)  # every round plays at least the default
