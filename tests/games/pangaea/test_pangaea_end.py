"""Pangaea: the end game's debris against lava from an eruption, on sea spaces. Public API only;
chance is forced. Names follow the rulebook headings (The End Game - Impact of the Asteroid;
Volcano Eruption).
"""

from __future__ import annotations

from pangaea_helpers import (
    BLUE_HAND,
    RED_HAND,
    RESHUFFLE,
    ROWS,
    STARS,
    SUN_TOKENS,
    WILD,
    W,
    act,
    blue_walks,
    kinds,
    quiet,
    red_cards,
    red_scores,
    table,
    view,
)

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame


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


def _lightning_after_red_builds(countdown: int) -> State:
    """Red builds on r4c4 (1 point), Blue walks (0 points), then Red's swap draws four Reshuffle
    cards that walk the token to the lightning: on the all-sea row 8 the asteroid lands on
    ``countdown`` - 10. Blue, the lowest score, is the end-game player and holds 4 STAR cards
    and no Evolution card; the impact columns 3 + 6 put the asteroid on r5c8."""
    s = table(locator=(8, 1), countdown_start=countdown)
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move", space=[4, 3], swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5))
    force(s, 11, 14)
    assert view(s)["end"]["impact"] == [5, 8]
    return s


def test_the_end_game_impact_minus_5_only_the_lowest_score_places_debris() -> None:
    s = _lightning_after_red_builds(5)
    assert view(s)["end"]["impact_value"] == -5 and view(s)["end"]["end_player"] == 1
    force(s, W, 29)  # Blue's debris, the only one
    assert s.is_terminal()
    assert [e["text"] for e in s.log(None) if e["text"].startswith("Debris")] == ["Debris for Blue falls on r5c2."]


def test_the_end_game_impact_minus_6_exactly_every_player_places_debris() -> None:
    # the boundary: -6 is the first value of the "-6, -7, -8 or -9" tier
    s = _lightning_after_red_builds(4)
    assert view(s)["end"]["impact_value"] == -6 and view(s)["end"]["end_player"] == 1
    force(s, W, 29)  # the first debris: Red's, to the left of Blue, the end-game player
    assert not s.is_terminal()
    force(s, W, 30)  # then Blue's
    assert s.is_terminal()
    debris = [e["text"].split(" falls")[0] for e in s.log(None) if e["text"].startswith("Debris")]
    assert debris == ["Debris for Red", "Debris for Blue"]


def _impact_row(blue_builds: bool) -> list[int]:
    """Blue, the end-game player, ends with 1 Evolution card and 5 STAR cards (with a Shelter)
    or 4 (without); Red scores more. The impact columns 3 + 6 give column 8."""
    s = table(locator=(8, 1), countdown_start=8)
    quiet(s, "build", draws=(4,))  # Red: a Shelter, 1 point, 5 cards
    if blue_builds:
        quiet(s, "move", space=[6, 4])  # Blue walks two spaces onto level 2
    else:
        quiet(s, "move_harvest", space=[6, 3], buys=("sea",))  # 1 point, spent on a card
    quiet(s, "move_harvest", space=[4, 3])  # Red: 2 points
    if blue_builds:
        quiet(s, "build", buys=("sea",), draws=(25,))  # 1 point, spent; the fifth STAR card
    else:
        quiet(s, "move", space=[6, 2])
    quiet(s, "move", space=[4, 4], swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5))
    v = view(s)
    assert v["end"]["end_player"] == 1 and len(v["players"][1]["evolution"]) == 1
    assert len(v["players"][1]["hand"]) == (5 if blue_builds else 4)
    force(s, 11, 14)
    impact: list[int] = view(s)["end"]["impact"]
    return impact


def test_the_end_game_even_number_of_star_cards_row_is_5_plus_evolution_cards() -> None:
    assert _impact_row(blue_builds=False) == [6, 8]


def test_the_end_game_odd_number_of_star_cards_row_is_5_minus_evolution_cards() -> None:
    assert _impact_row(blue_builds=True) == [4, 8]


def test_the_end_game_option_finish_round_plays_the_round_out_first() -> None:
    """Option ``finish_round`` (not in the rulebook; off by default): the asteroid reaches 0 in
    the start player's turn, the others still take theirs, then the end game is played."""
    data = {"world_rows": ROWS, "stars": STARS, "locator": (8, 1), "countdown_start": 8}
    s = PangaeaGame(players=2, data=data, finish_round=True).new_initial_state()
    force(s, *SUN_TOKENS, *RED_HAND, *BLUE_HAND)
    play(s, act(s, "start", space=[4, 4]), act(s, "start", space=[6, 2]))
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move", space=[4, 3], swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5))
    assert view(s)["asteroid"] == -2 and "end" not in view(s)  # the asteroid is at -2 ...
    force(s, W, 29)  # ... the Lightning Bolt steps go on: six spaces left, a Dinosaur (none: all sea)
    assert s.current_player() == 1 and "end" not in view(s)  # Blue, the last in the round, plays
    blue_walks(s, 2)
    assert view(s)["end"]["impact_value"] == -2 and view(s)["end"]["end_player"] == 1
    force(s, 11, 14)
    assert view(s)["end"]["impact"] == [5, 8]
