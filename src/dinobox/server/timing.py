"""Clocks at the server: whose time runs, the bot that stands in for a seat out of time, the
loop that finds clocks that ran out, and the pause for time while no server process ran.

The arithmetic is ``dinobox.clocks`` (pure, time passed in); the service's time source is
injected (``TableService(now=...)``), so tests drive clocks without sleeping. A clock's
deadline is stored with its table (``tables.deadline``), so the loop finds due clocks in
storage, whether or not the table is in memory. With several server processes, the process
that plays a table's bots (holds its lock, ``peers.py``) is the one that enforces its clock;
a due table nobody holds is taken by the first process to find it. Every clock change is
stored like any other change (``TableWriter.store``: only over the version seen).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from typing import TYPE_CHECKING

from sqlalchemy.engine import Connection

from dinobox.bots import check_bot_for_game
from dinobox.clocks import ClockError, ClockState, PublicClock, TimeControl
from dinobox.engine.errors import DinoboxError
from dinobox.engine.state import State
from dinobox.server import storage
from dinobox.server.errors import ApiError, bad_request
from dinobox.server.outcomes import TIME, end_early, leave, still_playing, too_early_to_rate
from dinobox.server.storage import TableRow
from dinobox.server.table_cache import game_of
from dinobox.server.wire import Result

if TYPE_CHECKING:
    from dinobox.server.tables import LiveTable, TableService

log = logging.getLogger("dinobox.server")

HEARTBEAT = 5.0
"""Seconds between a process's signs of life in storage."""
GRACE = 3 * HEARTBEAT
"""A gap in the signs of life longer than this, at start-up, is time no process ran."""


def control_of(body: object) -> TimeControl | None:
    """The time control a client asked for (``None``: no clock), or a clear 400."""
    if body is None:
        return None
    try:
        return TimeControl.from_json(body)
    except ClockError as exc:
        raise bad_request(str(exc), "bad_clock") from None


def ticking_seat(row: TableRow, state: State) -> int | None:
    """The seat whose time runs: a person's seat deciding at a table in play (nobody's while
    chance or a bot moves, before the start and after the end)."""
    if row.status != "playing":
        return None
    player = state.current_player()
    if player < 0 or row.seats[player]["type"] != "human":
        return None
    return player


FIRST_MOVE_GRACE = 15.0
"""Seconds before the first person's clock at a table starts: the time to open the page (the
creator's clock would otherwise start before their page has loaded)."""


def with_clock(row: TableRow, state: State, now: float) -> TableRow:
    """``row`` with its clock brought up to date for ``state`` (the decision may have passed).
    The first person to decide at a table gets ``FIRST_MOVE_GRACE`` before their time runs."""
    if row.clock is not None:
        before = row.clock
        clock = before.passed(ticking_seat(row, state), now)
        if clock.ticking is not None and clock.since is not None and untouched(before):
            clock = dataclasses.replace(clock, since=clock.since + FIRST_MOVE_GRACE)
        row.clock = clock
    return row


def untouched(clock: ClockState) -> bool:
    """Nobody's time has run yet: every seat holds its whole starting time."""
    start = ClockState.new(clock.control, len(clock.remaining))
    return (
        clock.ticking is None
        and clock.standin is None
        and clock.forfeit is None
        and clock.remaining == start.remaining
        and not any(clock.timeouts)
    )


def standin_bot(row: TableRow) -> str | None:
    """The bot spec playing seat moves at this table right now other than its bot seats: the
    game's heuristic (found through the registry; random when the game has none) for a seat
    whose time ran out under the "bot" rule."""
    return None if row.clock is None or row.clock.standin is None else _standin_spec(row.game)


def _standin_spec(game_id: str) -> str:
    try:
        check_bot_for_game("heuristic", game_id)
    except DinoboxError:
        return "random"
    return "heuristic"


def public_clock(clock: ClockState | None, now: float) -> PublicClock | None:
    return None if clock is None else clock.public(now)


def forfeit_result(clock: ClockState, players: int) -> Result:
    """A game ended by a seat losing on time: that seat is last, every other seat shares the
    win. No scores: mid-game scores are provisional (and may count what is still hidden)."""
    seat = clock.forfeit
    return {"scores": None, "winners": [s for s in range(players) if s != seat], "forfeit": seat}


