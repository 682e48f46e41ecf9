"""Helpers for rule tests: force chance outcomes and drive a state into a situation."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from dinobox.engine.errors import IllegalActionError
from dinobox.engine.state import CHANCE, State


def force(state: State, *outcomes: int) -> State:
    """Apply the given chance outcomes in order (each must be legal at a chance node)."""
    for outcome in outcomes:
        if state.current_player() != CHANCE:
            raise IllegalActionError(f"force({outcome}): not at a chance node (player {state.current_player()})")
        state.apply_action(outcome)
    return state


def play(state: State, *actions: int) -> State:
    """Apply player actions in order."""
    for action in actions:
        state.apply_action(action)
    return state


def run_chance(
    state: State, rng: random.Random | None = None, choose: Callable[[list[int]], int] | None = None
) -> State:
    """Resolve chance nodes until a player must decide (or the game ends)."""
    rng = rng or random.Random(0)
    while state.current_player() == CHANCE:
        legal = state.legal_actions()
        state.apply_action(choose(legal) if choose else state.sample_chance(rng))
    return state


def first_matching(state: State, predicate: Callable[[dict[str, object]], bool]) -> int:
    """The first legal action whose ``describe_action`` satisfies ``predicate``."""
    for action in state.legal_actions():
        if predicate(state.describe_action(action)):
            return action
    raise AssertionError("no legal action matches")


def kinds(state: State, actions: Iterable[int] | None = None) -> set[str]:
    """The ``kind`` of each legal action (or of the given ones)."""
    return {str(state.describe_action(a)["kind"]) for a in (state.legal_actions() if actions is None else actions)}
