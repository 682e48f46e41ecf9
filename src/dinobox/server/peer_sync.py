"""Following the other processes over one store (``peers.py`` carries their notifications and
the bot locks): a table stored on by another process is caught up with, or dropped from memory
if nobody uses it here; a periodic sweep takes over the tables whose bots nobody plays."""

from __future__ import annotations

import asyncio
import logging
import time

from dinobox.server import storage
from dinobox.server.bot_driver import BotDriver
from dinobox.server.errors import ApiError
from dinobox.server.live import LiveTable
from dinobox.server.table_cache import TableCache, unused
from dinobox.server.writer import TableWriter

log = logging.getLogger("dinobox.server")

UNWATCHED_SECONDS = 2.0  # a table changed by another process and unused here this long leaves memory


class PeerSync:
    """Hears what other processes stored and keeps this process's tables in step."""

    def __init__(self, cache: TableCache, writer: TableWriter, bots: BotDriver, takeover_seconds: float) -> None:
        self.cache = cache
        self.peers = cache.peers
        self.writer = writer
        self.bots = bots
        self.takeover_seconds = takeover_seconds
        self._sweeper: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Hear about the changes other processes store; on a shared store, sweep for tables
        whose bots nobody plays (their process died) every ``takeover_seconds``."""
        await self.peers.start(self.heard, self.resync_all)
        if self.peers.shared:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweeping(self.takeover_seconds))

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()

    def heard(self, table_id: str, version: int) -> None:
        """A process stored ``version`` of a table (maybe this process: then we have it)."""
        live = self.cache.live.get(table_id)
        if live is not None:
            if version > live.row.version and unused(live, time.monotonic(), UNWATCHED_SECONDS):
                self.cache.forget(table_id)  # nobody uses it here: load it again if asked, rather than follow it
            else:
                self._behind(live, version)
            return
        pending = self.cache.loading.get(table_id)
        if pending is not None:  # being loaded: look again once it is

            def loaded(done: asyncio.Future[LiveTable]) -> None:
                if not done.cancelled() and done.exception() is None:
                    self._behind(done.result(), version)

            pending.add_done_callback(loaded)

    def resync_all(self) -> None:
        """Notifications may have been lost: check every table held against the store."""
        for live in list(self.cache.live.values()):
            self._behind(live, live.row.version + 1)

    def _behind(self, live: LiveTable, version: int) -> None:
        if version <= live.row.version:
            return
        live.heard = max(live.heard, version)
        if live.syncer is None or live.syncer.done():
            live.syncer = asyncio.get_running_loop().create_task(self._sync(live))

    async def _sync(self, live: LiveTable) -> None:
        """Catch up with what other processes stored, tell our subscribers, move bots on."""
        try:
            while live.heard > live.row.version:
                async with live.lock:
                    if live.heard <= live.row.version:  # what we heard of was our own change
                        return
                    if not await self.writer.catch_up(live, tell=True):
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: cannot catch up with the store", live.row.id)

    async def _sweeping(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                await self.take_over()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweep for tables nobody plays failed")

    async def take_over(self) -> int:
        """Play the bots and chance of the tables in play that no process plays (a process
        died, or stopped). Returns how many this process took."""
        ids = await self.cache.db.read(storage.bot_turn_ids)
        taken = 0
        for table_id in ids:
            held = self.cache.live.get(table_id)
            if self.peers.owns(table_id):
                if held is not None:
                    self.bots.kick(held)  # ours already: make sure it moves
                continue
            if not await self.peers.own(table_id):
                continue
            try:
                live = await self.cache.get(table_id)
            except ApiError:
                await self.peers.release(table_id)
                continue
            async with live.lock:
                await self.writer.catch_up(live, tell=True)
            if not live.bots_due():
                await self.peers.release(table_id)
                continue
            self.bots.kick(live)
            taken += 1
        return taken
