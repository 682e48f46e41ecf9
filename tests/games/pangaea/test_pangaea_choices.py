"""Pangaea: Evolution cards and the choices the rulebook leaves to the players (which board tile,
which crack stick, whether to use a protection card, re-entering at the lightning), Alliances
with earthquake eruptions. Public API only; chance is forced. Names follow the rulebook headings.
"""

from __future__ import annotations

from pangaea_helpers import (
    BLUE_HAND,
    NW,
    OPEN_TOKENS,
    RESHUFFLE,
    ROWS,
    WILD,
    E,
    W,
    act,
    blue_plays,
    blue_walks,
    kinds,
    level_4,
    quiet,
    red_cards,
    red_scores,
    table,
    view,
)

from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play


def level_2(card: str) -> State:
    """Red holds an active level 2 card (bought for a level 1 card, activated in step 2); Blue
    holds a Wild and is to play. Red's Explorer is on r4c3, Red's Shelter on r4c4."""
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3], buys=("sea", card))
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 3, swap=(20, WILD))
    quiet(s, "move_harvest", space=[4, 3], activate=card)
    return s


# ===== Evolution Cards =========================================================================
def test_evolution_cards_level_2_is_activated_in_step_2_for_1_point_and_inactive_again_after_use() -> None:
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3], buys=("sea", "trex_guard"))
    assert red_cards(s) == [("trex_guard", False)]  # level 2 cards are bought inactive
    blue_walks(s, 2)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 2]))
    assert "activate" not in kinds(s)  # step 7: activation belongs to step 2 only
    play(s, act(s, "done"))
    blue_walks(s, 3, swap=(20, WILD))
    assert view(s)["phase"] == "step2" and "activate" in kinds(s)
    points = view(s)["scores"][0]
    play(s, act(s, "activate", evolution="trex_guard"))
    assert view(s)["scores"][0] == points - 1 and red_cards(s) == [("trex_guard", True)]
    assert "activate" not in kinds(s)  # one activation per turn
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 3]))
    play(s, act(s, "done"))
    blue_plays(s, 2, 23)  # a Dinosaur on r4c3, where Red's Explorer stands
    play(s, act(s, "dino_place", dino=0))  # a T-Rex
    assert s.current_player() == 0 and kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["players"][0]["explorer"] == [4, 3]  # protected
    assert v["world"]["dinos"][0]["at"] is None  # the T-Rex is removed from the board
    assert red_cards(s) == [("trex_guard", False)]  # inactive again after use


def test_evolution_cards_t_rex_protection_is_the_players_choice() -> None:
    s = level_2("trex_guard")
    blue_plays(s, 2, 23)
    play(s, act(s, "dino_place", dino=0))
    assert view(s)["pending_dino"] == {"dino": 0, "to": [4, 3]}
    play(s, act(s, "no_protection"))
    v = view(s)
    assert v["players"][0]["explorer"] is None and v["world"]["dinos"][0]["at"] == [4, 3]
    assert red_cards(s) == [("trex_guard", True)]  # kept for later
    assert v["pending_dino"] is None


def test_evolution_cards_brontosaurus_protection_is_the_players_choice() -> None:
    s = level_2("bronto_guard")
    blue_plays(s, 3, 23)  # a Dinosaur on r4c4, Red's Shelter
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus
    assert s.current_player() == 0 and kinds(s) == {"use_protection", "no_protection"}
    declined = s.clone()
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 4], "seats": [0], "special": []}]
    assert v["world"]["dinos"][2]["at"] is None and red_cards(s) == [("bronto_guard", False)]
    play(declined, act(declined, "no_protection"))
    v = view(declined)
    assert v["world"]["shelters"] == [] and v["world"]["dinos"][2]["at"] == [4, 4]


def test_evolution_cards_explorer_walking_onto_a_t_rex_may_use_the_protection() -> None:
    s = level_2("trex_guard")
    blue_plays(s, 1, 23)  # a T-Rex on r4c2, next to Red's Explorer
    play(s, act(s, "dino_place", dino=0))
    play(s, act(s, "move", space=[6, 2]))
    force(s, 24, 25)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 2]))  # onto the T-Rex
    assert kinds(s) == {"use_protection", "no_protection"}
    play(s, act(s, "use_protection"))
    v = view(s)
    assert v["players"][0]["explorer"] == [4, 2] and v["scores"][0] == 2  # harvested as well
    assert v["world"]["dinos"][0]["at"] is None


