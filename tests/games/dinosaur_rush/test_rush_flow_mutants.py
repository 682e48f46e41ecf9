"""The Great Dinosaur Rush's flow and table where the mutation run over ``rules``, ``flow`` and
``set_up`` found them untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"):
a copy of the table that plays on exactly as the table does, and the order of play the game
reports from Setup 11. Each test is named after the rulebook section it pins; seeded play through
the public contract."""

from __future__ import annotations

import random

from dinobox.engine import load_game
from dinobox.engine.state import State


def seen(state: State) -> list[object]:
    """What the table shows: to everyone, to the seat to act, and that seat's choices."""
    seat = state.current_player()
    return [state.view(None), state.view(seat) if seat >= 0 else None, state.legal_actions(), state.scores()]


def test_rounds_turns_and_phases_a_copy_of_the_table_plays_on_exactly_as_the_table() -> None:
    """Every round, phase and turn goes on the same from a copy: the whole game is played on a
    fresh copy at each move, beside the table itself, and both always show the same."""
    table = load_game("dinosaur-rush", players=4).new_initial_state()
    rng = random.Random(4)
    copy = table.clone()
    while not table.is_terminal():
        assert seen(copy) == seen(table)
        action = table.sample_chance(rng) if table.is_chance_node() else rng.choice(table.legal_actions())
        table.apply_action(action)
        copy = copy.clone()
        copy.apply_action(action)
    assert copy.is_terminal() and seen(copy) == seen(table)
    for seat in (None, *range(4)):
        assert copy.log(seat) == table.log(seat)
    assert copy.winners() == table.winners() and copy.seat_roles() == table.seat_roles()


def test_setup_11_the_order_of_play_starts_with_the_starting_player() -> None:
    for first in range(3):
        state = load_game("dinosaur-rush", players=3, first=first).new_initial_state()
        assert state.play_order() == [(first + i) % 3 for i in range(3)]


def test_setup_11_a_starting_player_not_yet_drawn_gives_no_order_of_play() -> None:
    state = load_game("dinosaur-rush", players=3, first="random").new_initial_state()
    assert state.is_chance_node() and state.play_order() == []
    state.apply_action(2)
    assert state.play_order() == [2, 0, 1]
