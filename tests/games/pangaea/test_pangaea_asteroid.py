"""Pangaea rules: Lightning, the Asteroid recalculation, the End Game and the Score chart.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

import random

from pangaea_helpers import (
    MOON_2_DOWN,
    MOON_3_CLIMATE,
    MOON_5_CLIMATE,
    NE,
    OTHER,
    RESHUFFLE,
    TEST_ROWS,
    WILD,
    act,
    begin,
    choose,
    new,
)

from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play


# ===== Lightning and the Asteroid recalculation ====================================================
def to_lightning(s: State, distance_card: int) -> None:
    """Play turn 1 so that the Event locator ends up-right and the token reaches A."""
    choose(s, distance_card, MOON_3_CLIMATE, NE)
    moves = [a for a in s.legal_actions() if s.describe_action(a)["kind"] == "move"]
    play(s, moves[0])
    force(s, RESHUFFLE, RESHUFFLE)  # each Reshuffle card moves the token: 3 -> 4 -> A


def test_asteroid_recalculation_32_minus_4_is_28() -> None:
    s = begin([[MOON_2_DOWN, 8, 0, 6], OTHER], [[4, 1], [4, 7]], data={"countdown_start": 32})
    to_lightning(s, MOON_2_DOWN)  # the locator goes to row 3 (4 land spaces)
    force(s, 20, 21)  # the refill
    v = s.view(None)
    assert v["world"]["locator"][0] == 3
    assert v["asteroid"] == 28
    assert any("32 to 28" in e["text"] for e in s.log(None))


def test_asteroid_recalculation_an_all_sea_row_counts_10() -> None:
    s = begin([[MOON_5_CLIMATE, 8, 0, 6], OTHER], [[4, 1], [4, 7]], data={"countdown_start": 32})
    to_lightning(s, MOON_5_CLIMATE)  # five up-right: the north pole row, all sea
    force(s, 20, 21)
    v = s.view(None)
    assert v["world"]["locator"][0] == 0
    assert v["asteroid"] == 22


def test_the_end_game_3_minus_6_places_the_asteroid_on_minus_3() -> None:
    rows = list(TEST_ROWS)
    rows[3] = "...12V212...."[:12]  # six land spaces on row 3
    s = begin([[MOON_2_DOWN, 8, 0, 6], OTHER], [[4, 1], [4, 7]], data={"countdown_start": 3, "world_rows": rows})
    to_lightning(s, MOON_2_DOWN)
    force(s, 20, 21)
    v = s.view(None)
    assert v["asteroid"] == -3 and v["end"]["impact_value"] == -3
    assert v["end"]["end_player"] == 1  # both on 0 points: the first to the current player's left
    force(s, 15, 34)  # two STAR numbers 1 + 2: third space from the left
    v = s.view(None)
    assert v["end"]["impact"] == [5, 2]  # even hand (4 cards), no Evolution card: row 5
    while not s.is_terminal():
        assert s.current_player() == CHANCE
        force(s, s.legal_actions()[0])
    v = s.view(None)
    assert v["over"] and v["end"]["survived"] is False
    assert s.winners() == [] and s.returns() == [0.0, 0.0]  # nobody survived: everyone lost alike
    assert any("toxic" in e["text"] for e in s.log(None))


def test_the_winner_is_most_points_with_a_surviving_shelter() -> None:
    rows = list(TEST_ROWS)
    rows[3] = "...12V212..."
    s = begin([[MOON_2_DOWN, 8, 0, 6], OTHER], [[4, 7], [4, 1]], data={"countdown_start": 3, "world_rows": rows})
    choose(s, MOON_2_DOWN, MOON_3_CLIMATE, NE)
    play(s, act(s, "build"))  # +1
    play(s, act(s, "done"))
    force(s, RESHUFFLE, RESHUFFLE, 20, 21, 22)  # the token reaches A; refill to 5 with a Shelter
    v = s.view(None)
    assert v["scores"] == [2, 0]  # lightning: 1 point per Shelter
    assert v["end"]["impact_value"] == -3 and v["end"]["end_player"] == 1
    force(s, 15, 39)  # 1 + 1: the impact in column 1, far from the Shelter
    force(s, 4, 24)  # debris for the lowest score: one space left of the impact
    assert s.is_terminal()
    v = s.view(None)
    assert v["end"]["impact"] == [5, 1] and v["end"]["survived"] is True
    assert v["end"]["bonus"] == [2, 0] and v["scores"] == [4, 0]
    assert s.winners() == [0] and s.returns() == [1.0, 0.0]


def test_score_chart_a_cube_reaching_the_asteroid_pushes_it_down_and_may_end_the_game() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]], data={"countdown_start": 1})
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "move_harvest", space=[4, 2]))  # 0 -> 1: the asteroid's number
    v = s.view(None)
    assert v["scores"] == [1, 0]
    assert v["asteroid"] == 0 and v["end"]["impact_value"] == 0  # the end game at once
    assert s.current_player() == CHANCE


def test_score_chart_the_breakdown_sums_to_each_score() -> None:

    from dinobox.games.pangaea.heuristic import choose as heuristic

    s = new(3)
    rng = random.Random(5)
    while not s.is_terminal():
        a = s.sample_chance(rng) if s.current_player() == CHANCE else heuristic(s, rng)
        s.apply_action(a)
        v = s.view(None)
        assert [sum(parts.values()) for parts in v["breakdown"]] == v["scores"]
    v = s.view(None)
    assert [b["surviving shelters"] for b in v["breakdown"]] == v["end"]["bonus"]
