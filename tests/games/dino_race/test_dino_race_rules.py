"""Dino Race, rule by rule. Test names follow the rulebook's section headings; situations are set
up by forcing chance outcomes through the public contract."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from pathlib import Path

import pytest

from dinobox import CHANCE, TERMINAL, IllegalActionError, load_game, make_bot
from dinobox.engine.registry import game_entry
from dinobox.engine.runner import random_playout
from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A

PL, DE, SW, JU, WILD, PUSH, EGG, STEAL = range(8)
TRACK = (PL, DE, SW, JU) * 3  # tile n has terrain TRACK[n - 1]
MANY_WILDS = {"cards": [8, 8, 8, 8, 40, 4, 4, 4]}
ERUPTION, TWO_CARDS = 5, 4


def table(
    players: int = 2,
    hands: list[list[int]] | None = None,
    prizes: list[int] | None = None,
    draws: tuple[int, ...] = (PL, PL),
    track: tuple[int, ...] = TRACK,
    data: Mapping[str, object] | None = None,
    **options: object,
) -> State:
    """A race with a forced track, hands, prize stack and first draw; seat 0 is to play."""
    game = load_game("dino-race", players=players, data=data, **options)
    state = game.new_initial_state()
    force(state, *track)
    per = 4 if options.get("teams") else 5
    hands = hands or [[(SW, JU, PL, DE)[s % 4]] * per for s in range(players)]
    for hand in hands:
        force(state, *hand)
    if not options.get("survive"):
        dinos = players * (1 if options.get("teams") else 2)
        force(state, *(prizes or list(range(dinos))))
    force(state, *draws)
    assert state.current_player() == 0
    return state


def hand(state: State, seat: int) -> dict[str, int]:
    return dict(state.view(seat)["hand"])


def tile_of(state: State, dino: int) -> int | None:
    tile: int | None = state.view(None)["dinos"][dino]["tile"]
    return tile


def roll(state: State, face: int) -> None:
    play(state, A.ROLL)
    force(state, face)


# ----- Before you play ---------------------------------------------------------------------
def test_before_you_play_track_of_twelve_tiles_three_per_terrain() -> None:
    state = load_game("dino-race", players=2).new_initial_state()
    force(state, PL, PL, PL)
    assert PL not in state.legal_actions()  # the three plains tiles are used up
    force(state, DE, DE, DE, SW, SW, SW, JU, JU)
    assert state.legal_actions() == [JU]
    force(state, JU)
    view = state.view(None)
    assert [t["terrain"] for t in view["track"]] == ["plains"] * 3 + ["desert"] * 3 + ["swamp"] * 3 + ["jungle"] * 3


def test_before_you_play_dinos_cards_prizes_and_egg() -> None:
    state = table(players=3)
    view = state.view(0)
    for seat in range(3):
        assert [tile_of(state, 2 * seat), tile_of(state, 2 * seat + 1)] == [1, 2]
    # five cards each, plus the first player's two-card draw
    assert [p["hand_count"] for p in view["players"]] == [7, 5, 5]
    assert view["prize_stack_count"] == 6  # one prize counter per dino in the race
    assert view["egg"] == 0  # the first player holds the egg
    assert view["deck_count"] == 52 - 17


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


# ----- Finish line! -----------------------------------------------------------------------------
def finish_one_dino(prizes: list[int] | None = None) -> State:
    """Seat 0 walks dino 1 from tile 2 to the finish with eleven wildcards... built by forcing."""
    state = table(hands=[[WILD] * 5, [JU] * 5], draws=(WILD, WILD), prizes=prizes, data=MANY_WILDS)
    for _ in range(7):
        play(state, A.MOVE_WILD + 1)
    assert tile_of(state, 1) == 9
    roll(state, TWO_CARDS)
    force(state, WILD, WILD, DE, DE, DE, DE)  # two each, then seat 1's draw
    roll_seat1_quietly(state)
    force(state, WILD, WILD)  # seat 0's draw
    play(state, A.MOVE_WILD + 1, A.MOVE_WILD + 1)
    assert tile_of(state, 1) == 11
    play(state, A.MOVE_WILD + 1)
    return state


def roll_seat1_quietly(state: State) -> None:
    assert state.current_player() == 1
    roll(state, JU)  # tile 1/2 are plains/desert: nobody is on jungle


def test_finish_line_the_dino_is_safe_and_its_owner_chooses_a_prize_in_secret() -> None:
    state = finish_one_dino(prizes=[0, 7, 3, 11])
    assert tile_of(state, 1) is None and state.view(None)["dinos"][1]["home"]
    assert state.current_player() == 0
    own = state.view(0)["prize_choice"]
    assert sorted(p["id"] for p in own) == [0, 3, 7, 11]
    assert "prize_choice" not in state.view(1) and "prize_choice" not in state.view(None)
    play(state, A.PRIZE + 11)
    assert [p["id"] for p in state.view(0)["players"][0]["prizes"]] == [11]
    assert "prizes" not in state.view(1)["players"][0]  # secret from the others
    assert state.view(1)["players"][0]["prize_count"] == 1
    assert state.view(None)["prize_stack_count"] == 3
    with pytest.raises(IllegalActionError):
        state.apply_action(A.PRIZE + 11)


def test_finish_line_one_dino_home_draws_one_card() -> None:
    state = finish_one_dino()
    play(state, A.PRIZE + 0)
    roll(state, JU)
    force(state, JU, JU)  # seat 1's draw
    roll_seat1_quietly(state)
    force(state, SW)  # seat 0 draws only one card: one dino left on the track
    assert state.current_player() == 0 and not state.is_chance_node()


def walk_home(state: State, seat_moves: int, stop: int) -> None:
    """Seat 0 runs with wildcards; every die shows Two cards; draws are wildcards."""
    for _ in range(400):
        if state.is_terminal() or (
            state.view(None)["players"][0]["dinos_home"] >= stop and "prize_choice" not in state.view(0)
        ):
            return
        p = state.current_player()
        if p == CHANCE:
            legal = state.legal_actions()
            if state.view(None)["phase"] == "roll":
                force(state, TWO_CARDS)
            else:
                force(state, WILD if WILD in legal else legal[0])
        elif "prize_choice" in state.view(p):
            play(state, state.legal_actions()[0])
        elif p == 0 and A.MOVE_WILD + 1 in state.legal_actions():
            play(state, A.MOVE_WILD + 1)
        elif p == 0 and A.MOVE_WILD in state.legal_actions():
            play(state, A.MOVE_WILD)
        else:
            play(state, A.ROLL)
    raise AssertionError("did not get home")


ALL_MANY = {"cards": [40, 40, 40, 40, 40, 4, 4, 4]}


def test_finish_line_both_dinos_home_with_the_egg_ends_the_game() -> None:
    state = table(hands=[[WILD] * 5, [JU] * 5], draws=(WILD, WILD), data=ALL_MANY)
    walk_home(state, 21, 2)
    force(state, 3)  # the egg counter drawn at random: the one worth 5
    assert state.is_terminal()
    view = state.view(None)
    assert view["egg_safe_by"] == 0 and view["egg_value"] == 5
    assert view["players"][0]["hand_count"] == 0  # both home: the hand is discarded
    assert view["breakdown"][0]["egg"] == 5


def test_finish_line_both_dinos_home_discard_the_hand_and_only_roll() -> None:
    state = table(hands=[[EGG, WILD, WILD, WILD, WILD], [JU] * 5], draws=(WILD, WILD), data=ALL_MANY)
    play(state, A.GIVE_EGG + 1)  # seat 1 now holds the egg
    walk_home(state, 21, 2)
    view = state.view(None)
    assert view["players"][0]["dinos_home"] == 2 and view["players"][0]["hand_count"] == 0
    assert not state.is_terminal()
    # play on until it is seat 0's turn again: no draw, no choice, only the die
    assert state.current_player() == 0 and state.legal_actions() == [A.ROLL]  # the rest of this turn
    play(state, A.ROLL)
    for _ in range(50):
        if state.view(None)["turn_player"] == 0:
            break
        p = state.current_player()
        if p == CHANCE:
            force(state, TWO_CARDS if state.view(None)["phase"] == "roll" else state.legal_actions()[0])
        else:
            play(state, A.ROLL)
    assert state.current_player() == CHANCE and state.view(None)["phase"] == "roll"
    force(state, TWO_CARDS)
    # "Two cards" applies only to players still in the race
    assert state.view(None)["players"][0]["hand_count"] == 0


def test_end_of_the_game_when_the_egg_is_safe_with_an_egg_counter() -> None:
    for seed in range(20):
        s = load_game("dino-race", players=3).new_initial_state()
        random_playout(s, random.Random(seed))
        view = s.view(None)
        holder = view["egg_safe_by"]
        assert view["players"][holder]["dinos_home"] == 2
        assert view["egg_value"] in (2, 3, 4, 5)
        assert view["breakdown"][holder]["egg"] == view["egg_value"]


# ----- Final scoring ------------------------------------------------------------------------------
def test_final_scoring_prizes_egg_drops_and_same_colour_pair() -> None:
    for seed in range(30):
        s = load_game("dino-race", players=4).new_initial_state()
        random_playout(s, random.Random(seed))
        view = s.view(None)
        for seat, p in enumerate(view["players"]):
            values = [x["value"] for x in p["prizes"]]
            colours = [x["colour"] for x in p["prizes"]]
            expected = sum(values) - p["lava_drops"]
            expected += 3 if len(colours) == 2 and colours[0] == colours[1] else 0
            expected += view["egg_value"] if view["egg_safe_by"] == seat else 0
            assert view["scores"][seat] == expected


def test_final_scoring_tie_goes_to_the_egg_bringer() -> None:
    found = 0
    for seed in range(400):
        s = load_game("dino-race", players=2).new_initial_state()
        random_playout(s, random.Random(seed))
        scores = s.scores()
        if scores[0] == scores[1]:
            found += 1
            assert s.winners() == [s.view(None)["egg_safe_by"]]
    assert found, "no tied game among 400 seeds"


# ----- Variants -----------------------------------------------------------------------------------
def test_variant_survive_no_prizes_no_drops_first_home_wins() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5], survive=True)
    view = state.view(None)
    assert view["prize_stack_count"] == 0 and view["lava_supply"] == 0
    roll(state, ERUPTION)
    assert state.view(None)["players"][0]["lava_drops"] == 0
    for seed in range(10):
        s = load_game("dino-race", players=3, survive=True).new_initial_state()
        random_playout(s, random.Random(seed))
        winner = s.winners()
        assert len(winner) == 1
        assert s.view(None)["players"][winner[0]]["dinos_home"] == 2


def test_variant_double_match_two_races_summed() -> None:
    s = load_game("dino-race", players=2, double_match=True).new_initial_state()
    random_playout(s, random.Random(3))
    view = s.view(None)
    assert len(view["race_scores"]) == 2
    assert s.scores() == [view["race_scores"][0][p] + view["race_scores"][1][p] for p in range(2)]
    log = [e["text"] for e in s.log(None)]
    assert any("Race 2 begins" in t for t in log)


def test_variant_playing_in_teams_one_dino_four_cards_and_a_pass() -> None:
    state = table(players=4, teams=True, hands=[[SW] * 4, [DE] * 4, [JU] * 4, [PL] * 4], draws=(WILD,))
    view = state.view(0)
    assert view["players"][0]["hand_count"] == 5  # four cards, plus one draw for its only dino
    assert view["players"][0]["mate"] == 2  # team-mates do not sit side by side
    legal = state.legal_actions()
    assert A.PASS + SW in legal
    play(state, A.PASS + SW)
    assert A.PASS + SW not in state.legal_actions()  # once per turn
    assert hand(state, 2).get("swamp") == 1
    assert not any("Swamp" in e["text"] for e in state.log(1))  # hidden from the opponents
    assert any("Swamp" in e["text"] for e in state.log(2))
    roll(state, TWO_CARDS)
    force(state, JU, JU, JU, JU)  # "Two cards" draws only one card each in teams
    assert state.is_chance_node()
    force(state, STEAL)  # seat 1's own draw (one dino)
    assert state.current_player() == 1


def test_variant_playing_in_teams_team_mates_talk_when_they_choose_the_prize() -> None:
    """Team-mates may talk when they choose the prize counter: the mate sees the stack and the
    choice (view and log), the opponents see neither, and a heuristic team plays for the pair."""
    short = {"tiles_per_terrain": 1, "cards": [8, 8, 8, 8, 40, 4, 4, 4]}
    hands = [[EGG, WILD, WILD, WILD], [JU] * 4, [WILD] * 4, [JU] * 4]
    # stack: red 6 (5), green 5 (10), red 4 (3), green 6 (11)
    state = table(4, hands, [5, 10, 3, 11], (WILD,), (PL, DE, SW, JU), short, teams=True)
    play(state, A.GIVE_EGG + 1)  # seat 0 must not hold the egg, or its finish would end the race
    play(state, A.MOVE_WILD, A.MOVE_WILD, A.MOVE_WILD)  # tile 1 -> the finish (tile 4)
    assert state.current_player() == 0 and state.view(None)["phase"] == "prize"
    assert [p["id"] for p in state.view(2)["mate_prize_choice"]] == [3, 5, 10, 11]
    assert "prize_choice" not in state.view(2)
    for seat in (1, 3, None):
        assert "mate_prize_choice" not in state.view(seat) and "prize_choice" not in state.view(seat)
    for seat in (0, 1, 2, 3):  # every seat's view survives its own resampling
        assert state.resample(seat, random.Random(seat)).view(seat) == state.view(seat)
    play(state, A.PRIZE + 5)
    assert [p["id"] for p in state.view(2)["players"][0]["prizes"]] == [5]
    assert "prizes" not in state.view(1)["players"][0] and "prizes" not in state.view(3)["players"][0]
    assert any("red 6" in e["text"] for e in state.log(2)) and any("green 5" in e["text"] for e in state.log(2))
    assert not any("red 6" in e["text"] or "green 5" in e["text"] for seat in (1, 3) for e in state.log(seat))
    roll(state, JU)
    force(state, WILD)  # seat 1's draw
    roll(state, JU)
    force(state, WILD)  # seat 2's draw
    play(state, A.MOVE_WILD, A.MOVE_WILD)  # tile 2 -> the finish
    assert state.current_player() == 2 and state.view(None)["phase"] == "prize"
    assert [p["id"] for p in state.view(0)["mate_prize_choice"]] == [3, 10, 11]
    for seat in (0, 1, 2, 3):
        assert state.resample(seat, random.Random(seat)).view(seat) == state.view(seat)
    # red 4 with the mate's red 6 is worth 4 + 3 to the team, more than the green 6 alone
    assert make_bot("heuristic", seed=0).choose(state) == A.PRIZE + 3


def test_variant_teams_needs_an_even_player_count() -> None:
    with pytest.raises(ValueError, match="even"):
        load_game("dino-race", players=5, teams=True)
    with pytest.raises(ValueError, match="4 to 8"):
        load_game("dino-race", players=2, teams=True)


# ----- Components and hidden information ----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_contents_components_are_conserved(players: int) -> None:
    rng = random.Random(players)
    state = load_game("dino-race", players=players).new_initial_state()
    while not state.is_terminal():
        view = state.view(None)
        cards = sum(p["hand_count"] for p in view["players"]) + view["deck_count"] + sum(view["discard"].values())
        assert cards == 52
        taken = sum(p["lava_drops"] for p in view["players"])
        assert view["lava_supply"] == max(0, 22 - taken)  # drops beyond the supply still count
        if len(view["track"]) == 12:
            terrains = [t["terrain"] for t in view["track"]]
            assert all(terrains.count(x) == 3 for x in set(terrains))
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_final_scoring_lava_drops_count_beyond_the_supply() -> None:
    # Final scoring: a point per drop taken; no sentence lets an empty supply waive the penalty.
    game = load_game("dino-race", players=2, data={"lava_drops": 1})
    state = game.new_initial_state()
    force(state, *TRACK)
    force(state, *([SW] * 5), *([JU] * 5), 0, 1, 2, 3, PL, PL)
    roll(state, ERUPTION)  # seat 0 (egg) takes the only drop in the supply
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PL, PL)
    roll(state, ERUPTION)  # seat 1 (egg) takes one more; tile 1 carries dinos 0 and 2
    play(state, A.erupt_egg_base(12) + 0)
    force(state, PL)  # seat 1's random discard (seat 0 has no card left)
    view = state.view(None)
    assert view["lava_supply"] == 0
    assert [p["lava_drops"] for p in view["players"]] == [2, 2]
    assert state.scores() == [-2, -2]
    texts = [e["text"] for e in state.log(None)]
    assert sum("the supply is used up: it still costs a point" in t for t in texts) == 3


def test_illegal_moves_are_explained_with_the_rulebook_section() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    with pytest.raises(IllegalActionError, match="Playing special cards"):
        state.apply_action(A.PUSH + 2)
    with pytest.raises(IllegalActionError, match="matching"):
        state.apply_action(A.MOVE_MATCH + 0)
    assert state.current_player() == 0 and state.move_number() > 0
    assert state.current_player() != CHANCE and state.current_player() != TERMINAL


# ----- The rules document ------------------------------------------------------------------------
def test_rules_document_counts_the_actions_and_names_files_that_exist() -> None:
    text = game_entry("dino-race").read_resource("rules.md")
    assert text is not None
    assert f"{load_game('dino-race').num_distinct_actions()} player actions" in text
    root = Path(__file__).resolve().parents[3]
    named = re.findall(r"`((?:tests|src)/[^`]+)`", text)
    assert "tests/games/dino_race/test_dino_race_rules.py" in named
    for path in named:
        assert (root / path).exists(), path
