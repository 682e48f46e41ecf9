"""Connection limits below the app: how long a client may take to send a request's headers, and
how many WebSockets one address may hold open (docs/server.md, "Limits")."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

from dinobox.server.settings import Settings


class TimedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, but a connection whose request headers have not all arrived
    ``header_seconds`` after it opened (or after its previous answer) is closed: half-sent
    requests cannot pile up. ``dinobox serve`` sets ``header_seconds`` from its settings."""

    header_seconds = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and not self.pipeline:
            self._arm()  # the next request's headers get the same time

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


class DeflateProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with permessage-deflate over a 32 kB window (uvicorn's
    own uses 4 kB): a table's next picture repeats much of the last one (T-Rex Island's refusals
    alone reach 12 kB), and a window that holds it sends the repeats as back-references. The
    cost is about 150 kB of compressor state a socket (``benchmarks/bench_wire.py``)."""

    window_bits = 15

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=self.window_bits, client_max_window_bits=12, compress_settings={"memLevel": 5}
            )
            self.conn = ServerProtocol(
                extensions=[deflate], max_size=self.config.ws_max_size, logger=logging.getLogger("uvicorn.error")
            )


class SocketCounter:
    """Open WebSockets per client address."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._open: Counter[str] = Counter()

    def open(self, client: str) -> bool:
        """Count one more socket for ``client``; ``False`` (and nothing counted) over the cap."""
        if self._open[client] >= self.cap:
            return False
        self._open[client] += 1
        return True

    def close(self, client: str) -> None:
        self._open[client] -= 1
        if self._open[client] <= 0:
            del self._open[client]


def uvicorn_limits(settings: Settings) -> dict[str, Any]:
    """The uvicorn options that carry the settings' connection limits."""
    TimedHttpProtocol.header_seconds = settings.header_seconds
    return {
        "http": TimedHttpProtocol,
        "timeout_keep_alive": settings.keep_alive_seconds,
        "limit_concurrency": settings.max_connections,
    }
