"""Dead tables: every table has a silence limit (``Settings.silence_seconds`` by default). A
waiting table nobody joined for that long, and an unrated table in play whose person to act did
not move for twice that long (``IN_PLAY``: the first limit is the others' time to claim the
silent seat), are cancelled: they end with no result and leave the lobby. A rated
table is not cancelled: its other seats may claim the win (``Play.claim_abandoned``), and its
clock still applies. The sweep runs with the clock loop (``ClockKeeper.tick``)."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

from sqlalchemy import and_, or_, select
from sqlalchemy.engine import Connection

from dinobox.server.errors import ApiError
from dinobox.server.live import FINISHED, PLAYING, WAITING, is_person
from dinobox.server.outcomes import CANCELLED
from dinobox.server.storage import tables_t
from dinobox.server.wire import Outcome

if TYPE_CHECKING:
    from dinobox.server.tables import LiveTable, TableService

log = logging.getLogger("dinobox.server")

IN_PLAY = 2
"""A table in play is cancelled after this many silence limits: past the first, the others
seated may claim the silent seat (a leave, ``Play.claim_abandoned``); past the second nobody did."""


def silent_tables(conn: Connection, now: float, limit: int = 100) -> list[str]:
    """Tables past their silence limit by ``now`` that the sweep may cancel: waiting ones, and
    unrated ones in play (oldest first)."""
    t = tables_t.c
    query = (
        select(t.id)
        .where(
            t.problem.is_(None),
            t.silence.is_not(None),
            or_(
                and_(t.status == WAITING, t.updated + t.silence <= now),
                and_(t.status == PLAYING, t.rated.is_(False), t.updated + t.silence * IN_PLAY <= now),
            ),
        )
        .order_by(t.updated)
        .limit(limit)
    )
    return [r[0] for r in conn.execute(query)]


def silent_seat(live: LiveTable, now: float) -> int | bool | None:
    """Who the table waits for past its limit: ``None`` (a waiting table, waiting for people to
    join), the person's seat to act, or ``False``: it is not dead (a bot or chance moves it, it is
    rated and in play, or it was not silent that long)."""
    row = live.row
    if row.silence is None or row.updated + row.silence > now:
        return False
    if row.status == WAITING:
        return None
    if row.status != PLAYING or row.rated or row.updated + row.silence * IN_PLAY > now:
        return False
    player = live.state.current_player()
    return player if is_person(row, player) and not live.bots_due() else False


class DeadTables:
    def __init__(self, service: TableService) -> None:
        self.service = service

    async def sweep(self, now: float) -> int:
        """Cancel every table past its silence limit by ``now`` that this process may (the one
        that plays its bots). Returns how many."""
        svc = self.service
        ids = await svc.db.read(lambda c: silent_tables(c, now))
        count = 0
        for table_id in ids:
            if not await svc.peers.own(table_id):
                continue
            try:
                live = await svc.get(table_id)
            except ApiError:
                continue
            count += await self.cancel(live, now)
        return count

    async def cancel(self, live: LiveTable, now: float) -> bool:
        async with live.lock:
            seat = silent_seat(live, now)
            if seat is False:
                return False
            row = live.row
            outcome: Outcome = {"seat": seat, "how": CANCELLED, "waited": round(now - row.updated)}
            try:
                await self.service.store(live, dataclasses.replace(row, status=FINISHED, outcome=outcome))
            except ApiError as exc:
                if exc.code != "stale":
                    raise
                return False
            live.undo.clear()
            log.info(
                "table %s: cancelled, silent for %.0f s (its limit %.0f s)", row.id, now - row.updated, row.silence
            )
        self.service.broadcast(live)
        self.service.kick(live)
        return True
