"""The authority over live tables, as one facade over small services.

Each table lives in memory as a ``LiveTable`` (its stored row plus the state rebuilt from its
moves) and is changed only under its lock, in this order: check everything, compute the new
state on a clone, store it, then swap it in and tell the subscribers. A refusal raises
``ApiError`` before anything changed. Bots think on a thread pool, off the event loop.

The store is the source of truth; several processes may serve one PostgreSQL store. Every
write carries the version this process saw and fails (``stale``, after catching up) if another
process got there first. Changes stored by other processes arrive as notifications
(``peers.py``); the process reads the new moves and tells its own subscribers. A table's bots
and chance are played by the one process that holds the table's lock; a periodic sweep takes
over the tables of a process that died.

The pieces: ``table_cache`` (tables in memory), ``writer`` (storing and catching up),
``bot_driver`` (chance and bots), ``peer_sync`` (other processes), ``subscriptions`` (sockets),
``table_setup`` (create, claim, start, rematch), ``play`` (actions and undo), ``replays``,
``coaching`` (analyses and hints).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from sqlalchemy.engine import Connection

from dinobox.engine.state import State
from dinobox.server import storage
from dinobox.server.bot_driver import BotDriver
from dinobox.server.chat import TableChat
from dinobox.server.coaching import Coach
from dinobox.server.db import Database
from dinobox.server.dead_tables import DeadTables
from dinobox.server.errors import ApiError
from dinobox.server.live import FINISHED, HUMAN, PLAYING, WAITING, LiveTable, Subscriber
from dinobox.server.peer_sync import PeerSync
from dinobox.server.peers import Alone, PostgresPeers
from dinobox.server.play import Play
from dinobox.server.rebuilder import Rebuilder
from dinobox.server.replays import Replays
from dinobox.server.settings import Settings
from dinobox.server.storage import TableRow
from dinobox.server.subscriptions import Subscriptions
from dinobox.server.table_cache import TABLE_ID, TableCache
from dinobox.server.table_setup import TableSetup, new_id
from dinobox.server.timing import ClockKeeper
from dinobox.server.writer import TableWriter

__all__ = [
    "FINISHED",
    "HUMAN",
    "PLAYING",
    "TABLE_ID",
    "WAITING",
    "LiveTable",
    "Subscriber",
    "TableService",
    "new_id",
]


class TableService:
    """All table operations, assembled from the services that do them. ``rng`` draws table
    seeds (and through them, chance outcomes); ``peers`` are the other processes over the same
    store (``Alone``: none); ``now`` is the clocks' time source (wall time)."""

    def __init__(
        self,
        db: Database,
        rng: random.Random | None = None,
        settings: Settings | None = None,
        frame: float = 0.25,
        peers: Alone | PostgresPeers | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.now = now
        self.settings = settings or Settings()
        self.peers = peers or Alone()
        self.rebuilder = Rebuilder(self.settings)  # rebuilding, records and replays, off the loop
        self.cache = TableCache(db, self.settings, self.rebuilder, self.peers, now)
        self.subscriptions = Subscriptions(self.settings)
        self.writer = TableWriter(db, self.subscriptions, now)
        self.bots = BotDriver(self.settings, self.cache, self.writer, self.subscriptions, frame)
        self.writer.kick = self.bots.kick
        self.sync = PeerSync(self.cache, self.writer, self.bots, self.settings.takeover_seconds)
        self.clocks = ClockKeeper(self)
        self.dead = DeadTables(self)
        self.play = Play(self.cache, self.writer, self.bots, self.subscriptions, self.clocks)
        rng = rng or random.SystemRandom()
        self.setup = TableSetup(self.settings, rng, self.cache, self.writer, self.bots, self.subscriptions, self.play)
        self.replays = Replays(self.cache)
        self.chat = TableChat(db, self.settings, now)
        self.coach = Coach(self.settings, db, self.cache, self.rebuilder, self.bots.pool, self.play, now)
        self._clock_task: asyncio.Task[None] | None = None
        # the same lists as the pieces': hooks on every broadcast, and in the last move's transaction
        self.on_change: list[Callable[[LiveTable], None]] = self.subscriptions.on_change
        self.on_finish: list[Callable[[Connection, TableRow, State], None]] = self.writer.on_finish
        # the operations, as the routers call them
        self.get = self.cache.get
        self.evict_idle = self.cache.evict_idle
        self.create = self.setup.create
        self.claim = self.setup.claim
        self.start = self.setup.start
        self.rematch = self.setup.rematch
        self.check_seat = self.play.check_seat
        self.act = self.play.act
        self.undo = self.play.undo
        self.resign = self.play.resign
        self.claim_abandoned = self.play.claim_abandoned
        self.record = self.replays.record
        self.replay = self.replays.replay
        self.kick = self.bots.kick
        self.settle = self.bots.settle
        self.store = self.writer.store
        self.broadcast = self.subscriptions.broadcast
        self.subscribe = self.subscriptions.subscribe
        self.unsubscribe = self.subscriptions.unsubscribe
        self.rebind = self.subscriptions.rebind
        self.picture = self.subscriptions.picture
        self.start_peers = self.sync.start
        self.take_over = self.sync.take_over

    @property
    def live(self) -> dict[str, LiveTable]:
        return self.cache.live

    def close(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
        self.sync.close()
        self.cache.close()
        self.bots.close()
        self.coach.close()
        self.rebuilder.close()

    async def resume_all(self) -> int:
        """After a restart: pick up every table in play (bots and chance continue). A table that
        cannot be rebuilt is quarantined (logged, marked in storage, listed in ``/api/health``)
        and the others go on. Running clocks first get back the time no server ran."""
        await self.clocks.pause_after_downtime()
        ids = await self.db.read(lambda c: storage.table_ids_with_status(c, PLAYING))
        resumed = 0
        for table_id in ids:
            try:
                live = await self.get(table_id)
            except ApiError as exc:
                if exc.code != "quarantined":
                    raise
                continue
            self.kick(live)
            resumed += 1
        return resumed

    def start_housekeeping(self) -> None:
        """Evict idle tables now and then, and run the clock loop."""
        self.cache.start_housekeeping()
        self._clock_task = asyncio.get_running_loop().create_task(self.clocks.run(self.settings.clock_period))

    async def expire(self, live: LiveTable, now: float | None = None) -> bool:
        """Apply the table's rule if the seat to act ran out of time by ``now`` (``timing``)."""
        return await self.clocks.expire(live, self.now() if now is None else now)
