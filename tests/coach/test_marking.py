"""When the coach marks a move: the loss must clear the estimate's noise; a move that wins on the
spot and the app's own suggestion are not marked without a measurably better move; an
alternative the app's texts call a loss is never named."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.coach import judge
from dinobox.coach.marking import SUGGESTED_Z, Estimate, Z, app_suggestions, name_best
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State

COSTLY = 0.10


def test_a_loss_within_the_noise_names_no_alternative() -> None:
    mine = Estimate(1, 0.40, 0.05)
    close = Estimate(2, 0.52, 0.05)  # 0.12 better, but the noise of the difference is 0.071
    assert name_best(mine, [close]) == mine
    clear = Estimate(3, 0.70, 0.05)
    assert name_best(mine, [close, clear]) == clear
    assert Z * (0.05**2 + 0.05**2) ** 0.5 < 0.30


def test_the_apps_suggestion_needs_a_stricter_bar() -> None:
    mine = Estimate(1, 0.40, 0.04)
    better = Estimate(2, 0.60, 0.04)  # 3.5 standard errors of the difference
    assert name_best(mine, [better]) == better
    assert name_best(mine, [better], suggested=True) == better
    nearer = Estimate(3, 0.55, 0.04)  # 2.65 standard errors: beats Z, not SUGGESTED_Z
    assert Z < 0.15 / (2 * 0.04**2) ** 0.5 < SUGGESTED_Z
    assert name_best(mine, [nearer]) == nearer
    assert name_best(mine, [nearer], suggested=True) == mine


def test_a_winning_move_and_a_warned_alternative() -> None:
    winning = Estimate(1, 1.0, 0.0, wins=True)
    assert name_best(winning, [Estimate(2, 1.0, 0.0, wins=True)]) == winning
    mine = Estimate(1, 0.2, 0.01)
    lost = Estimate(2, 0.9, 0.01, warned=True)
    assert name_best(mine, [lost]) == mine
    assert name_best(mine, [lost, Estimate(3, 0.5, 0.01)]).action == 3


def play(game_id: str, players: int, seed: int, stop: object) -> State | None:
    """The first position of a seeded heuristic game where ``stop(state, action)`` holds."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    heuristic = game_entry(game_id).heuristic
    assert heuristic is not None
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        action = heuristic(state, rng)
        if len(state.legal_actions()) > 1 and stop(state, action):  # type: ignore[operator]
            return state
        state.apply_action(action)
    return None


def wins_at_once(state: State, action: int) -> bool:
    """The action ends the game, or leaves only steps that cannot change the outcome (Dino Race:
    the dino reaches the finish, then a prize counter is taken), with the seat the sole winner.
    Checked as a person would: every legal way through the few steps left ends in that win."""
    seat = state.current_player()
    after = state.clone()
    after.apply_action(action)
    return sole_win_every_way(after, seat, 6)


def sole_win_every_way(state: State, seat: int, depth: int) -> bool:
    if state.is_terminal():
        return state.winners() == [seat]
    if depth == 0:
        return False
    player = state.current_player()
    options = state.legal_actions() if player != CHANCE else [o for o, _ in state.chance_outcomes()]
    for option in options:
        nxt = state.clone()
        nxt.apply_action(option)
        if not sole_win_every_way(nxt, seat, depth - 1):
            return False
    return True


@pytest.mark.parametrize("game_id", ["dino-race", "trex-island"])
def test_a_move_that_wins_on_the_spot_is_never_marked(game_id: str) -> None:
    found = [s for seed in range(12) if (s := play(game_id, 2, seed, wins_at_once)) is not None]
    assert found, "no seeded game ended on a winning decision"
    for state in found[:3]:
        winning = [a for a in state.legal_actions() if wins_at_once(state, a)]
        for action in winning:
            judged = judge(state, action, state.move_number(), iterations=16, seed=1)
            assert judged.loss == 0 and judged.best == action
            assert judged.win_chance_chosen == 1


def test_the_suggested_skeleton_is_not_marked_without_a_measurably_better_move() -> None:
    def building(state: State, action: int) -> bool:
        return action in app_suggestions(state, state.current_player())

    state = play("dinosaur-rush", 3, 5, building)
    assert state is not None, "the heuristic builds the app's suggested skeleton"
    seat = state.current_player()
    described = [state.describe_action(a, seat) for a in state.legal_actions()]
    offered = game_entry("dinosaur-rush").macros
    assert offered is not None
    terminal = offered(state.view(seat), described)
    assert terminal and terminal[0][1][0] in app_suggestions(state, seat)
    marked = 0
    for step in range(8):  # the skeleton, bone by bone, as the terminal's entry places it
        if state.is_terminal() or state.current_player() != seat:
            break
        suggestion = sorted(app_suggestions(state, seat))
        if not suggestion:
            break
        judged = judge(state, suggestion[0], state.move_number(), iterations=24, seed=step)
        if judged.loss > COSTLY:
            marked += 1
            assert judged.best != judged.chosen
            assert judged.loss > SUGGESTED_Z * judged.uncertainty
        state.apply_action(suggestion[0])
    assert marked == 0


def test_pangaeas_lost_explorer_is_a_warning_the_coach_reads() -> None:
    def lost_somewhere(state: State, action: int) -> bool:
        return any("warning" in state.describe_action(a) for a in state.legal_actions())

    state = None
    for seed in range(6):
        state = play("pangaea", 2, seed, lost_somewhere)
        if state is not None:
            break
    assert state is not None, "no seeded game offered a move that loses the Explorer"
    seat = state.current_player()
    warned = [a for a in state.legal_actions() if "warning" in state.describe_action(a)]
    for action in warned:
        assert "the Explorer is lost" in state.action_to_string(action, seat)
    safe = [a for a in state.legal_actions() if a not in warned]
    for action in safe[:2]:
        judged = judge(state, action, state.move_number(), iterations=24, seed=3)
        assert judged.best not in warned
