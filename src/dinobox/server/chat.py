"""A table's chat: seats and spectators (their messages marked), stored with the table and
shown in replays. On a hotseat table the chat belongs to the table (one device, every seat),
not to a seat. Text is plain: the page shows it as text, never as HTML. Messages count against
the sockets' own rate limits (``routers/ws.py``) and each table keeps at most
``chat_per_table``."""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, bad_request
from dinobox.server.live import LiveTable
from dinobox.server.settings import Settings

TABLE_VOICE = -1  # the seat number stored for a hotseat table's messages
SHOWN = 200  # the newest messages a new socket or a replay gets


def clean_text(text: str, limit: int) -> str:
    """The message without control characters or surrounding space; refused if empty or long."""
    kept = "".join(c for c in text if c in "\n" or unicodedata.category(c)[0] != "C").strip()
    if not kept:
        raise bad_request("a chat message needs some text", "malformed")
    if len(kept) > limit:
        raise bad_request(f"a chat message is at most {limit} characters, not {len(kept)}", "malformed")
    return kept


def speaker(live: LiveTable, seat: int | None) -> tuple[int | None, str]:
    """Who a message is from: a seat (its name), the table (hotseat), or a spectator."""
    row = live.row
    if seat is None:
        return None, "Spectator"
    if row.hotseat:
        return TABLE_VOICE, "At the table"
    return seat, str(row.seats[seat].get("name") or f"Seat {seat + 1}")


class TableChat:
    def __init__(self, db: Database, settings: Settings, now: Callable[[], float] = time.time) -> None:
        self.db = db
        self.settings = settings
        self.now = now

    async def history(self, table_id: str) -> list[dict[str, Any]]:
        return await self.db.read(lambda c: storage.load_chat(c, table_id, SHOWN))

    async def say(self, live: LiveTable, seat: int | None, text: str) -> dict[str, Any]:
        """Store one message from ``seat`` (``None``: a spectator) and send it to every socket."""
        body = clean_text(text, self.settings.chat_chars)
        who, name = speaker(live, seat)
        table_id, at = live.row.id, self.now()
        stored: list[int] = []
        for attempt in range(3):  # two processes may number a message of one table at once: number it again
            try:
                await self.db.write(lambda c: stored.append(storage.add_chat(c, table_id, who, name, body, at)))
                break
            except IntegrityError:
                if attempt == 2:
                    raise ApiError(503, "unavailable", "the chat is busy: send it again", retry_after=1) from None
        n = stored[-1]
        if n >= self.settings.chat_per_table:
            await self.db.write(lambda c: storage.drop_chat(c, table_id, n))
            raise ApiError(409, "chat_full", f"this table's chat is full ({self.settings.chat_per_table} messages)")
        message = {"n": n, "seat": who, "name": name, "text": body, "at": at, "spectator": who is None}
        for sub in live.subscribers:
            sub.offer({"type": "chat", "messages": [message]})
        return message
