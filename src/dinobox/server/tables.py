"""The authority over live tables: seats and tokens, actions, undo, bots, rematches.

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
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
import random
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from dinobox.clocks import ClockState
from dinobox.engine.errors import IllegalActionError
from dinobox.engine.registry import load_game
from dinobox.engine.state import CHANCE, State
from dinobox.server import storage
from dinobox.server.botpool import BotPool
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, bad_request, not_found, quote, stale
from dinobox.server.live import (
    FINISHED,
    HUMAN,
    PLAYING,
    WAITING,
    LiveTable,
    Subscriber,
    UndoPoint,
    bots_due,
    note_step,
    replay,
)
from dinobox.server.messages import clock_message, replay_picture, seat_message
from dinobox.server.peers import Alone, PostgresPeers
from dinobox.server.rebuilder import Rebuilder
from dinobox.server.seating import (
    check_profile,
    check_rated_bots,
    claim_seat,
    configure,
    hash_token,
    seat_specs,
    table_bot,
)
from dinobox.server.settings import Settings
from dinobox.server.storage import StaleWrite, TableRow
from dinobox.server.timing import ClockKeeper, control_of, forfeit_result, standin_bot, with_clock

log = logging.getLogger("dinobox.server")
T = TypeVar("T")


def new_id() -> str:
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


UNWATCHED_SECONDS = 2.0  # a table changed by another process and unused here this long leaves memory
TABLE_ID = re.compile(r"[A-Za-z0-9]{1,32}")  # what new_id makes: anything else is unknown at once


def quarantined(table_id: str, problem: str) -> ApiError:
    return ApiError(409, "quarantined", f"table {table_id} cannot be rebuilt and is set aside: {problem}")


class TableService:
    """All table operations. ``rng`` draws table seeds (and through them, chance outcomes);
    ``peers`` are the other processes over the same store (``Alone``: none); ``now`` is the
    clocks' time source (wall time)."""

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
        self.clocks = ClockKeeper(self)
        self.frame = frame
        self.settings = settings or Settings()
        self.rng = rng or random.SystemRandom()
        self.peers = peers or Alone()
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.bot_pool = BotPool(self.settings)
        self.rebuilder = Rebuilder(self.settings)  # rebuilding, records and replays, off the loop
        self.on_change: list[Callable[[LiveTable], None]] = []
        # called in the transaction storing a table's last move (profiles' games, ratings)
        self.on_finish: list[Callable[[Any, TableRow, State], None]] = []
        self._housekeeper: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._clock_task: asyncio.Task[None] | None = None

    def close(self) -> None:
        for task in (self._housekeeper, self._sweeper, self._clock_task):
            if task is not None:
                task.cancel()
        for live in self.live.values():
            for task in (live.task, live.syncer):
                if task is not None:
                    task.cancel()
        self.bot_pool.close()
        self.rebuilder.close()

    # ----- loading --------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from storage if need be. Concurrent loads of one table share
        one load; an unknown id leaves nothing behind."""
        live = self.live.get(table_id)
        if live is None:
            if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
                raise not_found(f"there is no table {quote(table_id)}")
            pending = self._loading.get(table_id)
            if pending is None:
                pending = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
                pending.add_done_callback(lambda _done: self._loading.pop(table_id, None))
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
            state, undo = await self.rebuilder.run(self._rebuild, row, moves)
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

    def _rebuild(self, row: TableRow, moves: Sequence[int]) -> tuple[State, list[UndoPoint]]:
        """The table's state from its stored moves, and its undo points."""
        undo: list[UndoPoint] = []
        return replay(row, self._game_of(row).new_initial_state(), moves, undo), undo

    @staticmethod
    def _game_of(row: TableRow) -> Any:
        return load_game(row.game, players=row.players, data=row.data, **row.options)

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

    # ----- memory ---------------------------------------------------------------------------
    def start_housekeeping(self) -> None:
        """Evict idle tables from memory now and then (they are reloaded on demand)."""
        period = min(60.0, max(0.05, self.settings.idle_seconds / 4))
        self._housekeeper = asyncio.get_running_loop().create_task(self._housekeeping(period))
        self._clock_task = asyncio.get_running_loop().create_task(self.clocks.run(self.settings.clock_period))

    async def _housekeeping(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            self.evict_idle()

    def evict_idle(self, now: float | None = None) -> int:
        """Drop the live tables nobody has used for ``idle_seconds``: no socket open, no bot or
        chance moving them, no request holding them. Returns how many left memory."""
        now = time.monotonic() if now is None else now
        idle = [tid for tid, live in self.live.items() if self._unused(live, now, self.settings.idle_seconds)]
        for tid in idle:
            self._forget(tid)
        return len(idle)

    @staticmethod
    def _unused(live: LiveTable, now: float, seconds: float) -> bool:
        """Not asked for in ``seconds``, no socket open, no bot or chance moving it, no request
        holding or waiting on it."""
        return (
            now - live.touched >= seconds
            and not live.subscribers
            and (live.task is None or live.task.done())
            and not live.lock.locked()
            and not live.waiters
        )

    def _forget(self, table_id: str) -> None:
        del self.live[table_id]
        self._release_soon(table_id)

    def _release_soon(self, table_id: str) -> None:
        """Let another process play this table's bots (we no longer hold it or it is over)."""
        if self.peers.owns(table_id) and self.peers.shared:
            asyncio.get_running_loop().create_task(self.peers.release(table_id))

    # ----- creating and joining ---------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        claim: list[int],
        hotseat: bool,
        start: bool,
        names: dict[int, str] | None = None,
        rematch_of: str | None = None,
        data: dict[str, Any] | None = None,
        private: bool = False,
        rated: bool = False,
        profiles: dict[int, str | None] | None = None,
        clock: dict[str, Any] | None = None,
        owner: str | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table. Everything the client sent is checked first (options against the game's
        option specs, data overrides against its data schema, bot specs and their budgets, the
        time control), so a stored table is always one that can be rebuilt. ``private`` keeps it
        out of the lobby; ``rated`` makes its result count (``profiles``: the profile id claiming
        each seat); ``owner``, the client address asking, holds at most ``bot_tables_per_client``
        bot-only tables that are not over."""
        game = configure(self.settings, game_id, players, options, data, allow_data=rematch_of is not None)
        if rated and clock is None:  # the abandonment rule: a person silent this long loses
            clock = {"type": "turn", "hours_per_move": self.settings.rated_move_hours, "on_timeout": "lose"}
        control = control_of(clock)
        clean = seat_specs(self.settings, game, seats)
        if rated:
            check_rated_bots(clean)
        humans = [s["seat"] for s in clean if s["type"] == HUMAN]
        if not humans and owner is not None:
            self._check_bot_tables(owner)
        if hotseat:
            claim = humans
        for seat in claim:
            if seat not in humans:
                raise bad_request(f"cannot claim seat {seat}: it is not a seat for a person", "bad_config")
        if rated and hotseat:
            raise bad_request("a hotseat table cannot be rated: one device plays every seat", "bad_config")
        tokens: dict[int, str] = {}
        for seat in claim:
            profile = (profiles or {}).get(seat)
            check_profile(clean, rated, seat, profile)
            tokens[seat] = claim_seat(clean[seat], (names or {}).get(seat), profile)
        ready = all(s["claimed"] for s in clean)
        if start and not ready:
            raise bad_request("cannot start yet: every seat for a person must be claimed first", "not_ready")
        row = TableRow(
            id=new_id(),
            game=game.id,
            players=game.num_players,
            options=dict(game.options),
            seats=clean,
            status=PLAYING if start else WAITING,
            version=0,
            hotseat=hotseat,
            seed=self.rng.randrange(1 << 62),
            rematch_of=rematch_of,
            data=dict(game.data_overrides),
            private=private,
            rated=rated,
            clock=ClockState.new(control, game.num_players) if control is not None else None,
        )
        state = game.new_initial_state()
        with_clock(row, state, self.now())
        row.bot_turn = bots_due(row, state)
        await self.db.write(lambda c: storage.insert_table(c, row))
        live = LiveTable(row=row, state=state, now=self.now, owner=owner)
        live.refresh_idle()
        self.live[row.id] = live
        if start:
            self.kick(live)
        return live, tokens

    def _check_bot_tables(self, owner: str) -> None:
        cap = self.settings.bot_tables_per_client
        held = sum(
            1
            for t in self.live.values()
            if t.owner == owner and t.row.status != FINISHED and all(s["type"] != HUMAN for s in t.row.seats)
        )
        if held >= cap:
            raise ApiError(
                429,
                "bot_tables",
                f"your address already has {held} tables of bots only in play (at most {cap}): wait until one is over",
                retry_after=60,
            )

    async def claim(
        self, table_id: str, seat: int, name: str | None, profile: str | None = None
    ) -> tuple[LiveTable, str]:
        live = await self.get(table_id)
        token = await self._twice(lambda: self._claim_locked(live, seat, name, profile))
        self.broadcast(live)
        return live, token

    async def _claim_locked(self, live: LiveTable, seat: int, name: str | None, profile: str | None) -> str:
        async with live.lock:
            row = live.row
            self._seat_index(row, seat)
            spec = row.seats[seat]
            if spec["type"] != HUMAN:
                raise ApiError(409, "seat_taken", f"seat {seat} is played by a bot")
            if spec["claimed"]:
                raise ApiError(409, "seat_taken", f"seat {seat} is already taken")
            if row.status == FINISHED:
                raise ApiError(409, "finished", "the game at this table is over")
            check_profile(row.seats, row.rated, seat, profile)
            seats = [dict(s) for s in row.seats]
            token = claim_seat(seats[seat], name, profile)
            await self._store(live, dataclasses.replace(row, seats=seats))
            return token

    async def start(self, table_id: str, seat: int | None, token: str | None) -> LiveTable:
        live = await self.get(table_id)
        await self._twice(lambda: self._start_locked(live, seat, token))
        self.broadcast(live)
        self.kick(live)
        return live

    async def _start_locked(self, live: LiveTable, seat: int | None, token: str | None) -> None:
        async with live.lock:
            row = live.row
            if any(s["type"] == HUMAN for s in row.seats):
                await self.check_seat(live, seat, token, locked=True)
                row = live.row
            if row.status != WAITING:
                raise ApiError(409, "already_started", f"the table is already {row.status}")
            if not all(s["claimed"] for s in row.seats):
                open_seats = [str(s["seat"]) for s in row.seats if not s["claimed"]]
                raise ApiError(409, "not_ready", f"seats {', '.join(open_seats)} are still open: share the link first")
            await self._store(live, dataclasses.replace(row, status=PLAYING))

    @staticmethod
    async def _twice(attempt: Callable[[], Awaitable[T]]) -> T:
        """For a request that names no version: if another process changed the table first
        (we caught up), check and try once more against what it did."""
        try:
            return await attempt()
        except ApiError as exc:
            if exc.code != "stale":
                raise
        return await attempt()

    # ----- storing (every change: the version this process saw, checked in the store) ------------
    async def _store(
        self, live: LiveTable, new_row: TableRow, state: State | None = None, *ops: Callable[[Any], None]
    ) -> None:
        """Store ``new_row`` (one version on; ``state`` the table's state after the change, if it
        changed) with ``ops`` in one transaction, only if the store still holds the version we
        saw; then make it the live row. If another process stored a change first, catch up with
        it and refuse with ``stale``. The caller holds the table's lock."""
        seen = live.row.version
        state = live.state if state is None else state
        new_row = with_clock(dataclasses.replace(new_row, version=seen + 1), state, self.now())
        new_row.bot_turn = bots_due(new_row, state)

        def op(conn: Any) -> None:
            storage.save_table(conn, new_row, seen=seen)  # first: it locks the row until commit
            for extra in ops:
                extra(conn)

        try:
            await self.db.write(op)
        except StaleWrite:
            await self._catch_up(live, tell=True)
            raise stale(live.row.version, seen) from None
        live.row = new_row

    # ----- checks -------------------------------------------------------------------------------
    @staticmethod
    def _seat_index(row: TableRow, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < row.players:
            raise bad_request(f"'seat' must be a seat number 0..{row.players - 1}, not {quote(seat)}", "bad_seat")
        return seat

    async def check_seat(self, live: LiveTable, seat: Any, token: Any, locked: bool = False) -> int:
        """The seat ``token`` is the key of (else ``bad_token``). On a shared store a seat
        claimed through another process a moment ago is looked up there before the token is
        refused. ``locked``: the caller holds the table's lock."""
        try:
            return self._check_token(live.row, seat, token)
        except ApiError as exc:
            if exc.code != "bad_token" or not self.peers.shared:
                raise
        if locked:
            await self._catch_up(live, tell=True)
        else:
            async with live.lock:
                await self._catch_up(live, tell=True)
        return self._check_token(live.row, seat, token)

    def _check_token(self, row: TableRow, seat: Any, token: Any) -> int:
        seat = self._seat_index(row, seat)
        stored = row.seats[seat].get("token")
        if not isinstance(token, str) or not stored or not hmac.compare_digest(stored, hash_token(token)):
            raise ApiError(403, "bad_token", f"that token does not belong to seat {seat}")
        return seat

    @staticmethod
    def _check_playing(row: TableRow) -> None:
        if row.status == WAITING:
            raise ApiError(409, "not_started", "the game at this table has not started yet")
        if row.status == FINISHED:
            raise ApiError(409, "finished", "the game at this table is over")

    @staticmethod
    def _check_version(row: TableRow, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise bad_request(
                f"'version' must be the table version you last saw (a whole number), not {quote(version)}"
            )
        if version != row.version:
            raise stale(row.version, version)

    # ----- playing ------------------------------------------------------------------------------
    async def act(self, table_id: str, seat: int, token: str | None, action: int, version: int) -> LiveTable:
        live = await self.get(table_id)
        async with live.lock:
            seat = await self.check_seat(live, seat, token, locked=True)
            await self._fresh(live, version)
            self._check_playing(live.row)
            await self.clocks.check_before_move(live, seat)
            row = live.row
            self._check_version(row, version)
            to_act = live.state.current_player()
            if to_act != seat:
                who = f"seat {to_act}" if to_act >= 0 else "nobody (the table is resolving chance)"
                raise ApiError(409, "not_your_turn", f"it is {who}'s decision, not seat {seat}'s")
            if isinstance(action, bool) or not isinstance(action, int):
                raise bad_request(
                    f"'action' must be a whole number from the legal list, not {quote(action)}", "malformed"
                )
            before = live.state
            new = before.clone()
            try:
                new.apply_action(action)
            except IllegalActionError as exc:
                raise ApiError(422, "illegal_action", str(exc)) from None
            undo = list(live.undo)
            note_step(undo, row, seat, before, action)
            if self._resolve_chance(live, new):
                undo.clear()
            await self._commit(live, new)
            live.undo = undo
        self.broadcast(live)
        self.kick(live)
        return live

    def _resolve_chance(self, live: LiveTable, state: State) -> int:
        count = 0
        while state.current_player() == CHANCE:
            rng = random.Random(live.row.seed * 1_000_003 + state.move_number())
            state.apply_action(state.sample_chance(rng))
            count += 1
        return count

    async def _commit(self, live: LiveTable, new: State) -> None:
        """Store the moves from ``live.state`` to ``new`` (which extends it), then swap it in
        (``stale`` if another process stored a change first)."""
        row = live.row
        start = live.state.move_number()
        actions = new.history()[start:]
        status = FINISHED if new.is_terminal() else row.status
        new_row = dataclasses.replace(row, status=status)
        finishing = status == FINISHED and row.status != FINISHED

        def op(conn: Any) -> None:
            storage.append_moves(conn, row.id, start, actions)
            for hook in self.on_finish if finishing else ():  # same transaction: profiles' games, ratings
                hook(conn, new_row, new)

        await self._store(live, new_row, new, op)
        live.extend_logs(live.state, new)
        live.state = new

    async def undo(self, table_id: str, seat: int, token: str | None, version: int) -> LiveTable:
        live = await self.get(table_id)
        async with live.lock:
            seat = await self.check_seat(live, seat, token, locked=True)
            await self._fresh(live, version)
            row = live.row
            self._check_playing(row)
            self._check_version(row, version)
            if not live.can_undo(seat):
                raise ApiError(
                    409,
                    "cannot_undo",
                    "nothing to undo: only your own moves this turn, before anything random or hidden was revealed",
                )
            point = live.undo[-1]
            keep = point.state.move_number()
            await self._store(
                live,
                dataclasses.replace(row, undos=row.undos + 1),
                point.state,
                lambda conn: storage.truncate_moves(conn, row.id, keep),
            )
            live.undo.pop()
            live.state = point.state
            for sub in live.subscribers:
                sub.log_sent = 0  # the log shrank: send it whole again
        self.broadcast(live)
        return live

    # ----- bots and chance ------------------------------------------------------------------------
    def kick(self, live: LiveTable) -> None:
        """Make sure chance and bots move this table on until a person must decide, if this
        process plays the table's bots: the first to ask holds them until the game is over, the
        table leaves its memory, or its bots wait on a person and nobody watches through it."""
        live.refresh_idle()
        if not live.bots_due():
            if live.row.status == FINISHED:
                self._release_soon(live.row.id)
            return
        if live.task is None or live.task.done():
            live.task = asyncio.get_running_loop().create_task(self._advance(live))

    async def _advance(self, live: LiveTable) -> None:
        """Chance and bots move the table on. Subscribers are told at once about chance, and
        about a run of bot moves every ``frame`` seconds and when it ends (one picture instead
        of one per move)."""
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
                            self.broadcast(live)
                        continue
                    bot, heavy = self._bot_of(live, player)
                    version = live.row.version
                    snapshot = live.state.clone()
                action = await self.bot_pool.run(live.owner or live.row.id, heavy, bot.choose, snapshot)
                async with live.lock:
                    if live.row.version != version:
                        continue  # someone undid or the table changed: think again
                    changed = await self._store_step(live, self._bot_move(live, player, action)) or changed
                if changed and loop.time() - shown >= self.frame:
                    self.broadcast(live)
                    shown, changed = loop.time(), False
        except asyncio.CancelledError:
            raise
        except Exception:
            failed = True
            log.exception("table %s stopped advancing", live.row.id)
        finally:
            if changed:
                self.broadcast(live)
            live.refresh_idle()
            if failed:
                live.idle.set()  # nobody waits for bots that stopped
            if live.row.status == FINISHED or not (live.subscribers or live.bots_due()):
                self._release_soon(live.row.id)  # over, or nobody watches here: whoever is asked next plays

    def _bot_of(self, live: LiveTable, player: int) -> tuple[Any, bool]:
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
        self._resolve_chance(live, new)
        try:
            await self._commit(live, new)
        except ApiError as exc:
            if exc.code != "stale":
                raise
            return False
        live.undo.clear()
        return True

    async def expire(self, live: LiveTable, now: float | None = None) -> bool:
        """Apply the table's rule if the seat to act ran out of time by ``now`` (``timing``)."""
        return await self.clocks.expire(live, self.now() if now is None else now)

    async def settle(self, live: LiveTable, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until the table waits on a person or is over."""
        if timeout > 0:
            live.waiters += 1
            try:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.idle.wait(), timeout)
            finally:
                live.waiters -= 1

    # ----- other processes over the same store ---------------------------------------------------
    async def start_peers(self) -> None:
        """Hear about the changes other processes store; on a shared store, sweep for tables
        whose bots nobody plays (their process died) every ``takeover_seconds``."""
        await self.peers.start(self._heard, self._resync_all)
        if self.peers.shared:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweeping(self.settings.takeover_seconds))

    def _heard(self, table_id: str, version: int) -> None:
        """A process stored ``version`` of a table (maybe this process: then we have it)."""
        live = self.live.get(table_id)
        if live is not None:
            if version > live.row.version and self._unused(live, time.monotonic(), UNWATCHED_SECONDS):
                self._forget(table_id)  # nobody uses it here: load it again if asked, rather than follow it
            else:
                self._behind(live, version)
            return
        pending = self._loading.get(table_id)
        if pending is not None:  # being loaded: look again once it is

            def loaded(done: asyncio.Future[LiveTable]) -> None:
                if not done.cancelled() and done.exception() is None:
                    self._behind(done.result(), version)

            pending.add_done_callback(loaded)

    def _resync_all(self) -> None:
        """Notifications may have been lost: check every table held against the store."""
        for live in list(self.live.values()):
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
                    if not await self._catch_up(live, tell=True):
                        return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: cannot catch up with the store", live.row.id)

    async def _catch_up(self, live: LiveTable, tell: bool = False) -> bool:
        """Bring the live table to what the store holds: the new moves applied in order, or the
        whole table rebuilt after an undo. The caller holds its lock. ``False``: nothing new.
        ``tell``: then tell our subscribers and move the bots on, if they are ours."""
        row, since = live.row, live.state.move_number()
        new_row, moves, whole = await self.db.snapshot(lambda c: storage.load_changes(c, row.id, row.undos, since))
        if new_row is None or new_row.version <= row.version:
            return False
        if whole:
            state, undo = self._rebuild(new_row, moves)
            for sub in live.subscribers:
                sub.log_sent = 0  # the log may have shrunk: send it whole again
        else:
            undo = list(live.undo)
            state = replay(new_row, live.state, moves, undo)
            live.extend_logs(live.state, state)
        live.row, live.state, live.undo = new_row, state, undo
        if tell:
            self.broadcast(live)
            self.kick(live)
        return True

    async def _fresh(self, live: LiveTable, version: Any) -> None:
        """A client that saw a newer version than ours (through another process): catch up first."""
        if isinstance(version, int) and not isinstance(version, bool) and version > live.row.version:
            await self._catch_up(live, tell=True)

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
        ids = await self.db.read(storage.bot_turn_ids)
        taken = 0
        for table_id in ids:
            held = self.live.get(table_id)
            if self.peers.owns(table_id):
                if held is not None:
                    self.kick(held)  # ours already: make sure it moves
                continue
            if not await self.peers.own(table_id):
                continue
            try:
                live = await self.get(table_id)
            except ApiError:
                await self.peers.release(table_id)
                continue
            async with live.lock:
                await self._catch_up(live, tell=True)
            if not live.bots_due():
                await self.peers.release(table_id)
                continue
            self.kick(live)
            taken += 1
        return taken

    # ----- after the game -----------------------------------------------------------------------
    async def rematch(
        self, table_id: str, seat: int, token: str, owner: str | None = None
    ) -> tuple[LiveTable, dict[int, str]]:
        live = await self.get(table_id)
        async with live.lock:
            await self._catch_up(live, tell=True)  # another process may have arranged it already
            row = live.row
            seat = self._check_token(row, seat, token)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "a rematch can be arranged once the game is over")
            existing = row.rematch
        if existing is not None:
            other = await self.get(existing)
            spec = other.row.seats[seat]
            if spec["type"] == HUMAN and not spec["claimed"]:
                other, new_token = await self.claim(
                    existing, seat, row.seats[seat].get("name"), row.seats[seat].get("profile")
                )
                await self._maybe_autostart(other)
                return other, {seat: new_token}
            return other, {}
        seats = [{"type": s["type"], "bot": s["bot"]} for s in row.seats]
        names = {s["seat"]: s["name"] for s in row.seats if s["type"] == HUMAN}
        humans = [s["seat"] for s in row.seats if s["type"] == HUMAN]
        claim = humans if row.hotseat else [seat]
        new_live, tokens = await self.create(
            row.game,
            row.players,
            dict(row.options),
            seats,
            claim,
            row.hotseat,
            start=len(claim) == len(humans),
            names=names,
            rematch_of=row.id,
            data=dict(row.data),
            private=True,
            rated=row.rated,
            profiles={s["seat"]: s.get("profile") for s in row.seats},
            clock=row.clock.control.to_json() if row.clock is not None else None,
            owner=owner,
        )
        async with live.lock:
            await self._store(live, dataclasses.replace(live.row, rematch=new_live.row.id))
        self.broadcast(live)
        return new_live, tokens

    async def _maybe_autostart(self, live: LiveTable) -> None:
        if live.row.status == WAITING and all(s["claimed"] for s in live.row.seats):
            async with live.lock:
                await self._store(live, dataclasses.replace(live.row, status=PLAYING))
            self.broadcast(live)
            self.kick(live)

    async def record(self, table_id: str) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(
                409, "not_finished", "the record (with every card and die roll) is available once the game is over"
            )
        record = await self.rebuilder.run(live.state.to_record)
        if live.row.clock is not None and live.row.clock.forfeit is not None:
            record["result"] = forfeit_result(live.row.clock, live.row.players)  # dinobox replay ignores it
        return record

    async def replay(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(409, "not_finished", "replays are available once the game is over")
        if seat is not None:
            self._seat_index(live.row, seat)
        initial = self._game_of(live.row).new_initial_state()
        return await self.rebuilder.cached((live.row.id, step, seat), replay_picture, live, initial, step, seat)

    # ----- subscribers -----------------------------------------------------------------------------
    def subscribe(self, live: LiveTable, seat: int | None, token: str | None = None) -> Subscriber:
        sub = Subscriber(seat, token, queue=asyncio.Queue(self.settings.ws_queue_messages))
        live.subscribers.add(sub)
        self._mark(sub)
        return sub

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.discard(sub)

    def rebind(self, live: LiveTable, sub: Subscriber, seat: int | None) -> None:
        sub.seat = seat
        sub.log_sent = 0
        self._mark(sub)

    def broadcast(self, live: LiveTable) -> None:
        for sub in live.subscribers:
            self._mark(sub)
        for hook in self.on_change:
            hook(live)

    @staticmethod
    def _mark(sub: Subscriber) -> None:
        if not sub.pending:
            sub.pending = True
            sub.offer(None)

    @staticmethod
    def picture(live: LiveTable, sub: Subscriber) -> dict[str, Any]:
        """The table as ``sub``'s seat sees it now, with the log entries it does not have yet."""
        sub.pending = False
        version, cache = live.pictures
        if version != live.row.version:
            cache = {}
            live.pictures = (live.row.version, cache)
        full = cache.get(sub.seat)
        if full is None:
            full = cache[sub.seat] = seat_message(live, sub.seat)
        start = sub.log_sent if sub.log_sent <= len(full["log"]) else 0
        sub.log_sent = len(full["log"])
        return dict(full, clock=clock_message(live), log_start=start, log=full["log"][start:])
