"""What each seat knows of the others' hands (Steal a card, Playing in Teams' pass, cards played
and discarded) and the event die's odds, where the mutation run over ``cards`` and ``flow`` found
them untested (benchmarks/mutation.py, docs/mutation.md). A seat's knowledge shows in what its
search bots may imagine: ``resample(seat)`` redraws only what ``seat`` cannot know. Each test is
named after the rulebook section it pins; situations are set up by forcing chance outcomes
through the public contract."""

from __future__ import annotations

import random

from race_helpers import DE, EGG, ERUPTION, JU, PUSH, STEAL, SW, hand, roll, table

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A

SEEDS = range(24)


def imagined(state: State, seat: int, holder: int, key: str) -> set[int]:
    """How many ``key`` cards ``holder`` holds in ``seat``'s resamples (each hand a true count)."""
    seen = set()
    size = sum(hand(state, holder).values())
    for seed in SEEDS:
        other = hand(state.resample(seat, random.Random(seed)), holder)
        assert all(n >= 0 for n in other.values()) and sum(other.values()) == size
        seen.add(other.get(key, 0))
    return seen


def end_turn(state: State, *draws: int) -> None:
    """The player to act rolls a jungle (no dino stands on one); the next player draws ``draws``."""
    roll(state, JU)
    force(state, *draws)


def test_steal_a_card_the_victim_knows_the_card_taken_and_nothing_more() -> None:
    """Seat 0 holds an egg card and steals a second: seat 1 knows of one egg card, and of none of
    seat 0's swamps."""
    state = table(hands=[[STEAL, EGG, SW, SW, SW], [EGG, DE, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    assert min(imagined(state, 1, 0, "egg")) == 1
    assert 0 in imagined(state, 1, 0, "swamp")


def test_steal_a_card_twice_the_victim_knows_both_cards_taken() -> None:
    state = table(hands=[[STEAL, STEAL, SW, SW, SW], [EGG, EGG, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    play(state, A.STEAL + 1)
    force(state, EGG)
    assert min(imagined(state, 1, 0, "egg")) == 2


def test_steal_a_card_stolen_back_the_card_is_no_longer_known_to_be_held() -> None:
    """Seat 1 knows seat 0 took one of its egg cards, then steals an egg card back from seat 0's
    two: seat 0's last egg card is unknown to seat 1."""
    state = table(hands=[[STEAL, EGG, SW, SW, SW], [EGG, DE, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    end_turn(state, STEAL, DE)
    play(state, A.STEAL + 0)
    force(state, EGG)
    assert hand(state, 0)["egg"] == 1
    assert 0 in imagined(state, 1, 0, "egg")


def test_steal_a_card_stolen_back_the_thief_still_knows_the_other_card_taken() -> None:
    """Seat 0 took two of seat 1's egg cards; seat 1 steals one back and still knows of the other."""
    state = table(hands=[[STEAL, STEAL, SW, SW, SW], [EGG, EGG, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    play(state, A.STEAL + 1)
    force(state, EGG)
    end_turn(state, STEAL, DE)
    play(state, A.STEAL + 0)
    force(state, EGG)
    assert min(imagined(state, 1, 0, "egg")) == 1


def test_steal_a_card_a_third_player_forgets_what_it_knew_of_the_victims_hand() -> None:
    """Seat 2 knows seat 0 took its egg card; then seat 1 steals a card it alone sees from seat 0:
    seat 2 can no longer tell whether seat 0 still holds the egg card."""
    state = table(players=3, hands=[[STEAL, SW, SW, SW, SW], [STEAL, DE, DE, DE, DE], [EGG, JU, JU, JU, JU]])
    play(state, A.STEAL + 2)
    force(state, EGG)
    end_turn(state, DE, DE)
    play(state, A.STEAL + 0)
    force(state, SW)
    assert hand(state, 0)["egg"] == 1
    assert 0 in imagined(state, 2, 0, "egg")


def test_playing_special_cards_a_known_card_played_is_no_longer_known_to_be_held() -> None:
    """Seat 1 knows seat 0 took one of its egg cards; seat 0 holds two and throws the egg with one:
    seat 1 cannot tell which one went."""
    state = table(hands=[[STEAL, EGG, SW, SW, SW], [EGG, DE, DE, DE, DE]])
    play(state, A.STEAL + 1)
    force(state, EGG)
    play(state, A.GIVE_EGG + 1)
    assert hand(state, 0)["egg"] == 1
    assert 0 in imagined(state, 1, 0, "egg")


def test_the_volcano_erupts_the_egg_owner_discarding_its_hand_forgets_nothing_of_the_others() -> None:
    """Seat 0 saw seat 1 steal its Push back card; seat 0, the egg owner, then discards its hand
    to the eruption, and still knows seat 1 holds that card."""
    state = table(hands=[[PUSH, SW, SW, SW, SW], [STEAL, DE, DE, DE, DE]])
    end_turn(state, DE, DE)
    play(state, A.STEAL + 0)
    force(state, PUSH)
    roll(state, ERUPTION)
    assert sum(hand(state, 0).values()) == 0
    assert min(imagined(state, 0, 1, "push")) == 1


def teams_table(mate_hand: list[int]) -> State:
    """Playing in Teams (seats 0 and 2 against 1 and 3), seat 0 to play after drawing a desert."""
    hands = [[SW] * 4, [EGG, DE, DE, DE], mate_hand, [PUSH] * 4]
    return table(players=4, teams=True, hands=hands, draws=(DE,))


def test_playing_in_teams_the_passer_knows_the_card_passed_and_nothing_more() -> None:
    """Seat 2 holds a swamp and gets a second from seat 0: seat 0 knows of one, and of none of
    seat 2's jungles."""
    state = teams_table([SW, JU, JU, JU])
    play(state, A.PASS + SW)
    assert min(imagined(state, 0, 2, "swamp")) == 1
    assert 0 in imagined(state, 0, 2, "jungle")


def test_playing_in_teams_passes_both_ways_each_side_keeps_what_it_knows() -> None:
    """Seat 0 passes a swamp, seat 2 a jungle back, then seat 0 a second swamp: seat 0 knows seat 2
    holds both swamps, and seat 2 still knows seat 0 holds the jungle."""
    state = teams_table([JU] * 4)
    play(state, A.PASS + SW)
    end_turn(state, DE)  # seat 1
    end_turn(state, DE)  # seat 2
    play(state, A.PASS + JU)
    end_turn(state, DE)  # seat 3
    end_turn(state, DE)  # seat 0
    play(state, A.PASS + SW)
    assert min(imagined(state, 0, 2, "swamp")) == 2
    assert min(imagined(state, 2, 0, "jungle")) == 1


def test_roll_the_event_die_each_of_the_six_faces_is_as_likely() -> None:
    state = table()
    play(state, A.ROLL)
    assert state.chance_outcomes() == [(face, 1 / 6) for face in range(6)]
