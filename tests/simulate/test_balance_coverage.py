"""The balance interval on games of known balance: synthetic win counts drawn from known seat
probabilities (no game engine), so its coverage is measured rather than assumed."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from dinobox.simulate.stats import balance_bounds, balance_of

RUNS = 600  # simulated runs per setting: the coverage is known to about +-0.7 points


def seat_chances(players: int, gap: float, nobody: float = 0.0) -> list[float]:
    """Win chances per seat with the given gap between the best and the worst seat, and a
    chance ``nobody`` that a game has no winner."""
    share = (1 - nobody) / players
    return [share + gap / 2, *([share] * (players - 2)), share - gap / 2]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("games", [10, 40, 300])
@pytest.mark.parametrize(("gap", "nobody"), [(0.0, 0.0), (0.15, 0.0), (0.3, 0.1)])
def test_the_interval_covers_the_true_balance_at_least_95_percent(
    players: int, games: int, gap: float, nobody: float
) -> None:
    chances = seat_chances(players, gap, nobody)
    truth = balance_of(chances)
    rng = np.random.default_rng(players * 1000 + games)
    draws = rng.multinomial(games, [*chances, nobody], size=RUNS)[:, :players]
    z = float(stats.norm.ppf(1 - 0.025 / players))
    covered = 0
    for wins in draws.tolist():
        low, high = balance_bounds(wins, games, z)
        estimate = round(balance_of([w / games for w in wins]), 4)
        assert low <= estimate <= high  # the interval holds its own estimate
        covered += low <= truth <= high
    assert covered / RUNS >= 0.94


def test_all_equal_wins_give_an_interval_up_to_one_not_a_point() -> None:
    # The old BCa bootstrap gave 1.0 [1.0, 1.0] and 0.990 [0.995, 0.995] here.
    low, high = balance_bounds([20, 20, 20], 60)
    assert high == 1.0 and low < 0.8
    low, high = balance_bounds([68, 66, 66], 200)
    assert low < 0.99 <= high == 1.0


def test_the_interval_narrows_with_games_and_excludes_fairness_when_a_seat_is_ahead() -> None:
    assert balance_bounds([334, 333, 333], 1000)[0] > 0.88
    low, high = balance_bounds([450, 300, 250], 1000)
    assert low < 0.8 < high < 1.0
