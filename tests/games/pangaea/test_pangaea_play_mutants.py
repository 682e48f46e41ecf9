"""Pangaea rules the mutation run of the play modules found untested (``steps``, ``resolve``...:
benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score", docs/mutation.md): each test kills
surviving mutants and is named after the rulebook section it pins. Public API only; chance is
forced (STAR cards: kinds 0..39 numbered, 40 Wild, 41 Reshuffle)."""

from __future__ import annotations

import random

from pangaea_helpers import (
    BLUE_HAND,
    MOON_1_UP,
    MOON_4_DINO,
    NE,
    OPEN_TOKENS,
    OTHER,
    RED_HAND,
    ROWS,
    STARS,
    SUN_TOKENS,
    WILD,
    act,
    begin,
    blue_plays,
    blue_walks,
    choose,
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

CORNER_STARS = [(0, 1), (6, 2), (4, 2), (6, 3)]  # Red's star on r0c1, beside the first space r0c0


def corner(row0: str) -> State:
    """The test world with ``row0`` as its top row and level 1 on r1c1; Red starts on r0c1."""
    rows = [row0, ".1" + "." * 10, *ROWS[2:]]
    return table(rows=rows, stars=CORNER_STARS, starts=[[0, 1], [6, 2]])


def told(s: State, *texts: str) -> bool:
    """Whether the log (as everyone reads it) says each of ``texts``."""
    said = [e["text"] for e in s.log(None)]
    return all(text in said for text in texts)


# ===== Players Turn, step 6 and step 7 on the first space of the board (r0c0) ====================
def test_players_turn_step_6_harvest_on_the_first_space_and_step_7_a_stone_beside_it() -> None:
    """Step 6: a 1-space move onto level 1 harvests, on r0c0 as anywhere; step 7: an Explorer on
    r0c0 may buy a stone for the lava beside it (r0c11, round the world), for 1 point."""
    s = corner("12.........#")
    quiet(s, "build", draws=(4,))  # on r0c1: 1 point
    blue_walks(s, 1)
    play(s, act(s, "keep"))
    assert "pass" not in kinds(s)  # step 6 is skipped only when every option costs the Explorer
    play(s, act(s, "move_harvest", space=[0, 0]))
    assert view(s)["scores"] == [2, 0] and view(s)["players"][0]["explorer"] == [0, 0]
    assert "stone" in kinds(s)
    play(s, act(s, "stone", space=[0, 11]))
    assert view(s)["scores"] == [1, 0] and view(s)["world"]["tiles"][0] == "12.........o"
    assert told(s, "Red's Explorer moves to r0c0.", "Red harvests at r0c0.", "Red buys a stone for r0c11.")


def test_some_general_basic_rules_a_stone_on_the_lava_of_the_first_space() -> None:
    """Some General Basic Rules (stone): the lava on r0c0 beside Red's Explorer becomes stone."""
    s = corner("#2..........")
    play(s, act(s, "keep"))
    play(s, act(s, "build"))
    assert [s.describe_action(a)["space"] for a in s.legal_actions() if s.describe_action(a)["kind"] == "stone"] == [
        [0, 0]
    ]
    play(s, act(s, "stone", space=[0, 0]))
    assert view(s)["scores"] == [0, 0] and view(s)["world"]["tiles"][0] == "o2.........."
    assert red_cards(s) == []


# ===== Evolution Cards ==========================================================================
def test_evolution_cards_extra_move_repeats_step_6_once() -> None:
    """Level 3 Extra move: activated in step 2, offered after the Move action, it repeats step 6
    and becomes inactive; the repeated step offers no third move."""
    s = table()
    red_scores(s, ("sea", "trex_guard", "extra_move"))
    blue_walks(s, 4)
    play(s, act(s, "activate", evolution="extra_move"))
    play(s, act(s, "keep"))
    play(s, act(s, "move", space=[4, 4]))
    assert s.current_player() == 0 and kinds(s) == {"extra_move", "no_extra_move"}
    declined = s.clone()
    play(s, act(s, "extra_move"))
    assert view(s)["phase"] == "step6" and red_cards(s) == [("extra_move", False)]
    play(s, act(s, "move", space=[4, 3]))
    assert s.current_player() == 1 and view(s)["players"][0]["explorer"] == [4, 3]
    assert told(s, "Red activates Extra move.", "Red uses the Extra move card.")
    play(declined, act(declined, "no_extra_move"))
    assert declined.current_player() == 1 and red_cards(declined) == [("extra_move", True)]


def test_evolution_cards_one_activation_per_turn_for_1_point() -> None:
    """Step 2: only 1 Evolution card is activated per turn, for 1 point (of Red's 2)."""
    s = table()
    red_scores(s, ("sea", "mountain", "trex_guard", "bronto_guard"))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5)
    quiet(s, "move_harvest", space=[4, 3])
    blue_walks(s, 6)
    assert view(s)["scores"][0] == 2
    play(s, act(s, "activate", evolution="trex_guard"))
    assert view(s)["scores"][0] == 1 and "activate" not in kinds(s)
    assert red_cards(s) == [("trex_guard", True), ("bronto_guard", False)]
    assert told(s, "Red activates T-Rex protection.")


