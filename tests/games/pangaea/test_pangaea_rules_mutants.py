"""Pangaea rules the mutation run of ``rules`` (the state, the score chart, the cards) and the other
table modules found untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score",
docs/mutation.md): each test kills surviving mutants and is named after the rulebook section it
pins. Public API only; chance is forced (STAR cards: kinds 0..39 numbered, 40 Wild, 41 Reshuffle)
or seeded."""

from __future__ import annotations

import random
from typing import Any

from pangaea_helpers import (
    BLUE_HAND,
    MOON_1_DOWN,
    RED_HAND,
    ROWS,
    STARS,
    SUN_TOKENS,
    WILD,
    act,
    blue_plays,
    blue_walks,
    kinds,
    quiet,
    red_cards,
    table,
    view,
)
from test_pangaea_alliances import alliance_table

from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame


# ===== Score Chart ==============================================================================
def test_score_chart_the_asteroid_skips_every_number_a_cube_holds_down_to_the_end_game() -> None:
    """A cube reaching the asteroid's number pushes it down to the next free number: from 2, past
    Blue's cube on 1, to 0, and the End game is played at once."""
    s = table(countdown_start=2)
    quiet(s, "build", draws=(4,))  # Red: 1 point
    quiet(s, "move_harvest", space=[6, 3])  # Blue: 1 point
    assert view(s)["scores"] == [1, 1] and view(s)["asteroid"] == 2
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 3]))  # Red: 2, the asteroid's number
    v = view(s)
    assert v["scores"] == [2, 1] and [sum(parts.values()) for parts in v["breakdown"]] == [2, 1]
    assert v["asteroid"] == 0 and v["end"]["impact_value"] == 0
    assert s.current_player() == CHANCE
    assert any(e["kind"] == "asteroid" for e in s.log(None))


def test_score_chart_a_cube_pushing_the_asteroid_to_1_does_not_end_the_game() -> None:
    """From 2 to the free number 1: the asteroid is still above 0, the game goes on."""
    s = table(countdown_start=2)
    quiet(s, "build", draws=(4,))  # Red: 1 point
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3])  # Red: 2, the asteroid's number
    v = view(s)
    assert v["scores"] == [2, 0] and v["asteroid"] == 1
    assert "end" not in v and s.current_player() == 1 and v["phase"] == "step4"


# ===== Basic game setup =========================================================================
def test_basic_game_setup_the_table_before_the_symbol_tokens_and_the_deal() -> None:
    """Before the set-up's draws: no token on the asteroid board, both discard piles empty, every
    cube on 0 with nothing scored from any source, no starting star chosen."""
    s = PangaeaGame(players=3).new_initial_state()
    v = view(s)
    assert v["ring"] == ["A", None, None, None, None] and v["centre"] is None
    assert v["discard"] == {} and v["direction_discard"] == {}
    assert v["scores"] == [0, 0, 0]
    assert all(set(parts.values()) == {0} for parts in v["breakdown"])
    assert s.seat_roles() == {"star": [None, None, None]}


def test_kick_off_the_game_the_starting_stars_and_the_order_of_play_as_the_game_reports_them() -> None:
    """Starting positions and Kick-off: each seat's chosen star by row and column, and the order
    of play from the start player (seat 0 here; seat 2 in a three-player game)."""
    s = table()
    assert s.seat_roles() == {"star": ["r4c4", "r6c2"]}
    assert s.play_order() == [0, 1]
    assert PangaeaGame(players=3, first=2).new_initial_state().play_order() == [2, 0, 1]


# ===== A copy of the table (the engine's clone) =================================================
def _alike(seed: int, players: int, **options: Any) -> None:
    """One seeded game played twice, the second continued each step on a fresh copy of the table:
    both see the same views and choices all along, to the same end."""
    data = {"countdown_start": 10}
    one = PangaeaGame(players=players, data=data, **options).new_initial_state()
    two = one.clone()
    rng_one, rng_two = random.Random(seed), random.Random(seed)
    while not one.is_terminal():
        assert two.view(None) == one.view(None)
        assert two.legal_actions() == one.legal_actions()
        a = one.sample_chance(rng_one) if one.is_chance_node() else rng_one.choice(one.legal_actions())
        b = two.sample_chance(rng_two) if two.is_chance_node() else rng_two.choice(two.legal_actions())
        assert a == b
        one.apply_action(a)
        two = two.clone()
        two.apply_action(b)
    assert two.is_terminal() and two.view(None) == one.view(None)
    assert two.winners() == one.winners() and two.returns() == one.returns()


