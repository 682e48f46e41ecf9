"""The Great Dinosaur Rush's flow and table where the mutation run over ``rules``, ``flow`` and
``set_up`` found them untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"):
a copy of the table that plays on exactly as the table does, and the order of play the game
reports from Setup 11. Each test is named after the rulebook section it pins; seeded play through
the public contract."""

from __future__ import annotations

import random

from rush_helpers import COPE, HARGER, OSBORN, STERNBERG, Table, to_action_on_c2

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
    over = table.clone()  # a copy of the finished game keeps its final tally
    assert seen(over) == seen(table) and over.play_order() == table.play_order()


def test_setup_11_the_order_of_play_starts_with_the_starting_player() -> None:
    for first in range(3):
        state = load_game("dinosaur-rush", players=3, first=first).new_initial_state()
        assert state.play_order() == [(first + i) % 3 for i in range(3)]


def test_setup_11_a_starting_player_not_yet_drawn_gives_no_order_of_play() -> None:
    state = load_game("dinosaur-rush", players=3, first="random").new_initial_state()
    assert state.is_chance_node() and state.play_order() == []
    state.apply_action(2)
    assert state.play_order() == [2, 0, 1]


def test_setup_7_nobody_has_a_paleontologist_before_the_cards_are_dealt_then_each_has_theirs() -> None:
    state = load_game("dinosaur-rush", players=3, first=0).new_initial_state()
    assert state.seat_roles() == {"paleontologist": [None, None, None]}
    t = Table(3, paleos=[COPE, OSBORN, STERNBERG])
    assert t.state.seat_roles()["paleontologist"] == [
        "Edward Drinker Cope",
        "Henry Fairfield Osborn",
        "Charles H. Sternberg",
    ]


def test_build_phase_only_a_builder_sees_a_dinosaur_behind_the_screen() -> None:
    """Build phase: the screen hides the dinosaur being built; in the field phase no seat has one."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    for seat in (None, 0, 1, 2):
        assert "build" not in t.view(seat)
    t.finish_field()
    seat = t.state.current_player()
    assert t.step() == "build" and "build" in t.view(seat)
    assert all("build" not in t.view(other) for other in (None, *range(3)) if other != seat)


def test_notorious_actions_with_the_notoriety_bag_empty_nothing_is_drawn() -> None:
    """Notorious actions: a token is drawn from the bag; with a bag of one token (given as data)
    the second notorious action finds it empty, draws nothing and play goes on."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data={"notoriety_counts": [1, 0, 0]})
    to_action_on_c2(t)
    t.do("dynamite")
    assert [p["tokens"] for p in t.view(None)["players"]] == [1, 0, 0]
    assert t.view(None)["bag"]["notoriety"] == 0
    t.first()
    t.first()
    t.do("dynamite")
    assert [p["tokens"] for p in t.view(None)["players"]] == [1, 0, 0]
    assert (t.step(), t.state.current_player()) == ("move", 2)


def test_end_of_the_field_phase_each_empty_dig_site_gets_the_whole_refill() -> None:
    """End of the field phase: every open dig site gets the round's refill (here four bones,
    given as data); the others keep their three from the Setup."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data={"refill": [4, 1]})
    t.place_all()
    t.finish_field(dig=True)
    assert t.step() == "build"
    view = t.view(None)
    standing = {p["cell"] for p in view["players"]}
    played = [c for c in view["board"]["cells"] if c.get("in_play")]
    assert {sum(c["bones"]) for c in played if c["cell"] not in standing} == {3, 4}


def test_end_of_the_field_phase_a_refill_of_none_adds_no_bone() -> None:
    """End of the field phase: the refill is the round's count (none here, given as data)."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data={"refill": [0, 1]})
    t.place_all()
    bones = t.view(None)["bag"]["bones"]
    t.finish_field(dig=True)
    assert t.step() == "build" and t.view(None)["bag"]["bones"] == bones


def test_setup_11_the_log_says_whether_the_starting_player_was_drawn() -> None:
    drawn = load_game("dinosaur-rush", players=3, first="random").new_initial_state()
    drawn.apply_action(1)
    assert drawn.log(None)[0]["text"] == "Purple is the starting player (drawn at random)."
    given = load_game("dinosaur-rush", players=3, first=1).new_initial_state()
    assert given.log(None)[0]["text"] == "Purple is the starting player."


def test_setup_8_bonus_cards_are_dealt_face_down() -> None:
    """What's secret: bonus cards are private until scored; the log names a card to its owner only."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], bonus=[0, 1])
    mine = [e["text"] for e in t.state.log(0) if "bonus card" in e["text"] and e["text"].startswith("Orange")]
    assert mine == ["Orange gets bonus card Edaphosaurus.", "Orange gets bonus card Stegosaurus."]
    for seat in (1, 2, None):
        theirs = [e["text"] for e in t.state.log(seat) if e["text"].startswith("Orange gets")]
        assert theirs == ["Orange gets a bonus card.", "Orange gets a bonus card."]


def test_setup_nobody_has_a_turn_before_the_first_field_turn() -> None:
    state = load_game("dinosaur-rush", players=3, first=0).new_initial_state()
    assert state.view(None)["turn_player"] is None
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    assert t.step() == "place" and t.view(None)["turn_player"] is None
    t.place_all()
    assert t.view(None)["turn_player"] == 0
