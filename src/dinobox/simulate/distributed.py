"""Games on a Ray cluster (``--backend ray``; the ``ray`` extra).

``connect(address)`` joins the cluster at ``address`` (``ray://HOST:10001`` or ``HOST:6379``), or
starts a local one when ``address`` is ``None``; a Ray instance already running in this process
is reused. Games are sent in chunks; each game is ``play_one(config, game, index)``, a pure
function of the configuration and its index, so the rows, sorted by index, are the same as the
local backend's, whatever the cluster.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from dinobox.engine.errors import DinoboxError
from dinobox.simulate.documents import GameRow
from dinobox.simulate.play import SimConfig, play_one

_remote: Any = None  # Ray's remote function (the library is untyped)


def require_ray() -> ModuleType:
    try:
        import ray
    except ImportError:
        raise DinoboxError("--backend ray needs Ray: pip install 'dinobox[ray]'") from None
    return ray


def connect(address: str | None = None, cpus: int | None = None) -> ModuleType:
    """The ``ray`` module, initialised: on the cluster at ``address`` or on a local instance."""
    ray = require_ray()
    if ray.is_initialized():
        return ray
    if address and address != "auto":
        reachable(address)
    # Ray's own notices (token authentication is on, a local instance started) are for Ray's
    # operators, not for the designer's terminal: only its errors are shown.
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    try:
        with _quiet_ray_logs():
            if address:
                ray.init(address=address, **quiet)
            else:
                ray.init(num_cpus=cpus, include_dashboard=False, **quiet)
    except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ... with a readable text
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        raise DinoboxError(f"cannot start or join {where}: {exc}") from None
    return ray


@contextmanager
def _quiet_ray_logs() -> Iterator[None]:
    """Ray logs its token-authentication notice before ``logging_level`` applies: hold its
    loggers at ERROR while it starts."""
    loggers = [logging.getLogger(name) for name in ("ray", "ray._private", "ray._private.authentication")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def reachable(address: str, timeout: float = 5.0) -> None:
    """A ``DinoboxError`` at once if nothing listens at ``address`` (Ray itself retries for minutes)."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise DinoboxError(f"--address {address!r}: expected HOST:PORT (e.g. 10.0.0.5:6379) or ray://HOST:10001")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise DinoboxError(f"no Ray cluster answers at {address}: {exc.strerror or exc}") from None


def _play_chunk(config: SimConfig, indices: list[int]) -> list[GameRow]:
    game = config.build_game()
    return [play_one(config, game, index) for index in indices]


def ray_rows(config: SimConfig, todo: list[int]) -> Iterator[GameRow]:
    """Play the games ``todo`` on Ray; yields rows as chunks finish (in any order)."""
    global _remote
    ray = connect()
    if _remote is None:
        _remote = ray.remote(_play_chunk)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = max(1, min(16, len(todo) // (cpus * 4)))
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    config_ref = ray.put(config)
    pending = [_remote.remote(config_ref, chunk) for chunk in chunks]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(ready[0])
    finally:
        for ref in pending:
            ray.cancel(ref)
