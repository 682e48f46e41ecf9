"""Pangaea: the shipped starting world, by the rulebook's headings (Starting positions on the
Game Board; Players Turn, step 6; Rules of Change). Public API only; chance is forced."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pangaea_helpers import SUN_TOKENS, WILD, act, blue_walks, kinds, quiet, table

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.geometry import geometry

HANDS = ([0, 1, 2, 3], [20, 21, 22, 23], [30, 31, 32, 33], [4, 5, 6, 7])  # no Sun card, no Wild


def _dealt(n: int) -> State:
    """The shipped world; the Sun restricts the first card and nobody holds one, so every turn
    goes straight to step 6 (Asteroid board, Symbol Cards)."""
    s = PangaeaGame(players=n).new_initial_state()
    force(s, *SUN_TOKENS)
    for hand in HANDS[:n]:
        force(s, *hand)
    return s


def _neighbours(view: dict[str, Any], row: int, col: int) -> Counter[str]:
    tiles = view["world"]["tiles"]
    geo = geometry(view["world"]["rows"], view["world"]["cols"])
    return Counter(tiles[j // geo.cols][j % geo.cols] for j in geo.nb[geo.space(row, col)] if j >= 0)


def test_starting_positions_every_star_is_alike() -> None:
    """Six stars, each on level 1 with one level 2 neighbour, two level 1 neighbours and three
    sea neighbours: nothing makes one start better than another (Starting positions)."""
    s = _dealt(2)
    v = s.view(None)
    stars = [s.describe_action(a)["space"] for a in s.legal_actions()]
    assert len(stars) == 6
    assert {v["world"]["tiles"][r][c] for r, c in stars} == {"1"}
    assert all(_neighbours(v, r, c) == Counter({".": 3, "1": 2, "2": 1}) for r, c in stars)
    geo = geometry(v["world"]["rows"], v["world"]["cols"])
    spaces = [geo.space(r, c) for r, c in stars]
    assert min(geo.distance(a, b) for a in spaces for b in spaces if a != b) >= 2  # no two touch


def test_players_turn_step_6_no_shelter_on_the_first_turn_but_level_2_one_step_away() -> None:
    """A Shelter needs level 2 (step 6, option 2): no start lets its player build at once, and
    every start can step onto level 2 in step 6 and build in the next turn."""
    s = _dealt(4)
    for _ in range(4):
        play(s, s.legal_actions()[0])  # each player takes the first free star
    if "continue" in kinds(s):
        play(s, act(s, "continue"))  # nothing to do in step 2
    play(s, act(s, "keep"))  # no Sun card: the start player keeps the cards, on to step 6
    assert "build" not in kinds(s) and "build_special" not in kinds(s)
    v = s.view(None)
    moves = [s.describe_action(a) for a in s.legal_actions()]
    assert any(m["kind"] == "move" and v["world"]["tiles"][m["space"][0]][m["space"][1]] == "2" for m in moves)
    for player in v["players"]:
        r, c = player["explorer"]
        assert v["world"]["tiles"][r][c] == "1" and _neighbours(v, r, c)["2"] == 1


# ===== Rules of Change: a climate shift is colder near the poles, warmer between ===================
@pytest.mark.parametrize(
    ("row", "tile", "after"),
    [
        (2, "1", "*"),  # row 2, the last cold row: land gets snow ...
        (2, "2", "*"),
        (2, "M", "*"),
        (2, ".", "*"),  # ... and the sea freezes (the worked example: water on row 2)
        (3, "1", ":"),  # row 3, the first warm row: land gets sand ...
        (3, "2", ":"),
        (3, "M", ":"),
        (3, ".", "."),  # ... and the sea, which only freezes, stays as it is
    ],
)
def test_rules_of_change_climate_shift_snow_near_the_poles_sand_between(row: int, tile: str, after: str) -> None:
    """Blue plays a climate shift (a Wild for one space right, range one space) on r{row}c2."""
    rows = ["." * 12] * 10
    rows[row] = ".." + tile + "122......"
    rows[6] = "..1122......"
    s = table(rows=rows, stars=[(row, 4), (6, 2), (6, 3), (6, 4)], starts=[[row, 4], [6, 2]], locator=(row, 1))
    quiet(s, "build", draws=(4,))  # Red: a Shelter on r{row}c4
    blue_walks(s, 1, swap=(20, WILD))  # Blue swaps a card for a Wild
    quiet(s, "move", space=[row, 5])
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    play(s, act(s, "distance_wild", distance=1))
    play(s, act(s, "action_card", card=22))  # a climate shift
    play(s, act(s, "range_card", card=21))  # one space
    play(s, act(s, "direction", direction="E"))
    assert s.view(None)["world"]["locator"] == [row, 2]
    assert s.view(None)["world"]["tiles"][row][2] == after
