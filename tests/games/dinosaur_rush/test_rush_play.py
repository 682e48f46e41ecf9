"""Terminal rendering, the suggested-skeleton macro and the heuristic bot."""

from __future__ import annotations

import random

from dinobox.bots.heuristic import heuristic_policy
from dinobox.engine import load_game
from dinobox.games.dinosaur_rush import render
from dinobox.games.dinosaur_rush.viewtypes import as_view


def test_render_shows_board_museum_piles_and_the_build_macro() -> None:
    state = load_game("dinosaur-rush", players=3).new_initial_state()
    rng = random.Random(4)
    macro_used = False
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        view = as_view(state.view(seat))
        legal = [state.describe_action(a) for a in state.legal_actions()]
        if view["step"] == "build":
            text = render.render(view)
            assert "Behind your screen" in text and "suggested dinosaur" in text
            entries = render.macros(view, legal)
            assert len(entries) == 1 and entries[0][0].startswith("accept the suggested skeleton")
            for action in entries[0][1]:
                state.apply_action(action)
            macro_used = True
            continue
        assert render.macros(view, legal) == []
        state.apply_action(rng.choice(state.legal_actions()))
    assert macro_used
    final = render.render(as_view(state.view(None)))
    for words in ("###", "Museum", "class F", "Game over", "Winner", "last dinosaur", "pile"):
        assert words in final


def test_heuristic_bot_plays_legally_and_beats_random_play() -> None:
    policy = heuristic_policy("dinosaur-rush")
    wins = 0.0
    for seed in range(3):
        state = load_game("dinosaur-rush", players=3).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            elif state.current_player() == 0:
                state.apply_action(policy(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        winners = state.winners()
        wins += (0 in winners) / len(winners)
    assert wins >= 2


def test_end_of_game_the_player_panels_show_the_final_score_with_notoriety() -> None:
    from rush_helpers import COPE, HARGER, STERNBERG, Table

    t = Table(3, paleos=[HARGER, COPE, STERNBERG])
    t.tokens = [2, 2, 2]  # three tokens worth 3 for seat 0
    t.place_all()
    t.do("move", label="B1")
    t.first()
    t.do("dynamite")
    t.play_to_end()
    view = t.view(None)
    final = view["final"]
    assert any(final["adjust"])
    text = render.render(view)
    for seat, player in enumerate(view["players"]):
        line = next(row for row in text.splitlines() if row.startswith(f"[bold {render.SEAT_STYLE[seat]}]"))
        assert f"{view['scores'][seat]} pts (" in line
        assert view["scores"][seat] == final["field_points"][seat] + final["adjust"][seat]
        assert "Notoriety" in line and player["name"] in line
