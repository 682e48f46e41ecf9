"""A live table in one server process's memory: its stored row, the state rebuilt from its
moves, the undo points, the subscribers. ``TableService`` (``tables.py``, through ``writer.py``) is the only writer.

The undo points follow from the moves alone (``replay``), so every process that holds a table
offers the same undo, whichever process accepted the moves: a point is a seat's own decision;
a chance outcome or another seat's decision clears them all.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from dinobox.bots import Bot
from dinobox.engine.errors import IllegalActionError
from dinobox.engine.state import CHANCE, State
from dinobox.jsonvalue import JsonValue
from dinobox.server.storage import TableRow
from dinobox.server.wire import Message, SeatPicture

Log = list[dict[str, JsonValue]]
"""A seat's log entries, as ``State.log`` gives them."""

HUMAN = "human"
BOT = "bot"
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: which seat it speaks for and how much of the log it already has."""

    seat: int | None
    token: str | None = None
    # ``None`` in the queue means "send the table as it is now": several changes in a row are
    # coalesced into one picture, built only when the socket is ready for it. The queue is
    # bounded: a client that lets it fill up does not read, and is closed (``stalled``).
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(64))
    log_sent: int = 0
    pending: bool = False
    stalled: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, message: Message | None) -> None:
        """Queue ``message`` for the socket; if its queue is full, mark the socket ``stalled``."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.stalled.set()


@dataclass
class UndoPoint:
    seat: int
    state: State  # the state before the seat's step
    action: int  # the seat's action
    after: int  # the move number the step led to (what the table must still be at)
    revealed: bool | None = None  # did the step show the seat anything hidden? (the engine says; lazily)


def bots_due(row: TableRow, state: State) -> bool:
    """Is it for chance or a bot to move this table on? (A bot also stands in for a person
    whose time ran out, see ``timing``.)"""
    if row.status != PLAYING:
        return False
    player = state.current_player()
    if player >= 0 and row.clock is not None and row.clock.standin == player:
        return True
    return player == CHANCE or (player >= 0 and row.seats[player]["type"] == BOT)


def is_person(row: TableRow, player: int) -> bool:
    return player >= 0 and row.seats[player]["type"] == HUMAN


def note_step(undo: list[UndoPoint], row: TableRow, player: int, before: State, action: int) -> None:
    """Keep the undo points for one step, ``player`` taking ``action`` at ``before``: a person's
    decision is a point (on top of that seat's earlier ones); anything else clears them."""
    if not is_person(row, player):
        undo.clear()
        return
    if undo and undo[-1].seat != player:
        undo.clear()
    undo.append(UndoPoint(player, before, action, before.move_number() + 1))


def replay(row: TableRow, state: State, moves: Sequence[int], undo: list[UndoPoint]) -> State:
    """``state`` with the stored ``moves`` applied (``state`` itself unchanged), updating
    ``undo`` as the moves were made. An illegal move raises ``IllegalActionError`` saying which."""
    current = state.clone()
    first = state.move_number()
    for index, action in enumerate(moves):
        player = current.current_player()
        before = current.clone() if is_person(row, player) else current
        try:
            current.apply_action(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"stored move {first + index} ({action}) is illegal: {exc}") from None
        note_step(undo, row, player, before, action)
    return current


LOG_CACHE_STATES = 4  # the states whose logs are kept: the current one and a few before it


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, tuple[Bot, bool]] = field(default_factory=dict)  # each with whether it searches
    subscribers: set[Subscriber] = field(default_factory=set)
    undo: list[UndoPoint] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    decisions: list[int] | None = None  # history positions of player decisions (replays)
    # log(seat) is linear in the game's length: each state's logs are computed once per seat.
    # Keyed by id(state) and holding the state itself (so the id is not reused while cached);
    # only the few newest states are kept. Not a weak map: compiled states take no weak references.
    logs: dict[int, tuple[State, dict[int | None, Log]]] = field(default_factory=dict)
    pictures: tuple[int, dict[int | None, SeatPicture]] = (-1, {})
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)
    waiters: int = 0  # requests waiting for its bots (``settle``)
    heard: int = 0  # the newest version another process announced (notifications)
    syncer: asyncio.Task[None] | None = None  # catching up with what other processes stored
    now: Callable[[], float] = time.time  # the service's clock (wall time; tests inject their own)
    owner: str | None = None  # the client address that made it (memory only): its bots take that client's turn

    def _logs_of(self, state: State) -> dict[int | None, Log] | None:
        cached = self.logs.get(id(state))
        return cached[1] if cached is not None and cached[0] is state else None

    def _keep_logs(self, state: State, per_seat: dict[int | None, Log]) -> None:
        self.logs[id(state)] = (state, per_seat)
        while len(self.logs) > LOG_CACHE_STATES:
            del self.logs[next(iter(self.logs))]

    def log_of(self, state: State, seat: int | None) -> Log:
        per_seat = self._logs_of(state)
        if per_seat is None:
            per_seat = {}
            self._keep_logs(state, per_seat)
        entries = per_seat.get(seat)
        if entries is None:
            entries = per_seat[seat] = state.log(seat)
        return entries

    def extend_logs(self, old: State, new: State) -> None:
        """``new`` extends ``old``: give it ``old``'s cached logs plus only the new entries, so a
        step costs the texts of its own events, not the whole game's."""
        known = self._logs_of(old)
        if known:
            self._keep_logs(new, {seat: entries + new.log(seat, since=len(entries)) for seat, entries in known.items()})

    def can_undo(self, seat: int) -> bool:
        if not self.undo:
            return False
        top = self.undo[-1]
        if top.seat != seat or top.after != self.state.move_number() or self.state.current_player() != seat:
            return False
        if top.revealed is None:
            top.revealed = top.state.reveals_to(seat, top.action)
        return not top.revealed

    def bots_due(self) -> bool:
        return bots_due(self.row, self.state)

    def refresh_idle(self) -> None:
        """``idle`` is set while the table waits on a person or is over (``settle`` waits on it)."""
        if self.bots_due():
            self.idle.clear()
        else:
            self.idle.set()
