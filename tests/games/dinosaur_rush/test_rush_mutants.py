"""The Great Dinosaur Rush: rules the mutation run found untested (benchmarks/mutation.py,
benchmarks/RESULTS.md "Mutation score"): each test kills surviving mutants and is named after the
rulebook section it pins. Seeded uniformly random play, through the public contract."""

from __future__ import annotations

import random

from dinobox import load_game


def test_exhibit_phase_the_scores_are_the_scoring_track_while_the_game_goes_on() -> None:
    """Points are scored by moving the scoring token (Exhibit phase): before the end of the game
    the scores are the track's, round by round, with no Notoriety in them yet."""
    state = load_game("dinosaur-rush", players=3).new_initial_state()
    assert state.scores() == [0, 0, 0]
    rng = random.Random(4)
    seen_rounds = set()
    while not state.is_terminal():
        view = state.view(None)
        assert state.scores() == [p["score"] for p in view["players"]]
        seen_rounds.add(view["round"])
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen_rounds == {1, 2, 3} and max(state.scores()) > 0


def test_end_of_game_the_final_score_is_each_rounds_museum_points_bonus_cards_donations_and_notoriety() -> None:
    """End of game: the breakdown of each final score has one line per round's Exhibit phase
    (rounds 1 to 3), the bonus cards, the rest of the field points and the Notoriety, summing to it."""
    state = load_game("dinosaur-rush", players=3).new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    view = state.view(None)
    for seat, rows in enumerate(view["breakdown"]):
        assert list(rows) == ["round 1", "round 2", "round 3", "bonus cards", "donations", "notoriety"]
        assert sum(rows.values()) == state.scores()[seat]
