"""The registry: one typed entry per game, and the only place anything looks a game up.

A game declares one :class:`GameEntry` (in ``games/<game>/entry.py`` for the built-in games)
that names its parts by typed reference: the ``Game`` class, the terminal renderer, the heuristic
policy, the RL encoder, and the package holding its files (rules document, How-to-play page,
board script). Bots, encoders, the CLI, the simulator, the server and the page find a game's
parts here and never name a game.

Every game, built-in or plug-in, is found the same way: as an entry point in the
``dinobox.games`` group, loaded lazily on first use (nothing registers itself by being imported).
dinobox declares its own four games in its ``pyproject.toml``; a game shipped as its own pip
package declares one more::

    [project.entry-points."dinobox.games"]
    my-game = "my_package.entry:ENTRY"

So the engine names no game and imports nothing above it. Entry points are installation
metadata: after a new one is declared, ``pip install -e .`` refreshes an editable install.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import metadata, resources
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any

from dinobox.engine.errors import PluginError, UnknownGameError
from dinobox.engine.game import Game

if TYPE_CHECKING:
    from dinobox.engine.encoding import Encoder
    from dinobox.engine.state import State

log = logging.getLogger("dinobox.registry")

ENTRY_POINT_GROUP = "dinobox.games"

DISTRIBUTION = "dinobox"
"""The distribution whose entry points are the built-in games (listed first)."""

Policy = Callable[["State", random.Random], int]
"""A heuristic: picks an action for ``state.current_player()``; ``rng`` only breaks ties."""

# A view's type is the game's own (a TypedDict in ``games/<game>/view.py``), hence ``Any`` here.
Renderer = Callable[..., str]
"""Draws a view for the terminal (plain text with Rich markup): ``render(view)``. A renderer may
also take the keywords ``marks`` (places to highlight, as the game's :data:`Preview` names them)
and ``width`` (the columns it may use); the terminal passes only those it declares."""

Preview = Callable[[Any, Any, dict[str, Any]], list[tuple[Any, str]]]
"""What a choice does on the board, for the terminal: from the view before, the view after (None
when the step would show something hidden) and the described action, the places it changes or
names (JSON-able keys the renderer's ``marks`` take), each with a line saying what happens there."""

Macros = Callable[[Any, list[dict[str, Any]]], list[tuple[str, list[int]]]]
"""The app's suggested sequences of decisions, from a view and the described legal actions:
``[(label, [action, ...]), ...]`` (e.g. a ready-made skeleton). The terminal offers them, and
the coach never marks their first step as costly without a measurably better move."""

Digest = Callable[[Any, Any], list[tuple[str, str]]]
"""What changed for a seat between two of its own views (before, after), in the game's words:
``[(field, line), ...]``, ``field`` the view field a line explains (``"egg"``, or
``"players.pile"`` for the seat's own row), which the terminal's generic digest then leaves out
(an empty line: a field that needs no words)."""

ValueFeatures = tuple[tuple[str, ...], Callable[[Any, int], tuple[float, ...]]]  # Any: the game's own State subclass
"""A position's features for a learned value (``dinobox.bots.value``): their names, and
``features(state, seat)``, which reads only what ``seat`` may know (the same on
``state.resample(seat, rng)``), relative to the seat, one of them named ``progress`` (0 at the
start of a game, about 1 at its end). The fitted weights are the game's ``value.json``."""

SeatMarks = Callable[[Any], list[str]]
"""Each seat's mark on the game's terminal board, from a view: the letter (or letters) its pieces
carry there, so the terminal's panes can name a seat by its mark as well as its colour. Without
it the terminal takes each name's first letter (seat numbers where two names start alike)."""


@dataclass(frozen=True)
class GameEntry:
    """Everything dinobox knows about one game, by typed reference.

    ``encoder`` is a loader (the encoders need NumPy, an optional extra), called only by the RL
    adapters. ``package`` is the import name of the package whose files are the game's
    documents: ``rules.md`` (the rules reading with its Assumptions), ``howto.html`` and
    ``board.js``; each is optional.

    The terminal's extras, each optional: ``big_events`` (log kinds worth a pause: an eruption,
    a scoring), ``legend`` (lines of Rich markup explaining the board, for the help screen),
    ``player_styles`` (a Rich style per player name, the board's own colours), ``seat_marks``
    (each seat's letter on the board) and ``digest`` (the game's words for what changed for a
    seat between two of its views).
    """

    game: type[Game[Any]]
    render: Renderer | None = None
    heuristic: Policy | None = None
    encoder: Callable[[], type[Encoder]] | None = None
    macros: Macros | None = None
    preview: Preview | None = None
    package: str | None = None
    big_events: frozenset[str] = frozenset()
    legend: tuple[str, ...] = ()
    player_styles: Mapping[str, str] = field(default_factory=dict)
    digest: Digest | None = None
    seat_marks: SeatMarks | None = None
    value_features: ValueFeatures | None = None

    @property
    def id(self) -> str:
        return self.game.id

    def resource(self, name: str) -> Traversable | None:
        """One of the game's files (``rules.md``, ``howto.html``, ``board.js``), or None."""
        if self.package is None:
            return None
        path = resources.files(self.package) / name
        return path if path.is_file() else None

    def read_resource(self, name: str) -> str | None:
        path = self.resource(name)
        return None if path is None else path.read_text(encoding="utf-8")


def _entry_points() -> list[metadata.EntryPoint]:
    """The group's entry points: dinobox's own games first (in the metadata's order, by name),
    then the plug-ins.

    A stale installation (an editable install made before the built-in games were declared as
    entry points, or the sources run without any install) lists none of dinobox's own: that is
    an error saying how to fix it, not an empty list of games."""
    points = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    own = [p for p in points if _distribution(p) == DISTRIBUTION]
    if not own:
        raise PluginError(
            "dinobox's installation declares no games (its metadata predates the dinobox.games entry points, "
            "or the sources run uninstalled): run `pip install -e .` in the dinobox checkout"
        )
    return own + [p for p in points if _distribution(p) != DISTRIBUTION]


def _distribution(point: metadata.EntryPoint) -> str | None:
    return None if point.dist is None else point.dist.name


def _loader(point: metadata.EntryPoint) -> Callable[[], GameEntry]:
    def load() -> GameEntry:
        try:
            entry = point.load()
        except Exception as exc:
            raise PluginError(f"game {point.name!r} ({point.value}) failed to load: {exc}") from exc
        if not isinstance(entry, GameEntry):
            raise PluginError(f"game {point.name!r} ({point.value}) is a {type(entry).__name__}, not a GameEntry")
        return entry

    return load


class Registry:
    """The games known to this installation: built-in first, then plug-ins."""

    def __init__(self) -> None:
        self._loaders: dict[str, Callable[[], GameEntry]] | None = None
        self._entries: dict[str, GameEntry] = {}

    def loaders(self) -> dict[str, Callable[[], GameEntry]]:
        if self._loaders is None:
            loaders: dict[str, Callable[[], GameEntry]] = {}
            for point in _entry_points():
                # The first declaration of a name wins (dinobox's own games before any plug-in).
                loaders.setdefault(point.name, _loader(point))
            self._loaders = loaders
        return self._loaders

    def ids(self) -> list[str]:
        return list(self.loaders())

    def entry(self, game_id: str) -> GameEntry:
        found = self._entries.get(game_id) if isinstance(game_id, str) else None
        if found is not None:
            return found
        loaders = self.loaders()
        if not isinstance(game_id, str) or game_id not in loaders:
            raise UnknownGameError(f"no game {game_id!r} (known games: {', '.join(loaders)})")
        entry = loaders[game_id]()
        if entry.id != game_id:
            raise PluginError(f"the entry registered as {game_id!r} declares the game {entry.id!r}")
        self._entries[game_id] = entry
        return entry

    def refresh(self) -> None:
        """Look for plug-ins again (after installing one into a running interpreter)."""
        self._loaders = None
        self._entries.clear()


REGISTRY = Registry()


def game_ids() -> list[str]:
    """Every registered game id: the built-in games first, then plug-ins."""
    return REGISTRY.ids()


def game_entry(game_id: str) -> GameEntry:
    """The game's entry; ``UnknownGameError`` names the known games."""
    return REGISTRY.entry(game_id)


def game_class(game_id: str) -> type[Game[Any]]:
    return game_entry(game_id).game


def load_game(game_id: str, players: int | None = None, **options: Any) -> Game[Any]:
    """A configured game. ``options`` are the game's declared options; ``data=`` takes
    component-data overrides. Unknown or invalid values raise a clear ``ValueError``."""
    return game_class(game_id)(players=players, **options)
