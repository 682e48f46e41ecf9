"""Every game writes its events and action descriptions as typed values (``engine/values.py``):
each description is exactly ``describe_action``'s JSON, and every event it logs has its words.

Played as a person would watch: seeded random games, every legal action of every decision
described both ways, and every seat's and the spectator's log read at the end."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.engine.registry import game_class, load_game
from dinobox.engine.values import ActionInfo, fields_of


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_typed_descriptions_are_the_json_of_describe_action_and_every_event_is_worded(gid: str) -> None:
    cls = game_class(gid)
    for players in range(cls.min_players, cls.max_players + 1):
        game = load_game(gid, players=players)
        state = game.new_initial_state()
        rng = random.Random(players)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            for action in legal:
                info = state.action_info(action)
                assert isinstance(info, ActionInfo)
                expected = {**fields_of(info), "action": action, "player": player}
                assert state.describe_action(action, with_text=False) == expected
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(legal))
        for seat in [None, *range(players)]:
            for entry in state.log(seat):
                assert entry["text"] and entry["text"] != entry["kind"], entry
