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
import hashlib
import json
import math
import operator
import pickle
import random
from collections.abc import Callable, Mapping
from typing import NamedTuple, TypeVar, cast

import numpy as np
import pyspiel

import dinobox
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.engine.registry import game_class
from dinobox.engine.runner import uniform_playout
from dinobox.engine.state import CHANCE, State
from dinobox.rl.encoders import Encoder, Piece, encoder_for

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
        self._initial: _Holder | None = None
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
            proto = self._initial = _Holder(self.dinobox_game.new_initial_state())
            proto.memo_move = proto.state.move_number()
        holder = _Holder(proto.state.clone(), proto.past)  # every trail starts from one kept position
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


# A seat's trail of its own decisions, newest first, shared by clones: a linked ``Decision``
# chain. ``UNKNOWN`` stands for the past of a seat in a state resampled for another seat.
UNKNOWN = "unknown"
EMPTY_CHAIN = b"dinobox"
RECENT = 2  # own decisions in the tensor's recency window
COUNT_SCALE = math.log1p(10_000)


def history_pieces() -> tuple[Piece, ...]:
    """The information-state tensor's pieces after the encoder's (documented in docs/rl.md)."""
    return (
        Piece("history_decisions", (1,), 0, 1, "my decisions so far: log(1 + k) / log(1 + 10000), clipped"),
        Piece(
            "history_recent",
            (RECENT, 2),
            0,
            1,
            f"my last {RECENT} decisions, most recent first: present, action id / num_distinct_actions",
        ),
    )


def _digest(*parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part)
    return h.digest()


class Decision:
    """One of a seat's own decisions in its trail, made when the trail is rebuilt from the
    history (never while actions are applied). Unless the digest of the view the seat decided
    on is known already (``seen``: computed for an information state at that position), it keeps
    a copy of the position until that digest, or the chain digest of the whole trail, is first
    asked for (by an information-state string); the copy is then let go."""

    __slots__ = ("_chain", "_pending", "_seen", "action", "count", "move", "prev")

    def __init__(
        self, prev: Decision | str | None, move: int, action: int, pending: State | None, seen: str | None = None
    ) -> None:
        self.prev = prev
        self.move = move
        self.action = action
        self.count: int = 1 + (prev.count if isinstance(prev, Decision) else 0)
        self._pending = pending
        self._seen = seen
        self._chain: bytes | None = None

    def seen(self) -> str:
        """Digest of the view the seat decided on."""
        if self._seen is None:
            pending = self._pending
            assert pending is not None
            view = pending.view(pending.current_player())
            self._seen = _digest(_canonical(view).encode()).hex()
            self._pending = None
        return self._seen

    def chain(self) -> bytes:
        """Digest of the trail up to and including this decision (computed oldest first)."""
        if self._chain is None:
            todo: list[Decision] = []
            node: Decision | str | None = self
            while isinstance(node, Decision) and node._chain is None:
                todo.append(node)
                node = node.prev
            chain = _trail_chain(node)
            for item in reversed(todo):
                chain = _digest(chain, f"|{item.move}:{item.action}:{item.seen()}".encode())
                item._chain = chain
        assert self._chain is not None
        return self._chain


Trail = Decision | str | None

Seen = tuple[int, str, "Seen | None"]
"""(move, digest, older): the view digests of the seat to act, newest first."""
LogLines = tuple["LogLines | None", int, str]
"""(previous, move, line): a seat's event lines read so far, newest first."""
LogCache = tuple[int, LogLines | None, bytes]
"""(log entries read, their lines, chain digest of the lines)."""
T = TypeVar("T")


def _trail_chain(node: Trail) -> bytes:
    if isinstance(node, Decision):
        return node.chain()
    return EMPTY_CHAIN if node is None else node.encode()


class _Past:
    """The seats' trails up to move ``move``, with a private copy of the position there.

    Never changed once made, so every holder whose history passes through that position shares
    it (clones, and the states of a game that start from one initial position). ``advanced``
    replays the actions applied since on a copy of the position: the seats' decisions are
    rebuilt exactly as they were taken (the engine is deterministic; chance outcomes are actions
    of the history), each with a copy of the position it was taken in, for its view digest.
    """

    __slots__ = ("move", "position", "trails")

    def __init__(self, position: State, trails: list[Trail]) -> None:
        self.position = position
        self.move = position.move_number()
        self.trails = trails

    def advanced(self, actions: list[int], seen: dict[int, str]) -> _Past:
        """The past after ``actions``, the history applied since ``move``; ``seen`` holds the
        digests, by move, of views the seat to act had there (already computed)."""
        replay = self.position.clone()
        trails = self.trails[:]
        for action in actions:
            seat = replay.current_player()
            if seat < 0:
                replay.apply_action(action)
                continue
            move = replay.move_number()
            digest = seen.get(move)
            before = replay.clone() if digest is None else None
            replay.apply_action(action)
            trails[seat] = Decision(trails[seat], move, action, before, digest)
        return _Past(replay, trails)


