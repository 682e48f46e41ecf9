"""Asynchronous access to storage: every database call runs on a worker thread, so the event
loop never waits on disk or network; writes from many tables are committed together (group
commit) and each caller resumes only once its write is durable. On SQLite one thread does
everything; on PostgreSQL reads have a thread of their own, so that catching up with other
processes' changes never waits behind this process's writes."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.engine import Connection

from dinobox.server import storage
from dinobox.server.outage import STORE_DOWN, StoreHealth

T = TypeVar("T")
Write = Callable[[Connection], None]


class Database:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = storage.open_engine(url)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dinobox-db")
        self._reader = self._executor
        if self.engine.dialect.name == "postgresql":
            self._reader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dinobox-db-read")
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._flushing = False
        self._flusher: asyncio.Task[None] | None = None
        self._closed = False
        self.health = StoreHealth()  # one log line per outage and per recovery

    def close(self) -> None:
        self._closed = True
        self._executor.shutdown(wait=True)
        self._reader.shutdown(wait=True)
        self.engine.dispose()

    def run_sync(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in one transaction on the calling thread (start-up and tools only)."""
        with self.engine.begin() as conn:
            return fn(conn)

    async def _heard(self, call: asyncio.Future[T]) -> T:
        """``call``'s result, telling the store's health whether the store answered."""
        try:
            result = await call
        except STORE_DOWN as exc:
            self.health.failed(exc)
            raise
        self.health.ok()
        return result

    async def read(self, fn: Callable[[Connection], T]) -> T:
        loop = asyncio.get_running_loop()
        return await self._heard(loop.run_in_executor(self._reader, self.run_sync, fn))

    def _run_snapshot(self, fn: Callable[[Connection], T]) -> T:
        with self.engine.connect() as conn:
            if conn.dialect.name == "postgresql":  # SQLite transactions see one snapshot anyway
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                return fn(conn)

    async def snapshot(self, fn: Callable[[Connection], T]) -> T:
        """Like ``read``, but every statement of ``fn`` sees the same committed state (several
        processes write the store at once)."""
        loop = asyncio.get_running_loop()
        return await self._heard(loop.run_in_executor(self._reader, self._run_snapshot, fn))

    async def write(self, fn: Write) -> None:
        """Commit ``fn``; return once it is durable. Concurrent writes share one transaction;
        if that transaction fails, each is retried alone so one bad write fails only its caller."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._pending.append((fn, future))
        if not self._flushing:
            self._flushing = True
            self._flusher = loop.create_task(self._flush())
        await self._heard(future)

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    await loop.run_in_executor(self._executor, self._commit_all, [fn for fn, _ in batch])
                    results: list[BaseException | None] = [None] * len(batch)
                except Exception as exc:
                    if self._closed:  # the server is stopping: fail the callers, not this task
                        results = [exc] * len(batch)
                    else:
                        results = await loop.run_in_executor(self._executor, self._commit_each, [fn for fn, _ in batch])
                for (_, future), error in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
        finally:
            self._flushing = False

    def _commit_all(self, fns: list[Write]) -> None:
        with self.engine.begin() as conn:
            for fn in fns:
                fn(conn)

    def _commit_each(self, fns: list[Write]) -> list[BaseException | None]:
        out: list[BaseException | None] = []
        for fn in fns:
            try:
                with self.engine.begin() as conn:
                    fn(conn)
                out.append(None)
            except Exception as exc:  # reported to that caller only
                out.append(exc)
        return out
