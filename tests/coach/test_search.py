"""The coach's search: the chosen action gets its visits; close decisions get more."""

from __future__ import annotations

import random

import dinobox
from dinobox.coach.search import MIN_SHARE, CoachSearch
from dinobox.engine.state import CHANCE, State


def first_choice(game_id: str, seed: int = 2) -> State:
    state = dinobox.load_game(game_id).new_initial_state()
    rng = random.Random(seed)
    while state.current_player() == CHANCE or len(state.legal_actions()) < 3:
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    return state


def test_chosen_action_gets_its_share_of_visits() -> None:
    state = first_choice("dino-race")
    worst = state.legal_actions()[-1]
    stats = CoachSearch(1).evaluate(state, worst, 40, extensions=0)
    assert stats.values[worst].visits >= 40 // MIN_SHARE
    assert stats.iterations >= 40


def test_extensions_only_add_iterations() -> None:
    state = first_choice("dino-race")
    chosen = state.legal_actions()[0]
    plain = CoachSearch(1).evaluate(state, chosen, 30, extensions=0)
    extended = CoachSearch(1).evaluate(state, chosen, 30, extensions=3)
    assert extended.iterations >= plain.iterations
    assert extended.iterations <= 4 * (30 + 30)  # at most base + top-up per round
    assert plain.best(chosen).action in state.legal_actions()
