"""A real uvicorn server on a free loopback port, in a thread: for the tests that need real
sockets (the browser tests, and the server's abuse tests that a test client cannot show)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serve_in_thread(app: Any, **options: Any) -> Iterator[str]:
    """Serve ``app`` with uvicorn (``options``: more of its settings) on a free loopback port in
    a thread; yields its base URL."""
    srv = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=free_port(), log_level="warning", **{"ws": "websockets-sansio", **options}
        )
    )
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not srv.started:
        if time.time() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{srv.config.port}"
    finally:
        srv.should_exit = True
        thread.join(10)