def test_evolution_cards_shelter_move_when_a_brontosaurus_is_about_to_destroy_it() -> None:
    s = level_4("shelter_move")
    assert red_cards(s) == [("shelter_move", True)]
    blue_plays(s, 3, 23)
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus onto Red's Shelter
    assert s.current_player() == 0 and kinds(s) == {"shelter_move", "no_shelter_move"}
    # within 2 spaces, where a Shelter may stand (level 2 without one of Red's)
    assert [s.describe_action(a).get("space") for a in s.legal_actions()] == [[4, 5], [6, 4], [6, 5], None]
    play(s, act(s, "shelter_move", space=[4, 5]))
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 5], "seats": [0], "special": []}]
    assert v["world"]["dinos"][2]["at"] == [4, 4]
    assert red_cards(s) == [("shelter_move", False)]


def test_evolution_cards_shelter_move_when_a_tile_change_is_about_to_destroy_it() -> None:
    s = level_4("shelter_move")
    blue_plays(s, 3, 22, range_card=21)  # a climate shift on r4c4 alone: level 2 becomes sand
    assert s.current_player() == 0 and kinds(s) == {"shelter_move", "no_shelter_move"}
    play(s, act(s, "shelter_move", space=[4, 5]))
    v = view(s)
    assert v["world"]["tiles"][4][4] == ":"
    assert v["world"]["shelters"] == [{"at": [4, 5], "seats": [0], "special": []}]


def level_4_end(card: str, countdown: int) -> State:
    """Red holds an active level 4 card; the asteroid hits at the end of Red's 6th turn at
    ``countdown - 10`` (the Event locator's row is all sea)."""
    s = table(locator=(8, 1), countdown_start=countdown)
    red_scores(s, ("sea", "trex_guard", "build_anywhere", card))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5)
    quiet(s, "move_harvest", space=[4, 3], activate=card, swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5))
    return s


def test_evolution_cards_shelter_move_once_the_impact_point_is_known() -> None:
    s = level_4_end("shelter_move", 8)
    v = view(s)
    assert v["end"]["impact_value"] == -2 and v["end"]["end_player"] == 1
    force(s, 10, 11)  # 2 + 3: the impact on row 5 (Blue: 4 cards, no Evolution card), column 4
    v = view(s)
    assert v["end"]["impact"] == [5, 4]  # Red's Shelter on r4c4 is next to it
    assert s.current_player() == 0 and kinds(s) == {"shelter_move", "no_shelter_move"}
    play(s, act(s, "shelter_move", space=[4, 5]))
    force(s, W, 15)  # Blue's debris: one space left of the impact, into the sea
    assert s.is_terminal()
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 5], "seats": [0], "special": []}]
    assert v["end"]["survived"] is True and s.winners() == [0]


def test_evolution_cards_block_a_tile_change() -> None:
    s = level_4("block")
    blue_plays(s, 3, 22, range_card=21)  # a climate shift on r4c4 alone
    assert s.current_player() == 0 and kinds(s) == {"block", "no_block"}
    assert view(s)["pending_changes"] == [[4, 4]]
    play(s, act(s, "block", space=[4, 4]))
    v = view(s)
    assert v["world"]["tiles"][4][4] == "2"
    assert v["world"]["shelters"] == [{"at": [4, 4], "seats": [0], "special": []}]
    assert red_cards(s) == [("block", False)]


def test_evolution_cards_block_lava_from_the_asteroid_but_not_the_asteroid_or_the_toxic_ring() -> None:
    s = level_4_end("block", 7)
    assert view(s)["end"]["impact_value"] == -3  # the toxic ring as well
    force(s, 10, 11)  # the impact on r5c4: Red's Shelter on r4c4 is hit
    # no block is offered against the asteroid or its toxic ring: the next decision is the
    # debris, after the impact has destroyed Red's Shelter
    assert s.current_player() == CHANCE
    force(s, NW, 15)  # Blue's debris falls one space up-left of the impact: r4c3
    v = view(s)
    assert v["world"]["shelters"] == []
    assert s.current_player() == 0 and kinds(s) == {"block", "no_block"}
    assert v["pending_changes"] == [[4, 3]]
    lava = s.clone()
    play(s, act(s, "block", space=[4, 3]))
    assert view(s)["world"]["tiles"][4][3] == "1"
    play(lava, act(lava, "no_block"))
    assert view(lava)["world"]["tiles"][4][3] == "#"


