"""Pangaea part 2: the full game, rule by rule, through the public contract only.

Chance is forced: symbol tokens, STAR cards (kinds 0..39 numbered, 40 Wild, 41 Reshuffle),
Direction cards (0 = up-right, clockwise). Test names follow the rulebook's headings.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dinobox.engine import IllegalActionError
from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.data import DEFAULT_DATA
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.rules import PangaeaState

WILD, RESHUFFLE = 40, 41
NE, E = 0, 1
# centre Moon (the first single symbol), then the question marks: all, sun, volcano, all
TOKENS = (0, 4, 1, 2, 4)
# card kinds by what they show (number, action, range, symbol) — see cards.json
MOON_1_UP = 0
MOON_2_DOWN = 1
MOON_2_QUAKE = 7
MOON_3_CLIMATE = 8
MOON_4_DINO = 9
MOON_5_CLIMATE = 4
MOON_1_DOWN = 6
SUN_2_UP = 10
OTHER = [30, 31, 32, 33]  # the second player's cards: Planets, no Wild
# The world these tests are written on (the starting map shipped before issue 28, with a star on
# level 2 at r4c7), pinned so that they do not move with the shipped map.
TEST_ROWS = (
    "............",
    "....12......",
    "...12V21....",
    "....2V21....",
    ".11222M21...",
    "..112M2221..",
    "...12221V1..",
    "....1V1.....",
    ".....1......",
    "............",
)
TEST_STARS = ((2, 3), (4, 1), (4, 7), (6, 3), (6, 9), (7, 4))


def new(n: int = 2, data: dict[str, Any] | None = None, **opts: Any) -> State:
    world = {"world_rows": TEST_ROWS, "stars": TEST_STARS, **(data or {})}
    return PangaeaGame(players=n, data=world, **opts).new_initial_state()


def act(state: State, kind: str, **fields: Any) -> int:
    for a in state.legal_actions():
        info = state.describe_action(a)
        if info["kind"] == kind and all(info.get(k) == v for k, v in fields.items()):
            return a
    found = [state.describe_action(a)["kind"] for a in state.legal_actions()]
    raise AssertionError(f"no legal {kind} {fields}: {found}")


def legal_kinds(state: State) -> set[str]:
    return {state.describe_action(a)["kind"] for a in state.legal_actions()}


def begin(
    hands: list[list[int]],
    stars: list[list[int]],
    n: int = 2,
    tokens: tuple[int, ...] = TOKENS,
    data: dict[str, Any] | None = None,
    **opts: Any,
) -> State:
    """Set up: tokens, deals, starting stars; returns at the first player's first decision."""
    s = new(n, data, **opts)
    force(s, *tokens)
    for hand in hands:
        force(s, *hand)
    for star in stars:
        play(s, act(s, "start", space=star))
    return s


def choose(
    s: State,
    distance: int | None,
    action_card: int | None,
    direction: int | None = NE,
    wild_distance: int | None = None,
    range_card: int | None = None,
) -> None:
    """Step 4 and 5 for the player to act (no interrupt expected)."""
    if wild_distance is not None:
        play(s, act(s, "distance_wild", distance=wild_distance))
    else:
        play(s, act(s, "distance_card", card=distance))
    play(s, act(s, "action_card", card=action_card))
    if "no_range" in legal_kinds(s):
        play(s, act(s, "range_card", card=range_card) if range_card is not None else act(s, "no_range"))
    if direction is not None and "direction" in legal_kinds(s):
        play(s, act(s, "direction", direction=["NE", "E", "SE", "SW", "W", "NW"][direction]))


def world(s: State) -> dict[str, Any]:
    return s.view(None)["world"]


# ===== Basic game setup ==========================================================================
def test_basic_game_setup_first_single_symbol_token_goes_to_the_centre() -> None:
    s = new()
    force(s, 4, 0, 1, 2, 4)  # "all" first: stays; moon is the first single: centre
    v = s.view(None)
    assert v["centre"] == "moon"
    assert v["ring"] == ["A", "all", "sun", "volcano", "all"]
    assert v["ring_pos"] == 0  # the token starts on the lightning space


def test_basic_game_setup_reshuffle_card_is_never_dealt() -> None:
    s = new()
    force(s, *TOKENS)
    force(s, RESHUFFLE, 0, 1, 2, 3)
    v = s.view(None)
    assert [c["kind"] for c in v["players"][0]["hand"]] == [0, 1, 2, 3]
    assert v["deck_count"] == 47 - 4


