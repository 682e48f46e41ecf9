"""Dino Race rules: The game turn: 1) Draw cards and 2) Play and swap cards.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import pytest
from race_helpers import (
    DE,
    EGG,
    ERUPTION,
    JU,
    PL,
    PUSH,
    STEAL,
    SW,
    TRACK,
    TWO_CARDS,
    WILD,
    hand,
    roll,
    table,
    tile_of,
)

from dinobox import IllegalActionError, load_game
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A


# ----- 1) Draw cards --------------------------------------------------------------------------
def test_draw_cards_one_per_dino_still_on_track() -> None:
    state = table(hands=[[DE] * 5, [JU] * 5])
    # seat 0 plays its dino on tile 2 home? Simpler: check the draw count at seat 1's turn start.
    roll(state, TWO_CARDS)
    force(state, PL, PL, PL, PL)  # two cards each, from the current player round
    assert state.is_chance_node()  # seat 1's own draw phase: two dinos on the track
    force(state, PL, PL)
    assert state.current_player() == 1
    assert state.view(1)["players"][1]["hand_count"] == 5 + 2 + 2


def test_draw_cards_reshuffle_the_discards_when_the_deck_runs_out() -> None:
    game = load_game("dino-race", players=2, data={"cards": [2, 2, 2, 2, 2, 2, 2, 2]})
    state = game.new_initial_state()
    force(state, *TRACK)
    force(state, PL, PL, DE, DE, SW)
    force(state, SW, JU, JU, WILD, WILD)
    force(state, 0, 1, 2, 3)
    force(state, PUSH, PUSH)
    assert state.view(0)["deck_count"] == 4  # 16 cards - 10 dealt - 2 drawn
    for pair, drawn in (((PL, PL), EGG), ((DE, DE), EGG), ((EGG, EGG), STEAL), ((PUSH, PUSH), STEAL)):
        play(state, A.SWAP + A.PAIR_INDEX[pair])
        force(state, drawn)
    assert state.view(0)["deck_count"] == 0
    play(state, A.SWAP + A.PAIR_INDEX[(STEAL, STEAL)])
    # the deck was empty: the ten discarded cards became the new deck before the draw
    view = state.view(0)
    assert view["deck_count"] == 10 and view["discard"] == {}
    assert any("shuffled" in e["text"] for e in state.log(0))


# ----- 2) Play and swap cards -------------------------------------------------------------------
def test_playing_movement_cards_matching_card_moves_one_tile() -> None:
    state = table(hands=[[DE, SW, SW, SW, SW], [JU] * 5])
    legal = state.legal_actions()
    assert A.MOVE_MATCH + 0 in legal  # dino on tile 1, next tile 2 is desert
    assert A.MOVE_MATCH + 1 in legal  # dino on tile 2, next tile 3 is swamp
    play(state, A.MOVE_MATCH + 0)
    assert tile_of(state, 0) == 2
    assert state.view(0)["discard"] == {"desert": 1}
    assert "desert" not in hand(state, 0)


def test_playing_movement_cards_wildcard_moves_to_any_terrain() -> None:
    state = table(hands=[[WILD, PL, PL, PL, PUSH], [JU] * 5])
    play(state, A.MOVE_WILD + 1)
    assert tile_of(state, 1) == 3


def test_playing_movement_cards_three_of_a_kind_only_without_the_right_card() -> None:
    state = table(hands=[[PL, PL, PL, PUSH, STEAL], [JU] * 5], draws=(SW, JU))
    legal = state.legal_actions()
    # dino 0 needs desert: no desert, no wildcard -> three plains may stand in
    assert A.MOVE_TRIPLE + 8 * 0 + PL in legal
    # dino 1 needs swamp and a swamp card is in hand -> no triple for it
    assert A.MOVE_TRIPLE + 8 * 1 + PL not in legal
    with pytest.raises(IllegalActionError, match="Playing movement cards"):
        state.apply_action(A.MOVE_TRIPLE + 8 * 1 + PL)
    play(state, A.MOVE_TRIPLE + PL)
    assert tile_of(state, 0) == 2
    assert state.view(0)["discard"] == {"plains": 3}


def test_playing_special_cards_need_an_opponent_on_the_same_tile() -> None:
    state = table(hands=[[PUSH, DE, SW, SW, SW], [JU] * 5])
    assert A.PUSH + 2 in state.legal_actions()  # seat 1's dino 2 shares tile 1
    play(state, A.MOVE_MATCH + 0, A.MOVE_MATCH + 0)  # now on tile 3 alone with dino 1 of seat 0
    assert tile_of(state, 0) == 3
    # seat 1's dinos are on tiles 1 and 2; seat 0's on 3 and 2: dino 3 shares tile 2 with dino 1
    legal = state.legal_actions()
    assert A.PUSH + 3 in legal and A.PUSH + 2 not in legal


def test_push_back_moves_the_opponent_back_one_tile() -> None:
    state = table(hands=[[PUSH, SW, SW, SW, SW], [JU] * 5])
    play(state, A.PUSH + 3)  # seat 1's dino on tile 2, shared with seat 0's dino 1
    assert tile_of(state, 3) == 1


def test_push_back_from_tile_one_onto_the_quiet_volcano() -> None:
    state = table(hands=[[PUSH, SW, SW, SW, SW], [JU] * 5])
    play(state, A.PUSH + 2)
    assert tile_of(state, 2) == 0  # the quiet volcano tile is behind tile 1
    # a dino on the volcano tile cannot be pushed further back
    state2 = table(hands=[[PUSH, PUSH, SW, SW, SW], [JU] * 5])
    play(state2, A.PUSH + 2)
    assert A.PUSH + 2 not in state2.legal_actions()


def test_push_back_onto_the_active_volcano_costs_a_drop_and_a_random_card() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)  # egg owner (seat 0) discards, drops, passes the egg
    play(state, A.erupt_egg_base(12) + 1)  # egg to seat 1; the volcano becomes active
    assert state.view(None)["volcano_active"]
    force(state, PUSH, PUSH)  # seat 1's draw
    play(state, A.PUSH + 0)  # seat 1 pushes seat 0's dino on tile 1 toward the active volcano
    # seat 0 discarded the whole hand in the eruption, so it has no card to lose
    assert state.current_player() == 1
    view = state.view(None)
    assert tile_of(state, 0) == 1
    assert view["players"][0]["lava_drops"] == 2  # eruption + blocked push


def test_push_back_onto_lava_stays_and_pays() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    roll(state, ERUPTION)
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PUSH, DE)  # seat 1 draws
    play(state, A.MOVE_MATCH + 0)  # seat 1's dino 2: tile 1 -> 2 (desert)
    roll(state, ERUPTION)  # seat 1 holds the egg now
    play(state, A.erupt_egg_base(12) + 0)  # egg back to seat 0; lava covers tile 1
    assert state.view(None)["track"][0]["lava"]
    # seat 0's dino 0 stood on tile 1 and was carried to tile 2 (drop + random discard, no cards)
    assert tile_of(state, 0) == 2
    force(state, PUSH, SW)  # seat 0's draw
    roll(state, TWO_CARDS)  # everyone draws two: seat 1 gets cards to lose
    force(state, PL, PL, PL, PL)
    force(state, DE, DE)  # seat 1's draw
    roll(state, JU)  # nobody stands on jungle
    force(state, SW, SW)  # seat 0's draw
    before = state.view(None)["players"][1]
    play(state, A.PUSH + 2)  # push seat 1's dino 2 (tile 2) back onto lava
    assert tile_of(state, 2) == 2
    force(state, PL)  # seat 1 loses a random card
    after = state.view(None)["players"][1]
    assert after["lava_drops"] == before["lava_drops"] + 1
    assert after["hand_count"] == before["hand_count"] - 1


def test_throw_the_egg_owner_gives_the_egg() -> None:
    state = table(hands=[[EGG, SW, SW, SW, SW], [JU] * 5])
    legal = state.legal_actions()
    assert A.GIVE_EGG + 1 in legal and A.TRIP + 2 not in legal
    play(state, A.GIVE_EGG + 1)
    assert state.view(None)["egg"] == 1


def test_throw_the_egg_trips_and_standing_up_costs_two_cards_next_turn() -> None:
    state = table(hands=[[SW] * 5, [EGG, DE, SW, SW, SW]])
    roll(state, TWO_CARDS)
    force(state, PL, PL, PL, PL)
    force(state, PL, PL)  # seat 1's draw
    assert A.TRIP + 0 in state.legal_actions()
    with pytest.raises(IllegalActionError, match="only the egg owner"):
        state.apply_action(A.GIVE_EGG + 0)
    play(state, A.TRIP + 0)
    assert state.view(None)["dinos"][0]["down"]
    roll(state, JU)  # jungle: nobody stands on a jungle tile
    force(state, JU, JU)  # seat 0's draw: two dinos still on the track
    legal = state.legal_actions()
    assert A.ROLL not in legal and A.STAND_UP + A.PAIR_INDEX[(PL, PL)] in legal, "owed before the roll"
    with pytest.raises(IllegalActionError, match="stand up"):
        state.apply_action(A.ROLL)
    play(state, A.STAND_UP + A.PAIR_INDEX[(PL, PL)])
    assert not state.view(None)["dinos"][0]["down"]
    assert A.ROLL in state.legal_actions()


def test_throw_the_egg_standing_up_is_owed_this_turn_before_the_dino_moves() -> None:
    """The two-card discard is owed in the owner's next turn, at any time before the tripped dino
    moves: other plays come first if they leave two cards for it; the roll waits for it."""
    state = table(hands=[[SW] * 5, [EGG, DE, PL, PL, PL]])
    while sum(hand(state, 0).values()) > 1:  # seat 0 swaps down to a single card (a jungle)
        cards = [t for t, key in enumerate(("plains", "desert", "swamp")) for _ in range(hand(state, 0).get(key, 0))]
        cards += [JU] * hand(state, 0).get("jungle", 0)
        play(state, A.SWAP + A.PAIR_INDEX[(min(cards[:2]), max(cards[:2]))])
        force(state, JU)
    assert hand(state, 0) == {"jungle": 1}
    roll(state, JU)  # nobody stands on a jungle tile
    force(state, PL, PL)  # seat 1's draw
    play(state, A.TRIP + 0)  # dino 0 (tile 1) is tripped
    roll(state, JU)
    force(state, DE, SW)  # seat 0's draw: desert, swamp, jungle in hand
    legal = state.legal_actions()
    assert A.MOVE_MATCH + 1 in legal  # the other dino may run first (next tile 3: swamp)
    assert A.MOVE_MATCH + 0 not in legal  # the tripped dino cannot move (next tile 2: desert)
    assert A.ROLL not in legal
    stand_ups = {A.STAND_UP + A.PAIR_INDEX[pair] for pair in ((DE, SW), (DE, JU), (SW, JU))}
    assert stand_ups <= set(legal)
    with pytest.raises(IllegalActionError, match="stand up"):
        state.apply_action(A.ROLL)
    # Boundary: after running with one card, the last two cards are kept for the stand-up.
    ran = state.clone()
    play(ran, A.MOVE_MATCH + 1)
    assert ran.legal_actions() == [A.STAND_UP + A.PAIR_INDEX[(DE, JU)]]
    play(ran, A.STAND_UP + A.PAIR_INDEX[(DE, JU)])
    assert ran.legal_actions() == [A.ROLL] and not ran.view(None)["dinos"][0]["down"]
    # Standing up first: the dino may then move with its desert, and the roll is open.
    stood = state.clone()
    play(stood, A.STAND_UP + A.PAIR_INDEX[(SW, JU)])
    assert {A.MOVE_MATCH + 0, A.ROLL} <= set(stood.legal_actions())


def test_steal_a_card_takes_a_random_card_seen_only_by_thief_and_victim() -> None:
    state = table(hands=[[STEAL, SW, SW, SW, SW], [WILD, DE, DE, DE, DE]])
    play(state, A.STEAL + 1)
    assert dict(state.chance_outcomes()) == {DE: 0.8, WILD: 0.2}
    force(state, WILD)
    assert hand(state, 0).get("wild") == 1
    assert "wild" not in hand(state, 1)
    assert any("steals Wildcard" in e["text"] for e in state.log(0))
    assert any("steals Wildcard" in e["text"] for e in state.log(1))
    assert not any("Wildcard" in e["text"] for e in state.log(None))


def test_swapping_cards_two_for_one_any_number_of_times() -> None:
    state = table(hands=[[PL, PL, PL, PL, PL], [JU] * 5])
    for _ in range(3):
        pair = (JU, PL) if hand(state, 0).get("jungle") else (PL, PL)
        play(state, A.SWAP + A.PAIR_INDEX[pair])
        force(state, DE)
    assert sum(hand(state, 0).values()) == 7 - 3
    assert state.current_player() == 0
