"""Pangaea: the winner's tie-break chain (Goal of the Game; The Winner of the game): most
points, then most Shelters on the board, then the highest Evolution level, then the most
Evolution cards. Each link is shown on a whole game whose top scores tie and whose next link
decides it, found among seeded games of uniformly random play (decisions and chance from one
``random.Random(seed)``); each test also shows that the links after the deciding one point the
other way or are level, so a reordered or flipped chain fails here."""

from __future__ import annotations

import random
from typing import Any

from dinobox import load_game
from dinobox.engine.state import State


def finished(players: int, seed: int) -> State:
    state = load_game("pangaea", players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def chain(state: State, seat: int) -> tuple[int, int, int, int]:
    """(points, Shelters, Evolution level, Evolution cards) of a seat, as the view shows them."""
    player: dict[str, Any] = state.view(None)["players"][seat]
    levels = [card["level"] for card in player["evolution"]]
    return (state.scores()[seat], player["shelters"], max(levels, default=0), len(levels))


def test_the_winner_with_equal_points_has_more_evolution_level() -> None:
    state = finished(players=2, seed=383)
    assert chain(state, 0) == (3, 1, 2, 1)
    assert chain(state, 1) == (3, 1, 1, 1)
    assert state.winners() == [0]


def test_the_winner_evolution_level_comes_before_the_number_of_cards() -> None:
    state = finished(players=3, seed=1527)
    assert chain(state, 0) == (3, 1, 3, 1)
    assert chain(state, 1) == (3, 1, 2, 2)  # more cards, a lower level: level decides
    assert state.winners() == [0]


def test_the_winner_with_equal_points_shelters_and_level_has_more_evolution_cards() -> None:
    state = finished(players=3, seed=1572)
    assert chain(state, 0) == (3, 1, 1, 2)
    assert chain(state, 1) == (3, 1, 1, 1)
    assert state.winners() == [0]


def test_the_winner_with_equal_points_has_more_shelters() -> None:
    state = finished(players=4, seed=2322)
    assert chain(state, 2) == (3, 0, 1, 1)
    assert chain(state, 3) == (3, 1, 2, 2)
    assert max(chain(state, seat)[0] for seat in (0, 1)) < 3
    assert state.winners() == [3]


def test_the_winner_equal_on_every_link_shares_the_win() -> None:
    state = finished(players=2, seed=5909)
    assert chain(state, 0) == chain(state, 1) == (3, 1, 2, 2)
    assert state.winners() == [0, 1]
