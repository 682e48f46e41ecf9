"""The information state behind the OpenSpiel adapter (``rl/openspiel.py``): each seat's trail
of its own decisions, the position the trails are replayed from, and ``Holder``, the engine state
an OpenSpiel state carries, with what it remembers per seat (views, their canonical JSON, the
information-state string and tensor pieces). Nothing here imports OpenSpiel."""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable, Mapping
from typing import TypeVar, cast

import numpy as np

import dinobox
from dinobox.engine.state import State
from dinobox.rl.encoders import Piece

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
            self._seen = _digest(canonical(view).encode()).hex()
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


class Holder:
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
        return self.remembered(("json", seat), lambda: canonical(self.view(seat)))

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
    def copy(self) -> Holder:
        """An independent copy of the position; the past, the log caches and the memo of the
        current position are shared (none is changed in place once another holder can see it)."""
        new = Holder(self.state.clone(), self.past, self.logs)
        new.memo = self.memo
        new.memo_move = self.memo_move
        new.seen = self.seen
        return new

    def resampled(self, seat: int, rng: random.Random) -> Holder:
        """A holder over ``state.resample(seat, rng)`` that keeps only ``seat``'s past (the other
        seats' could reveal what ``seat`` cannot know), and what this holder already computed for
        ``seat`` at this position (the resampled position shows ``seat`` the same view)."""
        state = self.state.resample(seat, rng)  # checks the seat
        trails: list[Trail] = [UNKNOWN] * len(self.past.trails)
        trails[seat] = self.trails()[seat]
        logs = {seat: self.logs[seat]} if seat in self.logs else {}
        new = Holder(state, _Past(state.clone(), trails), logs)
        if self.memo_move == state.move_number():
            new.memo = {key: value for key, value in self.memo.items() if key[1] == seat}
            new.memo_move = self.memo_move
            digest = new.memo.get(("digest", seat))
            if isinstance(digest, str) and seat == state.current_player():
                new.seen = (new.memo_move, digest, None)
        return new

    def __deepcopy__(self, memo: dict[int, object]) -> Holder:
        return self.copy()

    def __reduce__(self) -> tuple[Callable[[str], Holder], tuple[str]]:
        return (_holder_from_record, (json.dumps(self.state.to_record()),))


def _unknown_past(node: Trail) -> bool:
    while isinstance(node, Decision):
        node = node.prev
    return node == UNKNOWN


def _holder_from_record(text: str) -> Holder:
    """Replay the record action by action (the seats' trails are rebuilt from the same history)."""
    record = json.loads(text)
    dinobox.from_record({**record, "history": []})  # validates the configuration (RecordError)
    game = dinobox.load_game(
        record["game"], players=record["players"], data=record.get("data", {}), **record.get("options", {})
    )
    holder = Holder(game.new_initial_state())
    for action in record["history"]:
        holder.state.apply_action(int(action))
    return holder


CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)


def canonical(view: Mapping[str, object]) -> str:
    """The view as canonical JSON (sorted keys, no spaces): equal views, equal strings."""
    return CANONICAL.encode(view)
