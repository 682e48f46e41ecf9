"""The Great Dinosaur Rush rules: Variants: Two-player and Family (and the Notoriety ties at the end).

Test names follow the rulebook's sections."""

from __future__ import annotations

import pytest
from rush_helpers import (
    GREEN,
    HARGER,
    LEIDY,
    OSBORN,
    STERNBERG,
    Table,
    to_action_on_c2,
)

from dinobox.engine import load_game
from dinobox.games.dinosaur_rush.viewtypes import DinosaurRushView

# ----- Variants ------------------------------------------------------------------------------------


def test_two_player_variant_rows_start_at_two_and_runner_up_by_margin() -> None:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

    with pytest.raises(ValueError, match="players"):
        load_game("dinosaur-rush", players=2)
    state = load_game("dinosaur-rush", players=2, two_player=True).new_initial_state()
    assert isinstance(state, DinosaurRushState)
    assert [m["row"] for m in state.view(None)["museum"]] == [1] * 5
    assert state.category_points([9, 7], 3) == [10, 7]
    assert state.category_points([9, 6], 3) == [10, 4]
    assert state.category_points([9, 5], 3) == [10, 4]
    assert state.category_points([9, 4], 3) == [10, 0]
    assert state.category_points([6, 6], 3) == [10, 10]


def test_two_player_variant_notoriety_difference() -> None:
    t = Table(2, paleos=[HARGER, STERNBERG], two_player=True)
    t.tokens = [2, 2, 2]
    t.place_all()
    t.do("move", label="B1")
    t.first()
    t.do("dynamite")
    t.play_to_end()
    final = t.view(None)["final"]
    a, b = final["notoriety"]
    if a != b:
        worst = 0 if a > b else 1
        other = (a, b)[1 - worst]
        assert final["adjust"][worst] == -abs(a - b) and final["adjust"][1 - worst] == other
    else:
        assert final["adjust"] == [a, b]


def test_family_variant_no_notoriety_and_survey() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], family=True)
    assert t.view(None)["bag"]["notoriety"] == 0
    to_action_on_c2(t)
    kinds = {t.state.describe_action(a)["kind"] for a in t.state.legal_actions()}
    assert kinds == {"publicize", "research", "survey"}
    before = t.view(None)["players"][0]["pile"]
    t.do("survey")
    assert t.step() == "move" and t.state.current_player() == 0
    t.first()
    assert t.view(None)["players"][0]["pile"] == before
    t.play_to_end()
    assert t.view(None)["final"]["adjust"] == [0, 0, 0]


def test_end_of_game_the_score_breakdown_sums_to_each_final_score() -> None:
    import random

    for players, options in ((3, {}), (2, {"two_player": True})):
        state = load_game("dinosaur-rush", players=players, **options).new_initial_state()
        rng = random.Random(2)
        while not state.is_terminal():
            moves = state.legal_actions()
            state.apply_action(state.sample_chance(rng) if state.current_player() < 0 else rng.choice(moves))
        view = state.view(None)
        assert [sum(parts.values()) for parts in view["breakdown"]] == state.scores()
        assert [parts["notoriety"] for parts in view["breakdown"]] == view["final"]["adjust"]


# ----- Two-player variant -------------------------------------------------------------------------
def test_two_player_variant_two_players_are_pointed_to_the_variant() -> None:
    with pytest.raises(ValueError, match="--variant two-player"):
        load_game("dinosaur-rush", players=2)
    with pytest.raises(ValueError, match="exactly two players"):
        load_game("dinosaur-rush", players=3, two_player=True)


# ----- End of game / Two-player variant: ties for the most Notoriety ----------------------------
# Bonus cards that need blue bones, with only green bones drawn: nobody completes them, so every
# hand costs 2 x 3 Notoriety at the end and the tokens drawn below decide who is most notorious.
UNIQUE_CARDS = [0, 14, 1, 10, 2, 20]  # Edaphosaurus, Pteranodon, Stegosaurus, Dimetrodon, ...


def _notoriety_game(n: int, dynamiters: list[int], tokens: list[int], two_player: bool = False) -> DinosaurRushView:
    """A whole game where only ``dynamiters`` take a Notorious action (Dynamite, first turn),
    drawing ``tokens`` (denomination indexes: 0 = 1, 2 = 3)."""
    paleos = [HARGER, STERNBERG, LEIDY][:n]
    t = Table(n, paleos=paleos, bonus=UNIQUE_CARDS[: 2 * n], bones=lambda i: GREEN, two_player=two_player)
    t.tokens = list(tokens)
    t.place_all()
    for seat in range(n):
        t.first()  # move
        t.first()  # publicize
        t.do("dynamite") if seat in dynamiters else t.do("publicize")
    t.play_to_end()
    return t.view(None)


def test_end_of_game_tie_for_the_most_notoriety_everyone_adds() -> None:
    view = _notoriety_game(3, [0, 1], [0, 0])  # 1 + 6, 1 + 6, 6
    final = view["final"]
    assert final["notoriety"] == [7, 7, 6]
    assert final["adjust"] == [7, 7, 6]
    view = _notoriety_game(3, [0], [0])  # one most notorious player: only they subtract
    assert view["final"]["notoriety"] == [7, 6, 6] and view["final"]["adjust"] == [-7, 6, 6]


def test_two_player_variant_game_end_the_other_player_adds() -> None:
    view = _notoriety_game(2, [0], [2], two_player=True)  # 3 + 6 against 6
    final = view["final"]
    assert final["notoriety"] == [9, 6]
    assert final["adjust"] == [-3, 6]  # the difference off the most notorious; the other adds
    assert view["scores"] == [final["field_points"][0] - 3, final["field_points"][1] + 6]


def test_two_player_variant_game_end_tie_for_the_most_notoriety_both_add() -> None:
    view = _notoriety_game(2, [], [], two_player=True)
    assert view["final"]["notoriety"] == [6, 6] and view["final"]["adjust"] == [6, 6]
    view = _notoriety_game(2, [0, 1], [1, 1], two_player=True)
    assert view["final"]["notoriety"] == [8, 8] and view["final"]["adjust"] == [8, 8]
