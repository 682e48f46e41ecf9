"""Adapters for RL researchers (the optional ``rl`` extra: numpy, open_spiel, pettingzoo, gymnasium).

* :func:`openspiel_game` — a ``pyspiel.Game`` (Python game registered with OpenSpiel);
* :func:`pettingzoo_env` — a PettingZoo AEC environment, every seat an agent;
* :func:`gymnasium_env` — a Gymnasium environment, one seat learning against dinobox bots;
* :func:`encoder_for` — the observation encoder of a configured game (``view(seat)`` -> vector).

Each third-party library is imported only when its adapter is first used, so the core package
never needs them. Layouts and figures: docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyspiel

    from dinobox.engine.encoding import Encoder
    from dinobox.engine.game import Game
    from dinobox.rl.gymnasium import DinoboxGymEnv
    from dinobox.rl.pettingzoo import DinoboxAECEnv


def openspiel_game(game_id: str, players: int | None = None, **options: object) -> pyspiel.Game:
    """A ``pyspiel.Game`` for a dinobox game; see :mod:`dinobox.rl.openspiel`."""
    from dinobox.rl.openspiel import openspiel_game as make

    return make(game_id, players=players, **options)


def pettingzoo_env(
    game_id: str, players: int | None = None, render_mode: str | None = None, illegal: str = "lose", **options: object
) -> DinoboxAECEnv:
    """A PettingZoo AEC environment; see :mod:`dinobox.rl.pettingzoo`."""
    from dinobox.rl.pettingzoo import pettingzoo_env as make

    return make(game_id, players=players, render_mode=render_mode, illegal=illegal, **options)


def gymnasium_env(
    game_id: str,
    players: int | None = None,
    opponents: str | Sequence[str] = "random",
    seat: int = 0,
    render_mode: str | None = None,
    illegal: str = "lose",
    **options: object,
) -> DinoboxGymEnv:
    """A single-agent Gymnasium environment; see :mod:`dinobox.rl.gymnasium`."""
    from dinobox.rl.gymnasium import gymnasium_env as make

    return make(
        game_id, players=players, opponents=opponents, seat=seat, render_mode=render_mode, illegal=illegal, **options
    )


def encoder_for(game: Game) -> Encoder:
    """The observation encoder of a configured game; see :mod:`dinobox.rl.encoders`."""
    from dinobox.rl.encoders import encoder_for as make

    return make(game)


__all__ = ["encoder_for", "gymnasium_env", "openspiel_game", "pettingzoo_env"]
