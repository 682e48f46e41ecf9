"""The contract's end reasons, roles and orders, checked for every registered game at every
player count and variant: a finished game names a declared end, every seat holds a role of each
declared kind, and the orders are orders of the seats."""

from __future__ import annotations

import pytest
from test_conformance import CONFIGS, IDS, random_game

from dinobox.engine import load_game


@pytest.mark.parametrize(("gid", "n", "options"), CONFIGS, ids=IDS)
def test_finished_games_name_their_end_roles_and_orders(gid: str, n: int, options: dict[str, object]) -> None:
    game = load_game(gid, players=n, **options)
    ids = [c.id for c in game.end_conditions]
    assert len(set(ids)) == len(ids) and all(c.text for c in game.end_conditions)
    fresh = game.new_initial_state()
    assert fresh.end_reason() is None
    for seed in range(2):
        state = random_game(gid, n, options, seed)
        assert state.end_reason() in ids if ids else state.end_reason() is None
        roles = state.seat_roles()
        assert set(roles) == {k.id for k in game.role_kinds()}
        assert all(len(held) == n and None not in held for held in roles.values())
        assert sorted(state.play_order()) == list(range(n))
        chosen = any(k.chosen for k in game.role_kinds())
        assert sorted(state.choice_order()) == (list(range(n)) if chosen else [])