# ===== Rules of Change: an empty supply ========================================================
def test_rules_of_change_player_chooses_the_board_tile_when_a_supply_runs_out() -> None:
    supply = (0, 24, 0, 6, 0, 10, 10, 20, 8)  # no level 2 tile beside the board
    s = table(tokens=OPEN_TOKENS, hands=[[6, 0, 1, 3], BLUE_HAND], tile_supply=supply)
    play(s, act(s, "distance_card", card=6))
    play(s, act(s, "action_card", card=0))  # level up
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="E"))  # onto r4c2 (level 1)
    assert s.current_player() == 0 and kinds(s) == {"take_tile"}
    # free level 2 spaces outside the range (Red's Explorer stands on r4c4)
    assert sorted(s.describe_action(a)["space"] for a in s.legal_actions()) == [[4, 5], [6, 4], [6, 5]]
    info = s.describe_action(act(s, "take_tile", space=[6, 5]))
    assert info["tile"] == "level2" and "r6c5" in info["text"]
    play(s, act(s, "take_tile", space=[6, 5]))
    tiles = view(s)["world"]["tiles"]
    assert tiles[4][2] == "2" and tiles[6][5] == "1" and tiles[4][5] == "2"


# ===== Earthquake: reusing crack sticks ==========================================================
def test_earthquake_player_chooses_which_crack_stick_to_reuse() -> None:
    rows = [*ROWS[:5], "..1111......", *ROWS[6:]]  # row 5 joins the two strips
    s = table(tokens=OPEN_TOKENS, hands=[[1, 2, 6, 3], [25, 21, 22, 23]], crack_sticks=3, rows=rows)
    play(s, act(s, "distance_card", card=1))  # 2 spaces right: r4c3
    play(s, act(s, "action_card", card=2))  # earthquake
    play(s, act(s, "range_card", card=6))  # 3 horizontal
    play(s, act(s, "direction", direction="E"))
    for _ in range(3):
        play(s, s.legal_actions()[0])
    assert len(view(s)["world"]["cracks"]) == 3 and view(s)["world"]["sticks"] == 0
    play(s, act(s, "build"))
    play(s, act(s, "done"))
    force(s, 10, 11, 12, 13)
    play(s, act(s, "distance_card", card=25))
    play(s, act(s, "action_card", card=21))
    play(s, act(s, "range_card", card=22))
    play(s, act(s, "direction", direction="SE"))  # r6c4, three horizontal
    play(s, s.legal_actions()[0])  # the first crack: no stick in stock
    assert s.current_player() == 1 and kinds(s) == {"reuse_crack"}
    assert len(s.legal_actions()) == 3
    chosen = s.describe_action(s.legal_actions()[-1])["spaces"]
    play(s, s.legal_actions()[-1])
    cracks = view(s)["world"]["cracks"]
    assert chosen not in cracks and len(cracks) == 3 and view(s)["world"]["sticks"] == 0
    assert kinds(s) == {"crack"}
    play(s, s.legal_actions()[0])  # the second: two old sticks left to choose from
    assert kinds(s) == {"reuse_crack"} and len(s.legal_actions()) == 2


# ===== Alliances ================================================================================
def alliance(hand: list[int]) -> State:
    """Three players; Red and Blue share a Shelter on r4c3, beside the volcano on r4c4; Red
    holds ``hand`` plus a Wild and is to play (step 2)."""
    rows = ["." * 12] * 4 + ["..22V.......", "." * 12, "." * 12, "......1....."] + ["." * 12] * 2
    stars = [(4, 2), (4, 3), (7, 6), (7, 6)]
    s = table(n=3, hands=[hand, BLUE_HAND, [30, 31, 32, 33]], rows=rows, stars=stars, starts=[[4, 2], [4, 3], [7, 6]])
    quiet(s, "move", space=[4, 3])
    quiet(s, "build")  # Blue (refill: nothing, the hand limit grows to 5)
    force(s, 24)
    quiet(s, "pass")  # Green's island: every move would drown the Explorer
    quiet(s, "build", swap=(hand[0], WILD), draws=(26,))  # Red shares the space: an alliance
    quiet(s, "move", space=[4, 2])
    quiet(s, "pass")
    assert view(s)["players"][0]["allies"] == [1]
    play(s, act(s, "continue"))
    return s


