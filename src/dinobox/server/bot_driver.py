"""Chance and bots move tables on: one task per table while it is for chance or a bot to
move, thinking on the bot pool's threads on a snapshot clone, never on the event loop. The
first process to ask holds a table's bots until the game is over, the table leaves its
memory, or its bots wait on a person and nobody watches through it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random

from dinobox.bots import Bot
from dinobox.engine.errors import IllegalActionError
from dinobox.engine.state import CHANCE, State
from dinobox.server.botpool import BotPool
from dinobox.server.errors import ApiError
from dinobox.server.live import FINISHED, LiveTable
from dinobox.server.seating import table_bot
from dinobox.server.settings import Settings
from dinobox.server.subscriptions import Subscriptions
from dinobox.server.table_cache import TableCache
from dinobox.server.timing import standin_bot
from dinobox.server.writer import TableWriter, resolve_chance

log = logging.getLogger("dinobox.server")


class BotDriver:
    """Plays the chance and bot steps of the tables this process holds. Subscribers are told
    at once about chance, and about a run of bot moves every ``frame`` seconds and when it
    ends (one picture instead of one per move)."""

    def __init__(
        self,
        settings: Settings,
        cache: TableCache,
        writer: TableWriter,
        subscriptions: Subscriptions,
        frame: float,
    ) -> None:
        self.settings = settings
        self.cache = cache
        self.peers = cache.peers
        self.writer = writer
        self.subscriptions = subscriptions
        self.frame = frame
        self.pool = BotPool(settings)

    def kick(self, live: LiveTable) -> None:
        """Make sure chance and bots move this table on until a person must decide, if this
        process plays the table's bots."""
        live.refresh_idle()
        if not live.bots_due():
            if live.row.status == FINISHED:
                self.cache.release_soon(live.row.id)
            return
        if live.task is None or live.task.done():
            live.task = asyncio.get_running_loop().create_task(self._advance(live))

    async def _advance(self, live: LiveTable) -> None:
        if not await self.peers.own(live.row.id):
            return  # another process plays this table's bots
        loop = asyncio.get_running_loop()
        shown = loop.time()
        changed, failed = False, False
        try:
            while True:
                async with live.lock:
                    if not live.bots_due() or not self.peers.owns(live.row.id):
                        return
                    player = live.state.current_player()
                    if player == CHANCE:
                        if await self._store_step(live, live.state.clone()):
                            self.subscriptions.broadcast(live)
                        continue
                    bot, heavy = self._bot_of(live, player)
                    version = live.row.version
                    snapshot = live.state.clone()
                action = await self.pool.run(live.owner or live.row.id, heavy, bot.choose, snapshot)
                async with live.lock:
                    if live.row.version != version:
                        continue  # someone undid or the table changed: think again
                    changed = await self._store_step(live, self._bot_move(live, player, action)) or changed
                if changed and loop.time() - shown >= self.frame:
                    self.subscriptions.broadcast(live)
                    shown, changed = loop.time(), False
        except asyncio.CancelledError:
            raise
        except Exception:
            failed = True
            log.exception("table %s stopped advancing", live.row.id)
        finally:
            if changed:
                self.subscriptions.broadcast(live)
            live.refresh_idle()
            if failed:
                live.idle.set()  # nobody waits for bots that stopped
            if live.row.status == FINISHED or not (live.subscribers or live.bots_due()):
                self.cache.release_soon(live.row.id)  # over, or nobody watches here: whoever is asked next plays

    def _bot_of(self, live: LiveTable, player: int) -> tuple[Bot, bool]:
        """The seat's bot, or the stand-in for a person's seat out of time (``timing``), and
        whether it searches."""
        bot = live.bots.get(player)
        if bot is None:
            seed = live.row.seed % 1_000_000 + player
            spec = live.row.seats[player]["bot"] or standin_bot(live.row) or "random"
            bot = live.bots[player] = table_bot(self.settings, str(spec), seed)
        return bot

    def _bot_move(self, live: LiveTable, player: int, action: int) -> State:
        new = live.state.clone()
        try:
            new.apply_action(action)
        except IllegalActionError:
            log.exception(
                "table %s: bot %s chose an illegal action %r; playing a random legal one",
                live.row.id,
                live.row.seats[player]["bot"],
                action,
            )
            new.apply_action(random.Random(live.row.version).choice(new.legal_actions()))
        return new

    async def _store_step(self, live: LiveTable, new: State) -> bool:
        """Resolve the chance that follows in ``new`` and store it (a step of chance or a bot:
        no undo past it). ``False`` if another process stored a change first (we caught up)."""
        resolve_chance(live, new)
        try:
            await self.writer.commit(live, new)
        except ApiError as exc:
            if exc.code != "stale":
                raise
            return False
        live.undo.clear()
        return True

    @staticmethod
    async def settle(live: LiveTable, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until the table waits on a person or is over."""
        if timeout > 0:
            live.waiters += 1
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.idle.wait(), timeout)
            finally:
                live.waiters -= 1

    def close(self) -> None:
        self.pool.close()
