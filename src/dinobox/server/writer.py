"""Every change to a table goes through here: stored only over the version this process saw
(else the process catches up with the store and the change is refused as ``stale``), then
swapped into the live table. Catching up (the new moves applied in order, or the table
rebuilt after an undo) lives here too, since a refused write must catch up."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from sqlalchemy.engine import Connection

from dinobox.engine.state import CHANCE, State
from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import stale
from dinobox.server.live import FINISHED, LiveTable, bots_due, replay
from dinobox.server.storage import StaleWrite, TableRow
from dinobox.server.subscriptions import Subscriptions
from dinobox.server.table_cache import rebuild
from dinobox.server.timing import with_clock


def resolve_chance(live: LiveTable, state: State) -> int:
    """Play the chance nodes at ``state`` with the table's secret seed; how many there were."""
    count = 0
    while state.current_player() == CHANCE:
        rng = random.Random(live.row.seed * 1_000_003 + state.move_number())
        state.apply_action(state.sample_chance(rng))
        count += 1
    return count


class TableWriter:
    """Stores changes and catches up. ``on_finish`` hooks run in the transaction storing a
    table's last move (profiles' games, ratings); ``kick`` moves bots on after catching up
    (set by the service once its bot driver exists)."""

    def __init__(self, db: Database, subscriptions: Subscriptions, now: Callable[[], float]) -> None:
        self.db = db
        self.subscriptions = subscriptions
        self.now = now
        self.on_finish: list[Callable[[Connection, TableRow, State], None]] = []
        self.kick: Callable[[LiveTable], None] = lambda live: None

    async def store(
        self, live: LiveTable, new_row: TableRow, state: State | None = None, *ops: Callable[[Connection], None]
    ) -> None:
        """Store ``new_row`` (one version on; ``state`` the table's state after the change, if it
        changed) with ``ops`` in one transaction, only if the store still holds the version we
        saw; then make it the live row. If another process stored a change first, catch up with
        it and refuse with ``stale``. The caller holds the table's lock."""
        seen = live.row.version
        state = live.state if state is None else state
        new_row = with_clock(dataclasses.replace(new_row, version=seen + 1), state, self.now())
        new_row.bot_turn = bots_due(new_row, state)

        def op(conn: Connection) -> None:
            storage.save_table(conn, new_row, seen=seen)  # first: it locks the row until commit
            for extra in ops:
                extra(conn)

        try:
            await self.db.write(op)
        except StaleWrite:
            await self.catch_up(live, tell=True)
            raise stale(live.row.version, seen) from None
        live.row = new_row

    async def commit(self, live: LiveTable, new: State) -> None:
        """Store the moves from ``live.state`` to ``new`` (which extends it), then swap it in
        (``stale`` if another process stored a change first)."""
        row = live.row
        start = live.state.move_number()
        actions = new.history()[start:]
        status = FINISHED if new.is_terminal() else row.status
        new_row = dataclasses.replace(row, status=status)
        finishing = status == FINISHED and row.status != FINISHED

        def op(conn: Connection) -> None:
            storage.append_moves(conn, row.id, start, actions)
            for hook in self.on_finish if finishing else ():  # same transaction: profiles' games, ratings
                hook(conn, new_row, new)

        await self.store(live, new_row, new, op)
        live.extend_logs(live.state, new)
        live.state = new

    async def catch_up(self, live: LiveTable, tell: bool = False) -> bool:
        """Bring the live table to what the store holds: the new moves applied in order, or the
        whole table rebuilt after an undo. The caller holds its lock. ``False``: nothing new.
        ``tell``: then tell our subscribers and move the bots on, if they are ours."""
        row, since = live.row, live.state.move_number()
        new_row, moves, whole = await self.db.snapshot(lambda c: storage.load_changes(c, row.id, row.undos, since))
        if new_row is None or new_row.version <= row.version:
            return False
        if whole:
            state, undo = rebuild(new_row, moves)
            for sub in live.subscribers:
                sub.log_sent = 0  # the log may have shrunk: send it whole again
        else:
            undo = list(live.undo)
            state = replay(new_row, live.state, moves, undo)
            live.extend_logs(live.state, state)
        live.row, live.state, live.undo = new_row, state, undo
        if tell:
            self.subscriptions.broadcast(live)
            self.kick(live)
        return True

    async def fresh(self, live: LiveTable, version: object) -> None:
        """A client that saw a newer version than ours (through another process): catch up first."""
        if isinstance(version, int) and not isinstance(version, bool) and version > live.row.version:
            await self.catch_up(live, tell=True)
