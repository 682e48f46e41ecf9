"""Every bot, every registered game: same view + same seed => same action, always legal."""

from __future__ import annotations

import random
from collections.abc import Hashable

import pytest

import dinobox
from dinobox.bots import ISMCTSBot, make_bot
from dinobox.bots.heuristic import has_heuristic
from dinobox.bots.ismcts import Node, Policy
from dinobox.engine.registry import game_class
from dinobox.engine.state import CHANCE, State

BOT_SPECS = [
    "random",
    "heuristic",
    "ismcts:iterations=6,playout=random",
    "ismcts:iterations=3,playout=heuristic,depth=8",
    "ismcts:iterations=12,playout=heuristic,depth=6,search=flat",
    "strong:iterations=12,depth=6",
    "strong",
    "easy",
    "medium",
    "hard",
    "probe:first",
    "probe:greedy",
    "probe:prefer=move",
    "probe:avoid=move",
    "master:iterations=12,depth=6",
]


def decision_points(gid: str, count: int, seed: int = 1) -> list[State]:
    """Up to ``count`` positions with a real choice, spread over one random game."""
    cls = game_class(gid)
    game = dinobox.load_game(gid, players=cls.default_players or cls.min_players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and step % 7 == 0:
            found.append(state.clone())
        state.apply_action(rng.choice(legal))
        step += 1
    return found


@pytest.mark.parametrize("spec", BOT_SPECS)
@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_same_view_and_seed_give_same_action(gid: str, spec: str) -> None:
    if not spec.startswith(("random", "ismcts")) and not has_heuristic(gid):
        raise AssertionError(f"{gid} declares no heuristic")
    rng = random.Random(99)
    positions = decision_points(gid, 3 if spec.startswith(("ismcts", "strong", "master")) else 6)
    assert positions, f"{gid}: no decision point found"
    for state in positions:
        seat = state.current_player()
        twin = state.resample(seat, rng)
        assert twin.view(seat) == state.view(seat)
        for seed in (3, 4):
            first = make_bot(spec, seed).choose(state)
            second = make_bot(spec, seed).choose(twin)
            assert first == second, f"{spec} on {gid}: {first} != {second} for the same view and seed"
            assert first in state.legal_actions()


class _SeenStates(ISMCTSBot):
    """An ISMCTS bot that keeps each state an iteration starts from, with the view of the seat to
    act there (the compiled search calls ``resample`` out of a test's reach; ``iterate``, the
    public step, is where it hands the redrawn state on)."""

    def __init__(self, seed: int, iterations: int) -> None:
        super().__init__(seed=seed, iterations=iterations)
        self.seen: list[State] = []
        self.views: list[dict[str, object]] = []

    def iterate(
        self,
        det: State,
        root_key: Hashable,
        tree: dict[Hashable, Node],
        rng: random.Random,
        policy: Policy,
        guide: Policy | None,
    ) -> None:
        self.seen.append(det)
        self.views.append(det.view(det.current_player()))
        super().iterate(det, root_key, tree, rng, policy, guide)


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_ismcts_resamples_every_iteration(gid: str) -> None:
    """Each iteration starts from a state of its own that agrees with the seat's view."""
    state = decision_points(gid, 1)[0]
    seat = state.current_player()
    view = state.view(seat)
    bot = _SeenStates(seed=0, iterations=5)
    bot.choose(state)
    assert len(bot.seen) == 5
    assert len({id(det) for det in bot.seen} | {id(state)}) == 6  # a new state each time
    assert bot.views == [view] * 5 and state.view(seat) == view


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_strong_resamples_every_round(gid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The strong bot searches determinizations only: every round starts from ``resample``."""
    state = decision_points(gid, 1)[0]
    seat = state.current_player()
    calls: list[int] = []
    original = type(state).resample

    def spy(self: State, who: int, rng: random.Random) -> State:
        calls.append(who)
        return original(self, who, rng)

    monkeypatch.setattr(type(state), "resample", spy)
    bot = make_bot("strong:iterations=40,depth=4", 0)
    bot.choose(state)
    assert calls and set(calls) == {seat}


@pytest.mark.parametrize("gid", dinobox.game_ids())
def test_strong_under_a_wall_clock_budget_plays_a_legal_move(gid: str) -> None:
    """With ``seconds`` and no ``depth`` the bot cuts its playouts to fit the budget itself."""
    for state in decision_points(gid, 2):
        assert make_bot("strong:seconds=0.05", 1).choose(state) in state.legal_actions()