def test_basic_game_setup_four_face_up_cards_each() -> None:
    s = begin([[0, 1, 2, 3], [30, 31, 32, WILD]], [[4, 1], [4, 7]])
    for seat in (None, 0, 1):
        v = s.view(seat)
        assert [len(p["hand"]) for p in v["players"]] == [4, 4]
        assert v["players"][1]["hand"][-1] == {"kind": WILD, "wild": True}


def test_starting_positions_one_explorer_per_star() -> None:
    s = new()
    force(s, *TOKENS, 0, 1, 2, 3, 4, 5, 6, 8)
    stars = [[r, c] for r, c in TEST_STARS]
    assert len(s.legal_actions()) == len(stars)
    play(s, act(s, "start", space=[4, 1]))
    taken = [s.describe_action(a)["space"] for a in s.legal_actions()]
    assert [4, 1] not in taken and len(taken) == len(stars) - 1
    with pytest.raises(IllegalActionError, match="Starting positions"):
        s.apply_action(0)


def test_kick_off_the_game_start_player_given() -> None:
    """The start player is an option; starting positions are taken from them on, in turn order."""
    s = new(3, first=2)
    force(s, *TOKENS, 0, 1, 2, 3, 10, 11, 12, 13, 30, 31, 32, 33)
    order = []
    for star in ([4, 1], [4, 7], [6, 3]):
        order.append(s.current_player())
        play(s, act(s, "start", space=star))
    assert order == [2, 0, 1]
    v = s.view(None)
    assert v["turn_player"] == 2 and v["start_player"] == 2 and v["options"]["first"] == 2
    assert any(e["text"] == "Green is the start player." for e in s.log(0))


def test_kick_off_the_game_start_player_drawn_at_random() -> None:
    s = new(2, first="random")
    force(s, *TOKENS, 0, 1, 2, 3, 30, 31, 32, 33)
    assert s.is_chance_node() and s.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert s.view(None)["start_player"] is None
    force(s, 1)
    assert s.current_player() == 1 and s.view(None)["start_player"] == 1
    assert "Blue is the start player (drawn at random)." in [e["text"] for e in s.log(None)]
    play(s, act(s, "start", space=[4, 7]), act(s, "start", space=[4, 1]))
    assert s.view(None)["turn_player"] == 1


def test_kick_off_the_game_start_player_must_be_a_seat_or_random() -> None:
    with pytest.raises(ValueError, match=r"start player \(option 'first'\) must be a seat 0..1 or 'random', not 3"):
        new(2, first=3)
    with pytest.raises(ValueError, match="first"):
        new(2, first="oldest")
    assert new(4, first="3").view(None)["options"]["first"] == 3


def test_duration_of_the_game_countdown_options() -> None:
    for length in (30, 45, 60):
        assert new(length=length).view(None)["asteroid"] == length
    with pytest.raises(ValueError, match="length"):
        new(length=50)


# ===== Players Turn and steps ======================================================================
def test_players_turn_step_1_token_leaves_the_lightning_space() -> None:
    s = begin([[0, 1, 2, 3], OTHER], [[4, 1], [4, 7]])
    v = s.view(0)
    assert v["ring_pos"] == 1 and v["phase"] == "step4" and v["to_act"] == 0


def test_asteroid_board_symbol_cards_first_card_must_show_the_symbol() -> None:
    sun_first = (0, 1, 4, 2, 4)  # centre moon, the first question mark shows the Sun
    s = begin([[SUN_2_UP, 0, 1, 6], OTHER], [[4, 1], [4, 7]], tokens=sun_first)
    assert {s.describe_action(a)["card"] for a in s.legal_actions()} == {SUN_2_UP}
    s = begin([[0, 1, 6, WILD], OTHER], [[4, 1], [4, 7]], tokens=sun_first)
    assert legal_kinds(s) == {"distance_wild"}  # a Wild may always be played
    s = begin([[0, 1, 6, 8], OTHER], [[4, 1], [4, 7]], tokens=sun_first)
    assert legal_kinds(s) == {"swap", "keep"}  # Note 2: swap one card or keep them
    play(s, act(s, "swap", card=0))
    force(s, 34)
    v = s.view(None)
    assert [c["kind"] for c in v["players"][0]["hand"]] == [1, 6, 8, 34]
    assert v["phase"] == "step6"  # steps 4 and 5 are skipped


