"""The Dino Race heuristic: checked as properties of its choices over seeded games."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import CHANCE, State
from dinobox.games.dino_race.heuristic import choose


def heuristic_positions(players: int, games: int, **options: Any) -> Iterator[tuple[State, int]]:
    """Every decision of heuristic-vs-heuristic games, with the action the policy chose."""
    game = dinobox.load_game("dino-race", players=players, **options)
    for seed in range(games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        policy_rng = random.Random(seed + 1000)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            action = choose(state, policy_rng)
            yield state, action
            state.apply_action(action)


def kinds_of(state: State) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for a in state.legal_actions():
        info = state.describe_action(a)
        out.setdefault(info["kind"], []).append(info)
    return out


def test_runs_for_the_finish_before_rolling() -> None:
    checked = 0
    for state, action in heuristic_positions(2, 6):
        kinds = kinds_of(state)
        moves = [i for i in kinds.get("move", []) if i["with"] in ("match", "wild")]
        if moves:
            assert state.describe_action(action)["kind"] != "roll", "rolled with a move in hand"
            checked += 1
    assert checked > 20


def test_matching_cards_before_wildcards() -> None:
    checked = 0
    for state, action in heuristic_positions(3, 4):
        info = state.describe_action(action)
        if info["kind"] == "move" and info["with"] == "wild":
            matches = [i for i in kinds_of(state).get("move", []) if i["with"] == "match"]
            assert not matches, "spent a wildcard while a matching card could move a dino"
            checked += 1
    assert checked > 0


def test_tricks_are_played_when_an_opponent_shares_a_tile() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 6):
        kinds = kinds_of(state)
        if "stand_up" in kinds:
            continue
        if kinds.get("push") or kinds.get("trip") or kinds.get("steal"):
            assert state.describe_action(action)["kind"] in ("push", "trip", "steal")
            checked += 1
    assert checked > 5


def test_picks_the_best_prize_counting_the_pair_bonus() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 8):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "prize":
            continue
        mine = [p["colour"] for p in view["players"][seat]["prizes"]]

        def worth(info: dict[str, Any], mine: list[str] = mine) -> int:
            return int(info["value"]) + (3 if info["colour"] in mine and len(set(mine)) == len(mine) else 0)

        options = [state.describe_action(a) for a in state.legal_actions()]
        assert worth(state.describe_action(action)) == max(worth(i) for i in options)
        checked += 1
    assert checked > 5


def test_eruption_egg_goes_to_an_opponent_ahead_or_level() -> None:
    checked = 0
    for state, action in heuristic_positions(4, 10):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "pass_egg" or len(state.legal_actions()) < 2:
            continue
        length = len(view["track"])

        def progress(p: int, view: dict[str, Any] = view, length: int = length) -> int:
            return sum(length if d["home"] else d["tile"] for d in view["dinos"] if d["owner"] == p)

        target = state.describe_action(action)["target_seat"]
        others = [state.describe_action(a)["target_seat"] for a in state.legal_actions()]
        # The leader, unless the leader could bring the egg home at once.
        close = [p for p in others if sum(1 for d in view["dinos"] if d["owner"] == p and not d["home"]) == 1]
        if not close:
            assert progress(target) == max(progress(p) for p in others)
        checked += 1
    assert checked > 3


def test_no_swap_of_cards_the_next_tiles_need() -> None:
    for state, action in heuristic_positions(2, 4):
        info = state.describe_action(action)
        if info["kind"] != "swap":
            continue
        hand = state.view(state.current_player())["hand"]
        assert "wild" not in info["cards"] or hand.get("wild", 0) > 2


def test_heuristic_beats_random_clearly() -> None:
    game = dinobox.load_game("dino-race", players=2)
    wins = 0.0
    games = 20
    for i in range(games):
        specs = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        bots = [make_bot(s, i * 10 + k) for k, s in enumerate(specs)]
        result = play_game(game.new_initial_state(), bots, seed=i)
        wins += result.state.returns()[specs.index("heuristic")]
    assert wins / games >= 0.8


def test_plays_every_variant_to_the_end() -> None:
    for options, players in (({"teams": True}, 4), ({"survive": True}, 3), ({"double_match": True}, 2)):
        game = dinobox.load_game("dino-race", players=players, **options)
        bots = [make_bot("heuristic", s) for s in range(players)]
        result = play_game(game.new_initial_state(), bots, seed=3)
        assert result.state.is_terminal() and not result.capped
