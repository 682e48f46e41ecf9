"""The authority over live tables: seats and tokens, actions, undo, bots, rematches.

Each table lives in memory as a ``LiveTable`` (its stored row plus the state rebuilt from its
moves) and is changed only under its lock, in this order: check everything, compute the new
state on a clone, store it, then swap it in and tell the subscribers. A refusal raises
``ApiError`` before anything changed. Bots think on a thread pool, off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import random
import re
import secrets
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from dinobox.bots import budget_of, capped_spec, check_bot_for_game, make_bot
from dinobox.engine.errors import DinoboxError, IllegalActionError, InvalidOptionError
from dinobox.engine.options import OptionSet
from dinobox.engine.registry import game_class, load_game
from dinobox.engine.state import CHANCE, State
from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, bad_request, not_found
from dinobox.server.messages import seat_message
from dinobox.server.settings import Settings
from dinobox.server.storage import TableRow

log = logging.getLogger("dinobox.server")

HUMAN = "human"
BOT = "bot"
WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_id() -> str:
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


TABLE_ID = re.compile(r"[A-Za-z0-9]{1,32}")  # what new_id makes: anything else is unknown at once


def quarantined(table_id: str, problem: str) -> ApiError:
    return ApiError(409, "quarantined", f"table {table_id} cannot be rebuilt and is set aside: {problem}")


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: which seat it speaks for and how much of the log it already has."""

    seat: int | None
    token: str | None = None
    # ``None`` in the queue means "send the table as it is now": several changes in a row are
    # coalesced into one picture, built only when the socket is ready for it.
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    log_sent: int = 0
    pending: bool = False


@dataclass
class UndoPoint:
    seat: int
    state: State  # the state before the seat's step
    action: int  # the seat's action
    after: State  # the state the step produced
    revealed: bool | None = None  # did the step show the seat anything hidden? (the engine says; lazily)


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Any] = field(default_factory=dict)
    subscribers: set[Subscriber] = field(default_factory=set)
    undo: list[UndoPoint] = field(default_factory=list)
    task: asyncio.Task[None] | None = None
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    decisions: list[int] | None = None  # history positions of player decisions (replays)
    # log(seat) is linear in the game's length: each state's logs are computed once per seat
    logs: weakref.WeakKeyDictionary[State, dict[int | None, list[dict[str, Any]]]] = field(
        default_factory=weakref.WeakKeyDictionary
    )
    pictures: tuple[int, dict[int | None, dict[str, Any]]] = (-1, {})
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle tables leave memory)

    def log_of(self, state: State, seat: int | None) -> list[dict[str, Any]]:
        per_seat = self.logs.setdefault(state, {})
        entries = per_seat.get(seat)
        if entries is None:
            entries = per_seat[seat] = state.log(seat)
        return entries

    def extend_logs(self, old: State, new: State) -> None:
        """``new`` extends ``old``: give it ``old``'s cached logs plus only the new entries, so a
        step costs the texts of its own events, not the whole game's."""
        known = self.logs.get(old)
        if known:
            self.logs[new] = {seat: entries + new.log(seat, since=len(entries)) for seat, entries in known.items()}

    def can_undo(self, seat: int) -> bool:
        if not self.undo:
            return False
        top = self.undo[-1]
        if top.seat != seat or top.after is not self.state or self.state.current_player() != seat:
            return False
        if top.revealed is None:
            top.revealed = top.state.reveals_to(seat, top.action)
        return not top.revealed


