"""Exploit probes: simple, degenerate strategies that any game's bots should not lose to.

A probe knows no game: it reads the kinds of the legal actions (the class of each one's typed
description, ``action_info(a)``, named in snake case) and the seats' ``scores()``, and otherwise
plays the game's heuristic.

- ``probe:prefer=KIND``: whenever a legal action of that kind exists, take one (the heuristic's
  own choice if it is of that kind, else a seeded random one of them); else play the heuristic.
- ``probe:avoid=KIND``: never take an action of that kind while another is legal (the
  heuristic's choice unless it is of that kind, else a seeded random other one), e.g. "never
  take a token".
- ``probe:first``: always the first legal action.
- ``probe:greedy``: one ply on the seat's own score: the action after which ``scores()[seat]`` is
  highest, on a redrawn state (``resample``: only what the seat may know), ties going to the
  heuristic's choice.

``probe_specs(game)`` lists them all for a configured game, the kinds found by a few seeded
heuristic games (``simulate --skill-check`` plays each against the lobby's levels).
"""

from __future__ import annotations

import random

from dinobox.bots.heuristic import heuristic_policy
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.runner import play_game
from dinobox.engine.state import State
from dinobox.engine.values import kind_of

MODES = ("prefer", "avoid", "first", "greedy")


def action_kind(state: State, action: int) -> str | None:
    """The kind of the action's typed description (the name ``probe:prefer=KIND`` gives)."""
    return kind_of(state.action_info(action))


class ProbeBot:
    """One probe (``mode`` in ``MODES``; ``kind`` for ``prefer`` and ``avoid``)."""

    def __init__(self, seed: int | None = None, mode: str = "first", kind: str | None = None) -> None:
        if mode not in MODES:
            raise InvalidOptionError(f"bot 'probe': no probe {mode!r} (probes: {', '.join(MODES)})")
        if (kind is None) != (mode in ("first", "greedy")):
            raise InvalidOptionError(f"bot 'probe': {mode} {'takes no' if kind is not None else 'needs a'} kind")
        self.rng = random.Random(seed)
        self.mode = mode
        self.kind = kind

    def _heuristic(self, state: State) -> int:
        return heuristic_policy(state.game.id)(state, self.rng)

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.mode == "first":
            return legal[0]
        if self.mode == "greedy":
            return self._greedy(state, legal)
        marked = [a for a in legal if action_kind(state, a) == self.kind]
        wanted = marked if self.mode == "prefer" else [a for a in legal if a not in marked]
        if not wanted or len(wanted) == len(legal):
            return self._heuristic(state)
        if len(wanted) == 1:
            return wanted[0]
        choice = self._heuristic(state)
        return choice if choice in wanted else self.rng.choice(wanted)

    def _greedy(self, state: State, legal: list[int]) -> int:
        seat = state.current_player()
        world = state.resample(seat, self.rng)
        values: dict[int, int] = {}
        for action in legal:
            child = world.clone()
            child.apply_action(action)
            values[action] = child.scores()[seat]
        top = max(values.values())
        best = [a for a in legal if values[a] == top]
        if len(best) == 1:
            return best[0]
        choice = self._heuristic(state)
        return choice if choice in best else self.rng.choice(best)


def make_probe(opts: dict[str, str], seed: int | None) -> ProbeBot:
    """``probe:prefer=KIND`` / ``probe:avoid=KIND`` / ``probe:first`` / ``probe:greedy``;
    ``probe`` alone is ``probe:first`` (so every bot kind's bare name is a bot)."""
    if not opts:
        return ProbeBot(seed, "first")
    if len(opts) != 1:
        raise InvalidOptionError(
            "bot 'probe' takes one of prefer=KIND, avoid=KIND, first, greedy "
            f"(got {', '.join(opts) if opts else 'nothing'})"
        )
    (mode, value), *_ = opts.items()
    if mode in ("prefer", "avoid"):
        if not value:
            raise InvalidOptionError(f"bot 'probe': {mode} needs an action kind ({mode}=KIND)")
        return ProbeBot(seed, mode, value)
    if mode in ("first", "greedy") and value:
        raise InvalidOptionError(f"bot 'probe': {mode} takes no value (probe:{mode})")
    return ProbeBot(seed, mode)


class _Heuristic:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else heuristic_policy(state.game.id)(state, self.rng)


def action_kinds(game: Game, games: int = 4, seed: int = 0) -> list[str]:
    """The kinds of action that are a real choice (legal beside an action of another kind) in
    ``games`` seeded heuristic games of ``game``, in the order first met."""
    kinds: dict[str, None] = {}

    def see(state: State, player: int, action: int) -> None:
        if player < 0:
            return
        met = {action_kind(state, a) for a in state.legal_actions()}
        if len(met) > 1:
            kinds.update((k, None) for k in met if k is not None and k not in kinds)

    for index in range(games):
        rng = random.Random(seed * 1000 + index)
        agents = [_Heuristic(rng) for _ in range(game.num_players)]
        play_game(game.new_initial_state(), agents, seed=rng.getrandbits(32), on_action=see)
    return list(kinds)


def probe_specs(game: Game, games: int = 4, seed: int = 0) -> list[str]:
    """Every probe for ``game``: ``prefer`` and ``avoid`` for each kind, then ``first`` and
    ``greedy``."""
    kinds = action_kinds(game, games, seed)
    return [
        *(f"probe:prefer={k}" for k in kinds),
        *(f"probe:avoid={k}" for k in kinds),
        "probe:first",
        "probe:greedy",
    ]
