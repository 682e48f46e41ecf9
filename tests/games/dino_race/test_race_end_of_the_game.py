"""Dino Race: which end fired (End of the game: the egg is safe; Survive!: every dino home) and
the colours, teams and order of play a game reports."""

from __future__ import annotations

from typing import Any

from dinobox import load_game
from dinobox.bots import make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import State


def _play(players: int, **options: Any) -> State:
    game = load_game("dino-race", players=players, **options)
    return play_game(game.new_initial_state(), [make_bot("heuristic", s) for s in range(players)], seed=5).state


def test_end_of_the_game_the_egg_is_safe() -> None:
    state = _play(3)
    assert state.end_reason() == "egg_safe"
    assert [c.id for c in state.game.end_conditions] == ["egg_safe", "all_home"]


def test_survive_every_dino_home() -> None:
    state = _play(2, survive=True)
    assert state.end_reason() == "all_home"


def test_colours_and_the_first_player() -> None:
    state = _play(3)
    assert state.seat_roles() == {"colour": ["Red", "Blue", "Green"]}
    assert state.play_order() == [0, 1, 2] and state.choice_order() == []


def test_playing_in_teams_roles_are_teams() -> None:
    state = _play(4, teams=True)
    assert state.seat_roles() == {"team": ["Red", "Blue", "Red", "Blue"]}
    kinds = state.game.role_kinds()
    assert [k.id for k in kinds] == ["team"] and kinds[0].team
