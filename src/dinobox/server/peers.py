"""The other server processes over the same store, as far as one process needs to know them.

``Alone`` is for SQLite: one process, nobody to hear from, every table's bots are its own.
``PostgresPeers`` keeps two dedicated connections to PostgreSQL besides the pool:

- a listener (``LISTEN dinobox_tables``): every committed table change arrives as ``"<id>
  <version>"``, in commit order, and is handed to ``on_change``. If the connection drops it is
  made again, and ``on_resync`` is called once it listens again (notifications sent meanwhile
  are lost, so the process re-reads the tables it holds);
- a lock connection holding one session-level advisory lock per table whose bots and chance
  this process plays. Exactly one process holds a table's lock; when a process dies its
  connection closes and PostgreSQL releases its locks, so another can take them.

The lock only spares duplicate work: every write still checks the table version, so even two
processes that both believed they owned a table could never both store a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine

if TYPE_CHECKING:  # psycopg is the postgres extra's; imported where it is used
    from psycopg import AsyncConnection
    from psycopg.rows import TupleRow

from dinobox.server.storage import CHANNEL

log = logging.getLogger("dinobox.server")

LISTENER, LOCKER = "dinobox listener", "dinobox bot locks"  # their application_name in pg_stat_activity
OnChange = Callable[[str, int], None]
OnResync = Callable[[], None]


def lock_key(table_id: str) -> int:
    """The table's advisory-lock key: a signed 64-bit hash of its id."""
    return int.from_bytes(hashlib.blake2b(table_id.encode(), digest_size=8).digest(), "big", signed=True)


def parse_payload(payload: str) -> tuple[str, int] | None:
    table_id, _, version = payload.partition(" ")
    try:
        return table_id, int(version)
    except ValueError:
        return None


class Alone:
    """One process over its store (SQLite): it owns every table."""

    shared = False

    async def start(self, on_change: OnChange, on_resync: OnResync) -> None:
        return None

    async def own(self, table_id: str) -> bool:
        return True

    def owns(self, table_id: str) -> bool:
        return True

    async def release(self, table_id: str) -> None:
        return None

    async def close(self) -> None:
        return None


class PostgresPeers:
    """Notifications in, bot ownership by advisory lock (see the module's docstring).
    ``connect`` holds the keyword arguments of ``psycopg.AsyncConnection.connect``."""

    shared = True

    def __init__(self, connect: Mapping[str, Any], retry_max: float = 5.0) -> None:
        self.connect = dict(connect, autocommit=True)
        self.retry_max = retry_max
        self._owned: set[str] = set()
        self._locks: AsyncConnection[TupleRow] | None = None  # the connection holding the advisory locks
        self._locks_mutex = asyncio.Lock()
        self._listening = asyncio.Event()
        self._listener: asyncio.Task[None] | None = None

    async def start(self, on_change: OnChange, on_resync: OnResync, timeout: float = 30.0) -> None:
        """Listen from now on (returns once ``LISTEN`` is in force)."""
        self._listener = asyncio.get_running_loop().create_task(self._listen(on_change, on_resync))
        await asyncio.wait_for(self._listening.wait(), timeout)

    async def _listen(self, on_change: OnChange, on_resync: OnResync) -> None:
        import psycopg

        delay = 0.1
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(**self.connect, application_name=LISTENER)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    again = self._listening.is_set()
                    self._listening.set()
                    delay = 0.1
                    if again:
                        log.warning("listening for table changes again: catching up")
                        on_resync()
                    async for note in conn.notifies():
                        parsed = parse_payload(note.payload)
                        if parsed is not None:
                            on_change(*parsed)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost the notification connection (%s); retrying in %.1f s", exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.retry_max)

    async def _lock_conn(self) -> AsyncConnection[TupleRow]:
        import psycopg

        if self._locks is None or self._locks.closed:
            self._owned.clear()  # a closed session holds no locks any more
            self._locks = await psycopg.AsyncConnection.connect(**self.connect, application_name=LOCKER)
        return self._locks

    async def own(self, table_id: str) -> bool:
        """Take the table's bots (``False``: another process plays them, or the database is
        out of reach for now)."""
        if table_id in self._owned:
            return True
        async with self._locks_mutex:
            try:
                conn = await self._lock_conn()
                cur = await conn.execute("SELECT pg_try_advisory_lock(%s)", (lock_key(table_id),))
                row = await cur.fetchone()
                if row is None:  # never: a SELECT answers one row
                    raise RuntimeError("pg_try_advisory_lock answered no row")
                got = bool(row[0])
            except Exception as exc:
                log.warning("cannot take table %s's lock: %s", table_id, exc)
                await self._drop_locks()
                return False
        if got:
            self._owned.add(table_id)
        return got

    def owns(self, table_id: str) -> bool:
        return table_id in self._owned and self._locks is not None and not self._locks.closed

    async def release(self, table_id: str) -> None:
        if table_id not in self._owned:
            return
        self._owned.discard(table_id)
        async with self._locks_mutex:
            try:
                conn = await self._lock_conn()
                await conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key(table_id),))
            except Exception as exc:
                log.warning("cannot release table %s's lock: %s", table_id, exc)
                await self._drop_locks()

    async def _drop_locks(self) -> None:
        self._owned.clear()
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()
        self._locks = None

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        async with self._locks_mutex:
            await self._drop_locks()


def peers_for(engine: Engine) -> Alone | PostgresPeers:
    """``Alone`` for SQLite, ``PostgresPeers`` on PostgreSQL (the engine's own connect arguments)."""
    if engine.dialect.name != "postgresql":
        return Alone()
    _args, kwargs = engine.dialect.create_connect_args(engine.url)
    return PostgresPeers(kwargs)
