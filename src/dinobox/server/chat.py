"""A table's chat: seats and spectators, stored with the table and shown in replays. On a
hotseat table the chat belongs to the table (one device, every seat), not to a seat. Text is
plain: the page shows it as text, never as HTML.

Nobody can silence anyone else (#40):

- Every sender has quotas of its own: a connection says at most ``chat_per_socket`` messages at
  a table and an address ``chat_per_address`` (over all its connections), each at most
  ``chat_per_minute`` (burst ``chat_burst``). Past a quota: ``429 chat_quota``; over a rate:
  ``429 rate_limited`` with ``retry_after``.
- The spectators' chat is kept apart from the seats': it has its own cap
  (``chat_spectators_per_table``, the seats' is ``chat_per_table``; past either ``chat_full``
  for that side only), and each message says which side it is from.
- The seats may switch the spectators' chat off (``403 spectators_off`` for them then) and mute
  one spectator (``403 muted``). A spectator is known by a mark drawn from its address and the
  table's secret seed (``Spectator 3fa9c1``), the same from every connection of that address,
  and unguessable for any other table. These settings are rows of the table's chat with the
  seat ``storage.CHAT_NOTICE``, so they hold in every process and after a restart.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, bad_request
from dinobox.server.limits import RateLimiter
from dinobox.server.live import LiveTable
from dinobox.server.settings import Settings
from dinobox.server.wire import ChatLine, ChatRulesJson

TABLE_VOICE = -1  # the seat number stored for a hotseat table's messages
SHOWN = 200  # the newest messages a new socket or a replay gets
NOTICES_MAX = 200  # chat settings rows one table keeps (switching back and forth is refused past it)
ADDRESSES_KEPT = 50_000  # (table, address) counts remembered; the oldest are forgotten
SPECTATORS_OFF, SPECTATORS_ON, MUTE, UNMUTE = "spectators:off", "spectators:on", "mute:", "unmute:"


def clean_text(text: str, limit: int) -> str:
    """The message without control characters or surrounding space; refused if empty or long."""
    kept = "".join(c for c in text if c in "\n" or unicodedata.category(c)[0] != "C").strip()
    if not kept:
        raise bad_request("a chat message needs some text", "malformed")
    if len(kept) > limit:
        raise bad_request(f"a chat message is at most {limit} characters, not {len(kept)}", "malformed")
    return kept


def spectator_mark(live: LiveTable, address: str) -> str:
    """A spectator's mark at this table: six hex digits from its address and the table's seed."""
    key = live.row.seed.to_bytes(8, "big", signed=False)
    return hmac.new(key, address.encode(), hashlib.sha256).hexdigest()[:6]


def speaker(live: LiveTable, seat: int | None, address: str = "unknown") -> tuple[int | None, str]:
    """Who a message is from: a seat (its name), the table (hotseat), or a spectator (marked)."""
    row = live.row
    if seat is None:
        return None, f"Spectator {spectator_mark(live, address)}"
    if row.hotseat:
        return TABLE_VOICE, "At the table"
    return seat, str(row.seats[seat].get("name") or f"Seat {seat + 1}")


@dataclass
class ChatRules:
    """What the seats decided for their table's chat."""

    spectators: bool = True
    muted: set[str] = field(default_factory=set)

    @classmethod
    def read(cls, notices: list[str]) -> ChatRules:
        rules = cls()
        for text in notices:
            if text in (SPECTATORS_OFF, SPECTATORS_ON):
                rules.spectators = text == SPECTATORS_ON
            elif text.startswith(MUTE):
                rules.muted.add(text.removeprefix(MUTE))
            elif text.startswith(UNMUTE):
                rules.muted.discard(text.removeprefix(UNMUTE))
        return rules

    def to_json(self) -> ChatRulesJson:
        return {"spectators": self.spectators, "muted": sorted(self.muted)}


@dataclass
class Sender:
    """One connection that may chat: its address, and what it has said at this table."""

    address: str
    rate: RateLimiter
    said: int = 0


