"""Dino Race's play phase (2) Play and swap cards) where the mutation run over ``legal`` and
``game_turn`` found it untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score").
Each test is named after the rulebook section it pins; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import random

from race_helpers import DE, EGG, JU, PL, PUSH, STEAL, SW, WILD, hand, roll, table

from dinobox.engine.state import State
from dinobox.engine.testing import force, kinds, play
from dinobox.games.dino_race import actions as A

KEYS = ("plains", "desert", "swamp", "jungle", "wild", "push", "egg", "steal")


def swap_down(state: State, seat: int, size: int, keep: tuple[int, ...] = ()) -> None:
    """``seat`` swaps two cards (never of a type in ``keep``) for a terrain card (jungle first,
    never of a type in ``keep``) until ``size`` are left."""
    while sum(hand(state, seat).values()) > size:
        spare = [t for t, key in enumerate(KEYS) if t not in keep for _ in range(hand(state, seat).get(key, 0))]
        play(state, A.SWAP + A.PAIR_INDEX[(spare[0], spare[1])])
        force(state, next(t for t in (JU, SW, PL, DE) if t not in keep and t in state.legal_actions()))


def both_dinos_down(cards: int, draw: tuple[int, int] = (DE, DE)) -> State:
    """Seat 1 (no desert in hand) trips both of seat 0's dinos; seat 0 then draws ``draw`` and
    holds ``cards`` cards in its next turn."""
    state = table(hands=[[SW] * 5, [EGG, EGG, JU, JU, JU]])
    swap_down(state, 0, cards - 2)
    roll(state, JU)  # nobody stands on a jungle tile
    force(state, PUSH, PUSH)  # seat 1's draw
    play(state, A.TRIP + 0, A.TRIP + 1)
    roll(state, JU)
    force(state, *draw)  # seat 0's draw
    assert sum(hand(state, 0).values()) == cards
    return state


def test_throw_the_egg_two_dinos_down_and_four_cards_every_card_goes_to_standing_up() -> None:
    """Two tripped dinos owe four cards: with four in hand, nothing else may spend one."""
    state = both_dinos_down(4)
    assert kinds(state) == {"stand_up"}
    play(state, A.STAND_UP + A.PAIR_INDEX[(DE, DE)])
    assert state.log(None)[-1]["text"].endswith("discards Desert + Desert: Red dino 1 stands up.")


def test_steal_a_card_stays_open_when_every_card_is_owed_for_standing_up() -> None:
    """A steal costs its card and brings one back: with every card owed to the stand-ups, it is
    the one trick left open."""
    state = both_dinos_down(4, draw=(STEAL, DE))
    assert kinds(state) == {"stand_up", "steal"}


def test_throw_the_egg_two_dinos_down_and_three_cards_one_card_is_free() -> None:
    """Three cards for two tripped dinos: one stands up; the third card may go first, in a swap
    (two out, one back, leaving the two that one stand-up needs)."""
    state = both_dinos_down(3)
    assert kinds(state) == {"swap", "stand_up"}
    assert A.ROLL not in state.legal_actions()


def test_throw_the_egg_a_triple_may_not_spend_the_cards_owed_for_standing_up() -> None:
    """Dino 1 is down and seat 0 holds three plains and one other card: a three-of-a-kind move for
    dino 0 would leave one card, short of the two the stand-up is owed (rules.md, Assumptions 10)."""
    state = table(hands=[[PL, PL, PL, SW, SW], [EGG, DE, DE, DE, DE]], draws=(SW, SW))
    roll(state, JU)
    force(state, PUSH, PUSH)  # seat 1's draw
    play(state, A.TRIP + 1)
    roll(state, JU)
    force(state, SW, SW)  # seat 0's draw
    triple = A.MOVE_TRIPLE + 8 * 0 + PL  # dino 0's next tile is a desert: no match, no wildcard
    swap_down(state, 0, 5, keep=(PL,))
    assert triple in state.legal_actions(), "five cards: three for the move, two for the stand-up"
    swap_down(state, 0, 4, keep=(PL,))
    assert triple not in state.legal_actions()
    assert kinds(state) == {"swap", "stand_up"}


def team_table() -> State:
    """Playing in Teams: seats 0 and 2 against 1 and 3; seat 0 (a jungle drawn) is to play."""
    return table(players=4, teams=True, hands=[[SW] * 4, [EGG, DE, DE, DE], [JU] * 4, [PL] * 4], draws=(JU,))


def test_playing_in_teams_the_passer_knows_the_card_its_team_mate_holds() -> None:
    """The card passed is secret from the opponents but not from the passer: whatever seat 0's
    bots imagine of the hidden hands, seat 2 holds the swamp seat 0 passed it."""
    state = team_table()
    play(state, A.PASS + SW)
    for seed in range(12):
        assert hand(state.resample(0, random.Random(seed)), 2).get("swamp", 0) >= 1


def test_playing_in_teams_a_tripped_player_may_still_pass_any_card_it_can_spare() -> None:
    """Seat 0's dino is down and two of its six cards are owed: a pass of any type held stays open."""
    state = team_table()
    roll(state, JU)  # nobody stands on a jungle tile
    force(state, DE)  # seat 1's draw
    play(state, A.TRIP + 0)
    for _ in range(3):  # seats 1, 2 and 3 roll; seats 2, 3 and 0 draw
        roll(state, JU)
        force(state, WILD)
    assert hand(state, 0) == {"swamp": 4, "jungle": 1, "wild": 1}
    passes = {a - A.PASS for a in state.legal_actions() if A.PASS <= a < A.ROLL}
    assert passes == {SW, JU, WILD}


def test_steal_a_card_the_victim_knows_which_card_the_thief_took() -> None:
    """The stolen card is seen by thief and victim: whatever seat 1's bots imagine of seat 0's
    hidden hand, it holds the Throw the egg card it stole."""
    state = table(hands=[[STEAL, SW, SW, SW, SW], [EGG, DE, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    for seed in range(12):
        assert hand(state.resample(1, random.Random(seed)), 0).get("egg", 0) >= 1


def test_push_back_the_log_names_the_tile_the_dino_is_pushed_back_to() -> None:
    state = table(hands=[[PUSH, SW, SW, SW, SW], [JU] * 5])
    play(state, A.PUSH + 3)  # seat 1's dino 3 on tile 2, shared with seat 0's dino 1
    assert state.log(None)[-1]["text"] == "Red pushes Blue dino 2 back to tile 1."


def test_playing_movement_cards_the_log_says_three_cards_stood_in_for_the_right_one() -> None:
    state = table(hands=[[PL, PL, PL, PUSH, STEAL], [JU] * 5], draws=(SW, JU))
    play(state, A.MOVE_TRIPLE + 8 * 0 + PL)  # dino 0 needs a desert: three plains stand in
    assert state.log(None)[-1]["text"] == "Red discards three Plains cards: Red dino 1 runs to tile 2."


def test_swapping_cards_the_log_names_the_two_cards_discarded() -> None:
    state = table(hands=[[PL, PL, PL, PL, PL], [JU] * 5], draws=(SW, JU))
    play(state, A.SWAP + A.PAIR_INDEX[(PL, JU)])
    assert state.log(None)[-1]["text"] == "Red swaps Plains + Jungle for a new card."


def test_the_game_turn_the_table_counts_the_turns_begun() -> None:
    state = table()
    assert state.view(None)["turn"] == 1
    roll(state, JU)  # nobody stands on a jungle tile
    force(state, PL, PL)  # seat 1's draw
    roll(state, JU)
    assert state.view(None)["turn"] == 3
