"""The Great Dinosaur Rush rules: Setup (and Setup 11, the starting player).

Test names follow the rulebook's sections."""

from __future__ import annotations

import pytest
from rush_helpers import (
    BLUE,
    LAKES,
    Table,
)

from dinobox.engine import load_game

# ----- Setup ------------------------------------------------------------------------------------


def test_setup_starting_bones_bonus_cards_and_three_bones_per_dig_site() -> None:
    t = Table(3)
    view = t.view(0)
    for p in view["players"]:
        assert p["pile"] == [3, 2, 2, 0, 0] and p["starting"] == [3, 2, 2, 0, 0]
        assert p["bonus_count"] == 2 and p["score"] == 0
    assert len(view["players"][0]["bonus"]) == 2 and "bonus" not in view["players"][1]
    cells = view["board"]["cells"]
    assert all(sum(c["bones"]) == 3 for c in cells if c["kind"] == "site")
    assert all(sum(c["bones"]) == 0 for c in cells if c["kind"] == "outer_site")
    assert view["bag"]["bones"] == 210 - 3 * 7 - 3 * sum(1 for c in cells if c["kind"] == "site")
    assert [m["row"] for m in view["museum"]] == [0] * 5 and view["bag"]["notoriety"] == 45


def test_setup_outer_rows_only_with_four_or_five_players() -> None:
    t = Table(4)
    cells = t.view(None)["board"]["cells"]
    assert all(sum(c["bones"]) == 3 for c in cells if c["kind"] in ("site", "outer_site"))
    labels = [t.state.describe_action(a)["label"] for a in t.state.legal_actions()]
    kinds = {c["label"]: c["kind"] for c in cells}
    assert {kinds[label] for label in labels} == {"start", "start_4p"}
    three = Table(3)
    labels = [three.state.describe_action(a)["label"] for a in three.state.legal_actions()]
    assert {kinds[label] for label in labels} == {"start"}


def test_setup_paleontologists_placed_clockwise_on_free_start_spaces() -> None:
    t = Table(3)
    order = []
    while t.step() == "place":
        order.append(t.state.current_player())
        taken = {p["cell"] for p in t.view(None)["players"] if p["cell"] is not None}
        assert not taken & {t.state.describe_action(a)["cell"] for a in t.state.legal_actions()}
        t.first()
    assert order == [0, 1, 2]


def test_setup_players_may_choose_paleontologists_if_all_agree() -> None:
    t = Table(3, choose_paleontologists=True)
    assert t.step() == "pick_paleontologist"
    t.do("pick_paleontologist", card=LAKES)
    assert not t.has("pick_paleontologist", card=LAKES)
    t.first()
    t.first()
    paleo = t.view(None)["players"][0]["paleontologist"]
    assert paleo is not None and paleo["name"] == "Arthur Lakes"
    view = t.view(None)
    assert view["players"][0]["pile"][BLUE] == 1


# ----- Setup 11: the starting player -----------------------------------------------------------


def test_setup_starting_player_option_seat_or_random() -> None:
    game = load_game("dinosaur-rush", players=3, first=2)
    state = game.new_initial_state()
    t = Table(3, first=2)
    assert t.view(None)["starter"] == 2
    assert t.state.current_player() == 2 and t.step() == "place"  # Setup 11: places first
    t.place_all()
    assert t.state.current_player() == 2 and t.step() == "move"
    assert state.view(None)["starter"] == 2
    random_first = load_game("dinosaur-rush", players=3, first="random").new_initial_state()
    assert random_first.is_chance_node()
    outcomes = dict(random_first.chance_outcomes())
    assert sorted(outcomes) == [0, 1, 2] and len(set(outcomes.values())) == 1
    random_first.apply_action(1)
    assert random_first.view(None)["starter"] == 1
    with pytest.raises(ValueError, match="starting player"):
        load_game("dinosaur-rush", players=3, first=4)
