"""Dino Race rules: Variants: Survive!, Double Match, Playing in Teams.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import random

import pytest
from race_helpers import (
    DE,
    EGG,
    ERUPTION,
    JU,
    PL,
    STEAL,
    SW,
    TWO_CARDS,
    WILD,
    hand,
    roll,
    table,
)

from dinobox import load_game, make_bot
from dinobox.engine.runner import random_playout
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A


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