def test_evolution_cards_build_anywhere_on_level_1_and_inactive_after_use() -> None:
    """Level 3: an active Build anywhere card builds a Shelter on level 1 (the Shelter keeps the
    ability), scores 1 point, and the card becomes inactive."""
    s = table()
    red_scores(s, ("sea", "trex_guard", "build_anywhere"))
    blue_walks(s, 4)
    play(s, act(s, "activate", evolution="build_anywhere"))
    play(s, act(s, "keep"))
    assert "build" not in kinds(s)  # r4c3 is level 1
    play(s, act(s, "build_special"))
    v = view(s)
    assert {"at": [4, 3], "seats": [0], "special": [0]} in v["world"]["shelters"]
    assert v["scores"][0] == 1 and red_cards(s) == [("build_anywhere", False)]
    assert told(s, "Red activates Build anywhere.", "Red builds a Shelter at r4c3.")


def table_blue_first() -> State:
    """``table()`` with the seats' parts swapped: Blue (seat 1) starts on r4c4 with the Moon cards
    and plays first, Red (seat 0) starts on r6c2 with the Volcano cards."""
    overrides = {"world_rows": ROWS, "stars": STARS, "locator": (4, 1)}
    s = PangaeaGame(players=2, data=overrides, first=1).new_initial_state()
    force(s, *SUN_TOKENS, *BLUE_HAND, *RED_HAND)
    play(s, act(s, "start", space=[4, 4]))
    play(s, act(s, "start", space=[6, 2]))
    return s


def first_cards(s: State) -> list[tuple[str, bool]]:
    """The Evolution cards of the player who started (and scored) first, with their state."""
    seat = view(s)["start_player"]
    return [(c["type"], c["active"]) for c in view(s)["players"][seat]["evolution"]]


def with_card(card: str, first: int = 0) -> State:
    """The first player (seat ``first``) holds ``card`` (level 2) active, Explorer on
    r4c3, Shelter on r4c4; the other player holds a Wild and is to play."""
    s = table() if first == 0 else table_blue_first()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3], buys=("sea", card))
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 3, swap=(20, WILD))
    quiet(s, "move_harvest", space=[4, 3], activate=card)
    return s


def protected_red(card: str, first: int = 0) -> State:
    """``with_card``, then a T-Rex on r4c2, beside the first player's Explorer, who is to play."""
    s = with_card(card, first)
    blue_plays(s, 1, 23)  # a Dinosaur on r4c2
    play(s, act(s, "dino_place", dino=0))  # a T-Rex
    play(s, act(s, "move", space=[6, 2]))
    force(s, 24, 25)
    play(s, act(s, "keep"))
    return s


def test_dinosaurs_an_explorer_walking_onto_a_t_rex_is_destroyed() -> None:
    """The T-Rex destroys the Explorers on its space, one walking onto it too (no T-Rex card)."""
    s = protected_red("bronto_guard")
    assert "move_harvest" not in kinds(s)  # no harvest where the Explorer is destroyed
    play(s, act(s, "move", space=[4, 2]))
    v = view(s)
    assert v["players"][0]["explorer"] is None
    assert v["world"]["dinos"][0]["at"] == [4, 2]


