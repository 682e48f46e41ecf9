"""``resample`` redraws hidden facts: the legal actions of the new state follow its own cards,
not the ones the original state had worked out (a clone shares those until its next step)."""

from __future__ import annotations

import random
from collections import Counter

import dinobox
from dinobox.engine.state import State


def _decision_of(state: State, seat: int, rng: random.Random, after: int) -> State:
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        elif state.current_player() == seat and state.move_number() > after:
            return state
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_resample_for_another_seat_gives_the_seat_to_act_legal_actions_of_its_new_hand() -> None:
    changed = 0
    for seed in range(30):
        state = _decision_of(dinobox.load_game("dino-race", players=2).new_initial_state(), 0, random.Random(seed), 40)
        state.legal_actions()  # worked out (and kept) for the original hand
        other = state.resample(1, random.Random(seed + 100))  # seat 1 does not know seat 0's hand
        hand = Counter({card: n for card, n in other.view(0)["hand"].items() if n})
        if hand != Counter({card: n for card, n in state.view(0)["hand"].items() if n}):
            changed += 1
        for action in other.legal_actions():
            info = other.describe_action(action)
            if info["kind"] == "swap":
                assert not Counter(info["cards"]) - hand, (seed, info["text"], dict(hand))
            if info["kind"] == "move" and info["with"] == "match":
                assert hand, (seed, info["text"])
    assert changed > 0  # the check above met redealt hands
