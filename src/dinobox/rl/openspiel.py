"""OpenSpiel adapter: any dinobox game as a Python ``pyspiel.Game``.

``openspiel_game("dino-race", players=2)`` registers the game with OpenSpiel the first time
(short name ``python_dinobox_dino_race``; the table of names is ``SHORT_NAMES``, built from the
game registry) and loads it with ``pyspiel.load_game``, so OpenSpiel's own tools (serialization,
``random_sim_test``, the Python bots in ``open_spiel.python.algorithms``) see an ordinary game:

* sequential, explicit stochastic chance (the engine's chance nodes, same outcome ids),
  imperfect information, constant-sum utilities (each winner gets ``1/len(winners)``);
* the fixed action space of the dinobox game (``num_distinct_actions``);
* observation tensor and string: the game's encoder of ``view(seat)`` and that view as canonical
  JSON (the seat's knowledge *now*);
* information state with perfect recall, from the seat's own knowledge only: the string is a
  short digest of the seat's action-observation history (its ``log(seat)`` events and its own
  decisions, each with a digest of the view it decided on) and of its current view; the tensor
  is the observation tensor plus the seat's decision count and last decisions (see
  ``InfoStateObserver`` and docs/rl.md). Applying an action records nothing: the seats' trails
  are rebuilt from the engine's history, by replaying it from a kept position, only when an
  information state is asked for;
* ``resample_from_infostate`` from ``state.resample`` (the seat's own history carried over);
* the hot methods answered on the Python side, without OpenSpiel's C++-to-Python round trips:
  ``apply_action``, ``clone``, ``child``, ``current_player``, ``legal_actions``, the strings and
  tensors, ... (the history methods then read the engine's history; see ``OpenSpielState``).

Game parameters are ``players`` plus the dinobox game's options (bool, int or choice strings).
"""

from __future__ import annotations

import base64
import operator
import pickle
import random
from collections.abc import Callable, Mapping
from typing import NamedTuple

import numpy as np
import pyspiel

import dinobox
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.registry import game_class
from dinobox.engine.runner import uniform_playout
from dinobox.engine.state import CHANCE, State
from dinobox.rl.encoders import Encoder, Piece, encoder_for
from dinobox.rl.infostate import Holder, history_pieces

PREFIX = "python_dinobox_"


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a dinobox game id."""
    return PREFIX + game_id.replace("-", "_")


SHORT_NAMES: dict[str, str] = {}  # filled lazily: game id -> registered OpenSpiel short name


def openspiel_game(game_id: str, players: int | None = None, **options: object) -> pyspiel.Game:
    """A ``pyspiel.Game`` for the dinobox game (bad ids, players or options raise ``ValueError``)."""
    game = dinobox.load_game(game_id, players=players, **options)  # validates everything first
    name = register(game_id)
    params: dict[str, object] = {"players": game.num_players}
    params.update(game.options)
    return pyspiel.load_game(name, params)


def register(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once) and return its short name."""
    if game_id in SHORT_NAMES:
        return SHORT_NAMES[game_id]
    cls = game_class(game_id)
    name = short_name(game_id)
    high = cls.max_players
    low = cls.min_players
    for spec in cls.option_specs:  # a variant may change the player range (Playing in Teams)
        if spec.kind == "bool":
            try:
                lo, hi = cls.player_range({spec.name: True})
            except (KeyError, ValueError, AttributeError):
                continue  # the range depends on more than this option: keep the base range
            low, high = min(low, lo), max(high, hi)
    specification: dict[str, object] = {"players": cls.default_players or cls.min_players}
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

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        options = dict(params or {})
        players = options.pop("players", None)
        if players is not None and not isinstance(players, int):
            raise InvalidOptionError(f"{self.dinobox_id}: players must be a whole number, not {players!r}")
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
        self.history_pieces = history_pieces()
        self._initial: Holder | None = None
        # the observers of OpenSpielState's Python-side tensors (OpenSpiel's default ones)
        self.observation_observer = ViewObserver(self.encoder)
        self.information_observer = InfoStateObserver(self.encoder, self.history_pieces)

    def new_initial_state(self) -> OpenSpielState:
        """A fresh state: a clone of one initial engine state kept by the game.

        Every initial state of a configured game is the same position, so they share one memo
        of views and tensors. That matters: for a Python game, OpenSpiel works out the tensor
        shape on *every* ``information_state_tensor(p)`` / ``observation_tensor(p)`` call by
        observing a new initial state, which would otherwise cost a view and an encoding each time.
        """
        proto = self._initial
        if proto is None:
            proto = self._initial = Holder(self.dinobox_game.new_initial_state())
            proto.memo_move = proto.state.move_number()
        holder = Holder(proto.state.clone(), proto.past)  # every trail starts from one kept position
        holder.memo = proto.memo  # shared while at the initial move; replaced (not cleared) after
        holder.memo_move = proto.memo_move
        return OpenSpielState(self, holder)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, object] | None = None
    ) -> ViewObserver | InfoStateObserver:
        if params:
            raise ValueError(f"dinobox observers take no parameters, not {params!r}")
        public_only = False
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("dinobox observers show one seat's view; ALL_PLAYERS private info is not offered")
            public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
            if iig_obs_type.perfect_recall:
                if public_only:
                    raise ValueError(
                        "dinobox offers perfect recall for one seat's own knowledge only; a "
                        "public-only perfect-recall observer is not offered"
                    )
                return InfoStateObserver(self.encoder, self.history_pieces)
        return ViewObserver(self.encoder, public_only)