def test_evolution_cards_t_rex_protection_declined_when_walking_onto_a_t_rex() -> None:
    s = protected_red("trex_guard")
    points = view(s)["scores"][0]
    play(s, act(s, "move_harvest", space=[4, 2]))
    assert kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "no_protection"))
    v = view(s)
    assert v["players"][0]["explorer"] is None and v["world"]["dinos"][0]["at"] == [4, 2]
    assert v["scores"][0] == points  # no harvest: the Explorer is gone
    assert told(s, "Red's Explorer moves to r4c2.", "Red does not use the protection card.")
    assert red_cards(s) == [("trex_guard", True)]


def test_players_turn_step_5_note_the_player_who_lost_the_last_shelter_gives_back_a_card() -> None:
    """Step 5, Note: a Brontosaurus destroys Red's only Shelter; Red, with 5 cards, gives one back
    (of Red's choice) to the discard pile."""
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1, swap=(20, WILD))
    quiet(s, "move", space=[4, 3])
    blue_plays(s, 3, 23)  # a Dinosaur on r4c4, Red's Shelter
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus
    assert s.current_player() == 0 and kinds(s) == {"give_back"}
    assert sorted(s.describe_action(a)["card"] for a in s.legal_actions()) == [0, 1, 2, 3, 4]
    play(s, act(s, "give_back", card=2))
    v = view(s)
    assert [c["kind"] for c in v["players"][0]["hand"]] == [0, 1, 3, 4]
    assert v["discard"] == {"2": 1, "20": 1}  # Red's card and the card Blue swapped for a Wild
    assert told(s, "Red has no Shelter left and gives back [3 Earthquake 3 diagonal (/) Moon].")
    assert s.current_player() == 1


# ===== Players Turn, step 7 =====================================================================
def test_players_turn_step_7_a_sold_out_evolution_card_leaves_the_others_for_sale() -> None:
    s = table(evolution_cards=(0, 4, 3, 3, 2, 2, 2, 2))  # no Sea explorer card left
    play(s, act(s, "keep"))
    play(s, act(s, "build"))
    bought = {s.describe_action(a)["evolution"] for a in s.legal_actions() if s.describe_action(a)["kind"] == "buy"}
    assert bought == {"mountain"}


def test_evolution_cards_at_most_3_cards() -> None:
    s = table()
    red_scores(s, ("sea", "mountain", "sea"))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    assert len(red_cards(s)) == 3
    blue_walks(s, 5)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 3]))
    buys = [s.describe_action(a) for a in s.legal_actions() if s.describe_action(a)["kind"] == "buy"]
    assert buys and all(b["discard"] is not None for b in buys)  # a level 1 card only as a 4th


def test_some_general_basic_rules_stones_while_the_supply_lasts() -> None:
    """A stone is bought from the supply beside the board: the last one, but not from none."""
    for stones, offered in ((1, True), (0, False)):
        supply = (0, 24, 18, 6, 0, 10, 10, 20, stones)
        s = table(
            rows=["#2" + "." * 10, ".1" + "." * 10, *ROWS[2:]],
            stars=CORNER_STARS,
            starts=[[0, 1], [6, 2]],
            tile_supply=supply,
        )
        play(s, act(s, "keep"))
        play(s, act(s, "build"))
        assert ("stone" in kinds(s)) is offered


# ===== Earthquake: the last old stick ==========================================================
def test_earthquake_the_only_stick_left_to_reuse_moves_at_once() -> None:
    """No stick in stock and one crack on the board free to move: it moves without a choice."""
    rows = [*ROWS[:5], "..1111......", *ROWS[6:]]  # row 5 joins the two strips
    s = table(tokens=OPEN_TOKENS, hands=[[1, 2, 6, 3], [25, 21, 22, 23]], crack_sticks=3, rows=rows)
    play(s, act(s, "distance_card", card=1))  # 2 spaces right: r4c3
    play(s, act(s, "action_card", card=2))  # earthquake
    play(s, act(s, "range_card", card=6))  # 3 horizontal
    play(s, act(s, "direction", direction="E"))
    for _ in range(3):
        play(s, s.legal_actions()[0])
    old = view(s)["world"]["cracks"]
    play(s, act(s, "build"))
    play(s, act(s, "done"))
    force(s, 10, 11, 12, 13)
    play(s, act(s, "distance_card", card=25))
    play(s, act(s, "action_card", card=21))
    play(s, act(s, "range_card", card=22))
    play(s, act(s, "direction", direction="SE"))  # r6c4, three horizontal
    new = []
    for _ in range(2):
        new.append(s.describe_action(s.legal_actions()[0])["spaces"])
        play(s, s.legal_actions()[0])
        play(s, s.legal_actions()[0])  # the stick to move: the first offered
    assert kinds(s) == {"crack"}
    new.append(s.describe_action(s.legal_actions()[0])["spaces"])
    play(s, s.legal_actions()[0])  # one old stick left: it moves at once
    cracks = view(s)["world"]["cracks"]
    assert sorted(cracks) == sorted(new) and not any(c in old for c in cracks)
    assert view(s)["world"]["sticks"] == 0 and view(s)["phase"] != "reuse_crack"


