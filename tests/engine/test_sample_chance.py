"""``sample_chance``: the draw ``chance_outcomes`` describes, for every game (games may draw
straight from their counts; the outcome for a given ``rng`` must not depend on how)."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.engine import IllegalActionError, load_game
from dinobox.engine.chance import shuffle_ints
from dinobox.engine.registry import game_class


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_sample_chance_is_the_weighted_draw_over_chance_outcomes(gid: str) -> None:
    cls = game_class(gid)
    for players in sorted({cls.min_players, cls.max_players}):
        state = load_game(gid, players=players).new_initial_state()
        rng = random.Random(players)
        checked = 0
        while not state.is_terminal() and checked < 400:
            if not state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
                continue
            seed = rng.random()
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            drawn, again = random.Random(seed), random.Random(seed)
            outcome = state.sample_chance(drawn)
            assert outcome == state.sample_chance(again)  # the same rng, the same outcome
            if len(outcomes) == 1:
                assert outcome == outcomes[0][0]
                assert drawn.random() == random.Random(seed).random()  # no draw at all
            else:
                reference = random.Random(seed).choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
                assert outcome == reference
            assert outcome in state.legal_actions()
            state.apply_action(outcome)
            checked += 1
        assert checked


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_sample_chance_refuses_at_a_decision_and_changes_nothing(gid: str) -> None:
    state = load_game(gid).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    before = (state.history(), state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.sample_chance(rng)
    assert (state.history(), state.legal_actions()) == before


def test_after_sample_chance_other_actions_are_still_checked() -> None:
    """apply_action skips the look-up only for the outcome sample_chance just drew here."""
    state = load_game("dino-race", players=2).new_initial_state()
    assert state.is_chance_node()
    outcome = state.sample_chance(random.Random(1))
    for wrong in (-1, 10_000, *[a for a in range(40) if a not in state.legal_actions()][:3]):
        with pytest.raises(IllegalActionError):
            state.apply_action(wrong)
        assert state.history() == []
    copy = state.clone()
    copy.apply_action(outcome)
    state.apply_action(outcome)
    assert state.history() == copy.history() == [outcome]


def test_a_clone_taken_after_sample_chance_still_checks_the_outcome() -> None:
    """A clone may be edited before it is stepped (``resample`` redraws what a seat cannot see,
    and with it what a chance node can draw): the outcome drawn on the original is looked up
    again on the clone, and refused there when the clone cannot draw it."""
    state = load_game("dino-race", players=2).new_initial_state()
    rng = random.Random(0)
    refused = 0
    while not state.is_terminal() and refused < 3:
        if not state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        outcome = state.sample_chance(rng)
        for k in range(5):
            other = state.resample(0, random.Random(k))  # a clone, taken after the draw
            if outcome in dict(other.clone().chance_outcomes()):
                continue
            before = other.history()
            with pytest.raises(IllegalActionError):
                other.apply_action(outcome)
            assert other.history() == before and other.is_chance_node()
            refused += 1
            break
        state.apply_action(outcome)  # the original applies its own draw unchecked
    assert refused == 3


def test_shuffle_ints_shuffles_as_random_shuffle_does() -> None:
    for seed in range(60):
        items = list(range(seed % 23))
        expected = items[:]
        mine, theirs = random.Random(seed), random.Random(seed)
        theirs.shuffle(expected)
        shuffle_ints(items, mine)
        assert items == expected
        assert mine.random() == theirs.random()  # the same draws, so the generators agree after
