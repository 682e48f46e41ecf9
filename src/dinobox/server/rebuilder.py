"""Work that grows with a game's length, kept off the event loop: rebuilding a table from its
stored moves, a finished game's record, replay pictures (cached: each is built once and shared
by every request for it, the least recently asked for leaving first)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, TypeVarTuple

from dinobox.server.settings import Settings

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Rebuilder:
    def __init__(self, settings: Settings) -> None:
        self._executor = ThreadPoolExecutor(max_workers=settings.replay_threads, thread_name_prefix="dinobox-replay")
        self._cache: OrderedDict[Hashable, asyncio.Future[Any]] = OrderedDict()  # each key's own result type
        self._size = settings.replay_cache

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """``fn(*args)`` on the rebuilder's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def cached(self, key: Hashable, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """``fn(*args)`` once per ``key`` (while it stays cached); a failure is not kept."""
        future = self._cache.get(key)
        if future is None:
            future = self._cache[key] = asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
            while len(self._cache) > self._size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        try:
            result: T = await asyncio.shield(future)
        except Exception:
            if self._cache.get(key) is future:
                del self._cache[key]
            raise
        return result