def test_playing_the_wild_card_distance_0_to_10_any_action_never_range() -> None:
    s = begin([[WILD, WILD, 0, 1], OTHER], [[4, 1], [4, 7]])
    dists = sorted(
        s.describe_action(a).get("distance", -1)
        for a in s.legal_actions()
        if s.describe_action(a)["kind"] == "distance_wild"
    )
    assert dists == list(range(11))
    play(s, act(s, "distance_wild", distance=0))
    assert {
        s.describe_action(a)["verb"] for a in s.legal_actions() if s.describe_action(a)["kind"] == "action_wild"
    } == {"up", "down", "climate", "earthquake", "dino"}
    play(s, act(s, "action_wild", verb="climate"))
    assert legal_kinds(s) == {"range_card", "no_range"}
    assert WILD not in {s.describe_action(a).get("card") for a in s.legal_actions()}


def test_players_turn_step_4_chosen_cards_lie_face_up_for_everyone() -> None:
    """The cards are chosen from the face-up player board and no sentence hides the choice."""
    s = begin([[0, 1, 2, 3], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=MOON_2_DOWN))
    for seat in (None, 0, 1):
        assert s.view(seat)["selection"] == {"chosen": 1, "distance_card": MOON_2_DOWN, "distance": 2}
        assert "for the distance: 2" in s.log(seat)[-1]["text"]
    play(s, act(s, "action_card", card=2))
    assert s.view(1)["selection"]["action"] == "earthquake"
    assert s.resample(1, random.Random(3)).view(1) == s.view(1)  # nothing to redraw


def test_players_turn_step_5_interrupt_is_decided_on_the_face_up_choice() -> None:
    s = begin([[0, 1, 2, 8], [30, 31, 32, WILD]], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=MOON_2_DOWN))
    play(s, act(s, "action_card", card=MOON_3_CLIMATE))
    play(s, act(s, "no_range"))
    assert s.current_player() == 1 and legal_kinds(s) == {"interrupt", "no_interrupt"}
    sel = s.view(1)["selection"]
    assert (sel["distance"], sel["action"], sel["range_card"]) == (2, "climate", -1)


def test_players_turn_step_5_interrupt_forces_a_direction_card() -> None:
    s = begin([[0, 1, 2, 8], [30, 31, 32, WILD]], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=MOON_2_DOWN))
    play(s, act(s, "action_card", card=MOON_3_CLIMATE))
    play(s, act(s, "no_range"))
    assert s.current_player() == 1 and legal_kinds(s) == {"interrupt", "no_interrupt"}
    play(s, act(s, "interrupt"))
    assert s.current_player() == CHANCE
    force(s, E)  # the Direction card says: right
    v = s.view(None)
    assert v["world"]["locator"] == [5, 7]  # two spaces right of the central mountain
    assert len(v["players"][1]["hand"]) == 3  # the Wild was played


def test_players_turn_step_5_interrupt_needs_four_cards_and_a_wild() -> None:
    s = begin([[0, 1, 2, 8], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=MOON_2_DOWN))
    play(s, act(s, "action_card", card=MOON_3_CLIMATE))
    play(s, act(s, "no_range"))
    assert s.current_player() == 0 and legal_kinds(s) == {"direction"}


def test_moving_the_event_locator_player_chooses_the_direction() -> None:
    s = begin([[0, 1, 2, 8], OTHER], [[4, 1], [4, 7]])
    choose(s, MOON_2_DOWN, MOON_3_CLIMATE, NE)
    v = s.view(None)
    assert v["world"]["locator"] == [3, 6]
    assert v["world"]["tiles"][3][6] == ":"  # level 2 + climate shift = sand
    assert v["played"] and v["selection"]["chosen"] == 3


def test_players_turn_step_6_harvest_after_a_one_space_move_on_level_1() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)  # climate shift on the mountain: nothing
    assert s.view(0)["phase"] == "step6"
    play(s, act(s, "move_harvest", space=[4, 2]))
    v = s.view(None)
    assert v["scores"] == [1, 0] and v["players"][0]["explorer"] == [4, 2]


def test_players_turn_step_6_build_a_shelter_on_level_2() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 7], [4, 1]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "build"))
    v = s.view(None)
    assert v["scores"] == [1, 0] and v["players"][0]["shelters"] == 1
    assert v["world"]["shelters"] == [{"at": [4, 7], "seats": [0], "special": []}]
    # step 7: one point buys a level 1 card; level 2 needs a level 1 card to give back
    kinds = {s.describe_action(a)["kind"] for a in s.legal_actions()}
    assert kinds == {"buy", "done"}
    assert all("discard" not in s.describe_action(a) for a in s.legal_actions())
    play(s, act(s, "done"))
    # step 9: refill to 4 + 1 with a Shelter on the board (2 cards left, 3 drawn)
    force(s, 10, 11, 12)
    v = s.view(None)
    assert len(v["players"][0]["hand"]) == 5 and v["to_act"] == 1


