"""Pangaea rules the mutation run found untested (benchmarks/mutation.py, benchmarks/RESULTS.md
"Mutation score"): each test kills surviving mutants and is named after the rulebook section it
pins. Public API only; chance is forced (STAR cards: kinds 0..39 numbered, card 0 is "1, Level up,
1 space"; 40 Wild, 41 Reshuffle)."""

from __future__ import annotations

from pangaea_helpers import (
    BLUE_HAND,
    MOON_2_DOWN,
    MOON_3_CLIMATE,
    MOON_4_DINO,
    NE,
    OTHER,
    RESHUFFLE,
    ROWS,
    STARS,
    SUN_TOKENS,
    TEST_ROWS,
    E,
    act,
    begin,
    blue_walks,
    choose,
    quiet,
    view,
)

from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame


def at_the_lightning(ranges: str) -> State:
    """Red (r4c4) builds and walks into the sea; Blue's swap draws four Reshuffle cards that walk
    the token to the lightning; STAR card 0 stays in the pile. The lightning's Direction and STAR
    cards are next; the Event locator is on r4c1."""
    overrides = {"world_rows": ROWS, "stars": STARS, "locator": (4, 1)}
    s = PangaeaGame(players=2, data=overrides, ranges=ranges).new_initial_state()
    force(s, *SUN_TOKENS, 39, 1, 2, 3, *BLUE_HAND)
    play(s, act(s, "start", space=[4, 4]))
    play(s, act(s, "start", space=[6, 2]))
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move", space=[3, 4])
    blue_walks(s, 2, swap=(20, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 24))
    assert view(s)["world"]["locator"] == [4, 1] and view(s)["world"]["tiles"][4] == "..1122......"
    return s


def test_asteroid_board_lightning_bolt_tile_the_first_star_card_acts_like_any_other() -> None:
    """Lightning step 3 and 4 with STAR card 0: the Event locator moves one space right and the
    level there rises, as for every other numbered card."""
    s = at_the_lightning("cards")
    force(s, E, 0)
    assert view(s)["world"]["locator"] == [4, 2]
    assert view(s)["world"]["tiles"][4] == "..2122......"  # r4c2: level 1 becomes level 2


def test_asteroid_board_lightning_bolt_tile_the_action_takes_the_games_chosen_range() -> None:
    """Lightning step 4: the action is performed with the range chosen for the game; with the
    novices' 3 horizontal tiles, not the STAR card's own range (here 1 space)."""
    s = at_the_lightning("horizontal")
    force(s, E, 0)
    assert view(s)["world"]["locator"] == [4, 2]
    assert view(s)["world"]["tiles"][4] == ".12222......"  # r4c1, r4c2 and r4c3 rise


def impact_minus_3(starts: list[list[int]]) -> State:
    """Impact -3 on r5c2 (the asteroid's spaces: r5c2 and its neighbours), Red's Explorer gone
    into the sea, Blue's on its starting space; the debris draws are next."""
    rows = list(TEST_ROWS)
    rows[3] = "...12V212..."  # six land spaces on row 3
    hands = [[MOON_2_DOWN, 8, MOON_4_DINO, 6], OTHER]
    s = begin(hands, starts, data={"countdown_start": 3, "world_rows": rows})
    choose(s, MOON_2_DOWN, MOON_3_CLIMATE, NE)
    play(s, next(a for a in s.legal_actions() if s.describe_action(a)["kind"] == "move"))
    force(s, RESHUFFLE, RESHUFFLE, 20, 21)  # the token walks to the lightning; the refill
    force(s, 15, 34)  # the impact's column: 1 + 2
    assert view(s)["end"]["impact"] == [5, 2] and view(s)["end"]["impact_value"] == -3
    return s


def test_the_end_game_impact_minus_3_the_toxic_ring_is_the_ring_just_around_the_asteroid() -> None:
    """-3, -4 or -5: the ring just surrounding the asteroid's tiles is toxic: an Explorer two
    spaces from the impact point (r6c3) is removed, one three spaces away (r7c4) stays."""
    s = impact_minus_3([[4, 1], [6, 3]])
    assert view(s)["players"][1]["explorer"] is None
    assert [e["text"] for e in s.log(None)[-2:]] == [
        "The ring around the impact is toxic.",
        "Blue's Explorer is removed from r6c3.",
    ]
    s = impact_minus_3([[2, 3], [7, 4]])
    assert view(s)["players"][1]["explorer"] == [7, 4]


def test_the_end_game_debris_falls_where_the_first_star_card_says_too() -> None:
    """Impact -3: the lowest score's debris falls where its Direction and STAR cards say, from the
    impact's centre (r5c2): right and STAR card 0's one space, r5c3 becomes lava."""
    s = impact_minus_3([[4, 1], [4, 7]])
    assert view(s)["world"]["tiles"][5][3] == "1"
    assert s.current_player() == CHANCE
    force(s, E, 0)
    assert view(s)["world"]["locator"] == [5, 3]
    assert view(s)["world"]["tiles"][5][3] == "#"
    assert s.log(None)[-2]["kind"] == "debris"


def lightning_with_red_on_2(countdown: int) -> State:
    """Red builds a Shelter in turn 1 (1 point) and the token reaches the lightning: the Shelter
    scores (Red 2 points, Blue 0) and row 3's six land spaces come off ``countdown``."""
    rows = list(TEST_ROWS)
    rows[3] = "...12V212..."
    s = begin(
        [[MOON_2_DOWN, 8, 0, 6], OTHER], [[4, 7], [4, 1]], data={"countdown_start": countdown, "world_rows": rows}
    )
    choose(s, MOON_2_DOWN, MOON_3_CLIMATE, NE)
    play(s, act(s, "build"))
    play(s, act(s, "done"))
    force(s, RESHUFFLE, RESHUFFLE, 20, 21, 22)  # the token reaches the lightning; Red's refill
    assert view(s)["scores"] == [2, 0]
    return s


def test_asteroid_recalculation_a_number_held_by_a_score_cube_is_skipped_to_the_next_free_one() -> None:
    """8 - 6 = 2 is Red's score cube: the token counts on to 1, free, and the game goes on."""
    s = lightning_with_red_on_2(8)
    assert view(s)["asteroid"] == 1 and view(s).get("end") is None
    assert s.log(None)[-1]["text"] == "Row 3 counts 6: the asteroid goes from 8 to 1."


def test_asteroid_recalculation_reaching_0_ends_the_game_at_0_even_on_a_score_cube() -> None:
    """rules.md, Assumptions: skipping numbers held by score cubes applies above 0 only; 6 - 6 = 0
    (Blue's cube is on 0) is the end game at 0, not -1."""
    s = lightning_with_red_on_2(6)
    assert view(s)["asteroid"] == 0 and view(s)["end"]["impact_value"] == 0