# ===== Players Turn, step 4: a card serves once ==================================================
def refused(s: State, kind: str, card: int) -> list[str | None]:
    """The reasons the board gives the seat to act for the refused ``kind`` of ``card``."""
    hook = s.game.presentation.refusable if s.game.presentation is not None else None
    assert hook is not None
    out: list[str | None] = []
    for a in hook(s, s.current_player()):
        info = s.describe_action(a)
        if info["kind"] == kind and info.get("card") == card:
            out.append(s.why_illegal(a))
    return out


def test_players_turn_step_4_the_action_card_is_not_also_the_range() -> None:
    s = table(tokens=OPEN_TOKENS, hands=[[6, 0, 1, 3], BLUE_HAND])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=6))  # 1, Level down: its action (1) is also a card kind held
    assert refused(s, "range_card", 6) == [
        "this card is already chosen for the action this turn (Players Turn, step 4)"
    ]


def offered(s: State, kind: str, field: str) -> list[object]:
    return [s.describe_action(a)[field] for a in s.legal_actions() if s.describe_action(a)["kind"] == kind]


def test_players_turn_step_4_the_chosen_cards_are_set_aside_the_others_stay_free() -> None:
    """Step 4: each card serves once; every card not chosen yet stays free for the next purpose
    (a Wild only as a Wild, never as a numbered card)."""
    s = table(tokens=OPEN_TOKENS, hands=[[0, 1, 2, WILD], BLUE_HAND])
    assert offered(s, "distance_card", "card") == [0, 1, 2]
    play(s, act(s, "distance_card", card=2))
    assert offered(s, "action_card", "card") == [0, 1]
    play(s, act(s, "action_card", card=0))
    assert offered(s, "range_card", "card") == [1]


def test_kick_off_the_game_novices_play_two_cards_and_keep_the_rest() -> None:
    """Novice play (a fixed range): only the distance and action cards leave the hand."""
    s = PangaeaGame(players=2, data={"world_rows": ROWS, "stars": CORNER_STARS, "locator": (4, 1)}, ranges="single")
    state = s.new_initial_state()
    force(state, *OPEN_TOKENS, 6, 0, 1, 3, *BLUE_HAND)
    play(state, act(state, "start", space=[4, 2]))
    play(state, act(state, "start", space=[6, 2]))
    play(state, act(state, "distance_card", card=6))
    play(state, act(state, "action_card", card=0))
    play(state, act(state, "direction", direction="E"))
    assert [c["kind"] for c in view(state)["players"][0]["hand"]] == [1, 3]
    assert told(
        state,
        "Red chooses [1 Level down 3 horizontal Moon] for the distance: 1.",
        "Red chooses [1 Level up 1 space Moon] for the action: Level up.",
        "Red moves the Event locator right.",
        "Red plays: 1 spaces, Level up, range 1 space.",
        "The Event locator moves 1 right to r4c2.",
    )


def test_players_turn_step_6_no_build_without_a_shelter_left() -> None:
    s = table(shelters_per_player=1)
    quiet(s, "build", draws=(4,))  # the only Shelter
    blue_walks(s, 1)
    quiet(s, "move", space=[4, 5])
    blue_walks(s, 2)
    play(s, act(s, "keep"))
    assert "build" not in kinds(s) and view(s)["players"][0]["shelters_left"] == 0


def test_some_general_basic_rules_a_brontosaurus_moves_once_a_round() -> None:
    s = begin([[MOON_1_UP, MOON_4_DINO, 2, 3], OTHER], [[4, 1], [4, 7]])
    choose(s, MOON_1_UP, MOON_4_DINO, direction=NE)  # a Dinosaur action on r4c5 alone
    play(s, act(s, "dino_place", dino=2, space=[4, 5]))
    play(s, act(s, "dino_move", dino=2))  # Red walks the Brontosaurus in step 6
    force(s, 4, 5)  # Red's refill
    play(s, act(s, "keep"))  # Blue's step 6
    assert 2 not in offered(s, "dino_move", "dino")