class _Holder:
    """Holds the engine state inside the OpenSpiel state: OpenSpiel clones by deep-copying the
    Python attributes and serializes them by pickling, so this maps deepcopy to the cheap
    ``clone()`` and pickling to the JSON record (replayed by ``from_record``).

    It also keeps what makes the information state perfect recall, at no cost per applied
    action: a ``_Past`` (the seats' trails of their own decisions up to a kept position), brought
    up to date from the engine's history only when an information state is asked for, and a
    cache of each seat's event log (read incrementally with ``log(seat, since=...)``). Both are
    shared by clones.

    And it remembers the views, tensors and strings already computed for the current position
    (OpenSpiel asks for the same seat's observation and information state, tensor and string,
    several times per position); the memo is dropped as soon as the move number changes.
    """

    __slots__ = ("logs", "memo", "memo_move", "past", "seen", "state")

    def __init__(self, state: State, past: _Past | None = None, logs: dict[int, LogCache] | None = None) -> None:
        self.state = state
        # (what, seat) -> a view, its JSON, a digest, a tensor...: what ``remembered`` made
        self.memo: dict[tuple[str, int | None], object] = {}
        self.memo_move = -1
        self.past = past if past is not None else _Past(state.clone(), [None] * state.num_players)
        # (move, digest, older) newest first: the view digests of the seat to act computed since
        # the past's move, so rebuilding the trails need not compute them again
        self.seen: Seen | None = None
        # seat -> (log entries read, linked lines (previous, line) or None, chain digest)
        self.logs: dict[int, LogCache] = logs if logs is not None else {}

    def remembered(self, key: tuple[str, int | None], make: Callable[[], T]) -> T:
        """``make()``, or what it made for ``key`` at this position (one kind of value per key's
        first part: a view, a string, a tensor)."""
        move = self.state.move_number()
        if move != self.memo_move:
            self.memo = {}
            self.memo_move = move
        found = self.memo.get(key)
        if found is None:
            made = self.memo[key] = make()
            return made
        return cast(T, found)  # made by the same kind of ``make`` for this key

    def view(self, seat: int | None) -> Mapping[str, object]:
        return self.remembered(("view", seat), lambda: self.state.view(seat))

    def view_json(self, seat: int | None) -> str:
        return self.remembered(("json", seat), lambda: _canonical(self.view(seat)))

    def view_digest(self, seat: int) -> str:
        return self.remembered(("digest", seat), lambda: self._view_digest(seat))

    def _view_digest(self, seat: int) -> str:
        digest = _digest(self.view_json(seat).encode()).hex()
        if seat == self.state.current_player():  # the view a decision about to be taken is taken on
            self.seen = (self.state.move_number(), digest, self.seen)
        return digest

    # ----- the seats' pasts -----------------------------------------------------------------------
    def trails(self) -> list[Trail]:
        """Each seat's trail of its own decisions up to now (rebuilt from the history when needed)."""
        past = self.past
        move = self.state.move_number()
        if past.move != move:
            seen: dict[int, str] = {}
            node = self.seen
            while node is not None and node[0] >= past.move:
                seen[node[0]] = node[1]
                node = node[2]
            past = self.past = past.advanced(self.state.history()[past.move :], seen)
            head = self.seen
            self.seen = (move, head[1], None) if head is not None and head[0] == move else None
        return past.trails

    def log_cache(self, seat: int) -> LogCache:
        """The seat's event lines read so far, brought up to date (only new entries are formatted)."""
        length, lines, chain = self.logs.get(seat, (0, None, EMPTY_CHAIN))
        total = self.state.log_length()
        if total != length:
            for entry in self.state.log(seat, since=length):
                line = f"move {entry['move']}: {entry['kind']}: {entry['text']}"
                lines = (lines, entry["move"], line)
                chain = _digest(chain, line.encode())
            length = total
            logs = dict(self.logs)
            logs[seat] = (length, lines, chain)
            self.logs = logs
        return length, lines, chain

    # ----- the information state ------------------------------------------------------------------
    def info_string(self, seat: int) -> str:
        return self.remembered(("info", seat), lambda: self._info_string(seat))

    def _info_string(self, seat: int) -> str:
        node = self.trails()[seat]
        _, _, log_chain = self.log_cache(seat)
        digest = _digest(_trail_chain(node), log_chain, self.view_digest(seat).encode()).hex()
        count = node.count if isinstance(node, Decision) else 0
        past = "unknown past, " if _unknown_past(node) else ""
        return f"seat {seat}, {past}{count} decisions: {digest}"

    def info_text(self, seat: int) -> str:
        """The whole information state as text: the seat's decisions merged by move with the
        events it saw, then its current view (what the string's digest is taken over)."""
        _, lines, _ = self.log_cache(seat)
        events: list[tuple[int, int, str]] = []
        line_node = lines
        while line_node is not None:
            events.append((line_node[1], 1, line_node[2]))
            line_node = line_node[0]
        head = [f"dinobox information state of seat {seat}"]
        node = self.trails()[seat]
        while isinstance(node, Decision):
            events.append((node.move, 0, f"move {node.move}: I chose action {node.action} on view {node.seen()}"))
            node = node.prev
        if node == UNKNOWN:
            head.append("my earlier decisions: not recorded (a state resampled for another seat)")
        events.reverse()  # oldest first; the sort is stable, so events keep the log's order
        events.sort(key=lambda e: (e[0], e[1]))  # by move; my decision before the events it caused
        return "\n".join([*head, *(text for _, _, text in events), "now: " + self.view_json(seat)])

    def history_values(self, seat: int) -> np.ndarray:
        """The tensor's history pieces for ``seat`` (see ``history_pieces``)."""
        return self.remembered(("history", seat), lambda: self._history_values(seat))

    def _history_values(self, seat: int) -> np.ndarray:
        out = np.zeros(1 + 2 * RECENT, np.float32)
        node = self.trails()[seat]
        if isinstance(node, Decision):
            out[0] = min(1.0, math.log1p(node.count) / COUNT_SCALE)
        size = max(1, self.state.game.num_distinct_actions())
        for i in range(RECENT):
            if not isinstance(node, Decision):
                break
            out[1 + 2 * i] = 1.0
            out[2 + 2 * i] = node.action / size
            node = node.prev
        return out

    # ----- copies ---------------------------------------------------------------------------------
    def copy(self) -> _Holder:
        """An independent copy of the position; the past, the log caches and the memo of the
        current position are shared (none is changed in place once another holder can see it)."""
        new = _Holder(self.state.clone(), self.past, self.logs)
        new.memo = self.memo
        new.memo_move = self.memo_move
        new.seen = self.seen
        return new

    def resampled(self, seat: int, rng: random.Random) -> _Holder:
        """A holder over ``state.resample(seat, rng)`` that keeps only ``seat``'s past (the other
        seats' could reveal what ``seat`` cannot know), and what this holder already computed for
        ``seat`` at this position (the resampled position shows ``seat`` the same view)."""
        state = self.state.resample(seat, rng)  # checks the seat
        trails: list[Trail] = [UNKNOWN] * len(self.past.trails)
        trails[seat] = self.trails()[seat]
        logs = {seat: self.logs[seat]} if seat in self.logs else {}
        new = _Holder(state, _Past(state.clone(), trails), logs)
        if self.memo_move == state.move_number():
            new.memo = {key: value for key, value in self.memo.items() if key[1] == seat}
            new.memo_move = self.memo_move
            digest = new.memo.get(("digest", seat))
            if isinstance(digest, str) and seat == state.current_player():
                new.seen = (new.memo_move, digest, None)
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> _Holder:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[str], _Holder], tuple[str]]:
        return (_holder_from_record, (json.dumps(self.state.to_record()),))


def _unknown_past(node: Trail) -> bool:
    while isinstance(node, Decision):
        node = node.prev
    return node == UNKNOWN


def _holder_from_record(text: str) -> _Holder:
    """Replay the record action by action (the seats' trails are rebuilt from the same history)."""
    record = json.loads(text)
    dinobox.from_record({**record, "history": []})  # validates the configuration (RecordError)
    game = dinobox.load_game(
        record["game"], players=record["players"], data=record.get("data", {}), **record.get("options", {})
    )
    holder = _Holder(game.new_initial_state())
    for action in record["history"]:
        holder.state.apply_action(int(action))
    return holder


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

    def __init__(self, game: OpenSpielGame, state: State | _Holder) -> None:
        super().__init__(game)
        self._held = state if isinstance(state, _Holder) else _Holder(state)

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


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)


def _canonical(view: Mapping[str, object]) -> str:
    """The view as canonical JSON (sorted keys, no spaces): equal views, equal strings."""
    return _CANONICAL.encode(view)


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
