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


def position_key(state: State) -> tuple[object, ...]:
    """What tells two positions apart: the player to act and what each seat knows. Decks are
    multisets drawn by chance, so there is no hidden order beyond the seats' knowledge and the
    counts in their views; two states with equal keys play on alike."""
    seats = range(state.num_players)
    return (state.current_player(), *(state.information_key(seat) for seat in seats))


def perft(state: State, depth: int) -> list[tuple[int, int]]:
    """Move-generation counts in the way of chess's perft: for each depth 1..``depth``, the number
    of paths of that many actions from ``state`` (every legal decision, and every chance outcome
    at a chance node) and the number of distinct positions they reach (``position_key``)."""
    counts: list[tuple[int, int]] = []
    frontier = [state]
    for _ in range(depth):
        paths: list[State] = []
        for node in frontier:
            if node.is_terminal():
                continue
            for action in node.legal_actions():
                child = node.clone()
                child.apply_action(action)
                paths.append(child)
        distinct = {position_key(child): child for child in paths}
        counts.append((len(paths), len(distinct)))
        frontier = paths
    return counts


def random_position(state: State, seed: int, decisions: int) -> State:
    """``state`` after ``decisions`` uniformly random decisions and the chance outcomes drawn
    between them (one ``random.Random(seed)`` for both), stopped at a decision: a fixed,
    reproducible position from the middle of a game."""
    rng = random.Random(seed)
    made = 0
    while not state.is_terminal() and (made < decisions or state.current_player() == CHANCE):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            made += 1
    return state