class PlayerAction(NamedTuple):
    """One entry of ``OpenSpielState.full_history()`` (the fields of ``pyspiel.PlayerAction``)."""

    player: int
    action: int


class OpenSpielState(pyspiel.State):
    """One position; every call goes to the engine state (``self.dinobox_state``).

    Python callers (OpenSpiel's Python bots, ``rl_environment``, training loops) reach the
    methods defined here directly; without them each call would go through OpenSpiel's C++ and
    back into Python. The observation and information-state strings and tensors are among them
    (the same observers as OpenSpiel's), and so are ``apply_action``, ``clone`` and ``child``,
    so the history is the engine's: ``history()``, ``history_str()``, ``full_history()``,
    ``move_number()``, ``is_initial_state()``, ``is_initial_non_chance_state()`` and
    ``serialize()`` read it from the engine state. (OpenSpiel's C++ side keeps its own copy of
    the history, filled only by the actions applied through C++, e.g. by
    ``pyspiel.random_sim_test``; C++ code that reads ``State::History()`` of a state moved from
    Python sees only those.)
    """

    def __init__(self, game: OpenSpielGame, state: State | Holder) -> None:
        super().__init__(game)
        self._held = state if isinstance(state, Holder) else Holder(state)

    @property
    def dinobox_state(self) -> State:
        """The engine state (use its ``view``, ``describe_action``, ``log`` ...)."""
        return self._held.state

    def current_player(self) -> int:
        return self._held.state.current_player()

    def is_chance_node(self) -> bool:
        return self._held.state.current_player() == CHANCE

    def is_player_node(self) -> bool:
        return self._held.state.current_player() >= 0

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def legal_actions(self, player: int | None = None) -> list[int]:
        state = self._held.state
        if player is not None and player != state.current_player():
            return []  # OpenSpiel: no legal actions for a seat that is not to move
        return state.legal_actions()

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def apply_action(self, action: int) -> None:
        """Apply ``action`` (a legal action or chance outcome); an illegal one raises the
        engine's ``IllegalActionError`` and changes nothing."""
        self._held.state.apply_action(action)

    def _apply_action(self, action: int) -> None:  # OpenSpiel's C++ ``ApplyAction`` lands here
        self._held.state.apply_action(action)

    def apply_action_with_legality_check(self, action: int) -> None:
        self._held.state.apply_action(action)  # the engine always checks

    def clone(self) -> OpenSpielState:
        return OpenSpielState(self.get_game(), self._held.copy())

    def child(self, action: int) -> OpenSpielState:
        new = self.clone()
        new.apply_action(action)
        return new

    # ----- the history, from the engine ------------------------------------------------------------
    def history(self) -> list[int]:
        return self._held.state.history()

    def history_str(self) -> str:
        return ", ".join(map(str, self._held.state.history()))

    def move_number(self) -> int:
        return self._held.state.move_number()

    def full_history(self) -> list[PlayerAction]:
        """``(player, action)`` for every action so far (the players found by a replay)."""
        replay = self._held.state.game.new_initial_state()
        out: list[PlayerAction] = []
        for action in self._held.state.history():
            out.append(PlayerAction(replay.current_player(), action))
            replay.apply_action(action)
        return out

    def is_initial_state(self) -> bool:
        return self._held.state.move_number() == 0

    def is_initial_non_chance_state(self) -> bool:
        return not self.is_chance_node() and all(entry.player == CHANCE for entry in self.full_history())

    def serialize(self) -> str:
        """OpenSpiel's form for a Python state (history, move number, pickled attributes)."""
        history = ",".join(f"{entry.player}:{entry.action}" for entry in self.full_history())
        attributes = base64.b64encode(pickle.dumps(self.__dict__)).decode()
        return f"history={history}\nmove_number={self.move_number()}\n__dict__={attributes}"

    # ----- observations and information states -------------------------------------------------
    def _seat_arg(self, player: int | None) -> int:
        """OpenSpiel's player argument: a seat, by default the one to act (else ``SpielError``)."""
        state = self._held.state
        seat = state.current_player() if player is None else operator.index(player)
        if not 0 <= seat < state.num_players:
            raise pyspiel.SpielError(f"player must be a seat, 0..{state.num_players - 1}, not {seat}")
        return seat

    def information_state_string(self, player: int | None = None) -> str:
        return self._held.info_string(self._seat_arg(player))

    def observation_string(self, player: int | None = None) -> str:
        return self._held.view_json(self._seat_arg(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        observer = self.get_game().information_observer
        observer.set_from(self, self._seat_arg(player))
        return observer.tensor.tolist()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        observer = self.get_game().observation_observer
        observer.set_from(self, self._seat_arg(player))
        return observer.tensor.tolist()

    def information_state_text(self, player: int) -> str:
        """The seat's information state in full, readable (the string is a digest of it)."""
        return self._held.info_text(int(player))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self._held.state.action_to_string(int(action), player)
        except (ValueError, LookupError):
            return f"action {action}"  # an action out of context (e.g. from another position)

    def returns(self) -> list[float]:
        return self._held.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> OpenSpielState:
        """A state ``player_id`` cannot tell apart from this one (drawn by ``state.resample``);
        the randomness comes from ``probability_sampler()`` (OpenSpiel's convention).

        The seat keeps its own history (so its information state is unchanged); the other seats'
        histories are not carried over (they could reveal what the seat cannot know): their
        information states start from an unknown past marked in the string."""
        seed = int(float(probability_sampler()) * 2**53)
        return OpenSpielState(self.get_game(), self._held.resampled(int(player_id), random.Random(seed)))

    def __deepcopy__(self, memo: dict[int, object]) -> OpenSpielState:
        return self.clone()

    def __str__(self) -> str:
        return self._held.view_json(None)


class EngineRolloutEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` whose random rollouts run
    inside the engine: the policy of OpenSpiel's ``RandomRolloutEvaluator`` (a uniform choice
    among the legal actions, chance outcomes with their probabilities) without a C++-to-Python
    call and a NumPy draw per step: the engine's ``uniform_playout``. ``prior`` is uniform, as
    there. The rollouts' randomness comes from ``random_state`` (a ``numpy.random.RandomState``),
    so seeded rollouts repeat."""

    def __init__(self, n_rollouts: int = 1, random_state: np.random.RandomState | None = None) -> None:
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, not {n_rollouts}")
        self.n_rollouts = n_rollouts
        self._random_state = random_state or np.random.RandomState()

    def evaluate(self, state: OpenSpielState) -> np.ndarray:
        rng = random.Random(int(self._random_state.randint(2**31 - 1)))
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            rollout = state.dinobox_state.clone()
            uniform_playout(rollout, rng)
            total += rollout.returns()
        return total / self.n_rollouts

    def prior(self, state: OpenSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class ViewObserver:
    """OpenSpiel's Python observer protocol over the game's encoder: the observation.

    ``tensor`` is the encoder's vector of ``view(player)`` (of ``view(None)``, the spectator's
    view, for public-only observations) and ``dict`` its named pieces; ``string_from`` is the
    same view as canonical JSON: what the seat knows now, not how it came to know it.
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
        return state._held.view_json(self._seat(player))


class InfoStateObserver:
    """The information state (perfect recall, from the seat's own knowledge).

    ``string_from``: a short string (well under 1 KB) naming the seat, its number of decisions
    and a 128-bit digest of its action-observation history — its decisions (move, action id and
    a digest of the view it decided on) merged by move with the events of ``log(seat)`` — and of
    its current view. The history in full is ``OpenSpielState.information_state_text``. Two
    histories the seat can tell apart give different strings (up to a digest collision), and
    identical ones the same string: perfect recall.

    ``tensor``: the observation tensor (what the seat knows now) followed by the pieces of
    ``history_pieces()``: how many decisions it has taken and its last few. It carries the
    seat's information, not its whole history, so a tabular learner keyed on it sees positions
    recur.
    """

    def __init__(self, encoder: Encoder, pieces: tuple[Piece, ...]) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size + sum(p.size for p in pieces), np.float32)
        self.dict = encoder.split(self.tensor[: encoder.size])
        start = encoder.size
        for piece in pieces:
            self.dict[piece.name] = self.tensor[start : start + piece.size].reshape(piece.shape)
            start += piece.size

    def set_from(self, state: OpenSpielState, player: int) -> None:
        held = state._held
        seat = int(player)
        size = self.encoder.size
        self.tensor[:size] = held.remembered(("tensor", seat), lambda: self.encoder.encode(held.view(seat)))
        self.tensor[size:] = held.history_values(seat)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return state._held.info_string(int(player))


__all__ = [
    "SHORT_NAMES",
    "EngineRolloutEvaluator",
    "InfoStateObserver",
    "OpenSpielGame",
    "OpenSpielState",
    "PlayerAction",
    "ViewObserver",
    "history_pieces",
    "openspiel_game",
    "register",
    "short_name",
]
