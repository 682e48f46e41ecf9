"""The game: fixed facts about one configured game (players, options, component data)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from dinobox.engine.data import apply_overrides, data_to_json
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.options import OptionSet, OptionSpec
from dinobox.engine.values import ActionInfo, Event

if TYPE_CHECKING:
    from dinobox.engine.state import State

D = TypeVar("D")
"""A game's component-data type (a frozen dataclass in ``games/<game>/data.py``)."""


@dataclass(frozen=True)
class Presentation:
    """How a game's states are shown and redrawn, kept apart from its rules module.

    Each field is a plain function taking the game's own state first (so the rules module
    never imports its views or texts). ``view`` is the only way hidden information leaves a
    state, with ``event_text`` for the log; ``resample`` serves search bots; ``step_reveals``
    says when a player step shows the mover something hidden that no private event says
    (``State.reveals_to``: undo must not be offered after it); ``refusable`` names the action ids
    a board shows as pieces, whose refusal reasons the seat to act is sent; ``refused_pieces``
    says why of the pieces no action of the seat names at all (another seat's, say);
    ``information_key`` is a cheap stand-in for ``view(seat)`` that search trees are keyed by
    (``State.information_key``).
    """

    view: Callable[[Any, int | None], Mapping[str, Any]]
    event_text: Callable[[Any, Event, bool], str]
    action_text: Callable[[Any, int, int], str]
    action_info: Callable[[Any, int, int], ActionInfo] | None = None
    why_illegal: Callable[[Any, int], str] | None = None
    # the action ids worth explaining to the seat to act when refused, for a game whose action
    # space is too big to enumerate for every picture (``server.messages.refusals_for``)
    refusable: Callable[[Any, int], Iterable[int]] | None = None
    # ``(reason, fields)`` for each piece a board shows that no action id of the seat names (a
    # piece of another seat): the fields name it as ``describe_action``'s do (``kind``, ids)
    refused_pieces: Callable[[Any, int], Iterable[tuple[str, Mapping[str, Any]]]] | None = None
    resample: Callable[[Any, int, random.Random], State] | None = None
    step_reveals: Callable[[Any, Any, int], bool] | None = None
    information_key: Callable[[Any, int], Hashable] | None = None


@dataclass(frozen=True)
class EndCondition:
    """One way a game ends: ``id`` (what ``State.end_reason()`` returns) and ``text``, the
    rulebook's section and its words in short. ``extension`` marks an end the rulebook does not
    write, added where the text alone could not end the game (a designer sees how often)."""

    id: str
    text: str
    extension: bool = False


@dataclass(frozen=True)
class RoleKind:
    """One kind of asymmetric role the seats hold (a character, a starting space, a colour, a
    team): ``id`` (the key of ``State.seat_roles()``), ``text`` saying what it is, ``chosen``
    when players choose it one by one (in ``State.choice_order()``), and ``team`` when the seats
    holding the same role win together (a team: tests treat the team as the unit)."""

    id: str
    text: str
    chosen: bool = False
    team: bool = False


class Game(Generic[D]):
    """Base class of every game. Subclasses set the class attributes and implement
    ``new_initial_state``, ``num_distinct_actions`` and ``max_chance_outcomes``.

    A game is immutable once built: ``num_players``, ``options`` (validated, defaults
    filled in) and ``data`` (the component data, with any overrides applied).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int | None] = None
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    default_data: ClassVar[Any] = None
    # Views, texts and knowledge of the game's states (see ``Presentation``).
    presentation: ClassVar[Presentation | None] = None
    # True when a finished game may have no winner at all (everyone loses): ``winners()`` is
    # then empty and ``returns()`` all zero, so the game is not constant-sum.
    can_end_without_winner: ClassVar[bool] = False
    # False when every seat sees the whole table (chance aside): ``resample`` then redraws nothing.
    hidden_information: ClassVar[bool] = True
    # Every way the game can end (``State.end_reason()`` names the one that fired).
    end_conditions: ClassVar[tuple[EndCondition, ...]] = ()

    def __init__(self, players: int | None = None, data: Mapping[str, Any] | None = None, **options: Any) -> None:
        self.options: dict[str, Any] = OptionSet(self.option_specs).resolve(options, self.id)
        low, high = self.player_range(self.options)
        if players is None:
            players = self.default_players or low
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptionError(f"{self.id}: players must be a whole number, not {players!r}")
        if not low <= players <= high:
            hint = self.players_hint(players, self.options)
            raise InvalidOptionError(
                f"{self.title} takes {low} to {high} players with these options, not {players}"
                + (f"; {hint}" if hint else "")
            )
        self.num_players: int = players
        self.data_overrides: dict[str, Any] = dict(data or {})
        self.data: D = apply_overrides(self.default_data, self.data_overrides, self.id)
        problem = self.check_configuration()
        if problem:
            raise InvalidOptionError(f"{self.title}: {problem}")

    # ----- hooks --------------------------------------------------------------------------
    @classmethod
    def player_range(cls, options: Mapping[str, Any]) -> tuple[int, int]:
        """The allowed player counts under these options (variants may change them)."""
        return cls.min_players, cls.max_players

    @classmethod
    def players_hint(cls, players: int, options: Mapping[str, Any]) -> str | None:
        """What to do instead when ``players`` is outside ``player_range(options)`` (e.g. the
        variant that allows that many), or None."""
        return None

    def role_kinds(self) -> tuple[RoleKind, ...]:
        """The asymmetric roles the seats hold under this configuration (``State.seat_roles()``
        gives each seat's); none by default."""
        return ()

    def end_condition(self, reason: str) -> EndCondition | None:
        """The declared end condition ``reason`` names, or None."""
        return next((c for c in self.end_conditions if c.id == reason), None)

    def check_configuration(self) -> str | None:
        """A reason the configuration (players x options x data) cannot be played, or None."""
        return None

    def new_initial_state(self) -> State:
        raise NotImplementedError  # pragma: no cover - abstract

    def num_distinct_actions(self) -> int:
        """Size of the fixed player action space: every legal player action is below it."""
        raise NotImplementedError  # pragma: no cover - abstract

    def max_chance_outcomes(self) -> int:
        """Every chance outcome is below this."""
        raise NotImplementedError  # pragma: no cover - abstract

    def max_game_length(self) -> int:
        """An upper bound on the number of decisions (player and chance) in one game."""
        return 100_000

    # ----- descriptions -------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """Public facts about this game as JSON (for the lobby, the CLI and records)."""
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "players": self.num_players,
            "options": dict(self.options),
            "option_specs": [s.to_json() for s in self.option_specs],
        }

    def data_json(self) -> dict[str, Any]:
        return data_to_json(self.data) if self.data is not None else {}

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != _default(self.option_specs, k)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"load_game({self.id!r}, players={self.num_players}{extra})"


def _default(specs: tuple[OptionSpec, ...], name: str) -> Any:
    for spec in specs:
        if spec.name == name:
            return spec.default
    return None  # pragma: no cover