def lost_on_time(row: TableRow, state: State, clock: ClockState) -> tuple[TableRow, bool]:
    """``row`` with ``clock`` after a seat's time ran out, and whether the game ended. A seat
    that loses on time leaves (``outcomes``): a bot may take its seat and the game go on."""
    seat = clock.forfeit
    if seat is None:
        return dataclasses.replace(row, clock=clock), False
    if row.rated and too_early_to_rate(row, state, game_of(row).new_initial_state()):
        return end_early(dataclasses.replace(row, clock=clock), seat, TIME, abort=True), True
    if len(still_playing(row, seat)) >= 2:
        going_on = dataclasses.replace(clock, forfeit=None, ticking=None, since=None)
        return leave(dataclasses.replace(row, clock=going_on), seat, TIME, state.move_number()), False
    return dataclasses.replace(row, clock=clock, status="finished"), True


class ClockKeeper:
    """The service's clock loop: signs of life, and the rule applied to every clock that ran out."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.beat = float("-inf")

    async def pause_after_downtime(self) -> float:
        """At start-up: running clocks get back the time no process ran (see ``storage.pause_clocks``)."""
        svc = self.service
        now = svc.now()
        given = await svc.db.read(lambda c: storage.pause_clocks(c, now, GRACE))  # one transaction
        self.beat = now
        if given:
            log.info("no server ran for %.0f s: running clocks were paused for that time", given)
        return given

    async def beat_now(self) -> None:
        """A sign of life now (also on a clean shutdown: the time after it is not charged)."""
        now = self.service.now()
        await self.service.db.write(lambda c: storage.mark_alive(c, now))
        self.beat = now

    async def run(self, period: float) -> None:
        while True:
            await asyncio.sleep(period)
            try:
                await self.tick()
            except Exception:  # a storage hiccup: logged, and the next round tries again
                log.exception("the clock loop failed a round")

    async def tick(self) -> int:
        """One round: a sign of life now and then, and every due clock's rule applied. Returns
        how many tables timed out."""
        svc = self.service
        now = svc.now()
        if not self.beat <= now < self.beat + HEARTBEAT:
            await self.beat_now()
        due = await svc.db.read(lambda c: storage.due_clocks(c, now))
        count = 0
        for table_id in due:
            if not await svc.peers.own(table_id):
                continue  # another process plays this table's bots: it enforces the clock
            try:
                live = await svc.get(table_id)
            except ApiError:
                continue
            count += await svc.expire(live, now)
        await svc.dead.sweep(now)  # tables silent past their limit (``dead_tables``)
        return count

    # ----- the rule ---------------------------------------------------------------------------
    async def expire(self, live: LiveTable, now: float) -> bool:
        """Apply the table's rule if the seat to act ran out of time by ``now``: a bot plays its
        move, or it loses and the game ends. Returns whether it did."""
        async with live.lock:
            done = await self.time_out(live, now)
        if done:
            self.service.broadcast(live)
            self.service.kick(live)
        return done

    async def time_out(self, live: LiveTable, now: float) -> bool:
        """(The table's lock held.) The rule applied and stored, if the clock ran out."""
        row = live.row
        if row.clock is None or row.status != "playing" or not row.clock.expired(now):
            return False
        clock = row.clock.time_out(now)
        state = live.state
        new_row, ended = lost_on_time(row, state, clock)

        def finish(conn: Connection) -> None:  # a loss on time ends the game: the same hooks as any end
            for hook in self.service.on_finish if ended else ():
                hook(conn, new_row, state)

        try:  # stored only if the table is still at the version we saw (another process may be quicker)
            await self.service.store(live, new_row, None, finish)
        except ApiError as exc:
            if exc.code != "stale":
                raise
            return False  # we caught up: the next round looks again
        live.undo.clear()
        if clock.forfeit is not None:
            live.bots.pop(clock.forfeit, None)
        log.info("table %s: seat %s ran out of time (%s)", row.id, row.clock.ticking, row.clock.control.on_timeout)
        return True

    async def check_before_move(self, live: LiveTable, seat: int) -> None:
        """(The table's lock held.) Before a person's move: a clock that ran out is applied
        first, and a seat whose move a bot is playing waits for the bot."""
        clock = live.row.clock
        if clock is None:
            return
        if await self.time_out(live, self.service.now()):
            self.service.broadcast(live)
            self.service.kick(live)
            raise ApiError(409, "out_of_time", f"seat {clock.ticking}'s time ran out before this move arrived")
        if clock.standin == seat:
            raise ApiError(409, "out_of_time", f"seat {seat}'s time ran out: a bot is playing this move")
