"""The strong bot's parts: weighted heuristics, learned weights files, ``dinobox train``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from statistics import NormalDist

import pytest

import dinobox
from dinobox.bots import StrongBot, make_bot
from dinobox.bots.strong import family_z, strong_policy
from dinobox.bots.train import TrainConfig, TrainError, play_match, train
from dinobox.bots.weights import (
    WeightsError,
    check_search,
    check_weights,
    learned_weights,
    master_search,
    master_weights,
    parse_weights_file,
    weighted_policy,
)
from dinobox.engine.errors import DinoboxError, InvalidOptionError
from dinobox.engine.heuristic import WeightedPolicy
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State

BUILT_IN = ("dino-race", "trex-island", "dinosaur-rush", "pangaea")
# the games that ship learned weights (docs/bots.md)
SHIPPED = ("trex-island", "dinosaur-rush", "dino-race", "pangaea")


def decision_points(gid: str, count: int, seed: int = 1) -> list[State]:
    """Up to ``count`` positions with a real choice from one seeded heuristic game."""
    state = dinobox.load_game(gid).new_initial_state()
    rng = random.Random(seed)
    heuristic = game_entry(gid).heuristic
    assert heuristic is not None
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and step % 5 == 0:
            found.append(state.clone())
        state.apply_action(heuristic(state, rng))
        step += 1
    return found


@pytest.mark.parametrize("gid", BUILT_IN)
def test_every_built_in_heuristic_names_its_weights(gid: str) -> None:
    policy = weighted_policy(gid)
    assert policy.defaults and all(isinstance(v, float) for v in policy.defaults.values())
    # the defaults bound explicitly play exactly as the heuristic itself
    bound = policy.with_weights(policy.defaults)
    for state in decision_points(gid, 4):
        assert bound(state, random.Random(5)) == policy(state, random.Random(5))


@pytest.mark.parametrize("gid", BUILT_IN)
def test_shipped_weights_load_and_validate(gid: str) -> None:
    weights = learned_weights(gid)
    if gid not in SHIPPED:
        assert weights is None, f"{gid} ships weights.json: add it to SHIPPED"
        return
    assert weights is not None, f"{gid} ships no weights.json"
    assert set(weights) <= set(weighted_policy(gid).defaults)
    assert check_weights(gid, weights) == weights
    assert weights != weighted_policy(gid).defaults


def test_with_weights_refuses_unknown_names() -> None:
    with pytest.raises(InvalidOptionError, match="no heuristic weight 'nope'"):
        weighted_policy("dino-race").with_weights({"nope": 1.0})


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ({"nope": 1.0}, "has no heuristic weight 'nope'"),
        ({"move_ahead": "fast"}, "must be a finite number"),
        ({"move_ahead": float("nan")}, "must be a finite number"),
        ({"move_ahead": True}, "must be a finite number"),
        ({}, "non-empty table"),
        ([1, 2], "non-empty table"),
    ],
)
def test_bad_weights_are_refused(weights: object, message: str) -> None:
    with pytest.raises(WeightsError, match=message):
        check_weights("dino-race", weights)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": 2, "game": "dino-race", "weights": {"move_ahead": 1}}', "format must be 1"),
        ('{"format": 1, "game": "pangaea", "weights": {"move_ahead": 1}}', "weights for 'pangaea'"),
        ('{"format": 1, "game": "dino-race"}', "non-empty table"),
    ],
)
def test_bad_weights_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(WeightsError, match=message):
        parse_weights_file(text, "dino-race", "test.json")


def test_the_master_table_goes_on_top_of_the_weights_and_is_checked_as_they_are() -> None:
    text = '{"format": 1, "game": "dino-race", "weights": {"move_ahead": 1}%s}'
    assert parse_weights_file(text % "", "dino-race", "t.json", "master") == {}
    table = parse_weights_file(text % ', "master": {"wait_egg": 2}', "dino-race", "t.json", "master")
    assert table == {"wait_egg": 2.0}
    with pytest.raises(WeightsError, match=r"t\.json, master: dino-race has no heuristic weight 'nope'"):
        parse_weights_file(text % ', "master": {"nope": 2}', "dino-race", "t.json", "master")
    with pytest.raises(WeightsError, match=r"t\.json, master: expected a non-empty table"):
        parse_weights_file(text % ', "master": []', "dino-race", "t.json", "master")
    # Pangaea's master level thinks its interrupts through, Dino Race's parks without the egg and
    # brings its dinos home together, keeps the egg from a player near the end and runs its front
    # dino first even near the lava; the others play the strong policy
    assert master_weights("pangaea") == {**(learned_weights("pangaea") or {}), "interrupt_plan": 1.0}
    race = {"park": 1.0, "stage_push": 3.5, "together": 1.0, "stage_steal": 9.5}
    race |= {"move_danger": 0.0, "egg_wary": 6.0, "horizon": 7.0}
    assert master_weights("dino-race") == {**(learned_weights("dino-race") or {}), **race}
    assert master_weights("trex-island") is None and master_weights("dino-eggs") is None


DINO_RACE_SEARCH = {"z": 3.0, "margin": 0.0, "cut": 8.0, "floor": 0.1}


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({}, "expected a non-empty table"),
        ({"depth": 3}, "has no setting 'depth'"),
        ({"cut": 2.5}, "'cut' must be a whole number"),
        ({"cut": 0}, "'cut' must be between 1 and 10000"),
        ({"floor": 2}, "'floor' must be between 0 and 1"),
        ({"z": True}, "must be a finite number"),
        ({"z": -1}, "'z' must be between 0 and inf"),
        ({"margin": 1.5}, "'margin' must be between 0 and 1"),
    ],
)
def test_a_bad_master_search_table_says_what_is_wrong(table: dict[str, object], message: str) -> None:
    with pytest.raises(WeightsError, match=message):
        check_search("dino-race", table, "t.json, master_search")


def test_the_master_search_settings_a_game_ships() -> None:
    assert check_search("dino-race", {"z": 2, "margin": 0}, "t") == {"z": 2.0, "margin": 0.0}
    assert check_search("dino-race", {"cut": 8, "floor": 0.1}, "t") == {"cut": 8.0, "floor": 0.1}
    # Dino Race's master keeps its own policy's move unless a challenger is far ahead
    assert master_search("dino-race") == DINO_RACE_SEARCH
    assert master_search("trex-island") == {} and master_search("dino-eggs") == {}


def test_a_game_without_weights_falls_back_to_its_heuristic() -> None:
    assert "dino-eggs" in dinobox.game_ids()
    assert learned_weights("dino-eggs") is None
    assert strong_policy("dino-eggs") is game_entry("dino-eggs").heuristic
    with pytest.raises(WeightsError, match="no named weights"):
        weighted_policy("dino-eggs")


def test_the_strong_bot_plays_the_learned_weights() -> None:
    policy = weighted_policy("trex-island")
    learned = learned_weights("trex-island")
    assert learned is not None
    bound = policy.with_weights(learned)
    for state in decision_points("trex-island", 4):
        assert make_bot("strong", 3).choose(state) == bound(state, random.Random(3))
    # weights given in code override the shipped ones
    bot = StrongBot(3, weights=policy.defaults)
    state = decision_points("trex-island", 1)[0]
    assert bot.choose(state) == policy(state, random.Random(3))


def test_training_is_reproducible_and_independent_of_jobs() -> None:
    config = TrainConfig("dino-race", 2, generations=2, population=3, games=4, seed=7)
    first = train(config)
    assert train(config).weights == first.weights
    assert train(TrainConfig("dino-race", 2, generations=2, population=3, games=4, seed=7, jobs=2)).weights == (
        first.weights
    )
    assert train(TrainConfig("dino-race", 2, generations=2, population=3, games=4, seed=8)).weights != first.weights
    assert len(first.history) == 2 and set(first.weights) == set(weighted_policy("dino-race").defaults)


def test_training_starts_from_the_start_table() -> None:
    start = {"move_ahead": 1.0}
    result = train(TrainConfig("dino-race", 2, generations=1, population=2, games=2, seed=3, start=start))
    assert result.history[0].centre["move_ahead"] == 1.0
    assert result.record(TrainConfig("dino-race", 2, start=start))["start"] == start
    with pytest.raises(WeightsError, match="start: dino-race has no heuristic weight 'nope'"):
        TrainConfig("dino-race", 2, games=2, start={"nope": 1.0}).check()


def test_the_default_against_itself_is_even() -> None:
    fitness, win_rate = play_match("dino-race", 2, None, [1, 2, 3])
    assert win_rate == 0.5 and 0 <= fitness <= 1


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"games": 5}, "multiple of the 2 players"),
        ({"population": 1}, "population must be at least 2"),
        ({"generations": 0}, "generations must be at least 1"),
        ({"elite": 1.5}, "elite must be a share"),
        ({"spread": 0}, "spread must be above 0"),
        ({"players": 9}, "player"),
        ({"game_id": "dino-eggs"}, "no named weights"),
        ({"game_id": "chess"}, "chess"),
    ],
)
def test_bad_training_settings_are_refused(changes: dict[str, object], message: str) -> None:
    settings: dict[str, object] = {"game_id": "dino-race", "players": 2, "games": 4}
    settings.update(changes)
    with pytest.raises(DinoboxError, match=message):
        TrainConfig(**settings).check()  # type: ignore[arg-type]
    assert issubclass(TrainError, InvalidOptionError)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "dinobox", *args], capture_output=True, text=True, timeout=300)


def test_train_command_writes_a_loadable_file_and_refuses_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    args = ["train", "dino-race", "--players", "2", "--generations", "1", "--population", "2", "--games", "2"]
    done = _cli(*args, "--out", str(out))
    assert done.returncode == 0, done.stderr
    document = json.loads(out.read_text())
    assert document["training"]["generations"] == 1
    assert parse_weights_file(out.read_text(), "dino-race", str(out)) == document["weights"]
    again = _cli(*args, "--out", str(out))
    assert again.returncode == 2 and "--overwrite" in again.stdout
    bad = _cli("train", "dino-race", "--players", "2", "--games", "3", "--out", str(tmp_path / "x.json"))
    assert bad.returncode == 2 and "multiple of the 2 players" in bad.stdout
    assert not (tmp_path / "x.json").exists()
    unknown = _cli("train", "no-such-game", "--out", str(tmp_path / "y.json"))
    assert unknown.returncode == 2 and "no-such-game" in unknown.stdout
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "game": "dino-race", "weights": {"move_ahead": "x"}}')
    bad_start = _cli(*args, "--start", str(broken), "--out", str(tmp_path / "z.json"))
    assert bad_start.returncode == 2 and "must be a finite number" in bad_start.stdout
    assert not (tmp_path / "z.json").exists()


def test_weighted_policy_is_what_the_registry_holds() -> None:
    for gid in BUILT_IN:
        assert isinstance(game_entry(gid).heuristic, WeightedPolicy)


def test_the_switch_bar_rises_with_the_number_of_candidates() -> None:
    """One alternative keeps the bar ``z``; among eleven, the bar is set so that the chance of any
    one clearing it by luck is what one alternative has at ``z`` (Šidák)."""
    assert family_z(1.0, 1) == 1.0
    assert family_z(0.0, 11) == 0.0
    bars = [family_z(1.0, k) for k in (1, 2, 5, 11)]
    assert bars == sorted(bars)
    luck = 1 - NormalDist().cdf(family_z(1.0, 11))
    assert 1 - (1 - luck) ** 11 == pytest.approx(1 - NormalDist().cdf(1.0))
