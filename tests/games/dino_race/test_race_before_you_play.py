"""Dino Race rules: Before you play.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

from race_helpers import (
    DE,
    JU,
    PL,
    SW,
    table,
    tile_of,
)

from dinobox import load_game
from dinobox.engine.testing import force


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
