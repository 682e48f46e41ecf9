"""Pangaea rules: Players Turn and its steps, the Actions decided by the player, Evolution Cards.

Through the public contract only; chance is forced: symbol tokens, STAR cards (kinds 0..39
numbered, 40 Wild, 41 Reshuffle), Direction cards (0 = up-right, clockwise). Test names follow the
rulebook's headings.
"""

from __future__ import annotations

import random

from pangaea_helpers import (
    MOON_1_UP,
    MOON_2_DOWN,
    MOON_2_QUAKE,
    MOON_3_CLIMATE,
    MOON_4_DINO,
    NE,
    OTHER,
    RESHUFFLE,
    SUN_2_UP,
    WILD,
    E,
    act,
    begin,
    choose,
    legal_kinds,
    world,
)

from dinobox.engine.state import CHANCE
from dinobox.engine.testing import force, play
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea import walks
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.data import DEFAULT_DATA
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.rules import PangaeaState


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


def test_players_turn_every_seat_has_the_shared_steps_of_its_turn() -> None:
    """The steps of a turn are made once per seat (``flow.MAX_SEATS``) for every seat a game
    may have, and the legal choices come out sorted without a sort in ``Decision.due``."""
    assert PangaeaGame.max_players <= F.MAX_SEATS
    game = PangaeaGame(players=PangaeaGame.max_players)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        state.apply_action(rng.choice(legal))


def test_players_turn_step_6_explorer_walks_round_a_crack() -> None:
    """The 2-step table agrees with a walk step by step: a neighbour behind a crack is 2 steps away."""
    state = PangaeaGame(players=2).new_initial_state()
    w = state.world
    geo = w.geo
    start = geo.space(4, 3)
    w.explorers = Wd.with_item(w.explorers, 0, start)
    east = geo.nb[start][1]
    w.cracks = (geo.edge_code[start * geo.n + east],)
    ones, twos = walks.explorer_moves(w, 0)
    assert east not in ones and ones == sorted(ones) and twos == sorted(twos)
    assert (east in twos) == any(
        w.explorer_ok(j, 0) and j in geo.nb[east] and not w.blocked(j, east)
        for j in geo.nb[start]
        if j >= 0 and not w.blocked(start, j)
    )