def test_alliances_an_eruption_from_own_cracks_may_not_harm_an_ally() -> None:
    s = alliance([0, 2, 6, 3])
    play(s, act(s, "distance_wild", distance=2))  # r4c3, the shared Shelter's space
    play(s, act(s, "action_card", card=2))  # earthquake
    play(s, act(s, "range_card", card=6))  # 3 horizontal: r4c2, r4c3 and the volcano
    play(s, act(s, "direction", direction="E"))
    # a crack beside the volcano would erupt it and bury the allied Shelter: not offered
    offered = [s.describe_action(a)["spaces"] for a in s.legal_actions()]
    assert offered == [[[4, 2], [4, 3]]]
    play(s, s.legal_actions()[0])
    v = view(s)
    assert v["phase"] == "step6" and len(v["world"]["cracks"]) == 1  # the quake stops there
    assert v["world"]["shelters"] == [{"at": [4, 3], "seats": [0, 1], "special": []}]


def test_alliances_an_unavoidable_eruption_on_an_ally_forfeits_the_action() -> None:
    s = alliance([0, 2, 6, 3])
    play(s, act(s, "distance_wild", distance=3))  # onto the volcano
    play(s, act(s, "action_card", card=2))
    play(s, act(s, "no_range"))  # only the volcano: every crack place touches it
    play(s, act(s, "direction", direction="E"))
    v = view(s)
    assert s.log(None)[-1]["kind"] == "forfeit" and v["world"]["cracks"] == []
    assert v["phase"] == "step6" and v["world"]["tiles"][4] == "..22V......."


# ===== Asteroid board, Lightning Bolt Tile: re-entry ==============================================
def test_asteroid_board_lightning_bolt_tile_reentry_is_the_players_choice() -> None:
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move", space=[3, 4])  # into the sea: Red's Explorer is removed
    assert view(s)["players"][0]["explorer"] is None
    # Blue swaps a card while four Reshuffle cards walk the token to the lightning space
    blue_walks(s, 2, swap=(20, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 24))
    force(s, E, 39)  # the lightning: one space right (r4c2), a climate shift on level 1 (row 4: sand)
    assert view(s)["world"]["locator"] == [4, 2]
    assert s.current_player() == 0 and kinds(s) == {"reenter", "stay_off"}
    assert view(s)["phase"] == "lightning_reenter"
    back = s.clone()
    play(s, act(s, "stay_off"))
    assert view(s)["players"][0]["explorer"] is None and view(s)["round"] == 2
    play(back, act(back, "reenter"))
    assert view(back)["players"][0]["explorer"] == [4, 2]
    # in step 3 of the player's own turn the re-entry is optional as well
    assert s.current_player() == 0 and kinds(s) == {"reenter", "stay_off"} and view(s)["phase"] == "step3"


# ===== describe_action ==========================================================================
def test_describe_action_keeps_the_int_under_action() -> None:
    s = table(tokens=OPEN_TOKENS, hands=[[WILD, WILD, 0, 1], BLUE_HAND])
    play(s, act(s, "distance_wild", distance=1))
    for a in s.legal_actions():
        info = s.describe_action(a)
        assert info["action"] == a and isinstance(info["text"], str)
    verbs = {s.describe_action(a).get("verb") for a in s.legal_actions()}
    assert {"up", "down", "climate", "earthquake", "dino"} <= verbs


def test_alliances_a_dinosaur_that_can_only_harm_an_ally_is_forfeit() -> None:
    rows = ["." * 12] * 4 + ["..22V.......", "." * 12, "." * 12, "......1....."] + ["." * 12] * 2
    stars = [(4, 2), (4, 3), (7, 6), (7, 6)]
    s = table(
        n=3, hands=[[0, 2, 5, 3], BLUE_HAND, [30, 31, 32, 33]], rows=rows, stars=stars, starts=[[4, 2], [4, 3], [7, 6]]
    )
    quiet(s, "move", space=[4, 3])
    quiet(s, "build", draws=(24,))  # Blue's Shelter on r4c3
    quiet(s, "pass")
    quiet(s, "build", draws=(26,))  # Red's too: an alliance
    quiet(s, "move", space=[4, 2])
    quiet(s, "pass")
    quiet(s, "move", space=[4, 2], swap=(0, WILD))  # Red swaps a card for a Wild
    quiet(s, "move", space=[4, 3])  # Blue back on the shared space
    quiet(s, "pass")
    play(s, act(s, "continue"))
    play(s, act(s, "distance_wild", distance=2))  # r4c3: Blue's Explorer and the allied Shelters
    play(s, act(s, "action_card", card=5))  # a Dinosaur on that one space
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="E"))
    # a T-Rex would take Blue's Explorer, a Brontosaurus Blue's Shelter: the action is forfeit
    v = view(s)
    assert s.log(None)[-1]["kind"] == "forfeit" and v["phase"] == "step6"
    assert all(d["at"] is None for d in v["world"]["dinos"])
