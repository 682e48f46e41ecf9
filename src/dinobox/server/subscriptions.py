"""The open sockets of each live table: who listens for which seat, the "something changed"
marks (several changes in a row coalesce into one picture) and the picture a socket is sent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from dinobox.server.live import LiveTable, Subscriber
from dinobox.server.messages import clock_message, seat_message
from dinobox.server.settings import Settings
from dinobox.server.wire import SeatPicture


def mark(sub: Subscriber) -> None:
    """Tell ``sub`` the table changed (once, until it takes the new picture)."""
    if not sub.pending:
        sub.pending = True
        sub.offer(None)


class Subscriptions:
    """Subscribing, broadcasting changes, and the picture each subscriber gets. ``on_change``
    hooks hear of every broadcast (the lobby's and profiles' listings)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.on_change: list[Callable[[LiveTable], None]] = []

    def subscribe(self, live: LiveTable, seat: int | None, token: str | None = None) -> Subscriber:
        sub = Subscriber(seat, token, queue=asyncio.Queue(self.settings.ws_queue_messages))
        live.subscribers.add(sub)
        mark(sub)
        return sub

    @staticmethod
    def unsubscribe(live: LiveTable, sub: Subscriber) -> None:
        live.subscribers.discard(sub)

    @staticmethod
    def rebind(live: LiveTable, sub: Subscriber, seat: int | None) -> None:
        sub.seat = seat
        sub.log_sent = 0
        mark(sub)

    def broadcast(self, live: LiveTable) -> None:
        for sub in live.subscribers:
            mark(sub)
        for hook in self.on_change:
            hook(live)

    @staticmethod
    def picture(live: LiveTable, sub: Subscriber) -> SeatPicture:
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
        return {**full, "clock": clock_message(live), "log_start": start, "log": full["log"][start:]}
