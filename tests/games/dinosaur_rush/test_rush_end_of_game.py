"""The Great Dinosaur Rush: the one end (Round tracker: after round 3), the paleontologists and
the order of play a game reports (Setup 7 and 11)."""

from __future__ import annotations

from dinobox import load_game
from dinobox.bots import make_bot
from dinobox.engine.runner import play_game


def test_end_of_game_after_round_three() -> None:
    game = load_game("dinosaur-rush", players=3, first=2)
    state = game.new_initial_state()
    assert state.end_reason() is None
    bots = [make_bot("heuristic", seat) for seat in range(3)]
    state = play_game(state, bots, seed=3).state
    assert [c.id for c in game.end_conditions] == ["round_three"]
    assert state.end_reason() == "round_three"
    assert state.view(None)["round"] == 3


def test_setup_paleontologists_and_the_starting_player() -> None:
    game = load_game("dinosaur-rush", players=3, first=2, choose_paleontologists=True)
    state = play_game(game.new_initial_state(), [make_bot("heuristic", s) for s in range(3)], seed=1).state
    assert state.play_order() == [2, 0, 1]  # round 1 from the starting player, clockwise
    assert state.choice_order() == [2, 0, 1]  # picked from the starting player on
    names = state.seat_roles()["paleontologist"]
    assert len(set(names)) == 3 and all(n in game.data.paleontologist_names for n in names if n)
    assert game.role_kinds()[0].chosen
    dealt = load_game("dinosaur-rush", players=3)
    assert not dealt.role_kinds()[0].chosen and dealt.new_initial_state().choice_order() == []


def test_setup_the_heuristic_picks_the_paleontologist_by_its_ability() -> None:
    """Setup 7 with choose_paleontologists: the first picker takes the ability worth most
    (length_neck, Samuel Wendell Williston's), whichever seat it is."""
    for first in (0, 1):
        game = load_game("dinosaur-rush", players=3, first=first, choose_paleontologists=True)
        state = play_game(game.new_initial_state(), [make_bot("heuristic", s) for s in range(3)], seed=2).state
        names = state.seat_roles()["paleontologist"]
        ability = dict(zip(game.data.paleontologist_names, game.data.paleontologist_abilities, strict=True))
        assert ability[str(names[first])] == "length_neck"