class TableService:
    """All table operations. ``rng`` draws table seeds (and through them, chance outcomes)."""

    def __init__(
        self, db: Database, rng: random.Random | None = None, settings: Settings | None = None, frame: float = 0.25
    ) -> None:
        self.db = db
        self.frame = frame
        self.settings = settings or Settings()
        self.rng = rng or random.SystemRandom()
        self.live: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable]] = {}
        self.bot_pool = ThreadPoolExecutor(max_workers=self.settings.bot_threads, thread_name_prefix="dinobox-bot")
        self.on_change: list[Callable[[LiveTable], None]] = []
        self._housekeeper: asyncio.Task[None] | None = None

    def close(self) -> None:
        if self._housekeeper is not None:
            self._housekeeper.cancel()
        for live in self.live.values():
            if live.task is not None:
                live.task.cancel()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)

    # ----- loading --------------------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from storage if need be. Concurrent loads of one table share
        one load; an unknown id leaves nothing behind."""
        live = self.live.get(table_id)
        if live is None:
            if not isinstance(table_id, str) or not TABLE_ID.fullmatch(table_id):
                raise not_found(f"there is no table {table_id!r}")
            pending = self._loading.get(table_id)
            if pending is None:
                pending = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
                pending.add_done_callback(lambda _done: self._loading.pop(table_id, None))
            live = await asyncio.shield(pending)
        live.touched = time.monotonic()
        return live

    async def _load(self, table_id: str) -> LiveTable:
        row = await self.db.read(lambda c: storage.load_table(c, table_id))
        if row is None:
            raise not_found(f"there is no table {table_id!r}")
        if row.problem is not None:
            raise quarantined(table_id, row.problem)
        moves = await self.db.read(lambda c: storage.load_moves(c, table_id))
        try:
            state = self._rebuild(row, moves)
        except Exception as exc:
            problem = f"{type(exc).__name__}: {exc}"
            log.error("table %s cannot be rebuilt from its stored moves; quarantined: %s", table_id, problem)
            await self.db.write(lambda c: storage.quarantine(c, table_id, problem))
            raise quarantined(table_id, problem) from None
        live = LiveTable(row=row, state=state)
        live.idle.set()
        return self.live.setdefault(table_id, live)

    def _rebuild(self, row: TableRow, moves: list[int]) -> State:
        state = self._game_of(row).new_initial_state()
        for index, action in enumerate(moves):
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise IllegalActionError(f"stored move {index} ({action}) is illegal: {exc}") from None
        return state

    @staticmethod
    def _game_of(row: TableRow) -> Any:
        return load_game(row.game, players=row.players, data=row.data, **row.options)

    async def resume_all(self) -> int:
        """After a restart: pick up every table in play (bots and chance continue). A table that
        cannot be rebuilt is quarantined (logged, marked in storage, listed in ``/api/health``)
        and the others go on."""
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

    async def _housekeeping(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            self.evict_idle()

    def evict_idle(self, now: float | None = None) -> int:
        """Drop the live tables nobody has used for ``idle_seconds``: no socket open, no bot or
        chance moving them, no request holding them. Returns how many left memory."""
        now = time.monotonic() if now is None else now
        idle = [
            tid
            for tid, live in self.live.items()
            if now - live.touched >= self.settings.idle_seconds
            and not live.subscribers
            and (live.task is None or live.task.done())
            and not live.lock.locked()
        ]
        for tid in idle:
            del self.live[tid]
        return len(idle)

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
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table. Everything the client sent is checked first (options against the game's
        option specs, data overrides against its data schema, bot specs and their budgets), so a
        stored table is always one that can be rebuilt. ``private`` keeps it out of the lobby."""
        game = self._configure(game_id, players, options, data, allow_data=rematch_of is not None)
        clean = self._seat_specs(game, seats)
        humans = [s["seat"] for s in clean if s["type"] == HUMAN]
        if hotseat:
            claim = humans
        for seat in claim:
            if seat not in humans:
                raise bad_request(f"cannot claim seat {seat}: it is not a seat for a person", "bad_config")
        tokens: dict[int, str] = {}
        for seat in claim:
            tokens[seat] = self._claim_seat(clean[seat], (names or {}).get(seat))
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
        )
        await self.db.write(lambda c: storage.insert_table(c, row))
        live = LiveTable(row=row, state=game.new_initial_state())
        live.idle.set()
        self.live[row.id] = live
        if start:
            self.kick(live)
        return live, tokens

    def _configure(self, game_id: str, players: int | None, options: Any, data: Any, allow_data: bool = False) -> Any:
        """The configured game, or ``bad_config`` saying what was wrong. Only the game's declared
        options are accepted (by name, checked by its option specs)."""
        try:
            cls = game_class(game_id)
            if not isinstance(options, dict):
                raise InvalidOptionError(f"'options' must be an object of option names, not {options!r}")
            resolved = OptionSet(cls.option_specs).resolve(options, cls.id)
            if data and not (allow_data or self.settings.allow_data_overrides):
                raise InvalidOptionError("this server does not accept component-data overrides ('data')")
            if data is not None and not isinstance(data, dict):
                raise InvalidOptionError(f"'data' must be an object of data fields, not {data!r}")
            return load_game(cls.id, players=players, data=data or {}, **resolved)
        except DinoboxError as exc:
            raise bad_request(str(exc), "bad_config") from None

    def _seat_specs(self, game: Any, seats: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        n = game.num_players
        if seats is None:
            seats = [{"type": HUMAN}] + [{"type": BOT, "bot": "random"} for _ in range(n - 1)]
        if len(seats) != n:
            raise bad_request(f"'seats' lists {len(seats)} seats but this game has {n} players", "bad_config")
        clean: list[dict[str, Any]] = []
        for i, spec in enumerate(seats):
            kind = spec.get("type")
            if kind == HUMAN:
                clean.append({"seat": i, "type": HUMAN, "bot": None, "name": None, "claimed": False, "token": None})
            elif kind == BOT:
                bot = str(spec.get("bot") or "random")
                self._check_bot(i, bot, game.id)
                clean.append({"seat": i, "type": BOT, "bot": bot, "name": f"{bot} bot", "claimed": True, "token": None})
            else:
                raise bad_request(f"seat {i}: 'type' must be 'human' or 'bot', not {kind!r}", "bad_config")
        return clean

    def _check_bot(self, seat: int, spec: str, game_id: str) -> None:
        """A bot spec this server will seat: valid, able to play the game, within the budget caps."""
        try:
            check_bot_for_game(spec, game_id)
            budget = budget_of(spec)
        except DinoboxError as exc:
            raise bad_request(f"seat {seat}: {exc}", "bad_config") from None
        cap = self.settings
        if budget.seconds is not None and budget.seconds > cap.max_bot_seconds:
            raise bad_request(
                f"seat {seat}: bot {spec!r} may think {budget.seconds:g} s a move; this server allows at most "
                f"{cap.max_bot_seconds:g} s",
                "bot_budget",
            )
        if budget.iterations is not None and budget.iterations > cap.max_bot_iterations:
            raise bad_request(
                f"seat {seat}: bot {spec!r} may search {budget.iterations} iterations a move; this server allows "
                f"at most {cap.max_bot_iterations}",
                "bot_budget",
            )

    def _make_bot(self, spec: str, seed: int) -> Any:
        """A stored table's bot, its budget brought within today's caps (they may have been lowered)."""
        return make_bot(capped_spec(spec, self.settings.max_bot_iterations, self.settings.max_bot_seconds), seed)

    @staticmethod
    def _claim_seat(seat: dict[str, Any], name: str | None) -> str:
        token = secrets.token_urlsafe(18)
        seat["claimed"] = True
        seat["token"] = hash_token(token)
        seat["name"] = (name or "").strip()[:40] or f"Player {seat['seat'] + 1}"
        return token

    async def claim(self, table_id: str, seat: int, name: str | None) -> tuple[LiveTable, str]:
        live = await self.get(table_id)
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
            seats = [dict(s) for s in row.seats]
            token = self._claim_seat(seats[seat], name)
            new_row = dataclasses.replace(row, seats=seats, version=row.version + 1)
            await self.db.write(lambda c: storage.save_table(c, new_row))
            live.row = new_row
        self.broadcast(live)
        return live, token

    async def start(self, table_id: str, seat: int | None, token: str | None) -> LiveTable:
        live = await self.get(table_id)
        async with live.lock:
            row = live.row
            if any(s["type"] == HUMAN for s in row.seats):
                self._check_token(row, seat, token)
            if row.status != WAITING:
                raise ApiError(409, "already_started", f"the table is already {row.status}")
            if not all(s["claimed"] for s in row.seats):
                open_seats = [str(s["seat"]) for s in row.seats if not s["claimed"]]
                raise ApiError(409, "not_ready", f"seats {', '.join(open_seats)} are still open: share the link first")
            new_row = dataclasses.replace(row, status=PLAYING, version=row.version + 1)
            await self.db.write(lambda c: storage.save_table(c, new_row))
            live.row = new_row
        self.broadcast(live)
        self.kick(live)
        return live

    # ----- checks -------------------------------------------------------------------------------
    @staticmethod
    def _seat_index(row: TableRow, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < row.players:
            raise bad_request(f"'seat' must be a seat number 0..{row.players - 1}, not {seat!r}", "bad_seat")
        return seat

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
            raise bad_request(f"'version' must be the table version you last saw (a whole number), not {version!r}")
        if version != row.version:
            raise ApiError(
                409,
                "stale",
                f"the table has moved on (version {row.version}, you sent {version}): look again",
                version=row.version,
            )

    # ----- playing ------------------------------------------------------------------------------
    async def act(self, table_id: str, seat: Any, token: Any, action: Any, version: Any) -> LiveTable:
        live = await self.get(table_id)
        async with live.lock:
            row = live.row
            seat = self._check_token(row, seat, token)
            self._check_playing(row)
            self._check_version(row, version)
            to_act = live.state.current_player()
            if to_act != seat:
                who = f"seat {to_act}" if to_act >= 0 else "nobody (the table is resolving chance)"
                raise ApiError(409, "not_your_turn", f"it is {who}'s decision, not seat {seat}'s")
            if isinstance(action, bool) or not isinstance(action, int):
                raise bad_request(f"'action' must be a whole number from the legal list, not {action!r}", "malformed")
            before = live.state
            new = before.clone()
            try:
                new.apply_action(action)
            except IllegalActionError as exc:
                raise ApiError(422, "illegal_action", str(exc)) from None
            undoable = self._resolve_chance(live, new) == 0
            await self._commit(live, new)
            if undoable and new.current_player() == seat:
                live.undo.append(UndoPoint(seat, before, action, new))
            else:
                live.undo.clear()
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
        """Store the moves from ``live.state`` to ``new`` (which extends it), then swap it in."""
        row = live.row
        start = live.state.move_number()
        actions = new.history()[start:]
        status = FINISHED if new.is_terminal() else row.status
        new_row = dataclasses.replace(row, version=row.version + 1, status=status)

        def op(conn: Any) -> None:
            storage.append_moves(conn, row.id, start, actions)
            storage.save_table(conn, new_row)

        await self.db.write(op)
        live.extend_logs(live.state, new)
        live.row = new_row
        live.state = new

    async def undo(self, table_id: str, seat: Any, token: Any, version: Any) -> LiveTable:
        live = await self.get(table_id)
        async with live.lock:
            row = live.row
            seat = self._check_token(row, seat, token)
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
            new_row = dataclasses.replace(row, version=row.version + 1)

            def op(conn: Any) -> None:
                storage.truncate_moves(conn, row.id, keep)
                storage.save_table(conn, new_row)

            await self.db.write(op)
            live.undo.pop()
            live.row = new_row
            live.state = point.state
            for sub in live.subscribers:
                sub.log_sent = 0  # the log shrank: send it whole again
        self.broadcast(live)
        return live

    # ----- bots and chance ------------------------------------------------------------------------
    def kick(self, live: LiveTable) -> None:
        """Make sure chance and bots move this table on until a person must decide."""
        if live.task is None or live.task.done():
            live.idle.clear()
            live.task = asyncio.get_running_loop().create_task(self._advance(live))

    async def _advance(self, live: LiveTable) -> None:
        """Chance and bots move the table on. Subscribers are told at once about chance, and
        about a run of bot moves every ``frame`` seconds and when it ends (one picture instead
        of one per move)."""
        loop = asyncio.get_running_loop()
        shown = loop.time()
        changed = False
        try:
            while True:
                async with live.lock:
                    if live.row.status != PLAYING:
                        return
                    state = live.state
                    player = state.current_player()
                    if player == CHANCE:
                        new = state.clone()
                        self._resolve_chance(live, new)
                        await self._commit(live, new)
                        live.undo.clear()
                        self.broadcast(live)
                        continue
                    if player < 0 or live.row.seats[player]["type"] != BOT:
                        return
                    bot = live.bots.get(player)
                    if bot is None:
                        seed = live.row.seed % 1_000_000 + player
                        bot = live.bots[player] = self._make_bot(live.row.seats[player]["bot"], seed)
                    version = live.row.version
                    snapshot = state.clone()
                action = await loop.run_in_executor(self.bot_pool, bot.choose, snapshot)
                async with live.lock:
                    if live.row.version != version:
                        continue  # someone undid or the table changed: think again
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
                        new.apply_action(random.Random(version).choice(new.legal_actions()))
                    self._resolve_chance(live, new)
                    await self._commit(live, new)
                    live.undo.clear()
                changed = True
                if loop.time() - shown >= self.frame:
                    self.broadcast(live)
                    shown, changed = loop.time(), False
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s stopped advancing", live.row.id)
        finally:
            if changed:
                self.broadcast(live)
            live.idle.set()

    async def settle(self, live: LiveTable, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until the table waits on a person or is over."""
        if timeout > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.idle.wait(), timeout)

    # ----- after the game -----------------------------------------------------------------------
    async def rematch(self, table_id: str, seat: Any, token: Any) -> tuple[LiveTable, dict[int, str]]:
        live = await self.get(table_id)
        async with live.lock:
            row = live.row
            seat = self._check_token(row, seat, token)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "a rematch can be arranged once the game is over")
            existing = row.rematch
        if existing is not None:
            other = await self.get(existing)
            spec = other.row.seats[seat]
            if spec["type"] == HUMAN and not spec["claimed"]:
                other, new_token = await self.claim(existing, seat, row.seats[seat].get("name"))
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
        )
        async with live.lock:
            new_row = dataclasses.replace(live.row, rematch=new_live.row.id, version=live.row.version + 1)
            await self.db.write(lambda c: storage.save_table(c, new_row))
            live.row = new_row
        self.broadcast(live)
        return new_live, tokens

    async def _maybe_autostart(self, live: LiveTable) -> None:
        if live.row.status == WAITING and all(s["claimed"] for s in live.row.seats):
            async with live.lock:
                new_row = dataclasses.replace(live.row, status=PLAYING, version=live.row.version + 1)
                await self.db.write(lambda c: storage.save_table(c, new_row))
                live.row = new_row
            self.broadcast(live)
            self.kick(live)

    async def record(self, table_id: str) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(
                409, "not_finished", "the record (with every card and die roll) is available once the game is over"
            )
        return live.state.to_record()

    async def replay(self, table_id: str, step: int, seat: int | None) -> dict[str, Any]:
        live = await self.get(table_id)
        if live.row.status != FINISHED:
            raise ApiError(409, "not_finished", "replays are available once the game is over")
        if seat is not None:
            self._seat_index(live.row, seat)
        history = live.state.history()
        state = self._game_of(live.row).new_initial_state()
        if live.decisions is None:
            positions = []
            probe = state.clone()
            for i, a in enumerate(history):
                if probe.current_player() >= 0:
                    positions.append(i)
                probe.apply_action(a)
            live.decisions = positions
        steps = len(live.decisions)
        if isinstance(step, bool) or not 0 <= step <= steps:
            raise bad_request(f"'step' must be 0..{steps}, not {step}")
        stop = live.decisions[step] if step < steps else len(history)
        last: dict[str, Any] | None = None
        for i, a in enumerate(history[:stop]):
            if step > 0 and i == live.decisions[step - 1]:
                last = state.describe_action(a)
            state.apply_action(a)
        return {
            "step": step,
            "steps": steps,
            "seat": seat,
            "view": state.view(seat),
            "log": state.log(seat),
            "last": last,
            "game": live.row.game,
            "title": state.game.title,
        }

    # ----- subscribers -----------------------------------------------------------------------------
    def subscribe(self, live: LiveTable, seat: int | None, token: str | None = None) -> Subscriber:
        sub = Subscriber(seat, token)
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
            sub.queue.put_nowait(None)

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
        return dict(full, log_start=start, log=full["log"][start:])