def test_players_turn_step_6_must_act_unless_only_harmful_moves() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    assert "pass" not in legal_kinds(s)
    assert "move" in legal_kinds(s)


def test_players_turn_step_8_centre_symbol_moves_the_token() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    choose(s, MOON_1_UP, MOON_3_CLIMATE, NE)  # two Moon cards, the centre shows the Moon
    play(s, act(s, "move", space=[4, 2]))
    assert s.view(None)["ring_pos"] == 3


def test_players_turn_step_9_reshuffle_card_moves_the_token() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "move", space=[4, 2]))
    assert s.view(None)["ring_pos"] == 2  # one Moon card played
    force(s, RESHUFFLE)
    assert s.view(None)["ring_pos"] == 3


def test_evolution_cards_buy_level_1_for_a_point_always_active() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "move_harvest", space=[4, 2]))
    play(s, act(s, "buy", evolution="sea"))
    v = s.view(None)
    assert v["scores"] == [0, 0]
    assert v["players"][0]["evolution"] == [{"type": "sea", "name": "Sea explorer", "level": 1, "active": True}]
    assert v["evolution_supply"]["sea"] == DEFAULT_DATA.evolution_cards[0] - 1


# ===== Actions: earthquake and dinosaurs as decisions ================================================
def test_earthquake_player_places_up_to_three_connected_cracks() -> None:
    s = begin([[MOON_2_QUAKE, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_2_QUAKE))
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="W"))  # onto level 2 at r5c4
    for _ in range(3):
        assert legal_kinds(s) == {"crack"}
        play(s, s.legal_actions()[0])
    v = s.view(None)
    assert len(v["world"]["cracks"]) == 3 and v["phase"] == "step6"


def test_dinosaurs_player_chooses_kind_and_space() -> None:
    s = begin([[MOON_4_DINO, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_4_DINO))
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="W"))
    options = {(s.describe_action(a)["dino"], tuple(s.describe_action(a)["space"])) for a in s.legal_actions()}
    assert options == {(0, (5, 4)), (2, (5, 4))}  # one T-Rex or one Brontosaurus, the one space
    play(s, act(s, "dino_place", dino=0))
    assert s.view(None)["world"]["dinos"][0]["at"] == [5, 4]


def test_actions_range_is_shown_only_while_the_action_lasts() -> None:
    s = begin([[MOON_4_DINO, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_4_DINO))
    play(s, act(s, "no_range"))
    assert s.view(None)["range"] == []  # not before the Event locator has moved
    play(s, act(s, "direction", direction="W"))
    assert s.view(1)["phase"] == "dinosaur" and s.view(1)["range"] == [[5, 4]]
    play(s, act(s, "dino_place", dino=0))
    assert s.view(1)["phase"] == "step6" and s.view(1)["range"] == []
    play(s, act(s, "move", space=[4, 2]))
    assert all(s.view(seat)["range"] == [] for seat in (None, 0, 1))  # nor in the turns after


def test_dinosaurs_no_space_in_the_range_nothing_happens_and_the_log_says_why() -> None:
    s = begin([[WILD, MOON_4_DINO, 0, 1], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_wild", distance=0))  # the Event locator stays on the central mountain
    play(s, act(s, "action_card", card=MOON_4_DINO))
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="W"))
    texts = [e["text"] for e in s.log(1)]
    assert texts[-2] == "Dinosaur over 1 space."
    assert texts[-1].startswith("Nothing happens: no space of the range can take a Dinosaur")
    assert texts[-1].endswith("(r5c5: Mountain).")
    v = s.view(None)
    assert v["phase"] == "step6" and all(d["at"] is None for d in v["world"]["dinos"])


def test_dinosaurs_all_four_out_and_the_one_in_range_cannot_move_nothing_happens() -> None:
    s = begin([[MOON_4_DINO, 8, 0, 1], OTHER], [[4, 1], [4, 7]])
    assert isinstance(s, PangaeaState)
    cols = world(s)["cols"]
    s.world.dinos = (5 * cols + 4, 6 * cols + 4, 6 * cols + 5, 6 * cols + 6)  # every dino out, T-Rex 1 on r5c4
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_4_DINO))
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="W"))  # the range is r5c4 alone, where T-Rex 1 stands
    text = s.log(None)[-1]["text"]
    assert text.startswith("Nothing happens: all four Dinosaurs are on the board and T-Rex 1")
    assert text.endswith("(r5c4: T-Rex 1 is already there).")
    assert s.view(None)["phase"] == "step6"


