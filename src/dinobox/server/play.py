"""A person's moves: the checks every request for a seat passes (its token, the table's
status, the version the client saw, whose turn it is), then an action or an undo applied under
the table's lock and stored before anyone hears of it."""

from __future__ import annotations

import dataclasses
import hmac
import logging
import math

from sqlalchemy.engine import Connection

from dinobox.engine.errors import IllegalActionError
from dinobox.engine.state import State
from dinobox.server import storage
from dinobox.server.bot_driver import BotDriver
from dinobox.server.errors import ApiError, bad_request, quote, stale
from dinobox.server.live import FINISHED, HUMAN, WAITING, LiveTable, note_step
from dinobox.server.outcomes import ABANDONED, RESIGNED, end_early, leave, still_playing, too_early_to_rate
from dinobox.server.seating import hash_token
from dinobox.server.storage import TableRow
from dinobox.server.subscriptions import Subscriptions
from dinobox.server.table_cache import TableCache, game_of
from dinobox.server.timing import ClockKeeper
from dinobox.server.writer import TableWriter, resolve_chance

log = logging.getLogger("dinobox.server")


def seat_index(row: TableRow, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < row.players:
        raise bad_request(f"'seat' must be a seat number 0..{row.players - 1}, not {quote(seat)}", "bad_seat")
    return seat


def check_token(row: TableRow, seat: object, token: object) -> int:
    seat = seat_index(row, seat)
    stored = row.seats[seat].get("token")
    if not isinstance(token, str) or not stored or not hmac.compare_digest(stored, hash_token(token)):
        raise ApiError(403, "bad_token", f"that token does not belong to seat {seat}")
    return seat


def check_playing(row: TableRow) -> None:
    if row.status == WAITING:
        raise ApiError(409, "not_started", "the game at this table has not started yet")
    if row.status == FINISHED:
        raise ApiError(409, "finished", "the game at this table is over")


def check_present(row: TableRow, seat: int) -> None:
    """A seat its person left (a bot plays it now) takes no more moves from that person."""
    if row.seats[seat].get("left"):
        raise ApiError(409, "left", f"seat {seat} was left: a bot plays it now")


def leave_or_end(row: TableRow, state: State, seat: int, how: str) -> tuple[TableRow, bool]:
    """``row`` after ``seat`` left (``how``), and whether the game ended: aborted at a rated
    table too early to rate, else a bot takes the seat where two or more others still play,
    else the game ends (``outcomes``)."""
    if row.rated and too_early_to_rate(row, state, game_of(row).new_initial_state()):
        return end_early(row, seat, how, abort=True), True
    if len(still_playing(row, seat)) >= 2:
        return leave(row, seat, how, state.move_number()), False
    return end_early(row, seat, how, abort=False), True


def check_version(row: TableRow, version: object) -> None:
    if isinstance(version, bool) or not isinstance(version, int):
        raise bad_request(f"'version' must be the table version you last saw (a whole number), not {quote(version)}")
    if version != row.version:
        raise stale(row.version, version)


class Play:
    """Seats' tokens checked, actions and undo applied."""

    def __init__(
        self,
        cache: TableCache,
        writer: TableWriter,
        bots: BotDriver,
        subscriptions: Subscriptions,
        clocks: ClockKeeper,
    ) -> None:
        self.cache = cache
        self.writer = writer
        self.bots = bots
        self.subscriptions = subscriptions
        self.clocks = clocks

    async def check_seat(self, live: LiveTable, seat: object, token: object, locked: bool = False) -> int:
        """The seat ``token`` is the key of (else ``bad_token``). On a shared store a seat
        claimed through another process a moment ago is looked up there before the token is
        refused. ``locked``: the caller holds the table's lock."""
        try:
            return check_token(live.row, seat, token)
        except ApiError as exc:
            if exc.code != "bad_token" or not self.cache.peers.shared:
                raise
        if locked:
            await self.writer.catch_up(live, tell=True)
        else:
            async with live.lock:
                await self.writer.catch_up(live, tell=True)
        return check_token(live.row, seat, token)

    async def act(self, table_id: str, seat: int, token: str | None, action: int, version: int) -> LiveTable:
        live = await self.cache.get(table_id)
        async with live.lock:
            seat = await self.check_seat(live, seat, token, locked=True)
            await self.writer.fresh(live, version)
            check_playing(live.row)
            check_present(live.row, seat)
            await self.clocks.check_before_move(live, seat)
            row = live.row
            check_version(row, version)
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
            if resolve_chance(live, new):
                undo.clear()
            await self.writer.commit(live, new)
            live.undo = undo
        self.subscriptions.broadcast(live)
        self.bots.kick(live)
        return live

    async def undo(self, table_id: str, seat: int, token: str | None, version: int) -> LiveTable:
        live = await self.cache.get(table_id)
        async with live.lock:
            seat = await self.check_seat(live, seat, token, locked=True)
            await self.writer.fresh(live, version)
            row = live.row
            check_playing(row)
            check_present(row, seat)
            check_version(row, version)
            if not live.can_undo(seat):
                raise ApiError(
                    409,
                    "cannot_undo",
                    "nothing to undo: only your own moves this turn, before anything random or hidden was revealed",
                )
            point = live.undo[-1]
            keep = point.state.move_number()
            await self.writer.store(
                live,
                dataclasses.replace(row, undos=row.undos + 1),
                point.state,
                lambda conn: storage.truncate_moves(conn, row.id, keep),
            )
            live.undo.pop()
            live.state = point.state
            for sub in live.subscribers:
                sub.log_sent = 0  # the log shrank: send it whole again
        self.subscriptions.broadcast(live)
        return live

    async def resign(self, table_id: str, seat: int, token: str | None) -> LiveTable:
        """``seat`` gives up: a bot takes the seat if two or more others still play, else the
        game ends, that seat last and every other seat sharing the win (``outcomes``)."""
        return await self._end_early(table_id, seat, token, RESIGNED)

    async def claim_abandoned(self, table_id: str, seat: int, token: str | None) -> LiveTable:
        """Another seat claims the seat to act, silent longer than the table's ``silence``: as
        BGA's "expel a player out of time", that seat ranks last (and a bot may take it)."""
        return await self._end_early(table_id, seat, token, ABANDONED)

    async def _end_early(self, table_id: str, seat: int, token: str | None, how: str) -> LiveTable:
        live = await self.cache.get(table_id)
        async with live.lock:
            seat = await self.check_seat(live, seat, token, locked=True)
            row = live.row
            check_playing(row)
            check_present(row, seat)
            loser = seat if how == RESIGNED else self._silent_seat(live, seat)
            new_row, ended = leave_or_end(row, live.state, loser, how)
            state = live.state

            def finish(conn: Connection) -> None:  # the same hooks as any end: profiles' games, ratings
                for hook in self.writer.on_finish if ended else ():
                    hook(conn, new_row, state)

            await self.writer.store(live, new_row, None, finish)
            live.undo.clear()
            live.bots.pop(loser, None)
            log.info("table %s: seat %s %s%s", row.id, loser, how, "" if ended else "; a bot plays the seat now")
        self.subscriptions.broadcast(live)
        self.bots.kick(live)
        return live

    def _silent_seat(self, live: LiveTable, claimant: int) -> int:
        """The seat to act, if it is another person's and silent longer than the table allows."""
        row = live.row
        silent = live.state.current_player()
        if row.silence is None:
            raise ApiError(409, "not_abandoned", "this table sets no time after which a silent seat can be claimed")
        if silent < 0 or silent == claimant or row.seats[silent]["type"] != HUMAN:
            raise ApiError(409, "not_abandoned", "only another person's seat, silent on its own move, can be claimed")
        waited = self.writer.now() - row.updated
        if waited < row.silence:
            left = math.ceil(row.silence - waited)
            raise ApiError(409, "not_abandoned", f"seat {silent} may still move: {left} s before it can be claimed")
        return silent
