"""The terminal view of Escape from T-Rex Island: drawn from a view only, readable at every step."""

from __future__ import annotations

import random
from typing import cast

from rich.console import Console
from trex_helpers import new_game

from dinobox.games.trex_island.render import render
from dinobox.games.trex_island.viewtypes import TRexView


def test_render_draws_board_dice_trex_piles_and_players() -> None:
    state = new_game(players=3).new_initial_state()
    rng = random.Random(3)
    seen_trex = False
    steps = 0
    while not state.is_terminal() and steps < 400:
        seat = state.current_player()
        text = render(cast(TRexView, state.view(seat if seat >= 0 else None)))
        plain = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        plain.print(text)
        out = plain.export_text()
        assert "HELI" in out and "Discard A" in out and "Deck:" in out
        assert "32?" in out  # a rest point with its face-down token count
        seen_trex = seen_trex or "T-RX" in out or "T-Rex: on space" in out
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        steps += 1
    assert seen_trex
    out = render(cast(TRexView, state.view(0)))
    assert "Your hand" in out and "VP" in out


def test_render_setup_shows_who_chooses_a_character_when() -> None:
    state = new_game(players=3).new_initial_state()
    state.apply_action(2)  # Set-up: seat 3 drawn to choose first
    out = render(cast(TRexView, state.view(0)))
    assert "Characters are chosen in this order: [bold]Seat 3 (now)[/] → Seat 1 → Seat 2" in out
