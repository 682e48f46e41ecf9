"""Dino Race rules the mutation run found untested (benchmarks/mutation.py, benchmarks/RESULTS.md
"Mutation score"): each test kills surviving mutants and is named after the rulebook section it
pins. Situations are set up by forcing chance outcomes or by seeded play, through the public
contract."""

from __future__ import annotations

import random

from race_helpers import DE, EGG, JU, MANY_WILDS, PL, PUSH, STEAL, SW, TWO_CARDS, WILD, roll, table, tile_of

from dinobox import load_game
from dinobox.engine.runner import random_playout
from dinobox.engine.state import State
from dinobox.engine.testing import force, kinds, play
from dinobox.games.dino_race import actions as A


def dino_at_the_finish() -> State:
    """Seat 0 runs dino 1 with wildcards to the last tile and is to choose its prize."""
    state = table(hands=[[WILD] * 5, [JU] * 5], draws=(WILD, WILD), data=MANY_WILDS)
    for _ in range(7):
        play(state, A.MOVE_WILD + 1)
    roll(state, TWO_CARDS)
    force(state, WILD, WILD, DE, DE, DE, DE)
    roll(state, JU)
    force(state, WILD, WILD)
    play(state, A.MOVE_WILD + 1, A.MOVE_WILD + 1, A.MOVE_WILD + 1)
    assert tile_of(state, 1) is None
    return state


def test_finish_line_no_opponent_sees_the_prize_stack_or_the_prize_chosen() -> None:
    state = dino_at_the_finish()
    assert "prize_choice" in state.view(0)
    for seat in (1, None):
        view = state.view(seat)
        assert "prize_choice" not in view and "mate_prize_choice" not in view
    play(state, A.PRIZE + 3)
    mine, theirs = state.log(0)[-1], state.log(1)[-1]
    assert mine["kind"] == theirs["kind"] == "prize"
    assert mine["text"] != theirs["text"]  # the chooser's words name the counter, the others' do not


def test_variants_survive_in_teams_the_first_team_home_wins_together() -> None:
    for seed in range(6):
        state = load_game("dino-race", players=4, teams=True, survive=True).new_initial_state()
        random_playout(state, random.Random(seed))
        winners = state.winners()
        players = state.view(None)["players"]
        assert len(winners) == 2
        first, mate = winners
        assert players[first]["mate"] == mate and players[mate]["mate"] == first
        assert players[first]["dinos_home"] == players[mate]["dinos_home"] == 1


def play_copying(options: dict[str, int | bool], seed: int, copy: bool) -> State:
    """One seeded random game; with ``copy``, every step is played on a fresh copy of the table."""
    state = load_game("dino-race", **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if copy:
            state = state.clone()
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_variants_every_variant_plays_the_same_race_from_a_copy_of_the_table() -> None:
    """A copy of the table (a search's clone) keeps every rule's state: Double Match's first race,
    Survive!'s winner, the egg counter, the prize log, the tiles left, the pass in Playing in Teams."""
    variants: list[dict[str, int | bool]] = [
        {"players": 2},
        {"players": 3, "double_match": True},
        {"players": 2, "survive": True},
        {"players": 4, "teams": True},
        {"players": 4, "teams": True, "survive": True},
        {"players": 4, "teams": True, "double_match": True},
    ]
    for options in variants:
        for seed in range(2):
            kept, copied = play_copying(options, seed, False), play_copying(options, seed, True)
            assert copied.history() == kept.history()
            assert copied.scores() == kept.scores() and copied.winners() == kept.winners()
            assert copied.view(None) == kept.view(None)
            assert [e["text"] for e in copied.log(None)] == [e["text"] for e in kept.log(None)]


def test_final_scoring_in_teams_a_tie_goes_to_the_team_that_brought_the_egg_to_safety() -> None:
    """Playing in Teams, a tie: the egg was brought to safety by Blue+ (seat 3); Blue (seat 1)
    wins with its team-mate, although it did not bring the egg itself."""
    state = load_game("dino-race", players=4, teams=True).new_initial_state()
    random_playout(state, random.Random(47))
    assert state.scores() == [-3, -3, -3, -3]
    assert state.view(None)["egg_safe_by"] == 3 and state.view(None)["players"][1]["mate"] == 3
    assert state.winners() == [1, 3]


def test_variants_survive_the_score_is_the_number_of_ones_own_dinos_home() -> None:
    """Survive! has no prizes, eggs or drops: a seat's score counts its own dinos brought home."""
    for seed in range(3):
        state = load_game("dino-race", players=3, survive=True).new_initial_state()
        random_playout(state, random.Random(seed))
        assert state.scores() == [p["dinos_home"] for p in state.view(None)["players"]]
    assert state.scores() == [2, 2, 2]  # seed 2: everyone home, the first of them won
    assert state.winners() == [1]


def test_variants_playing_in_teams_team_mates_share_one_score() -> None:
    """Playing in Teams: a team scores together, each mate's prizes and lava drops in one total
    (here the mates took different numbers of drops)."""
    state = load_game("dino-race", players=4, teams=True).new_initial_state()
    random_playout(state, random.Random(0))
    players = state.view(None)["players"]
    assert [p["lava_drops"] for p in players] == [8, 6, 7, 11]
    assert state.scores() == [-5, -17, -5, -17]


def test_finish_line_a_tripped_dino_the_lava_carries_home_is_safe_and_owes_no_stand_up() -> None:
    """Throw the egg trips a dino; the lava carries it over the finish line (The volcano erupts!):
    it is safe, no longer lying down, and its owner is never asked to stand it up. Found in seeded
    random play: 3 players, seed 173, Green's second dino (dino 5)."""
    state = load_game("dino-race", players=3).new_initial_state()
    rng = random.Random(173)
    was_down = carried_home = False
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            if state.current_player() == 2 and carried_home:
                green = state.view(None)["dinos"][4:6]
                assert "stand_up" not in kinds(state) or any(d["down"] for d in green if not d["home"])
            state.apply_action(rng.choice(state.legal_actions()))
        dino = state.view(None)["dinos"][5]
        if dino["home"] and was_down:
            carried_home = True
            assert not dino["down"]
        was_down = dino["down"] and not dino["home"]
    assert carried_home


def test_before_you_play_every_player_puts_one_dino_on_the_first_tile_and_one_on_the_second() -> None:
    """With four players (not in teams) too: each colour has a dino on tile 1 and one on tile 2."""
    state = table(players=4)
    dinos = state.view(None)["dinos"]
    for seat in range(4):
        assert sorted(d["tile"] for d in dinos if d["owner"] == seat) == [1, 2]


def test_playing_in_teams_special_cards_play_tricks_on_opponents_never_on_the_team_mate() -> None:
    """Red (seat 0, the egg owner) runs onto tile 2, where its team-mate Red+ (seat 2) and Blue+
    (seat 3) stand: Push back, Steal a card and Throw the egg (giving the egg) aim at Blue+ only."""
    state = table(players=4, teams=True, hands=[[WILD, PUSH, STEAL, EGG], [SW] * 4, [DE] * 4, [JU] * 4], draws=(PL,))
    play(state, A.MOVE_WILD + 0)
    assert tile_of(state, 0) == tile_of(state, 2) == tile_of(state, 3) == 2
    legal = set(state.legal_actions())
    assert {A.PUSH + 3, A.STEAL + 3, A.GIVE_EGG + 3} <= legal
    assert not {A.PUSH + 2, A.STEAL + 2, A.GIVE_EGG + 2} & legal
    assert state.turn_count() == 1  # The game turn: the first player's turn is the first turn
