"""Dino Race rules: 3) Roll the event die: terrain, Two cards, the Eruption and the lava.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import random

import pytest
from race_helpers import (
    DE,
    ERUPTION,
    JU,
    PL,
    PUSH,
    SW,
    TWO_CARDS,
    roll,
    table,
    tile_of,
)

from dinobox import CHANCE, load_game
from dinobox.engine.runner import random_playout
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A


# ----- 3) Roll the event die ----------------------------------------------------------------------
def test_roll_the_event_die_terrain_draws_per_dino_on_that_terrain() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, PL)  # tile 1 is plains: each player has one dino there
    assert state.is_chance_node()
    force(state, DE)  # seat 0 (current player first)
    force(state, DE)  # seat 1
    force(state, JU, JU)  # seat 1's own turn draw
    view = state.view(None)
    assert [p["hand_count"] for p in view["players"]] == [7 + 1, 5 + 1 + 2]


def test_roll_the_event_die_two_cards_for_everyone() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, TWO_CARDS)
    force(state, PL, PL, PL, PL, JU, JU)
    assert [p["hand_count"] for p in state.view(None)["players"]] == [9, 9]


def test_the_volcano_erupts_first_time_activates_the_volcano() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)
    view = state.view(None)
    assert view["players"][0]["hand_count"] == 0  # the egg owner discards the whole hand
    assert view["players"][0]["lava_drops"] == 1
    assert state.current_player() == 0 and state.legal_actions() == [A.erupt_egg_base(12) + 1]
    play(state, A.erupt_egg_base(12) + 1)
    view = state.view(None)
    assert view["egg"] == 1
    assert view["volcano_active"] and view["lava_tiles"] == 0


def test_the_volcano_erupts_again_lava_flips_the_nearest_tile_and_carries_dinos() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PL, PL)  # seat 1's draw
    roll(state, ERUPTION)  # seat 1 holds the egg
    play(state, A.erupt_egg_base(12) + 0)
    # tile 1 turns to lava: dinos 0 (seat 0) and 2 (seat 1) move to tile 2
    assert state.view(None)["lava_tiles"] == 1
    assert tile_of(state, 0) == 2 and tile_of(state, 2) == 2
    # seat 1 (current player) first: it loses a random card; seat 0 has none left
    force(state, PL)
    view = state.view(None)
    assert view["players"][0]["lava_drops"] == 1 + 1
    assert view["players"][1]["lava_drops"] == 1 + 1


def test_the_volcano_erupts_two_dinos_of_one_owner_cost_two_drops_and_two_cards() -> None:
    # The volcano erupts: the card and the drop are paid per dino moved (rules.md, Assumptions).
    state = table(players=3, hands=[[PUSH, SW, SW, SW, SW], [JU] * 5, [PL] * 5])
    play(state, A.PUSH + 3)  # seat 1's dino 3 back to tile 1, beside its dino 2
    assert tile_of(state, 2) == tile_of(state, 3) == 1
    roll(state, ERUPTION)  # seat 0 holds the egg: discards its hand, a drop
    play(state, A.erupt_egg_base(12) + 2)  # egg to seat 2; the volcano becomes active
    force(state, JU, JU)  # seat 1's draw: 7 cards
    roll(state, ERUPTION)  # seat 2 (egg) discards its hand and takes a drop
    play(state, A.erupt_egg_base(12) + 0)  # tile 1 turns to lava: dinos 0, 2, 3 and 4 move on
    assert [tile_of(state, d) for d in (0, 2, 3, 4)] == [2, 2, 2, 2]
    assert state.current_player() == CHANCE
    force(state, JU, JU)  # seat 1 loses two random cards, one per dino
    texts = [e["text"] for e in state.log(None)]
    assert texts.count("Blue discards Jungle at random.") == 2
    assert texts.count("Green has no card in hand to lose.") == 1
    view = state.view(None)
    assert [p["lava_drops"] for p in view["players"]] == [2, 2, 2]
    assert [p["hand_count"] for p in view["players"]] == [0, 5, 0]
    assert state.view(None)["turn_player"] == 2  # the next turn begins (with seat 2's draw)


def test_the_volcano_erupts_the_log_says_when_an_empty_hand_loses_nothing() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PL, PL)
    roll(state, ERUPTION)
    play(state, A.erupt_egg_base(12) + 0)  # tile 1 carries dinos 2 and 0; both hands are empty
    texts = [e["text"] for e in state.log(None)]
    assert texts[-7:] == [
        "The lava drives Blue dino 1 forward to tile 2.",
        "Blue takes a lava drop.",
        "The lava drives Red dino 1 forward to tile 2.",
        "Red takes a lava drop.",
        "Blue has no card in hand to lose.",
        "Red has no card in hand to lose.",
        "Red's turn.",
    ]
    assert not any("random" in t for t in texts)


def test_push_back_onto_lava_with_an_empty_hand_logs_no_discard() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PUSH, PUSH)
    play(state, A.PUSH + 0)  # toward the active volcano; seat 0 has no card
    texts = [e["text"] for e in state.log(None)][-3:]
    assert texts[1:] == ["Red takes a lava drop.", "Red has no card in hand to lose."]


def test_lava_carries_a_dino_onto_the_last_tile_which_finishes_it() -> None:
    state = table(players=2, hands=[[SW] * 5, [JU] * 5], track=(PL,) * 3 + (DE,) * 3 + (SW,) * 3 + (JU,) * 3)
    # walk seat 0's dino 1 down to tile 11 with wildcards forced into its draws
    rng = random.Random(0)
    # Drive a random game until a dino is carried home by the lava; check it took a prize.
    for seed in range(200):
        s = load_game("dino-race", players=4).new_initial_state()
        random_playout(s, random.Random(seed))
        texts = [e["text"] for e in s.log(None)]
        carried_home = [i for i, t in enumerate(texts) if "drives" in t and "the finish" in t]
        if carried_home:
            after = texts[carried_home[0] :]
            assert any("crosses the finish line" in t for t in after)
            break
    else:
        pytest.fail("no game carried a dino home")
    assert state.current_player() == 0 and rng
