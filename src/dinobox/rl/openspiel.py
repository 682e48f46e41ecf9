"""OpenSpiel adapter: any dinobox game as a Python ``pyspiel.Game``.

``openspiel_game("dino-race", players=2)`` registers the game with OpenSpiel the first time
(short name ``python_dinobox_dino_race``; the table of names is ``SHORT_NAMES``, built from the
game registry) and loads it with ``pyspiel.load_game``, so OpenSpiel's own tools (serialization,
``random_sim_test``, the Python bots in ``open_spiel.python.algorithms``) see an ordinary game:

* sequential, explicit stochastic chance (the engine's chance nodes, same outcome ids),
  imperfect information, constant-sum utilities (each winner gets ``1/len(winners)``);
* the fixed action space of the dinobox game (``num_distinct_actions``);
* observation and information-state tensors from the game's encoder and strings that are the
  seat's view as canonical JSON — both built from ``view(seat)`` only (see docs/rl.md);
* ``resample_from_infostate`` from ``state.resample``.

Game parameters are ``players`` plus the dinobox game's options (bool, int or choice strings).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import dinobox
from dinobox.engine.game import Game
from dinobox.engine.registry import game_class
from dinobox.engine.state import State
from dinobox.rl.encoders import Encoder, encoder_for

PREFIX = "python_dinobox_"


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a dinobox game id."""
    return PREFIX + game_id.replace("-", "_")


SHORT_NAMES: dict[str, str] = {}  # filled lazily: game id -> registered OpenSpiel short name


def openspiel_game(game_id: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """A ``pyspiel.Game`` for the dinobox game (bad ids, players or options raise ``ValueError``)."""
    game = dinobox.load_game(game_id, players=players, **options)  # validates everything first
    name = register(game_id)
    params: dict[str, Any] = {"players": game.num_players}
    params.update(game.options)
    return pyspiel.load_game(name, params)


def register(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once) and return its short name."""
    if game_id in SHORT_NAMES:
        return SHORT_NAMES[game_id]
    cls = game_class(game_id)
    name = short_name(game_id)
    probe = cls.__new__(cls)
    high = cls.max_players
    low = cls.min_players
    for spec in cls.option_specs:  # a variant may change the player range (Playing in Teams)
        if spec.kind == "bool":
            try:
                lo, hi = cls.player_range(probe, {spec.name: True})
            except (KeyError, ValueError, AttributeError):
                continue  # the range depends on more than this option: keep the base range
            low, high = min(low, lo), max(high, hi)
    specification: dict[str, Any] = {"players": cls.default_players or cls.min_players}
    for spec in cls.option_specs:
        specification[spec.name] = spec.default
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"dinobox {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # A game that can end with everyone losing pays all zeros then: not constant-sum.
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM
            if cls.can_end_without_winner
            else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=specification,
    )

    # OpenSpiel keeps the creator until the process exits; like OpenSpiel's own Python games we
    # register a class (a closure here would be freed after the interpreter shut down and crash).
    creator = type(f"OpenSpiel_{name}", (OpenSpielGame,), {"dinobox_id": game_id, "game_type": game_type})
    pyspiel.register_game(game_type, creator)
    SHORT_NAMES[game_id] = name
    return name


class OpenSpielGame(pyspiel.Game):
    """A configured dinobox game seen through OpenSpiel's ``Game`` interface."""

    dinobox_id: str  # set on the per-game subclass made by ``register``
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options = dict(params or {})
        players = options.pop("players", None)
        self.dinobox_game: Game = dinobox.load_game(self.dinobox_id, players=players, **options)
        g = self.dinobox_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=g.max_chance_outcomes(),
            num_players=g.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if g.can_end_without_winner else 1.0,
            max_game_length=g.max_game_length(),
        )
        super().__init__(self.game_type, info, dict(params or {}))
        self.encoder: Encoder = encoder_for(g)

    def new_initial_state(self) -> OpenSpielState:
        return OpenSpielState(self, self.dinobox_game.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"dinobox observers take no parameters, not {params!r}")
        public_only = False
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("dinobox observers show one seat's view; ALL_PLAYERS private info is not offered")
            public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        return ViewObserver(self.encoder, public_only)


class _Holder:
    """Holds the engine state inside the OpenSpiel state: OpenSpiel clones by deep-copying the
    Python attributes and serializes them by pickling, so this maps deepcopy to the cheap
    ``clone()`` and pickling to the JSON record (replayed by ``from_record``).

    It also remembers the views, tensors and strings already computed for the current position
    (OpenSpiel asks for the same seat's observation and information state, tensor and string,
    several times per position); the memo is dropped as soon as the move number changes.
    """

    __slots__ = ("memo", "memo_move", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.memo: dict[tuple[str, int | None], Any] = {}
        self.memo_move = -1

    def remembered(self, key: tuple[str, int | None], make: Any) -> Any:
        move = self.state.move_number()
        if move != self.memo_move:
            self.memo = {}
            self.memo_move = move
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = make()
        return found

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.remembered(("view", seat), lambda: self.state.view(seat))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_holder_from_record, (json.dumps(self.state.to_record()),))


def _holder_from_record(text: str) -> _Holder:
    return _Holder(dinobox.from_record(json.loads(text)))


class OpenSpielState(pyspiel.State):
    """One position; every call goes to the engine state (``self.dinobox_state``)."""

    def __init__(self, game: OpenSpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Holder(state)

    @property
    def dinobox_state(self) -> State:
        """The engine state (use its ``view``, ``describe_action``, ``log`` ...)."""
        return self._held.state

    def current_player(self) -> int:
        return self._held.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._held.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self._held.state.action_to_string(int(action), player)
        except (ValueError, LookupError):
            return f"action {action}"  # an action out of context (e.g. from another position)

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        return self._held.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> OpenSpielState:
        """A state ``player_id`` cannot tell apart from this one (drawn by ``state.resample``);
        the randomness comes from ``probability_sampler()`` (OpenSpiel's convention)."""
        seed = int(float(probability_sampler()) * 2**53)
        new = self.clone()
        new._held = _Holder(self._held.state.resample(int(player_id), random.Random(seed)))
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> OpenSpielState:
        return self.clone()

    def __str__(self) -> str:
        held = self._held
        return held.remembered(("string", None), lambda: _canonical(held.view(None)))


class ViewObserver:
    """OpenSpiel's Python observer protocol over the game's encoder.

    ``tensor`` is the encoder's vector of ``view(player)`` (of ``view(None)``, the spectator's
    view, for public-only observations) and ``dict`` its named pieces; ``string_from`` is the
    same view as canonical JSON. Information state and observation use the same view: the view
    is the engine's summary of everything the seat knows (not a replay of its past moves).
    """

    def __init__(self, encoder: Encoder, public_only: bool = False) -> None:
        self.encoder = encoder
        self.public_only = public_only
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = encoder.split(self.tensor)

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else int(player)

    def set_from(self, state: OpenSpielState, player: int) -> None:
        held = state._held
        seat = self._seat(player)
        self.tensor[:] = held.remembered(("tensor", seat), lambda: self.encoder.encode(held.view(seat)))

    def string_from(self, state: OpenSpielState, player: int) -> str:
        held = state._held
        seat = self._seat(player)
        return held.remembered(("string", seat), lambda: _canonical(held.view(seat)))


def _canonical(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


__all__ = ["SHORT_NAMES", "OpenSpielGame", "OpenSpielState", "ViewObserver", "openspiel_game",
           "register", "short_name"]
