"""The learned position value (``dinobox.bots.value``): what it reads, what it ships, what it refuses."""

from __future__ import annotations

import json
import math
import random

import pytest

import dinobox
from dinobox.bots import make_bot
from dinobox.bots.value import PositionValue, game_models, parse_models, position_value
from dinobox.engine.errors import DataError
from dinobox.engine.registry import game_entry, game_ids
from dinobox.engine.state import CHANCE, State

VALUED = [g for g in game_ids() if game_entry(g).value_features is not None]
SHIPPED = [g for g in VALUED if game_models(g)]


def _positions(game_id: str, players: int, seed: int, every: int) -> list[State]:
    """Positions of a seeded game between the heuristic and random play, one in ``every`` moves."""
    state = dinobox.load_game(game_id, players=players).new_initial_state()
    bots = [make_bot("medium" if i % 2 else "random", seed + i) for i in range(players)]
    rng = random.Random(seed)
    found: list[State] = []
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(state.sample_chance(rng) if player == CHANCE else bots[player].choose(state))
        if state.move_number() % every == 0:
            found.append(state.clone())
    found.append(state)
    return found


def test_every_game_declares_value_features() -> None:
    assert {"dino-race", "trex-island", "dinosaur-rush", "pangaea"} <= set(VALUED)


@pytest.mark.parametrize("game_id", VALUED)
def test_features_read_only_what_the_seat_knows(game_id: str) -> None:
    """A state and any redraw of it for a seat (``state.resample(seat, rng)``) give the seat the
    same features: they read its own hidden cards and the public table, never what it cannot know."""
    names, features = game_entry(game_id).value_features or ((), None)
    assert features is not None and "progress" in names and 10 <= len(names) <= 40
    game = dinobox.load_game(game_id)
    rng = random.Random(7)
    for players in (game.min_players, game.max_players):
        for state in _positions(game_id, players, seed=players, every=7):
            for seat in range(players):
                x = features(state, seat)
                assert len(x) == len(names) and all(math.isfinite(v) for v in x)
                if not state.is_terminal():
                    for _ in range(2):
                        assert features(state.resample(seat, rng), seat) == x


@pytest.mark.parametrize("game_id", SHIPPED)
def test_shipped_models_load_and_evaluate(game_id: str) -> None:
    models = game_models(game_id)
    for players, model in models.items():
        assert position_value(game_id, players) is model
        for state in _positions(game_id, players, seed=3, every=11):
            for seat in range(players):
                chance = model.win_chance(state, seat)
                if state.is_terminal():
                    assert chance == state.returns()[seat]
                else:
                    assert 0 < chance < 1


def test_no_model_for_a_player_count_it_does_not_ship() -> None:
    assert SHIPPED and position_value(SHIPPED[0], 99) is None


def _file(game_id: str) -> dict[str, object]:
    text = game_entry(game_id).read_resource("value.json")
    assert text is not None
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(features=["progress"]), "the features are"),
        (lambda d: d.update(models=[]), "maps player counts"),
        (lambda d: d["models"].update({"two": {}}), "keyed by its player count"),
        (lambda d: d["models"].update({"2": "weights"}), "is an object"),
        (lambda d: next(iter(d["models"].values())).update(intercept="high"), "number 'intercept'"),
        (lambda d: next(iter(d["models"].values())).update(weights=[1.0]), "one weight and one progress weight"),
        (lambda d: next(iter(d["models"].values()))["weights"].__setitem__(0, 1e400), "finite"),
        (lambda d: next(iter(d["models"].values()))["progress_weights"].__setitem__(0, True), "lists of numbers"),
    ],
)
def test_bad_weight_files_are_refused(change: object, message: str) -> None:
    game_id = SHIPPED[0]
    names, features = game_entry(game_id).value_features or ((), None)
    assert features is not None
    data = _file(game_id)
    assert callable(change)
    change(data)
    with pytest.raises(DataError, match=message):
        parse_models(data, names, features, "value.json")


def test_a_model_without_progress_is_refused() -> None:
    with pytest.raises(DataError, match="progress"):
        PositionValue(("lead",), lambda state, seat: (0.0,), 0.0, (1.0,), (0.0,), 2)


def test_the_logit_is_clipped() -> None:
    model = PositionValue(("progress", "lead"), lambda state, seat: (0.5, 1e6), 0.0, (0.0, 1.0), (0.0, 0.0), 2)
    assert model.chance((0.5, 1e6)) < 1.0 and model.chance((0.5, -1e6)) > 0.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dino_race_features_read_only_the_prize_stacks_a_seat_saw(players: int) -> None:
    """Dino Race (Finish line!): a seat sees the face-down stack only when it chooses a prize, so
    what it may expect of the others' prizes follows the stacks it saw; every position from the
    first prize on, and any redraw of it, give each seat the same features."""
    names, features = game_entry("dino-race").value_features or ((), None)
    assert features is not None
    rng = random.Random(11)
    checked = 0
    for seed in range(4):
        positions = _positions("dino-race", players, seed=20 + seed, every=1)
        prized = [s for s in positions if any(p["prize_count"] for p in s.view(0)["players"])]
        for state in prized[:: max(1, len(prized) // 12)]:
            if state.is_terminal():
                continue
            for seat in range(players):
                x = features(state, seat)
                assert len(x) == len(names)
                assert all(features(state.resample(seat, rng), seat) == x for _ in range(3))
                checked += 1
    assert checked >= 20
