"""``State.reveals_to``: wherever a step is said to reveal nothing and the seat is still to act
(so a server may offer to take it back), the seat's picture after the step holds nothing hidden
it did not hold before.

The check, for every registered game: for several redraws of what the seat cannot know
(``resample``) of the position before the step, the same action gives the same view, log and
legal choices for that seat as the real step. If they differ, the step showed the seat
something, and ``reveals_to`` must say so."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import dinobox
from dinobox.engine import CHANCE, load_game
from dinobox.engine.registry import game_class
from dinobox.engine.state import State

RESAMPLES = 4
ACTIONS_PER_NODE = 3
DECISIONS = 220


def picture(state: State, seat: int, since: int) -> str:
    """What ``seat`` is shown after a step: its view, the new log entries and its choices."""
    legal = []
    if state.current_player() == seat:
        legal = [state.describe_action(a, seat) for a in state.legal_actions()]
    log = [e["text"] for e in state.log(seat, since=since)]
    return json.dumps({"view": state.view(seat), "log": log, "legal": legal}, sort_keys=True, default=str)


def shown_something(before: State, action: int, after: State, seat: int, rng: random.Random) -> str | None:
    """A description of the difference if some redraw of ``before`` gives ``seat`` another picture."""
    real = picture(after, seat, before.log_length())
    for _ in range(RESAMPLES):
        other = before.resample(seat, rng)
        if action not in other.legal_actions():
            return f"action {action} is not legal in a redraw: the legal choices leak"
        other.apply_action(action)
        if other.current_player() == CHANCE:
            return "a redraw reaches chance where the real step did not"
        if picture(other, seat, before.log_length()) != real:
            return "the picture after the step depends on what the seat could not know"
    return None


def config(gid: str) -> tuple[int, dict[str, Any]]:
    cls = game_class(gid)
    players = max(cls.min_players, min(cls.default_players or cls.min_players, 3))
    return players, {}


@pytest.mark.parametrize("gid", dinobox.game_ids())
@pytest.mark.parametrize("seed", [1, 2])
def test_a_step_said_to_reveal_nothing_shows_nothing_hidden(gid: str, seed: int) -> None:
    players, options = config(gid)
    state = load_game(gid, players=players, **options).new_initial_state()
    rng = random.Random(seed)
    checked = revealing = 0
    decisions = 0
    while not state.is_terminal() and decisions < DECISIONS:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        decisions += 1
        legal = state.legal_actions()
        for action in rng.sample(legal, min(ACTIONS_PER_NODE, len(legal))):
            after = state.clone()
            after.apply_action(action)
            if state.reveals_to(player, action):
                revealing += 1
                continue
            if after.current_player() != player:  # undo is offered only while the seat is still to act
                continue
            checked += 1
            problem = shown_something(state, action, after, player, rng)
            assert problem is None, (
                f"{gid}: seat {player}'s step {state.describe_action(action)['text']!r} at move "
                f"{state.move_number()} is said to reveal nothing, but {problem}"
            )
        state.apply_action(rng.choice(legal))
    assert decisions > 0, f"{gid}: the walk reached no decision"
    # Some games never leave the mover to act again without something revealed (one decision a
    # turn): for them ``checked`` stays 0 and undo is simply never offered.


def test_chance_outcomes_always_reveal() -> None:
    for gid in dinobox.game_ids():
        players, options = config(gid)
        state = load_game(gid, players=players, **options).new_initial_state()
        rng = random.Random(0)
        while state.current_player() != CHANCE:
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = state.legal_actions()[0]
        assert all(state.reveals_to(seat, outcome) for seat in range(players))


def test_reveals_to_refuses_a_spectator_and_an_illegal_action() -> None:
    from dinobox.engine import IllegalActionError

    gid = dinobox.game_ids()[0]
    players, options = config(gid)
    state = load_game(gid, players=players, **options).new_initial_state()
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    with pytest.raises(ValueError):
        state.reveals_to(None, state.legal_actions()[0])  # a wrong type on purpose
    with pytest.raises(IllegalActionError):
        state.reveals_to(state.current_player(), -5)
