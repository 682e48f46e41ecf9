"""The STAR card pile's fast draw (``rules.draw_from_pile``) draws exactly as the engine's
``sample_counts`` does: the same outcome from the same random numbers, and no number used when a
single kind is left."""

from __future__ import annotations

import random

from dinobox.engine.chance import sample_counts
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
