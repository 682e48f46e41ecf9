"""Pangaea: the end game's debris against lava from an eruption, on sea spaces. Public API only;
chance is forced. Names follow the rulebook headings (The End Game - Impact of the Asteroid;
Volcano Eruption).
"""

from __future__ import annotations

from pangaea_helpers import RESHUFFLE, WILD, W, act, blue_walks, kinds, quiet, red_cards, red_scores, table, view

from dinobox.engine.testing import force, play


def test_the_end_game_debris_destroys_everything_on_a_sea_space() -> None:
    # the Event locator's row is all sea: the asteroid hits at 8 - 10 = -2 (no toxic ring)
    s = table(locator=(8, 1), countdown_start=8)
    red_scores(s, ("sea",))  # Red: a Shelter on r4c4, 3 points, the level 1 sea card
    assert red_cards(s) == [("sea", True)]
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5)
    # Red walks into the sea; the swap's four Reshuffle cards walk the token to the lightning
    quiet(s, "move", space=[5, 2], swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5))
    v = view(s)
    assert v["players"][0]["explorer"] == [5, 2] and v["world"]["tiles"][5][2] == "."
    assert v["end"]["impact_value"] == -2 and v["end"]["end_player"] == 1
    force(s, 11, 14)  # 3 + 6: column 8; Blue holds 4 cards and no Evolution card: row 5
    assert view(s)["end"]["impact"] == [5, 8]  # far from Red's Explorer and Shelter
    force(s, W, 29)  # Blue's debris: six spaces left of the impact, onto Red's Explorer
    assert s.is_terminal()
    v = view(s)
    assert v["world"]["locator"] == [5, 2]
    assert v["world"]["tiles"][5][2] == "1"  # the sea becomes level 1 ...
    assert v["players"][0]["explorer"] is None  # ... and the debris destroyed the Explorer there
    assert v["world"]["shelters"] == [{"at": [4, 4], "seats": [0], "special": []}]
    assert any("Explorer is removed from r5c2" in e["text"] for e in s.log(None))


def test_volcano_eruption_lava_turning_a_sea_space_into_level_1_leaves_its_pieces() -> None:
    # the contrast: an eruption's lava on the sea is not lava covering the space
    rows = ["." * 12] * 4 + ["..22V.......", "." * 12, "..1122......"] + ["." * 12] * 3
    s = table(rows=rows, stars=[(4, 2), (6, 2), (6, 3), (6, 4)], starts=[[4, 2], [6, 2]])
    quiet(s, "build", buys=("sea",), draws=(4,))  # Red's Shelter on r4c2, then the sea card
    blue_walks(s, 1, swap=(20, WILD))  # Blue swaps a card for a Wild
    quiet(s, "move", space=[5, 4])  # Red stands in the sea beside the volcano on r4c4
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    play(s, act(s, "distance_wild", distance=3))  # the volcano's space
    play(s, act(s, "action_card", card=21))  # an earthquake
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="E"))
    play(s, act(s, "crack", spaces=[[4, 3], [4, 4]]))  # a crack beside the volcano: it erupts
    v = view(s)
    assert v["world"]["tiles"][4] == "..2#V1......"  # lava on land, level 1 on the sea
    assert v["world"]["tiles"][5][4] == "1"
    assert v["players"][0]["explorer"] == [5, 4]  # Red's Explorer stays where it stood
    assert v["world"]["shelters"] == [{"at": [4, 2], "seats": [0], "special": []}]
