"""Dino Race rules: Components, hidden information, refusals and the rules document.

Test names follow the rulebook's section headings; situations are set up by forcing chance
outcomes through the public contract."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from race_helpers import (
    ERUPTION,
    JU,
    PL,
    SW,
    TRACK,
    roll,
    table,
)

from dinobox import CHANCE, TERMINAL, IllegalActionError, load_game
from dinobox.engine.registry import game_entry
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A


# ----- Components and hidden information ----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_contents_components_are_conserved(players: int) -> None:
    rng = random.Random(players)
    state = load_game("dino-race", players=players).new_initial_state()
    while not state.is_terminal():
        view = state.view(None)
        cards = sum(p["hand_count"] for p in view["players"]) + view["deck_count"] + sum(view["discard"].values())
        assert cards == 52
        taken = sum(p["lava_drops"] for p in view["players"])
        assert view["lava_supply"] == max(0, 22 - taken)  # drops beyond the supply still count
        if len(view["track"]) == 12:
            terrains = [t["terrain"] for t in view["track"]]
            assert all(terrains.count(x) == 3 for x in set(terrains))
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))


def test_final_scoring_lava_drops_count_beyond_the_supply() -> None:
    # Final scoring: a point per drop taken; no sentence lets an empty supply waive the penalty.
    game = load_game("dino-race", players=2, data={"lava_drops": 1})
    state = game.new_initial_state()
    force(state, *TRACK)
    force(state, *([SW] * 5), *([JU] * 5), 0, 1, 2, 3, PL, PL)
    roll(state, ERUPTION)  # seat 0 (egg) takes the only drop in the supply
    play(state, A.erupt_egg_base(12) + 1)
    force(state, PL, PL)
    roll(state, ERUPTION)  # seat 1 (egg) takes one more; tile 1 carries dinos 0 and 2
    play(state, A.erupt_egg_base(12) + 0)
    force(state, PL)  # seat 1's random discard (seat 0 has no card left)
    view = state.view(None)
    assert view["lava_supply"] == 0
    assert [p["lava_drops"] for p in view["players"]] == [2, 2]
    assert state.scores() == [-2, -2]
    texts = [e["text"] for e in state.log(None)]
    assert sum("the supply is used up: it still costs a point" in t for t in texts) == 3


def test_illegal_moves_are_explained_with_the_rulebook_section() -> None:
    state = table(hands=[[SW] * 5, [JU] * 5])
    with pytest.raises(IllegalActionError, match="Playing special cards"):
        state.apply_action(A.PUSH + 2)
    with pytest.raises(IllegalActionError, match="matching"):
        state.apply_action(A.MOVE_MATCH + 0)
    assert state.current_player() == 0 and state.move_number() > 0
    assert state.current_player() != CHANCE and state.current_player() != TERMINAL


# ----- The rules document ------------------------------------------------------------------------
def test_rules_document_counts_the_actions_and_names_files_that_exist() -> None:
    text = game_entry("dino-race").read_resource("rules.md")
    assert text is not None
    assert f"{load_game('dino-race').num_distinct_actions()} player actions" in text
    root = Path(__file__).resolve().parents[3]
    named = re.findall(r"`((?:tests|src)/[^`]+)`", text)
    assert "tests/games/dino_race/test_race_game_turn.py" in named
    for path in named:
        assert (root / path).exists(), path