class TableChat:
    def __init__(self, db: Database, settings: Settings, now: Callable[[], float] = time.time) -> None:
        self.db = db
        self.settings = settings
        self.now = now
        self._address_rate = RateLimiter(settings.chat_per_minute / 60.0, settings.chat_burst)
        self._by_address: OrderedDict[tuple[str, str], int] = OrderedDict()

    def sender(self, address: str) -> Sender:
        """A new connection's chat quota."""
        return Sender(address, RateLimiter(self.settings.chat_per_minute / 60.0, self.settings.chat_burst, 1))

    async def history(self, table_id: str) -> list[ChatLine]:
        return await self.db.read(lambda c: storage.load_chat(c, table_id, SHOWN))

    async def rules(self, table_id: str) -> ChatRules:
        return ChatRules.read(await self.db.read(lambda c: storage.load_chat_notices(c, table_id)))

    async def say(self, live: LiveTable, seat: int | None, text: str, sender: Sender | None = None) -> ChatLine:
        """Store one message from ``seat`` (``None``: a spectator) and send it to every socket."""
        body = clean_text(text, self.settings.chat_chars)
        sender = sender or self.sender("unknown")
        table_id = live.row.id
        self._check_quotas(table_id, sender)
        who, name = speaker(live, seat, sender.address)
        spectator = who is None
        if spectator:
            rules = await self.rules(table_id)
            if not rules.spectators:
                raise ApiError(403, "spectators_off", "the players have switched the spectators' chat off")
            if spectator_mark(live, sender.address) in rules.muted:
                raise ApiError(403, "muted", "the players have muted you at this table")
        cap = self.settings.chat_spectators_per_table if spectator else self.settings.chat_per_table
        at = self.now()
        n = await self._store(table_id, who, name, body, at, cap)
        if n is None:
            side = "the spectators'" if spectator else "this table's"
            raise ApiError(409, "chat_full", f"{side} chat is full ({cap} messages)")
        sender.said += 1
        key = (table_id, sender.address)
        self._by_address[key] = self._by_address.pop(key, 0) + 1
        while len(self._by_address) > ADDRESSES_KEPT:
            self._by_address.popitem(last=False)
        message: ChatLine = {"n": n, "seat": who, "name": name, "text": body, "at": at, "spectator": spectator}
        if spectator:
            message["from"] = name.rsplit(" ", 1)[-1]
        for sub in live.subscribers:
            sub.offer({"type": "chat", "messages": [message]})
        return message

    def _check_quotas(self, table_id: str, sender: Sender) -> None:
        s = self.settings
        if sender.said >= s.chat_per_socket:
            raise ApiError(
                429, "chat_quota", f"this connection has said {sender.said} messages here (at most {s.chat_per_socket})"
            )
        said = self._by_address.get((table_id, sender.address), 0)
        if said >= s.chat_per_address:
            raise ApiError(
                429, "chat_quota", f"your address has said {said} messages here (at most {s.chat_per_address})"
            )
        for limiter, key, whose in (
            (sender.rate, "", "this connection"),
            (self._address_rate, f"{table_id}/{sender.address}", "your address"),
        ):
            delay = limiter.wait(key)
            if delay > 0:
                wait = max(1, math.ceil(delay))
                raise ApiError(
                    429, "rate_limited", f"too many chat messages from {whose}: wait {wait} s", retry_after=wait
                )

    async def _store(self, table_id: str, who: int | None, name: str, body: str, at: float, cap: int) -> int | None:
        """The new message's number, or ``None`` when its side of the chat is full."""
        stored: list[int | None] = []

        def add(c: Connection) -> None:
            if storage.count_chat(c, table_id, spectators=who is None) >= cap:
                stored.append(None)
            else:
                stored.append(storage.add_chat(c, table_id, who, name, body, at))

        for attempt in range(3):  # two processes may number a message of one table at once: number it again
            try:
                await self.db.write(add)
                break
            except IntegrityError:
                if attempt == 2:
                    raise ApiError(503, "unavailable", "the chat is busy: send it again", retry_after=1) from None
        return stored[-1]

    async def set_rules(self, live: LiveTable, notice: str) -> ChatRules:
        """A seat switches the spectators' chat on or off, or (un)mutes a spectator; every socket
        hears the table's chat rules."""
        table_id = live.row.id
        if len(await self.db.read(lambda c: storage.load_chat_notices(c, table_id))) >= NOTICES_MAX:
            raise ApiError(409, "chat_full", f"this table's chat settings changed {NOTICES_MAX} times: no more")

        def add(c: Connection) -> None:
            storage.add_chat(c, table_id, storage.CHAT_NOTICE, "", notice, self.now())

        for attempt in range(3):
            try:
                await self.db.write(add)
                break
            except IntegrityError:
                if attempt == 2:
                    raise ApiError(503, "unavailable", "the chat is busy: send it again", retry_after=1) from None
        rules = await self.rules(table_id)
        for sub in live.subscribers:
            sub.offer({"type": "chat_rules", **rules.to_json()})
        return rules
