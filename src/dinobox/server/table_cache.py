"""The live tables in one process's memory: loaded from the store on demand (concurrent loads
of one table share one load), rebuilt off the event loop, quarantined when they cannot be
rebuilt, and evicted when nobody has used them for ``idle_seconds``."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import re
import time
from collections.abc import Callable, Sequence

from dinobox.engine.game import Game
from dinobox.engine.registry import load_game
from dinobox.engine.state import State
from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, not_found, quote
from dinobox.server.live import LiveTable, UndoPoint, bots_due, replay
from dinobox.server.peers import Alone, PostgresPeers
from dinobox.server.rebuilder import Rebuilder
from dinobox.server.settings import Settings
from dinobox.server.storage import TableRow

log = logging.getLogger("dinobox.server")

TABLE_ID = re.compile(r"[A-Za-z0-9]{1,32}")  # what new_id makes: anything else is unknown at once


def quarantined(table_id: str, problem: str) -> ApiError:
    return ApiError(409, "quarantined", f"table {table_id} cannot be rebuilt and is set aside: {problem}")


def game_of(row: TableRow) -> Game[object]:
    """The configured game a stored table plays."""
    return load_game(row.game, players=row.players, data=row.data, **row.options)


def rebuild(row: TableRow, moves: Sequence[int]) -> tuple[State, list[UndoPoint]]:
    """The table's state from its stored moves, and its undo points."""
    undo: list[UndoPoint] = []
    return replay(row, game_of(row).new_initial_state(), moves, undo), undo


def unused(live: LiveTable, now: float, seconds: float) -> bool:
    """Not asked for in ``seconds``, no socket open, no bot or chance moving it, no request
    holding or waiting on it."""
    return (
        now - live.touched >= seconds
        and not live.subscribers
        and (live.task is None or live.task.done())
        and not live.lock.locked()
        and not live.waiters
    )


class TableCache:
    """The tables this process holds in memory (``live``), by id."""

    def __init__(
        self,
        db: Database,
        settings: Settings,
        rebuilder: Rebuilder,
        peers: Alone | PostgresPeers,
        now: Callable[[], float],
    ) -> None:
        self.db = db
        self.settings = settings
        self.rebuilder = rebuilder
        self.peers = peers
        self.now = now
        self.live: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Future[LiveTable]] = {}
        self._housekeeper: asyncio.Task[None] | None = None

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from storage if need be. Concurrent loads of one table share
        one load; an unknown id leaves nothing behind."""
        live = self.live.get(table_id)
        if live is None:
            if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
                raise not_found(f"there is no table {quote(table_id)}")
            pending = self.loading.get(table_id)
            if pending is None:
                pending = self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
                pending.add_done_callback(lambda _done: self.loading.pop(table_id, None))
            live = await asyncio.shield(pending)
        live.touched = time.monotonic()
        return live

    async def _load(self, table_id: str) -> LiveTable:
        row, moves, _ = await self.db.snapshot(lambda c: storage.load_changes(c, table_id, -1, 0))
        if row is None:
            raise not_found(f"there is no table {quote(table_id)}")
        if row.problem is not None:
            raise quarantined(table_id, row.problem)
        try:
            state, undo = await self.rebuilder.run(rebuild, row, moves)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
            log.error("table %s cannot be rebuilt from its stored moves; quarantined: %s", table_id, problem)
            await self.db.write(lambda c: storage.quarantine(c, table_id, problem))
            raise quarantined(table_id, problem) from None
        due = bots_due(row, state)
        if row.bot_turn != due:  # stored before the flag was kept (or by a process that died)
            version = row.version
            await self.db.write(lambda c: storage.set_bot_turn(c, table_id, version, due))
            row = dataclasses.replace(row, bot_turn=due)
        live = LiveTable(row=row, state=state, undo=undo, now=self.now)
        live.refresh_idle()
        return self.live.setdefault(table_id, live)

    def add(self, live: LiveTable) -> None:
        self.live[live.row.id] = live

    # ----- memory ---------------------------------------------------------------------------
    def start_housekeeping(self) -> None:
        """Evict idle tables from memory now and then (they are reloaded on demand)."""
        period = min(60.0, max(0.05, self.settings.idle_seconds / 4))
        self._housekeeper = asyncio.get_running_loop().create_task(self._housekeeping(period))

    async def _housekeeping(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            self.evict_idle()

    def evict_idle(self, now: float | None = None) -> int:
        """Drop the live tables nobody has used for ``idle_seconds``: no socket open, no bot or
        chance moving them, no request holding them. Returns how many left memory."""
        now = time.monotonic() if now is None else now
        idle = [tid for tid, live in self.live.items() if unused(live, now, self.settings.idle_seconds)]
        for tid in idle:
            self.forget(tid)
        return len(idle)

    def forget(self, table_id: str) -> None:
        del self.live[table_id]
        self.release_soon(table_id)

    def release_soon(self, table_id: str) -> None:
        """Let another process play this table's bots (we no longer hold it or it is over)."""
        if self.peers.owns(table_id) and self.peers.shared:
            asyncio.get_running_loop().create_task(self.peers.release(table_id))

    def close(self) -> None:
        if self._housekeeper is not None:
            self._housekeeper.cancel()
        for live in self.live.values():
            for task in (live.task, live.syncer):
                if task is not None:
                    task.cancel()
