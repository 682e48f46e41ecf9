"""The built-in games: one package each, whole (rules, data, views, texts, heuristic, encoder,
terminal renderer, board script, How-to-play page and rules document).

``BUILT_IN`` maps each id to a loader of its :class:`~dinobox.engine.registry.GameEntry`; the
package is imported only when the game is first used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dinobox.engine.registry import GameEntry


def _dino_race() -> GameEntry:
    from dinobox.games.dino_race.entry import ENTRY

    return ENTRY


def _trex_island() -> GameEntry:
    from dinobox.games.trex_island.entry import ENTRY

    return ENTRY


def _dinosaur_rush() -> GameEntry:
    from dinobox.games.dinosaur_rush.entry import ENTRY

    return ENTRY


def _pangaea() -> GameEntry:
    from dinobox.games.pangaea.entry import ENTRY

    return ENTRY


BUILT_IN: dict[str, Callable[[], GameEntry]] = {
    "dino-race": _dino_race,
    "trex-island": _trex_island,
    "dinosaur-rush": _dinosaur_rush,
    "pangaea": _pangaea,
}
