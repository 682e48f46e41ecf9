"""A store outage in the log (#40): one line when the store stops answering, one when it answers
again (how long it was away, how many calls failed meanwhile), never a traceback per request,
bot move or clock round.

``StoreHealth`` hears every call of ``db.Database`` (a failure that says the store is
unreachable, a success) and is also a logging filter on the server's logger: a record carrying
such a failure (a loop that logs what it could not do) is counted, not printed."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from sqlalchemy import exc as sa

STORE_DOWN: tuple[type[Exception], ...] = (sa.OperationalError, sa.InterfaceError, sa.TimeoutError)
SERVER_LOG = "dinobox.server"


class StoreHealth(logging.Filter):
    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.now = now
        self.down_since: float | None = None
        self.failures = 0
        self._lock = threading.Lock()
        self.log = logging.getLogger(SERVER_LOG)

    def failed(self, exc: BaseException) -> None:
        """A call failed because the store cannot be reached; the first of an outage is logged."""
        with self._lock:
            self.failures += 1
            if self.down_since is not None:
                return
            self.down_since = self.now()
        first = (str(exc).strip().splitlines() or [""])[0][:200]
        self.log.warning("the store is unreachable (%s: %s); answering 503 until it is back", type(exc).__name__, first)

    def ok(self) -> None:
        """A call succeeded: if the store was away, log that it is back."""
        if self.down_since is None:
            return
        with self._lock:
            if self.down_since is None:
                return
            away, failures = self.now() - self.down_since, self.failures
            self.down_since, self.failures = None, 0
        self.log.warning("the store is reachable again after %.1f s (%d calls refused meanwhile)", away, failures)

    def filter(self, record: logging.LogRecord) -> bool:
        """Keep a record unless it carries a store-unreachable failure (counted instead)."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, STORE_DOWN):
            self.failed(error)
            return False
        return True

    def install(self) -> None:
        logging.getLogger(SERVER_LOG).addFilter(self)

    def remove(self) -> None:
        logging.getLogger(SERVER_LOG).removeFilter(self)
