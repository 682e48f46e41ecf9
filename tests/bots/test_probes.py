"""Exploit probes: degenerate strategies for any game, named by the kinds of its actions."""

from __future__ import annotations

import random

import pytest

import dinobox
from dinobox.bots import canonical_spec, make_bot
from dinobox.bots.probes import action_kind, probe_specs
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.state import CHANCE, State


def positions(gid: str, players: int, seed: int = 3) -> list[State]:
    """Every decision with more than one legal action of one seeded heuristic game."""
    state = dinobox.load_game(gid, players=players).new_initial_state()
    rng = random.Random(seed)
    heuristic = make_bot("heuristic", seed)
    found = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(heuristic.choose(state))
    return found


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_every_game_gets_a_prefer_and_an_avoid_probe_for_each_kind_it_offers_as_a_choice(gid: str) -> None:
    players = 3 if gid == "dinosaur-rush" else 2
    specs = probe_specs(dinobox.load_game(gid, players=players))
    prefer = [s.removeprefix("probe:prefer=") for s in specs if s.startswith("probe:prefer=")]
    assert prefer and [f"probe:avoid={k}" for k in prefer] == [s for s in specs if s.startswith("probe:avoid=")]
    assert specs[-2:] == ["probe:first", "probe:greedy"]
    for spec in specs:
        make_bot(spec, 0)


def test_prefer_takes_the_kind_whenever_it_is_legal_and_avoid_never_does_while_another_is() -> None:
    prefer, avoid = make_bot("probe:prefer=draw", 1), make_bot("probe:avoid=draw", 1)
    seen = 0
    for state in positions("trex-island", 2):
        kinds = {action_kind(state, a) for a in state.legal_actions()}
        if "draw" in kinds and len(kinds) > 1:
            seen += 1
            assert action_kind(state, prefer.choose(state)) == "draw"
            assert action_kind(state, avoid.choose(state)) != "draw"
    assert seen >= 5


def test_first_always_takes_the_first_legal_action() -> None:
    bot = make_bot("probe:first", 1)
    for state in positions("dino-race", 2)[:40]:
        assert bot.choose(state) == state.legal_actions()[0]


def test_greedy_never_takes_a_move_that_scores_less_when_the_score_is_public() -> None:
    bot = make_bot("probe:greedy", 1)
    checked = 0
    for state in positions("pangaea", 2)[:60]:
        seat = state.current_player()
        after = {}
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            after[action] = child.scores()[seat]
        if len(set(after.values())) > 1:
            checked += 1
            assert after[bot.choose(state)] == max(after.values())
    assert checked >= 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("probe:prefer=", "needs an action kind"),
        ("probe:first,greedy", "takes one of"),
        ("probe:first=yes", "takes no value"),
        ("probe:sideways", "no probe 'sideways'"),
    ],
)
def test_a_bad_probe_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make_bot(spec, 0)


def test_a_probe_has_one_spelling() -> None:
    assert canonical_spec(" probe:greedy ") == "probe:greedy"
    assert canonical_spec("probe:prefer=draw") == "probe:prefer=draw"
    assert canonical_spec("probe") == "probe"
