"""``describe_action`` and ``action_to_string`` refuse ids that name nothing with a clear
``ValueError``, in every game (the engine checks the id range before asking the game)."""

from __future__ import annotations

import pytest

from dinobox import load_game
from dinobox.engine.registry import game_ids


@pytest.mark.parametrize("game_id", game_ids())
def test_ids_outside_the_action_space_get_a_value_error(game_id: str) -> None:
    state = load_game(game_id).new_initial_state()
    while state.is_chance_node():
        top = state.game.max_chance_outcomes()
        with pytest.raises(ValueError, match="not a chance outcome"):
            state.action_to_string(top)
        state.apply_action(state.legal_actions()[0])
    for bad in (-1, state.game.num_distinct_actions()):
        with pytest.raises(ValueError, match="not an action"):
            state.describe_action(bad)
        with pytest.raises(ValueError, match="not an action"):
            state.action_to_string(bad)
    with pytest.raises(ValueError, match="an action is an int"):
        state.describe_action("3")  # a wrong type on purpose
    legal = state.legal_actions()[0]
    assert state.describe_action(legal)["action"] == legal