def test_a_copy_of_the_table_plays_on_alike_with_every_option() -> None:
    _alike(1, 3, ranges="cards")
    _alike(2, 2, ranges="horizontal", finish_round=True)
    _alike(3, 4, ranges="single", first="random")
    _alike(4, 3, ranges="horizontal", first=2)


# ===== Alliances =================================================================================
def test_alliances_two_players_on_one_shelter_space_are_no_allies() -> None:
    """For 2 players both may build on one space, and no alliance is formed."""
    s = table(starts=[[4, 4], [4, 2]])
    quiet(s, "build", draws=(4,))  # Red on r4c4
    quiet(s, "move", space=[4, 4])  # Blue joins Red there
    quiet(s, "move", space=[4, 3])
    quiet(s, "build", draws=(24,))  # Blue builds beside Red's Shelter
    v = view(s)
    assert v["world"]["shelters"] == [{"at": [4, 4], "seats": [0, 1], "special": []}]
    assert [p["allies"] for p in v["players"]] == [[], []]


# ===== Evolution Cards: protection only while active ==============================================
def inactive(card: str) -> State:
    """Red holds ``card`` (level 2) bought and never activated, Explorer on r4c3, Shelter on
    r4c4; Blue holds a Wild and is to play."""
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3], buys=("sea", card))
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 3, swap=(20, WILD))
    quiet(s, "move_harvest", space=[4, 3])
    assert red_cards(s) == [(card, False)]
    return s


def test_evolution_cards_an_inactive_t_rex_protection_does_not_protect() -> None:
    s = inactive("trex_guard")
    blue_plays(s, 2, 23)  # a Dinosaur on r4c3, Red's Explorer
    play(s, act(s, "dino_place", dino=0))  # a T-Rex
    v = view(s)
    assert s.current_player() == 1 and v["phase"] == "step6"  # nobody is asked
    assert v["players"][0]["explorer"] is None and v["world"]["dinos"][0]["at"] == [4, 3]
    assert red_cards(s) == [("trex_guard", False)]


def test_evolution_cards_an_inactive_brontosaurus_protection_does_not_protect() -> None:
    s = inactive("bronto_guard")
    blue_plays(s, 3, 23)  # a Dinosaur on r4c4, Red's Shelter
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus
    v = view(s)
    assert v["world"]["shelters"] == [] and v["world"]["dinos"][2]["at"] == [4, 4]
    assert s.current_player() == 0 and kinds(s) == {"give_back"}  # no Shelter left: a card back


# ===== STAR cards ===============================================================================
def test_star_cards_the_last_card_of_the_highest_kind_leaves_the_pile() -> None:
    """Without a Reshuffle card the single Wild is the pile's highest kind: once dealt, it is no
    longer a card the next draw can give."""
    data = {"world_rows": ROWS, "stars": STARS, "locator": (4, 1), "wild_cards": 1, "reshuffle_cards": 0}
    s = PangaeaGame(players=2, data=data).new_initial_state()
    force(s, *SUN_TOKENS, *RED_HAND[:3])
    assert WILD in s.legal_actions()
    force(s, WILD)
    assert WILD not in s.legal_actions()
    assert sorted(s.legal_actions()) == sorted(set(s.legal_actions()))
    assert [p for _, p in s.chance_outcomes()] == [1 / 37] * 37
    force(s, *BLUE_HAND)
    assert view(s)["players"][0]["hand"][3]["kind"] == WILD


def test_alliances_hold_on_a_copy_of_the_table() -> None:
    """A copy of a three-player table keeps the alliance of Red and Blue and what it forbids."""
    s = alliance_table()
    c = s.clone()
    assert [p["allies"] for p in c.view(None)["players"]] == [[1], [0], []]
    for t in (s, c):
        play(t, act(t, "distance_card", card=MOON_1_DOWN))
        play(t, act(t, "action_card", card=17))
        play(t, act(t, "range_card", card=12))
    assert c.legal_actions() == s.legal_actions() and len(s.legal_actions()) < 6
