"""The Great Dinosaur Rush's field phase where the mutation run over ``field_phase`` (and its
steps in ``flow``) found it untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation
score"): what a person reads in the log, what a player crossing another's Sabotage token learns,
a paleontologist with nowhere to go, and the view's flags as the Build phase begins. Each test is
named after the rulebook section it pins; situations are set up by forcing chance outcomes, or on a
small board given as data, through the public contract."""

from __future__ import annotations

import random

from rush_helpers import HARGER, LEIDY, OSBORN, STERNBERG, Table


def texts(t: Table, seat: int | None = None) -> list[str]:
    return [e["text"] for e in t.state.log(seat)]


def test_collect_bones_the_log_names_the_bones_and_the_dig_site() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    t.do("move", label="C2")  # a dig site with three green bones
    t.first()
    t.do("publicize")
    t.quiet_turn()
    t.quiet_turn()
    assert "Orange collects 3 green at C2." in texts(t)


def test_move_with_no_open_line_the_paleontologist_stays_put() -> None:
    """Move: never onto another paleontologist. On a board of three dig sites in a row, Gray's
    start space touches only the two that Orange and Purple moved to: its one choice is to stay."""
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY], data={"board": ["S o o o S", " s S s"]})
    t.do("place", label="A1")
    t.do("place", label="A5")
    t.do("place", label="B2")
    t.do("move", label="A2")
    t.first()
    t.do("publicize")
    t.do("move", label="A3")
    t.first()
    t.do("publicize")
    assert t.step() == "move" and t.state.current_player() == 2
    assert [t.state.describe_action(a)["kind"] for a in t.state.legal_actions()] == ["stay"]
    t.do("stay")
    assert "Teal cannot move and stays put." in texts(t)
    assert t.seat_cell(2)["label"] == "B2" and t.step() == "publicize"


def crossed() -> Table:
    """Orange (on C2) sabotages C3 with a token worth 1 (and draws one worth 3); Purple then
    moves from A2 to D3, across C3."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    t.do("move", label="C2")
    t.first()
    t.tokens = [0, 2]
    t.do("sabotage", label="C3")
    t.do("move", label="D3")
    return t


def test_sabotage_a_player_crossing_anothers_token_takes_it_and_alone_learns_its_value() -> None:
    t = crossed()
    assert t.view(None)["players"][1]["tokens"] == 1 and "token" not in t.cell("C3")
    assert t.view(1)["players"][1]["token_values"] == [1]
    assert texts(t, 1)[-1] == "Purple crosses C3 and takes the sabotage token (value 1)."
    for seat in (0, 2, None):
        assert texts(t, seat)[-1] == "Purple crosses C3 and takes the sabotage token."


def test_sabotage_the_token_taken_is_known_to_its_new_owner_whatever_the_others_guess() -> None:
    """What's secret: the owner knows its token's value; a table redealt from Purple's knowledge
    keeps the value 1 of the token Purple took (and the 3 of Orange's own, unknown to Purple, may
    change)."""
    t = crossed()
    for seed in range(12):
        guess = t.state.resample(1, random.Random(seed))
        assert guess.view(1)["players"][1]["token_values"] == [1]


def test_build_phase_nobody_has_finished_building_as_it_begins_then_each_builder_in_turn() -> None:
    """Build phase: each player builds behind the screen; the table sees who has finished."""
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    t.finish_field()
    assert t.step() == "build"
    assert [p.get("built") for p in t.view(None)["players"]] == [False, False, False]
    first = t.state.current_player()
    assert texts(t)[-1] == f"{('Orange', 'Purple', 'Teal')[first]} builds behind the screen."
    while t.state.current_player() == first:
        t.first()
    assert t.view(None)["players"][first]["built"] is True
    assert f"{('Orange', 'Purple', 'Teal')[first]} has finished building." in texts(t)
    t.build_all()
    assert t.view(None)["round"] == 2


def test_rounds_turns_and_phases_each_players_field_turn_counts_once() -> None:
    """Three field turns per player in each of the three rounds: 27 turns for three players."""
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    assert t.state.turn_count() == 1  # Orange's first turn has begun
    t.quiet_turn()
    assert t.state.turn_count() == 2
    t.play_to_end()
    assert t.state.turn_count() == 27
