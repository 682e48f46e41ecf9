"""Escape from T-Rex Island, Moving a team: the destinations kept from the walk over the empty
board, or from a walk on an earlier table of the same game that differs from this one only where
the walk cannot look (``walks.py``), are those of a walk on the table as it stands, at every
decision of seeded random games, from every place and for every colour."""

from __future__ import annotations

import random

import pytest

from dinobox import load_game
from dinobox.games.trex_island.data import START
from dinobox.games.trex_island.rules import TRexIslandState
from dinobox.games.trex_island.walks import walk


@pytest.mark.parametrize("players", [2, 4])
def test_moving_a_team_destinations_are_those_of_a_walk_on_the_table(players: int) -> None:
    rng = random.Random(players)
    game = load_game("trex-island", players=players)
    checked = 0
    for _ in range(3):  # the games of one table share what their walks found
        checked += _check_one_game(game.new_initial_state(), rng)
    assert checked > 150


def _check_one_game(state: object, rng: random.Random) -> int:
    assert isinstance(state, TRexIslandState)
    facts = state.facts
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        for place in range(START, facts.size):
            for colour in range(3):
                found = state.destinations(place, colour)
                table = walk(facts.kind, facts.next, facts.start, state.occ, state.trex, place, colour)
                assert found == table
                assert list(found) == sorted(found)  # in the order of the spaces
        checked += 1
        legal = state.legal_actions()
        assert legal == sorted(legal)
        state.apply_action(rng.choice(legal))
    assert checked > 50
    return checked
