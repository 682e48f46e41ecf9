"""Adding a kind of step is writing one class (``dinobox.engine.flow``).

Coin Race is a tiny game written here the way every game is: three kinds of step, each a class
saying who acts, what they may do and what it does. The engine runs the flow; nothing in the
game dispatches on a step's type. Then a fourth kind is added by writing one class, and the
engine takes it with no other change.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from dinobox.engine.errors import IllegalActionError
from dinobox.engine.flow import CHANCE, Step
from dinobox.engine.game import Game
from dinobox.engine.state import State

FLIP, STOP = 0, 1
TAILS, HEADS = 0, 1


@dataclass(frozen=True)
class CoinData:
    target: int = 3

    def validate(self) -> str | None:
        return None if self.target > 0 else "the target must be positive"


class Call(Step["CoinState"]):
    """Decision: ``seat`` flips the coin or stops (and the next seat plays)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: CoinState) -> int:
        return self.seat

    def legal(self, state: CoinState) -> list[int]:
        return [FLIP, STOP]

    def apply(self, state: CoinState, action: int) -> None:
        state.steps[-1] = NextSeat(self.seat) if action == STOP else state.game.flip(self.seat)


class Flip(Step["CoinState"]):
    """Chance: heads scores a point and ``seat`` may go on; tails ends its turn."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: CoinState) -> int:
        return CHANCE

    def chance(self, state: CoinState) -> tuple[Sequence[int], Sequence[float]]:
        return (TAILS, HEADS), (1, 1)

    def apply(self, state: CoinState, outcome: int) -> None:
        if outcome == HEADS:
            state.points[self.seat] += 1
            state.steps[-1] = Call(self.seat)
        else:
            state.steps[-1] = NextSeat(self.seat)


class NextSeat(Step["CoinState"]):
    """Automatic: the game ends when ``seat`` reached the target, else the next seat calls."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def run(self, state: CoinState) -> None:
        if state.points[self.seat] < state.game.data.target:
            state.steps.append(Call((self.seat + 1) % state.num_players))


class CoinState(State):
    game: CoinGame

    def __init__(self, game: CoinGame, copy_of: CoinState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:
            copy_of._copy_fields(self)
            return
        self.points = [0] * game.num_players
        self.steps = [Call(0)]
        self._advance()

    def clone(self) -> CoinState:
        return CoinState(self.game, self)

    def _copy_mutables(self, new: State) -> None:
        assert isinstance(new, CoinState)
        new.points = list(self.points)

    def _scores(self) -> list[int]:
        return list(self.points)

    def _winners(self) -> list[int]:
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best] if self.is_terminal() else []


class CoinGame(Game[CoinData]):
    id = "coin-race"
    title = "Coin Race"
    min_players = 2
    max_players = 4
    default_data = CoinData()
    flip: type[Flip] = Flip
    """The kind of flip the game's calls push."""

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return 2

    def max_game_length(self) -> int:
        return 1000


def _play_out(state: State, rng: random.Random) -> State:
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def test_three_steps_make_a_game_the_engine_runs() -> None:
    state = CoinGame(players=2).new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [FLIP, STOP]
    state.apply_action(FLIP)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(TAILS, 0.5), (HEADS, 0.5)]
    before = state.clone()
    state.apply_action(HEADS)
    assert state.current_player() == 0 and state.scores() == [1, 0]
    assert before.scores() == [0, 0]  # the clone kept its own points
    state.apply_action(STOP)  # the automatic step hands the coin on
    assert state.current_player() == 1
    final = _play_out(state, random.Random(3))
    assert max(final.scores()) == 3 and final.winners()


class Steal(Step["CoinState"]):
    """The added kind, a decision: after tails, ``seat`` may take a point from the leader (1)
    or not (0)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def due(self, state: CoinState) -> int:
        return self.seat

    def legal(self, state: CoinState) -> list[int]:
        return [0, 1]

    def apply(self, state: CoinState, action: int) -> None:
        if action:
            leader = max(range(state.num_players), key=lambda s: state.points[s])
            state.points[leader] -= 1
            state.points[self.seat] += 1
        state.steps[-1] = NextSeat(self.seat)


class StealingFlip(Flip):
    """The variant's flip: tails now offers the steal."""

    def apply(self, state: CoinState, outcome: int) -> None:
        super().apply(state, outcome)
        if outcome == TAILS:
            state.steps[-1] = Steal(self.seat)


class StealingCoinGame(CoinGame):
    id = "coin-race-stealing"
    flip = StealingFlip


def test_a_new_kind_of_step_is_one_class() -> None:
    state = StealingCoinGame(players=2).new_initial_state()
    for action in (FLIP, HEADS, STOP, FLIP, TAILS):  # seat 0 scores, seat 1 flips tails
        state.apply_action(action)
    assert state.current_player() == 1 and state.legal_actions() == [0, 1]
    state.apply_action(1)  # seat 1 takes the leader's point
    assert state.scores() == [0, 1] and state.current_player() == 0
    assert _play_out(state, random.Random(5)).is_terminal()


class ReadyFlip(Flip):
    """A flip that gives its outcomes ready-made (``Step.outcomes``), as a game's hot chance
    steps may: the same pairs ``chance`` describes, without the engine building them."""

    def outcomes(self, state: CoinState) -> tuple[list[int], list[tuple[int, float]]]:
        return [TAILS, HEADS], [(TAILS, 0.5), (HEADS, 0.5)]


class ReadyCoinGame(CoinGame):
    id = "coin-race-ready"
    flip = ReadyFlip


def test_a_chance_step_may_give_its_outcomes_ready_made() -> None:
    state = ReadyCoinGame(players=2).new_initial_state()
    state.apply_action(FLIP)
    assert state.chance_outcomes() == [(TAILS, 0.5), (HEADS, 0.5)]
    assert state.legal_actions() == [TAILS, HEADS]
    with pytest.raises(IllegalActionError):
        state.apply_action(2)
    assert state.history() == [FLIP] and state.is_chance_node()  # refused, nothing changed
    state.apply_action(HEADS)
    assert state.scores() == [1, 0] and state.current_player() == 0