def test_novice_players_range_is_one_space_without_a_range_card() -> None:
    s = begin([[0, 8, 1, 6], OTHER], [[4, 1], [4, 7]], ranges="single")
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_3_CLIMATE))
    assert legal_kinds(s) == {"direction"}
    s = begin([[0, 8, 1, 6], OTHER], [[4, 1], [4, 7]], ranges="horizontal")
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_3_CLIMATE))
    play(s, act(s, "direction", direction="W"))
    assert "Climate shift over 3 horizontal." in [e["text"] for e in s.log(None)]


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


def test_alliances_none_with_two_players() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 7], [4, 1]])
    assert all(p["allies"] == [] for p in s.view(None)["players"])


def test_bad_input_is_refused_and_changes_nothing() -> None:
    s = begin([[0, 1, 2, 3], OTHER], [[4, 1], [4, 7]])
    before = s.view(None), s.history()
    for bad in (-1, 10**6, "x", None):
        with pytest.raises(IllegalActionError):
            s.apply_action(bad)  # a wrong type on purpose
    assert (s.view(None), s.history()) == before
    with pytest.raises(ValueError, match="countdown_start"):
        new(data={"countdown_start": -5})


def test_heuristic_policy_plays_a_whole_game_legally() -> None:
    import random

    from dinobox.games.pangaea.heuristic import choose as heuristic

    s = new(3)
    rng = random.Random(3)
    while not s.is_terminal():
        a = s.sample_chance(rng) if s.current_player() == CHANCE else heuristic(s, rng)
        assert a in s.legal_actions()
        s.apply_action(a)
    # a winner exactly when a Shelter survived (nobody wins otherwise)
    assert bool(s.winners()) == s.view(None)["end"]["survived"]


def test_score_chart_a_cube_reaching_the_asteroid_pushes_it_down_and_may_end_the_game() -> None:
    s = begin([[WILD, 8, 0, 1], OTHER], [[4, 1], [4, 7]], data={"countdown_start": 1})
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "move_harvest", space=[4, 2]))  # 0 -> 1: the asteroid's number
    v = s.view(None)
    assert v["scores"] == [1, 0]
    assert v["asteroid"] == 0 and v["end"]["impact_value"] == 0  # the end game at once
    assert s.current_player() == CHANCE


def test_players_turn_step_2_wild_card_removes_a_dino() -> None:
    s = begin([[MOON_4_DINO, 8, 0, 1], [30, 31, 32, WILD]], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=MOON_4_DINO))
    play(s, act(s, "no_range"))
    play(s, act(s, "no_interrupt"))
    play(s, act(s, "direction", direction="W"))
    play(s, act(s, "dino_place", dino=0))
    play(s, act(s, "move", space=[4, 2]))
    force(s, 20, 21)  # seat 0 refills; seat 1's turn, step 2
    assert s.current_player() == 1 and {"wild_dino", "continue"} <= legal_kinds(s)
    play(s, act(s, "wild_dino", dino=0))
    v = s.view(None)
    assert v["world"]["dinos"][0]["at"] is None and len(v["players"][1]["hand"]) == 3
    assert "wild_dino" not in legal_kinds(s)  # one Wild card in step 2


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


def test_evolution_cards_level_2_needs_a_level_1_card_given_back() -> None:
    s = begin([[WILD, WILD, MOON_3_CLIMATE, 11], OTHER], [[4, 1], [4, 7]])
    choose(s, None, MOON_3_CLIMATE, NE, wild_distance=0)
    play(s, act(s, "move_harvest", space=[4, 2]))
    play(s, act(s, "buy", evolution="sea"))
    force(s, 20, 21)
    # Blue: the token shows the Sun, Blue holds Planets only: keep the cards, then step 6
    play(s, act(s, "keep"))
    play(s, act(s, "move", space=[4, 8]))
    choose(s, None, 11, NE, wild_distance=0)
    play(s, act(s, "move_harvest", space=[4, 1]))
    buys = {
        (s.describe_action(a)["evolution"], s.describe_action(a).get("discard"))
        for a in s.legal_actions()
        if s.describe_action(a)["kind"] == "buy"
    }
    assert ("trex_guard", "sea") in buys and ("bronto_guard", "sea") in buys
    assert not any(e in ("build_anywhere", "extra_move", "shelter_move", "block") for e, _ in buys)
    play(s, act(s, "buy", evolution="trex_guard"))
    v = s.view(None)
    assert v["players"][0]["evolution"] == [
        {"type": "trex_guard", "name": "T-Rex protection", "level": 2, "active": False}
    ]
    assert v["evolution_supply"]["sea"] == DEFAULT_DATA.evolution_cards[0]  # given back
    assert v["scores"][0] == 0


def test_score_chart_the_breakdown_sums_to_each_score() -> None:
    import random

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
