"""The STAR card pile's fast draw (``rules.draw_from_pile``) draws exactly as the engine's
``sample_counts`` does: the same outcome from the same random numbers, and no number used when a
single kind is left. The chance steps' ready-made outcomes (``Step.outcomes``) are the pairs the
engine would build from their weights, equal to the last bit."""

from __future__ import annotations

import random

import dinobox
from dinobox.engine.chance import sample_counts
from dinobox.games.pangaea.draws import kind_pairs, weighted_pairs
from dinobox.games.pangaea.rules import draw_from_pile


def test_star_card_draws_match_the_engine_sampler() -> None:
    piles = random.Random(5)
    for seed in range(400):
        counts = [piles.choice((0, 0, 0, 1, 1, 2, 6)) for _ in range(piles.randint(1, 12))]
        if seed % 7 == 0:  # a single kind left
            counts = [0] * len(counts)
            counts[piles.randrange(len(counts))] = piles.randint(1, 3)
        if not sum(counts):
            continue
        ours, engine = random.Random(seed), random.Random(seed)
        assert draw_from_pile(counts, sum(counts), ours) == sample_counts(counts, 0, len(counts), engine)
        assert ours.random() == engine.random()  # as many numbers used


class _Fixed(random.Random):
    """A generator whose ``random()`` gives one chosen number."""

    def __init__(self, x: float) -> None:
        super().__init__(0)
        self.x = x

    def random(self) -> float:
        return self.x


def test_star_card_draws_match_at_both_ends_and_the_middle() -> None:
    near_one = 1.0 - 2.0**-53
    for counts in ([0, 1, 0, 1, 1, 0], [3, 0, 2, 0], [0, 0, 5, 1, 0, 0], [1] * 42 + [0, 0]):
        total = sum(counts)
        for x in (0.0, 0.25, 0.4999, 0.5, 0.5001, 0.75, near_one, 1.0):  # 1.0: rounding up to the total
            assert draw_from_pile(counts, total, _Fixed(x)) == sample_counts(counts, 0, len(counts), _Fixed(x))


def _built_from_weights(outcomes: list[int], weights: list[float]) -> list[tuple[int, float]]:
    """The engine's own pairs: each weight divided by their sum."""
    total = 0.0
    for w in weights:
        total += w
    return [(a, w / total) for a, w in zip(outcomes, weights, strict=True)]


def test_ready_made_outcomes_are_the_pairs_built_from_the_weights() -> None:
    piles = random.Random(7)
    for _ in range(300):
        counts = [piles.choice((0, 0, 1, 1, 1, 2, 3, 9)) for _ in range(piles.randint(1, 24))]
        if not sum(counts):
            continue
        outs, pairs = weighted_pairs(counts, sum(counts))
        held = [k for k, c in enumerate(counts) if c]
        assert outs == held
        assert pairs == _built_from_weights(held, [float(counts[k]) for k in held])
        assert [type(p) for _, p in pairs] == [float] * len(pairs)
        assert kind_pairs(counts, tuple(held), sum(counts)) == pairs  # a STAR card pile's: the same


def test_every_chance_node_of_played_games_gives_the_pairs_of_its_weights() -> None:
    """Seeded games at every player count: ``chance_outcomes()`` equals, outcome for outcome and
    bit for bit, the pairs built from the step's ``chance`` weights, and its outcomes are the legal
    actions there."""
    for players in (2, 3, 4):
        state = dinobox.load_game("pangaea", players=players).new_initial_state()
        rng = random.Random(players)
        seen = 0
        while not state.is_terminal():
            if state.is_chance_node():
                given = state.chance_outcomes()
                outcomes, weights = state.steps[-1].chance(state)
                assert given == _built_from_weights(list(outcomes), [float(w) for w in weights])
                assert [a for a, _ in given] == state.legal_actions()
                r = rng.random()
                action = given[-1][0]
                for a, p in given:
                    r -= p
                    if r < 0:
                        action = a
                        break
                state.apply_action(action)
                seen += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert seen > 100
