"""Hand-written heuristic policies, one per game, over the engine contract only.

Each module exposes ``choose(state: State, rng: random.Random) -> int`` for
``state.current_player()``, reading only ``state.view(seat)``, ``state.legal_actions()``,
``state.describe_action(a)`` and ``state.clone()``/``apply_action`` for look-ahead on the
seat's own resampled states. Add a line to ``HEURISTICS`` when a game's heuristic lands.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.state import State

Policy = Callable[[State, random.Random], int]

HEURISTICS: dict[str, str] = {
    "dino-race": "dinobox.bots.heuristics.dino_race:choose",
    "trex-island": "dinobox.bots.heuristics.trex_island:choose",
    "pangaea": "dinobox.bots.heuristics.pangaea:choose",
    "dinosaur-rush": "dinobox.bots.heuristics.dinosaur_rush:choose",
}


def heuristic_policy(game_id: str) -> Policy:
    target = HEURISTICS.get(game_id)
    if target is None:
        known = ", ".join(HEURISTICS)
        raise InvalidOptionError(f"no heuristic bot for {game_id!r} yet (games with one: {known})")
    module, _, attr = target.partition(":")
    policy: Policy = getattr(importlib.import_module(module), attr)
    return policy
