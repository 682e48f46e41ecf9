"""Making tables and filling their seats: a new table (everything the client sent checked
first, so a stored table is always one that can be rebuilt), claiming an open seat, starting,
and a rematch (the same seats at a new private table, linked from the old one)."""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

from dinobox.clocks import REALTIME, ClockState, TimeControl
from dinobox.server import storage
from dinobox.server.bot_driver import BotDriver
from dinobox.server.errors import ApiError, bad_request
from dinobox.server.live import FINISHED, HUMAN, PLAYING, WAITING, LiveTable, bots_due
from dinobox.server.play import Play, check_token, seat_index
from dinobox.server.seating import check_profile, check_rated_bots, claim_seat, configure, seat_specs
from dinobox.server.settings import Settings
from dinobox.server.storage import TableRow
from dinobox.server.subscriptions import Subscriptions
from dinobox.server.table_cache import TableCache
from dinobox.server.timing import control_of, with_clock
from dinobox.server.writer import TableWriter

T = TypeVar("T")


def silence_limit(settings: Settings, asked: float | None, control: TimeControl | None) -> float:
    """The table's silence limit: the one asked for, within the server's bounds, else the
    server's default (at least a move's time under a clock: the clock rules a slow move)."""
    low, high = settings.min_silence_seconds, settings.max_silence_seconds
    if asked is None:
        move = 0.0 if control is None else (control.bank if control.kind == REALTIME else control.per_move)
        return min(high, max(settings.silence_seconds, move))
    if not low <= asked <= high:
        raise bad_request(
            f"'silence_seconds' must be between {low:g} and {high:g} seconds, not {asked:g}", "bad_config"
        )
    return float(asked)


def new_id() -> str:
    return secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")


async def twice(attempt: Callable[[], Awaitable[T]]) -> T:
    """For a request that names no version: if another process changed the table first
    (we caught up), check and try once more against what it did."""
    try:
        return await attempt()
    except ApiError as exc:
        if exc.code != "stale":
            raise
    return await attempt()


class TableSetup:
    """Creating, claiming, starting and rematching. ``rng`` draws table seeds."""

    def __init__(
        self,
        settings: Settings,
        rng: random.Random,
        cache: TableCache,
        writer: TableWriter,
        bots: BotDriver,
        subscriptions: Subscriptions,
        play: Play,
    ) -> None:
        self.settings = settings
        self.rng = rng
        self.cache = cache
        self.db = cache.db
        self.now = cache.now
        self.writer = writer
        self.bots = bots
        self.subscriptions = subscriptions
        self.play = play

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
        clock: Mapping[str, object] | None = None,
        owner: str | None = None,
        silence: float | None = None,
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
        silence = silence_limit(self.settings, silence, control)
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
            tokens[seat] = claim_seat(clean[seat], (names or {}).get(seat), profile, clean)
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
            silence=silence,
        )
        state = game.new_initial_state()
        with_clock(row, state, self.now())
        row.bot_turn = bots_due(row, state)
        await self.db.write(lambda c: storage.insert_table(c, row))
        live = LiveTable(row=row, state=state, now=self.now, owner=owner)
        live.refresh_idle()
        self.cache.add(live)
        if start:
            self.bots.kick(live)
        return live, tokens

    def _check_bot_tables(self, owner: str) -> None:
        cap = self.settings.bot_tables_per_client
        held = sum(
            1
            for t in self.cache.live.values()
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
        live = await self.cache.get(table_id)
        token = await twice(lambda: self._claim_locked(live, seat, name, profile))
        self.subscriptions.broadcast(live)
        return live, token

    async def _claim_locked(self, live: LiveTable, seat: int, name: str | None, profile: str | None) -> str:
        async with live.lock:
            row = live.row
            seat_index(row, seat)
            spec = row.seats[seat]
            if spec["type"] != HUMAN:
                raise ApiError(409, "seat_taken", f"seat {seat} is played by a bot")
            if spec["claimed"]:
                raise ApiError(409, "seat_taken", f"seat {seat} is already taken")
            if row.status == FINISHED:
                raise ApiError(409, "finished", "the game at this table is over")
            check_profile(row.seats, row.rated, seat, profile)
            seats = [dict(s) for s in row.seats]
            token = claim_seat(seats[seat], name, profile, seats)
            await self.writer.store(live, dataclasses.replace(row, seats=seats))
            return token

    async def start(self, table_id: str, seat: int | None, token: str | None) -> LiveTable:
        live = await self.cache.get(table_id)
        await twice(lambda: self._start_locked(live, seat, token))
        self.subscriptions.broadcast(live)
        self.bots.kick(live)
        return live

    async def _start_locked(self, live: LiveTable, seat: int | None, token: str | None) -> None:
        async with live.lock:
            row = live.row
            if any(s["type"] == HUMAN for s in row.seats):
                await self.play.check_seat(live, seat, token, locked=True)
                row = live.row
            if row.status != WAITING:
                raise ApiError(409, "already_started", f"the table is already {row.status}")
            if not all(s["claimed"] for s in row.seats):
                open_seats = [str(s["seat"]) for s in row.seats if not s["claimed"]]
                raise ApiError(409, "not_ready", f"seats {', '.join(open_seats)} are still open: share the link first")
            await self.writer.store(live, dataclasses.replace(row, status=PLAYING))

    async def rematch(
        self, table_id: str, seat: int, token: str, owner: str | None = None
    ) -> tuple[LiveTable, dict[int, str]]:
        live = await self.cache.get(table_id)
        async with live.lock:
            await self.writer.catch_up(live, tell=True)  # another process may have arranged it already
            row = live.row
            seat = check_token(row, seat, token)
            if row.status != FINISHED:
                raise ApiError(409, "not_finished", "a rematch can be arranged once the game is over")
            existing = row.rematch
        if existing is not None:
            other = await self.cache.get(existing)
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
            silence=row.silence,
        )
        async with live.lock:
            await self.writer.store(live, dataclasses.replace(live.row, rematch=new_live.row.id))
        self.subscriptions.broadcast(live)
        return new_live, tokens

    async def _maybe_autostart(self, live: LiveTable) -> None:
        if live.row.status == WAITING and all(s["claimed"] for s in live.row.seats):
            async with live.lock:
                await self.writer.store(live, dataclasses.replace(live.row, status=PLAYING))
            self.subscriptions.broadcast(live)
            self.bots.kick(live)
