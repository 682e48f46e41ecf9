"""The one declaration of this game's parts, by typed reference (see ``dinobox.engine.registry``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.engine.registry import GameEntry
from dinobox.games.trex_island import heuristic, render, value
from dinobox.games.trex_island.game import TRexIslandGame

if TYPE_CHECKING:
    from dinobox.engine.encoding import Encoder


def load_encoder() -> type[Encoder]:
    """The RL observation encoder (imported on demand: it needs NumPy)."""
    from dinobox.games.trex_island.encoder import TRexIslandEncoder

    return TRexIslandEncoder


ENTRY = GameEntry(
    game=TRexIslandGame,
    render=render.render,
    preview=render.preview,
    heuristic=heuristic.choose,
    encoder=load_encoder,
    package=__package__,
    big_events=render.BIG_EVENTS,
    legend=tuple(render.LEGEND_FULL),
    player_styles=render.PLAYER_STYLES,
    digest=render.digest,
    value_features=(value.FEATURE_NAMES, value.features),
)
