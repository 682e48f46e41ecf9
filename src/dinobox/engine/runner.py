"""Seeded play of a whole game by bots (tests, the CLI and the simulator use it)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from dinobox.engine.state import CHANCE, State


class Agent(Protocol):
    """Anything that picks an action for ``state.current_player()``."""

    def choose(self, state: State) -> int: ...


@dataclass
class PlayResult:
    state: State
    scores: list[int]
    winners: list[int]
    decisions: int
    turns: int
    capped: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def play_game(
    state: State,
    agents: Sequence[Agent],
    seed: int | None = None,
    max_actions: int | None = None,
    on_action: Callable[[State, int, int], None] | None = None,
) -> PlayResult:
    """Play ``state`` to the end: chance from ``random.Random(seed)``, seats by ``agents``.

    ``on_action(state_before, player, action)`` is called before each action is applied.
    ``max_actions`` caps the game (``capped=True`` in the result) as a safety net.
    """
    rng = random.Random(seed)
    decisions = 0
    limit = max_actions if max_actions is not None else state.game.max_game_length()
    while not state.is_terminal():
        if state.move_number() >= limit:
            return PlayResult(state, state.scores(), [], decisions, state.turn_count(), capped=True)
        player = state.current_player()
        action = state.sample_chance(rng) if player == CHANCE else agents[player].choose(state)
        if player != CHANCE:
            decisions += 1
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
    return PlayResult(state, state.scores(), state.winners(), decisions, state.turn_count())


def random_playout(state: State, rng: random.Random) -> State:
    """Play uniformly at random to the end, in place (the fast path for benchmarks and search)."""
    choice = rng.choice
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(choice(state.legal_actions()))
    return state


def uniform_playout(state: State, rng: random.Random, depth: int = -1, keep_record: bool = True) -> int:
    """Play uniformly at random, in place, until the end or ``depth`` decisions (``-1``: no
    limit); return the decisions played. A decision is drawn with one ``rng.random()`` scaled by
    the number of legal actions, chance with ``sample_chance``. Compiled with the engine, this is
    the playout loop of the search bots (the whole loop runs in C).

    ``keep_record=False`` is for a state that is thrown away once its outcome is read (a search's
    playout): the actions played and the events of the log are not recorded (``history()`` and
    ``log()`` stop where the playout began; ``move_number()`` still counts). The play itself,
    the draws and the outcome are the same."""
    draw = rng.random
    decisions = 0
    if not keep_record:
        state._quiet = True
    while True:
        player = state.current_player()
        if player == CHANCE:
            # the draw of ``sample_chance``, applied without looking it up: it is legal here
            state._play(state._sample_chance(rng))
            continue
        if player < 0 or decisions == depth:
            return decisions
        legal = state._legal_now()
        n = len(legal)
        state._play(legal[0] if n == 1 else legal[int(draw() * n)])
        decisions += 1
