"""The one declaration of this game's parts, by typed reference (see ``dinobox.engine.registry``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dinobox.engine.registry import GameEntry
from dinobox.games.pangaea import heuristic, render, value
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.worldtext import SEAT_LETTERS

if TYPE_CHECKING:
    from dinobox.engine.encoding import Encoder


def load_encoder() -> type[Encoder]:
    """The RL observation encoder (imported on demand: it needs NumPy)."""
    from dinobox.games.pangaea.encoder import PangaeaEncoder

    return PangaeaEncoder


def seat_marks(view: Any) -> list[str]:
    """Each player's pieces on the map: its Explorer's letter and its Shelters' (``a/A``)."""
    return [f"{SEAT_LETTERS[p['seat']]}/{SEAT_LETTERS[p['seat']].upper()}" for p in view["players"]]


ENTRY = GameEntry(
    game=PangaeaGame,
    render=render.render,
    preview=render.preview,
    heuristic=heuristic.choose,
    encoder=load_encoder,
    package=__package__,
    big_events=render.BIG_EVENTS,
    legend=tuple(render.LEGEND),
    player_styles=render.PLAYER_STYLES,
    digest=render.digest,
    seat_marks=seat_marks,
    value_features=(value.FEATURE_NAMES, value.features),
)
