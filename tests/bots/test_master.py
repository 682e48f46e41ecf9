"""The ``master`` bot: specs, reproducible iterations, the CPU-time budget, the fallback to the
strong policy's move, and many redrawn states."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

import dinobox
from dinobox.bots import LEVELS, MasterBot, budget_of, canonical_spec, capped_spec, check_bot_for_game, make_bot, master
from dinobox.bots.master import JITTERS, QUIET_ROUNDS, own_policy, proposers
from dinobox.bots.strong import strong_policy
from dinobox.bots.weights import master_weights
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State


def contested(gid: str, players: int, skip: int = 20, seed: int = 5) -> State:
    """A position with more than one legal move after ``skip`` decisions of strong self-play."""
    state = dinobox.load_game(gid, players=players).new_initial_state()
    rng = random.Random(seed)
    policy = strong_policy(gid)
    made = 0
    while True:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if made >= skip and len(legal) > 1:
            return state
        state.apply_action(policy(state, rng))
        made += 1


class StepClock:
    """A fake CPU clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_specs_build_the_master_bot() -> None:
    bot = make_bot("master:iterations=40,depth=12,margin=0.2,z=0,width=4", 1)
    assert isinstance(bot, MasterBot)
    assert (bot.iterations, bot.seconds, bot.depth, bot.margin, bot.z, bot.width) == (40, None, 12, 0.2, 0.0, 4)
    default = make_bot("master", 1)
    assert isinstance(default, MasterBot) and default.iterations is None and default.seconds == 1.0
    timed = make_bot("master:seconds=0.2", 1)
    assert isinstance(timed, MasterBot) and timed.seconds == 0.2
    assert LEVELS[-1] == "master"  # the lobby's top level, its second CPU time (docs/bots.md)
    assert budget_of("master").searches and budget_of("master").seconds == 1.0
    assert budget_of("master:iterations=50").iterations == 50
    assert capped_spec("master:seconds=9", 200, 2.0) == "master:seconds=2.0"
    assert canonical_spec("master:seconds=1.0,iterations=50") == "master:iterations=50,seconds=1"
    check_bot_for_game("master", "dino-race")
    cut = make_bot("master:iterations=40,cut=8,floor=0.1", 1)
    assert isinstance(cut, MasterBot) and (cut.cut, cut.floor, cut.depth) == (8, 0.1, None)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("master:iterations=0", "iterations must be positive"),
        ("master:iterations=2.5", "iterations must be a whole number"),
        ("master:seconds=-1", "seconds must be positive"),
        ("master:seconds=nan", "seconds must be finite"),
        ("master:seconds=inf", "seconds must be finite"),
        ("master:seconds=fast", "seconds must be a number"),
        ("master:margin=2", "margin must be between 0 and 1"),
        ("master:width=1", "width must be at least 2"),
        ("master:depth=-3", "depth must be positive"),
        ("master:cut=0", "cut must be positive"),
        ("master:cut=2.5", "cut must be a whole number"),
        ("master:floor=1.5", "floor must be between 0 and 1"),
        ("master:budget=3", "has no option 'budget'"),
        ("master:playouts=random", "playouts must be one of policy, plain"),
        ("master:iterations", "must be KEY=VALUE"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make_bot(spec, 1)


@pytest.mark.parametrize(
    ("depth", "cut"), [(10, None), (None, 4)], ids=["depth (provisional scores)", "cut (learned value)"]
)
def test_iterations_make_the_choice_reproducible_and_bounded(depth: int | None, cut: int | None) -> None:
    state = contested("dino-race", 2)
    choices = []
    for _ in range(2):
        bot = MasterBot(seed=11, iterations=30, depth=depth, cut=cut)
        choices.append(bot.choose(state.clone()))
        assert 0 < bot.last_iterations <= 30
        assert bot.last_rounds >= 2
    assert choices[0] == choices[1] and choices[0] in state.legal_actions()


def test_every_round_searches_a_new_redrawn_state(monkeypatch: pytest.MonkeyPatch) -> None:
    state = contested("trex-island", 2)
    seat = state.current_player()
    seen: list[State] = []

    original = type(state).resample

    def resample(self: State, who: int, rng: random.Random) -> State:
        drawn = original(self, who, rng)
        seen.append(drawn)
        return drawn

    bot = MasterBot(seed=3, iterations=24, depth=6)
    monkeypatch.setattr(type(state), "resample", resample)
    bot.choose(state)
    assert len(seen) == bot.last_rounds >= 2
    assert all(s.view(seat) == state.view(seat) for s in seen)


def test_a_seconds_budget_stops_on_the_cpu_clock() -> None:
    state = contested("dino-race", 2)
    clock = StepClock(0.01)
    bot = MasterBot(seed=2, seconds=0.5, depth=10, clock=clock)
    action = bot.choose(state)
    assert action in state.legal_actions()
    # the clock said 0.5 s were spent after about 50 reads; a few more to close the last playout
    assert clock.now <= 0.5 + 0.05
    assert bot.last_iterations >= 1


def test_without_evidence_the_strong_policy_move_is_played() -> None:
    policy = strong_policy("dinosaur-rush")
    for skip in range(10, 60):
        state = contested("dinosaur-rush", 3, skip=skip)
        named = {policy(state.clone(), random.Random(k)) for k in range(6)}
        if len(named) == 1:
            break
    else:
        raise AssertionError("no position where the strong policy names one move")
    # z so high that no gain clears it: the search looks, but the prior's move stands
    bot = MasterBot(seed=0, iterations=20, depth=4, z=1e6)
    assert bot.choose(state) == named.pop()
    assert bot.last_iterations > 0


def test_a_challenger_must_also_gain_more_than_the_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    # a position where the search without a bar leaves the default move (Dino Race's: the strong
    # policy with the game's master table on top)
    policy = strong_policy("dino-race", master_weights("dino-race"))
    for skip in range(10, 80):
        state = contested("dino-race", 2, skip=skip)
        free = MasterBot(seed=0, iterations=40, z=0, floor=0)
        named = {policy(state.clone(), random.Random(k)) for k in range(6)}
        if len(named) == 1 and free.choose(state.clone()) not in named:
            break
    else:
        raise AssertionError("no position where the search leaves the default move")
    # no gain in a win chance exceeds 1: with that floor the default stands, after the same race
    # (the settled stop off: with this floor it would end the race at once)
    monkeypatch.setattr(master, "SETTLE_Z", math.inf)
    floored = MasterBot(seed=0, iterations=40, z=0, floor=1.0)
    assert floored.choose(state.clone()) == named.pop()
    assert floored.last_iterations == free.last_iterations


def test_the_proposers_are_the_plain_heuristic_and_perturbed_copies_of_strong() -> None:
    found = proposers("trex-island")
    assert found[0] is game_entry("trex-island").heuristic
    assert len(found) == 1 + JITTERS
    state = contested("trex-island", 2)
    legal = state.legal_actions()
    named = [propose(state.clone(), random.Random(1)) for propose in found]
    assert all(move in legal for move in named)
    # the same for every bot: the perturbations are seeded by the game alone
    again = [propose(state.clone(), random.Random(1)) for propose in proposers("trex-island")]
    assert again == named


def test_a_budget_too_small_for_a_race_plays_the_default_move_unsearched() -> None:
    # Dino Race's default move is the strong policy with the game's master table on top
    policy = strong_policy("dino-race", master_weights("dino-race"))
    for skip in range(10, 60):
        state = contested("dino-race", 2, skip=skip)
        named = {policy(state.clone(), random.Random(k)) for k in range(6)}
        if len(named) == 1:
            break
    else:
        raise AssertionError("no position where the strong policy names one move")
    # 8 rounds a candidate for the default and one challenger need 16 playouts
    bot = MasterBot(seed=0, iterations=15)
    assert bot.choose(state) == named.pop()
    assert bot.last_iterations == 0


def test_the_default_move_is_reported_and_is_its_own_policys() -> None:
    # Dino Race ships a master table: the default comes from it; T-Rex Island ships none
    assert own_policy("dino-race") is not strong_policy("dino-race")
    for gid in ("dino-race", "trex-island"):
        for skip in range(10, 60):
            state = contested(gid, 2, skip=skip)
            named = {own_policy(gid)(state.clone(), random.Random(k)) for k in range(6)}
            if len(named) == 1:
                break
        bot = MasterBot(seed=0, iterations=15)  # too few playouts for a race: the default is played
        assert bot.choose(state) == bot.last_default == named.pop()
        overruled = MasterBot(seed=0, iterations=200, z=0)
        move = overruled.choose(state)
        assert overruled.last_default in state.legal_actions() and move in state.legal_actions()


@pytest.mark.parametrize("playouts", ["policy", "plain"])
def test_plain_playouts_are_played_by_the_plain_heuristic_for_every_seat(
    playouts: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the plain heuristic, counted: it also proposes a challenger at the root, for the deciding seat
    entry = game_entry("dino-race")
    plain = entry.heuristic
    assert plain is not None
    seats: set[int] = set()

    def counted(state: State, rng: random.Random) -> int:
        seats.add(state.current_player())
        return plain(state, rng)

    monkeypatch.setattr(master, "game_entry", lambda gid: replace(entry, heuristic=counted))
    state = contested("dino-race", 2)
    bot = make_bot(f"master:iterations=40,playouts={playouts}", 3)
    assert isinstance(bot, MasterBot)
    move = bot.choose(state.clone())
    assert move in state.legal_actions() and bot.last_iterations > 0
    # the default move is the policy's either way; only the playouts change hands
    assert bot.last_default == own_policy("dino-race")(state.clone(), random.Random(0))
    assert seats == ({0, 1} if playouts == "plain" else {state.current_player()})


def test_a_seconds_budget_too_small_for_a_race_spends_a_sixteenth_of_it() -> None:
    # T-Rex Island's playouts run to the end of the game; the fake clock reads 0.01 s more at
    # every check (one every 8 decisions of a playout)
    state = contested("trex-island", 2)
    default = MasterBot(seed=0, iterations=15).choose(state.clone())
    clock = StepClock(0.01)
    bot = MasterBot(seed=0, seconds=0.5, clock=clock)
    assert bot.choose(state.clone()) == default
    # the probe playout passed 0.5 / 16 s: no race could be afforded, so it stopped there
    assert bot.last_iterations == 0
    assert clock.now <= 0.5 / 16 + 0.02
    # where playouts are cheap, the same budget races
    cheap = MasterBot(seed=0, seconds=0.5, clock=StepClock(0.0002))
    cheap.choose(state.clone())
    assert cheap.last_rounds >= 1


def test_a_quiet_decision_stops_after_eight_rounds() -> None:
    # after 30 decisions of this seeded Dinosaur Rush game, every candidate leads to the same end
    state = contested("dinosaur-rush", 3, skip=30)
    default = strong_policy("dinosaur-rush")(state.clone(), random.Random(0))
    bot = MasterBot(seed=1, iterations=100)
    assert bot.choose(state) == default
    assert bot.last_rounds == QUIET_ROUNDS and bot.last_iterations < 100
    # a decision that matters spends its whole budget
    busy = MasterBot(seed=1, iterations=100)
    busy.choose(contested("dinosaur-rush", 3, skip=60))
    assert busy.last_rounds > QUIET_ROUNDS


def test_a_settled_race_stops_and_plays_what_the_whole_race_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    # Dino Race ships a floor of 0.1: a position where every challenger soon falls far below it
    for skip in range(10, 60):
        state = contested("dino-race", 2, skip=skip)
        settled = MasterBot(seed=0, iterations=200)
        move = settled.choose(state.clone())
        if settled.last_rounds > QUIET_ROUNDS and settled.last_iterations < 150:
            break
    else:
        raise AssertionError("no position where the race settles")
    # without the stop the race spends its whole budget, and the default move stands all the same
    monkeypatch.setattr(master, "SETTLE_Z", math.inf)
    whole = MasterBot(seed=0, iterations=200)
    assert whole.choose(state.clone()) == move
    assert whole.last_iterations > settled.last_iterations
