"""Designers' own metrics: a hook that sees every step of every game and adds columns to the rows.

A metric is named on the command line as ``--metric module:name`` (any importable module) or by
the name of a ``dinobox.metrics`` entry point of an installed package. ``name`` is a class or a
function that takes the ``Game`` and returns a watcher for one game::

    class Jumps:
        def __init__(self, game):            # once per game played
            self.jumps = 0

        def step(self, state, player, action):   # before every action, chance included
            if player >= 0 and state.describe_action(action, player)["kind"] == "jump":
                self.jumps += 1

        def end(self, state):                # the finished (or capped) game
            return {"jumps": self.jumps}      # columns of this game's row

Each column ``c`` of metric ``m`` becomes ``m.c`` in ``games.csv``, ``summary.json`` (its mean
with a 95% interval, overall and for winners' games) and ``report.html`` (a histogram each).
Watchers run in the worker processes, so the module must be importable there too.

Built in, for every run (no flag needed): score by source (each game's final ``breakdown`` in
its views), action usage by winners and losers, and the first player's edge round by round.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from typing import Protocol

from dinobox.engine.errors import DinoboxError
from dinobox.engine.game import Game
from dinobox.engine.state import CHANCE, State

ENTRY_POINTS = "dinobox.metrics"


class Watch(Protocol):
    def step(self, state: State, player: int, action: int) -> None: ...

    def end(self, state: State) -> Mapping[str, float]: ...


Factory = Callable[[Game], Watch]


def load_metric(spec: str) -> tuple[str, Factory]:
    """(column prefix, factory) for ``module:name`` or an entry point's name; a
    ``DinoboxError`` saying what is wrong otherwise."""
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise DinoboxError(f"--metric {spec}: cannot import {module_name!r} ({exc})") from None
        factory = getattr(module, attr, None)
        name = attr
    else:
        found = [ep for ep in metadata.entry_points(group=ENTRY_POINTS) if ep.name == spec]
        if not found:
            known = sorted(ep.name for ep in metadata.entry_points(group=ENTRY_POINTS))
            raise DinoboxError(
                f"--metric {spec}: give module:function, or the name of a {ENTRY_POINTS} entry point "
                f"(installed: {', '.join(known) or 'none'})"
            )
        factory, name = found[0].load(), spec
    if not callable(factory):
        raise DinoboxError(f"--metric {spec}: {spec.split(':')[-1]!r} is not a class or function")
    return name, factory


class Watchers:
    """The metrics of one game, fed every step; ``columns()`` at the end."""

    def __init__(self, specs: Sequence[str], game: Game) -> None:
        self.watches = [(name, factory(game)) for name, factory in map(load_metric, specs)]

    def step(self, state: State, player: int, action: int) -> None:
        for _, watch in self.watches:
            watch.step(state, player, action)

    def columns(self, state: State) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, watch in self.watches:
            values = watch.end(state)
            if not isinstance(values, Mapping):
                raise DinoboxError(f"metric {name}: end() must return a dict of column -> number")
            for column, value in values.items():
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise DinoboxError(f"metric {name}: column {column!r} is {value!r}, not a number")
                out[f"{name}.{column}"] = float(value)
        return out


def check_metrics(specs: Sequence[str], game: Game) -> None:
    """Load every metric and make a watcher, before the first game."""
    for spec in specs:
        _, factory = load_metric(spec)
        try:
            watch = factory(game)
        except Exception as exc:  # a plug-in's own failure, reported with its name
            raise DinoboxError(f"--metric {spec} failed on {game.title}: {exc}") from None
        if not callable(getattr(watch, "step", None)) or not callable(getattr(watch, "end", None)):
            raise DinoboxError(f"--metric {spec}: what it returns needs step(state, player, action) and end(state)")


def score_sources(state: State) -> list[dict[str, float]] | None:
    """Each seat's final score by source, from the finished game's ``breakdown`` (games whose
    views show one), else None."""
    breakdown = state.view(0).get("breakdown")
    if not isinstance(breakdown, list) or len(breakdown) != state.num_players:
        return None
    return [{str(k): float(v) for k, v in part.items() if isinstance(v, (int, float))} for part in breakdown]


class RoundEdge:
    """The first player's score minus the others' mean at the start of each round (a round is
    one turn per player), and at the end: how the first player's edge builds up. The first
    player is whoever makes the first decision of the first turn (a game may draw them)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.edges: list[float] = []
        self.round = -1
        self.first: int | None = None

    def see(self, state: State, player: int) -> None:
        if player == CHANCE:
            return
        turns = state.turn_count()
        if self.first is None and turns >= 1:
            self.first = player
        current = turns // self.players
        if current != self.round:
            self.round = current
            self.edges.append(self._edge(state))

    def _edge(self, state: State) -> float:
        scores = state.scores()
        if self.first is None or len(scores) < 2:
            return 0.0
        others = [score for seat, score in enumerate(scores) if seat != self.first]
        return round(scores[self.first] - statistics.fmean(others), 4)

    def finish(self, state: State) -> list[float]:
        return [*self.edges, self._edge(state)]