# ===== Evolution Cards, the second seat's cards =================================================
def test_evolution_cards_t_rex_protection_of_the_second_seat_walking_onto_a_t_rex() -> None:
    s = protected_red("trex_guard", first=1)
    play(s, act(s, "move_harvest", space=[4, 2]))
    assert s.current_player() == 1 and kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["players"][1]["explorer"] == [4, 2] and v["world"]["dinos"][0]["at"] is None
    assert told(s, "Blue harvests at r4c2.")
    assert first_cards(s) == [("trex_guard", False)]


def test_evolution_cards_brontosaurus_protection_of_the_second_seat() -> None:
    s = with_card("bronto_guard", first=1)
    blue_plays(s, 3, 23)  # a Dinosaur on r4c4, the Shelter of seat 1
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus
    assert s.current_player() == 1 and kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 4], "seats": [1], "special": []}]
    assert v["world"]["dinos"][2]["at"] is None and first_cards(s) == [("bronto_guard", False)]


def test_evolution_cards_shelter_move_of_the_second_seat_before_a_brontosaurus() -> None:
    s = table_blue_first()
    red_scores(s, ("sea", "trex_guard", "build_anywhere", "shelter_move"))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5, swap=(20, WILD))
    quiet(s, "move_harvest", space=[4, 3], activate="shelter_move")
    blue_plays(s, 3, 23)
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus onto the Shelter of seat 1
    assert s.current_player() == 1 and kinds(s) == {"shelter_move", "no_shelter_move"}
    play(s, act(s, "shelter_move", space=[4, 5]))
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 5], "seats": [1], "special": []}]
    assert told(s, "Blue moves a Shelter from r4c4 to r4c5.")
    assert v["world"]["dinos"][2]["at"] == [4, 4] and first_cards(s) == [("shelter_move", False)]


def test_evolution_cards_brontosaurus_protection_is_asked_only_for_a_shelter_under_attack() -> None:
    s = with_card("bronto_guard")
    blue_plays(s, 2, 23)  # a Dinosaur on r4c3: Red's Explorer, no Shelter
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus
    assert s.current_player() == 1 and view(s)["phase"] == "step6"
    assert view(s)["world"]["dinos"][2]["at"] == [4, 3] and red_cards(s) == [("bronto_guard", True)]


# ===== Rules of Change, Earthquake: supplies ====================================================
def test_rules_of_change_board_tiles_taken_for_two_changes_of_one_range() -> None:
    """Level up over 3 horizontal spaces with no level 2 tile beside the board: r4c1 (sea) takes a
    level 1 tile from the supply, r4c2 and r4c3 each a level 2 tile from the board, in turn."""
    supply = (0, 24, 0, 6, 0, 10, 10, 20, 8)
    s = table(tokens=OPEN_TOKENS, hands=[[6, 0, 1, 3], BLUE_HAND], tile_supply=supply)
    play(s, act(s, "distance_card", card=6))
    play(s, act(s, "action_card", card=0))  # level up
    play(s, act(s, "range_card", card=1))  # 3 horizontal
    play(s, act(s, "direction", direction="E"))  # r4c1, r4c2, r4c3
    play(s, act(s, "take_tile", space=[6, 5]))
    assert kinds(s) == {"take_tile"}
    play(s, act(s, "take_tile", space=[4, 5]))
    v = view(s)
    assert v["world"]["tiles"][4] == ".12221......" and v["world"]["tiles"][6] == "..1121......"
    assert v["phase"] == "step6"


def test_earthquake_no_stick_left_to_place_or_move_ends_it() -> None:
    rows = [*ROWS[:5], "..1111......", *ROWS[6:]]  # row 5 joins the two strips
    s = table(tokens=OPEN_TOKENS, hands=[[1, 2, 6, 3], [25, 21, 22, 23]], crack_sticks=2, rows=rows)
    play(s, act(s, "distance_card", card=1))
    play(s, act(s, "action_card", card=2))  # earthquake
    play(s, act(s, "range_card", card=6))  # 3 horizontal
    play(s, act(s, "direction", direction="E"))
    play(s, s.legal_actions()[0])
    play(s, s.legal_actions()[0])
    assert view(s)["phase"] == "step6" and len(view(s)["world"]["cracks"]) == 2


