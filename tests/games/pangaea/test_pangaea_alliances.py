"""Pangaea rules: Alliances.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

from typing import Any

from pangaea_helpers import (
    MOON_1_DOWN,
    OTHER,
    WILD,
    act,
    begin,
    legal_kinds,
)

from dinobox.engine.state import State
from dinobox.engine.testing import force, play


def test_alliances_none_with_two_players() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 7], [4, 1]])
    assert all(p["allies"] == [] for p in s.view(None)["players"])


def alliance_table() -> State:
    """Three players; Red and Blue share a Shelter on r4c3 (an alliance); Red to play, holding
    [MOON_1_DOWN, 11, 12 (7-space range), 17 (level up), Wild], the Event locator on r5c3."""
    rows = ["." * 12 for _ in range(10)]
    rows[2] = ".........1.."
    rows[4] = "..22........"
    rows[5] = ".....M......"
    data = {"world_rows": rows, "stars": [(4, 3), (4, 2), (2, 9), (2, 9)]}
    s = begin(
        [[14, 13, 10, 11], [21, 20, 22, 24], [30, 32, 33, 34]],
        [[4, 3], [4, 2], [2, 9]],
        n=3,
        tokens=(0, 4, 4, 4, 1),
        data=data,
    )

    def turn(dist: int, action: int, step6: str, refill: list[int], **fields: Any) -> None:
        if "continue" in legal_kinds(s):
            play(s, act(s, "continue"))
        play(s, act(s, "distance_card", card=dist))
        play(s, act(s, "action_card", card=action))
        play(s, act(s, "no_range"))
        while "no_interrupt" in legal_kinds(s):
            play(s, act(s, "no_interrupt"))
        play(s, act(s, "direction", direction="E"))  # along the empty sea of row 5
        play(s, act(s, step6, **fields))
        while s.current_player() >= 0 and "done" in legal_kinds(s):
            play(s, act(s, "done"))
        force(s, *refill)

    turn(14, 13, "build", [WILD, 6, 18])  # Red builds on r4c3
    turn(21, 20, "move", [25, 2], space=[4, 3])  # Blue joins Red there
    turn(30, 32, "pass", [37, 3])  # Green's island: every move would drown the Explorer
    turn(10, 18, "move", [17, 12], space=[4, 2])
    turn(22, 25, "build", [26, 27, 28])  # Blue builds beside Red: an alliance
    turn(33, 37, "pass", [35, 36])
    play(s, act(s, "continue"))
    return s


def test_alliances_allies_may_not_harm_each_other_when_it_can_be_avoided() -> None:
    s = alliance_table()
    v = s.view(None)
    assert v["players"][0]["allies"] == [1] and v["players"][1]["allies"] == [0]
    assert v["players"][2]["allies"] == []
    # level up over 7 spaces, one space away: to the right it would raise the shared Shelter's
    # space to a mountain, so that direction is not offered while harmless ones exist
    play(s, act(s, "distance_card", card=MOON_1_DOWN))
    play(s, act(s, "action_card", card=17))
    play(s, act(s, "range_card", card=12))
    offered = {s.describe_action(a)["direction"] for a in s.legal_actions()}
    assert "E" not in offered and offered and len(offered) < 6


def test_alliances_an_action_that_would_harm_an_ally_is_forfeit() -> None:
    s = alliance_table()
    turn_before = s.view(None)["world"]["tiles"]
    # a Wild for 0 spaces: the level up hits the shared Shelter whatever the direction
    play(s, act(s, "distance_wild", distance=0))
    play(s, act(s, "action_card", card=17))
    play(s, act(s, "range_card", card=12))
    assert len(s.legal_actions()) == 6  # nothing avoids it: every direction, then forfeit
    play(s, act(s, "direction", direction="E"))
    v = s.view(None)
    assert v["world"]["locator"] == [5, 3]
    assert v["world"]["tiles"] == turn_before
    assert v["world"]["shelters"] == [{"at": [4, 3], "seats": [0, 1], "special": []}]
    assert s.log(None)[-1]["kind"] == "forfeit"
    assert len(v["players"][0]["hand"]) == 2  # the cards are used all the same
