"""Drawing chance outcomes: the same draws, and the same outcomes, as ``random.Random``'s own
helpers, without their lists (the engine's and the games' inner loops draw here)."""

from __future__ import annotations

import random
from collections.abc import Sequence


def sample_weighted(chance: tuple[Sequence[int], Sequence[float]], rng: random.Random) -> int:
    """One of the outcomes ``chance[0]`` drawn with the weights ``chance[1]``: exactly
    ``rng.choices(outcomes, weights)[0]`` (the same draw, the same outcome) without its lists:
    cumulative weights, one ``random()`` scaled by the total, the first above it. A single
    outcome is returned without a draw."""
    actions, weights = chance
    n = len(actions)
    if n == 1:
        return actions[0]
    total: float = 0.0
    for w in weights:
        total += w
    if not total > 0:
        raise ValueError("chance weights must add up to more than zero")
    x = rng.random() * total
    running: float = 0.0
    for i in range(n - 1):
        running += weights[i]
        if x < running:
            return actions[i]
    return actions[n - 1]


def sample_counts(counts: list[int], start: int, n: int, rng: random.Random) -> int:
    """The outcome ``i`` in ``0..n-1`` weighted by ``counts[start + i]`` (zero counts left out):
    the same draw and the same outcome as ``sample_weighted`` over the outcomes with a count,
    without building them."""
    total: float = 0.0
    last = -1
    held = 0
    for i in range(n):
        c = counts[start + i]
        if c:
            total += c
            last = i
            held += 1
    if held == 1:
        return last
    if not total > 0:
        raise ValueError("chance weights must add up to more than zero")
    x = rng.random() * total
    running: float = 0.0
    for i in range(n):
        c = counts[start + i]
        if c:
            if i == last:
                return i
            running += c
            if x < running:
                return i
    return last


def sample_uniform(n: int, rng: random.Random) -> int:
    """One of ``0..n-1`` with equal weights: the same draw and the same outcome as
    ``sample_weighted`` over ``n`` outcomes of weight 1 (no draw when ``n`` is 1)."""
    if n == 1:
        return 0
    if n < 1:
        raise ValueError("chance weights must add up to more than zero")
    k = int(rng.random() * n)
    return k if k < n else n - 1


def shuffle_ints(items: list[int], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws, the
    same order) when ``rng`` is a ``random.Random``, without its Python-level loop (for the
    redraws of ``resample``, in the search's inner loop). Other generators shuffle themselves."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # Random._randbelow(n): k-bit draws until one is below n
        k = 0
        m = n
        while m:
            k += 1
            m >>= 1
        r: int = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        items[i], items[r] = items[r], items[i]