# ===== Alliances ================================================================================
def alliance(hand: list[int]) -> State:
    """As in test_pangaea_choices: three players; Red and Blue share a Shelter on r4c3 (Red's
    Explorer there, Blue's on r4c2), beside the volcano on r4c4; Red holds ``hand`` less its first
    card plus a Wild and is to play step 4."""
    rows = ["." * 12] * 4 + ["..22V.......", "." * 12, "." * 12, "......1....."] + ["." * 12] * 2
    stars = [(4, 2), (4, 3), (7, 6), (7, 6)]
    s = table(n=3, hands=[hand, BLUE_HAND, [30, 31, 32, 33]], rows=rows, stars=stars, starts=[[4, 2], [4, 3], [7, 6]])
    quiet(s, "move", space=[4, 3])
    quiet(s, "build")
    force(s, 24)
    quiet(s, "pass")
    quiet(s, "build", swap=(hand[0], WILD), draws=(26,))  # Red shares the space: an alliance
    quiet(s, "move", space=[4, 2])
    quiet(s, "pass")
    play(s, act(s, "continue"))
    return s


def test_alliances_a_dinosaur_goes_where_it_harms_no_ally() -> None:
    """A T-Rex may not take Blue's Explorer (r4c2) nor a Brontosaurus the shared Shelter (r4c3);
    the T-Rex may go where only Red's own Explorer stands, the Brontosaurus where no Shelter is."""
    s = alliance([0, 6, 5, 3])
    play(s, act(s, "distance_wild", distance=1))  # r4c2
    play(s, act(s, "action_card", card=5))  # a Dinosaur
    play(s, act(s, "range_card", card=6))  # 3 horizontal: r4c1 (sea), r4c2, r4c3
    play(s, act(s, "direction", direction="E"))
    placed = [(s.describe_action(a)["dino"], s.describe_action(a)["space"]) for a in s.legal_actions()]
    assert placed == [(0, [4, 3]), (2, [4, 2])]


def test_alliances_a_harmless_action_is_not_forfeit() -> None:
    s = alliance([0, 6, 5, 3])
    play(s, act(s, "distance_wild", distance=0))
    play(s, act(s, "action_card", card=3))  # level up on the Event locator's sea space
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="E"))
    assert view(s)["world"]["tiles"][4] == ".122V......." and view(s)["phase"] == "step6"


# ===== Players Turn =============================================================================
def test_players_turn_each_turn_counts_once_and_begins_without_a_direction() -> None:
    s = table()
    assert view(s)["turn"] == 1 and view(s)["direction"] is None
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    assert view(s)["turn"] == 3


# ===== Asteroid board, Symbol Cards ===============================================================
def test_asteroid_board_symbol_cards_the_centre_always_shows_one_symbol() -> None:
    """Set-up: with every question mark showing all four symbols, the centre's own token is drawn
    from the single-symbol tokens only, whatever is left of the others."""
    s = PangaeaGame(players=2, data={"symbol_tokens": (1, 1, 1, 1, 5)}).new_initial_state()
    force(s, 4, 4, 4, 4)  # the question marks: all symbols
    assert view(s)["ring"] == ["A", "all", "all", "all", "all"] and view(s)["centre"] is None
    assert s.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    rng = random.Random(1)
    assert {s.clone().sample_chance(rng) for _ in range(40)} == {0, 1, 2, 3}
    force(s, 2)
    assert view(s)["centre"] == "volcano" and view(s)["ring"] == ["A", "all", "all", "all", "all"]
    assert s.log(None)[-1]["text"] == "The centre of the asteroid board shows Volcano."


def test_evolution_cards_t_rex_protection_of_the_second_seat_when_a_t_rex_lands() -> None:
    s = with_card("trex_guard", first=1)
    blue_plays(s, 2, 23)  # a Dinosaur on r4c3, the Explorer of seat 1
    play(s, act(s, "dino_place", dino=0))  # a T-Rex
    assert s.current_player() == 1 and kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["players"][1]["explorer"] == [4, 3] and v["world"]["dinos"][0]["at"] is None
