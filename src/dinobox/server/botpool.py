"""Bot thinking shared fairly between clients (docs/server.md, "Bots").

Two lanes. Bots that do not search (``random``, ``heuristic``, the levels without a budget)
answer in milliseconds: they run on a lane of their own, so they never wait behind a search.
Searching bots share ``bot_threads`` threads, taken in turn by the clients that wait for one
(round robin), and one client holds at most ``bot_threads_per_client`` of them at once, so
others always find a thread free soon. A search thinks at most ``max_bot_seconds`` a move.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from dinobox.server.settings import Settings

T = TypeVar("T")
R = TypeVar("R")


class BotPool:
    """Runs bots' moves off the event loop: ``await pool.run(client, heavy, fn, arg)``."""

    def __init__(self, settings: Settings) -> None:
        self.threads = settings.bot_threads
        self.per_client = max(1, min(settings.bot_threads_per_client, settings.bot_threads))
        self._heavy = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="dinobox-bot")
        self._light = ThreadPoolExecutor(max_workers=settings.light_bot_threads, thread_name_prefix="dinobox-bot-light")
        self._busy: dict[str, int] = {}  # threads each client holds
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()  # in turn order
        self._running = 0

    def close(self) -> None:
        for executor in (self._heavy, self._light):
            executor.shutdown(wait=False, cancel_futures=True)

    async def run(self, client: str, heavy: bool, fn: Callable[[T], R], arg: T) -> R:
        loop = asyncio.get_running_loop()
        if not heavy:
            return await loop.run_in_executor(self._light, fn, arg)
        await self._acquire(client)
        try:
            return await loop.run_in_executor(self._heavy, fn, arg)
        finally:
            self._release(client)

    def _free_for(self, client: str) -> bool:
        return self._running < self.threads and self._busy.get(client, 0) < self.per_client

    async def _acquire(self, client: str) -> None:
        if client not in self._waiting and self._free_for(client):
            self._take(client)
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release(client)  # given a thread just as we were cancelled: hand it on
            else:
                queue = self._waiting.get(client)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self._waiting[client]
            raise

    def _take(self, client: str) -> None:
        self._running += 1
        self._busy[client] = self._busy.get(client, 0) + 1

    def _release(self, client: str) -> None:
        self._running -= 1
        left = self._busy[client] - 1
        if left:
            self._busy[client] = left
        else:
            del self._busy[client]
        self._hand_on()

    def _hand_on(self) -> None:
        """Give free threads to the waiting clients in turn (each goes to the back after)."""
        for client in list(self._waiting):
            if self._running >= self.threads:
                return
            if not self._free_for(client):
                continue
            queue = self._waiting.pop(client)
            while queue and queue[0].done():  # its task was cancelled meanwhile
                queue.popleft()
            if not queue:
                continue
            turn = queue.popleft()
            if queue:
                self._waiting[client] = queue  # to the back of the line
            self._take(client)
            turn.set_result(None)
