"""The one declaration of this game's parts, by typed reference (see ``dinobox.engine.registry``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dinobox.engine.registry import GameEntry
from dinobox.games.dinosaur_rush import build, heuristic, render, value
from dinobox.games.dinosaur_rush.game import DinosaurRushGame

if TYPE_CHECKING:
    from dinobox.engine.encoding import Encoder


def load_encoder() -> type[Encoder]:
    """The RL observation encoder (imported on demand: it needs NumPy)."""
    from dinobox.games.dinosaur_rush.encoder import DinosaurRushEncoder

    return DinosaurRushEncoder


def seat_marks(view: Any) -> list[str]:
    """Each player's letter on the board's paleontologists (``@O``; Pink is ``@I`` beside Purple)."""
    return render.initials(view["players"])


ENTRY = GameEntry(
    game=DinosaurRushGame,
    render=render.render,
    preview=render.preview,
    heuristic=heuristic.choose,
    encoder=load_encoder,
    macros=build.macros,
    package=__package__,
    big_events=render.BIG_EVENTS,
    legend=tuple(render.LEGEND),
    player_styles=render.PLAYER_STYLES,
    digest=render.digest,
    seat_marks=seat_marks,
    value_features=(value.FEATURE_NAMES, value.features),
)
