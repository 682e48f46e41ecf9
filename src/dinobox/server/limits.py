"""Per-client rate limits and the request-body size limit (an ASGI middleware), so one client
cannot crowd out the others. An action a little over its client's rate is held back rather than
refused, so a fast but honest client slows down instead of failing. Limits are per process
(see docs/server.md)."""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import NotRequired, TypedDict

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dinobox.server.settings import Settings

CREATE, ACT = "create", "act"
ACT_PATIENCE = 1.0  # an action up to this many seconds over the rate waits instead of being refused
_CREATE = re.compile(r"^/api/tables/?$|^/api/tables/[^/]+/rematch$|^/api/profiles/?$")
# actions and the other requests that change a table or load many: "your move" asks for up to 20
_ACT = re.compile(
    r"^/api/tables/[^/]+/(actions|undo|resign|claim-abandoned|hint|analysis)$|^/api/tables/turns$|^/api/profiles/me/name$"
)


class RateLimiter:
    """A token bucket per key: ``rate`` tokens a second, at most ``burst`` saved up. Only the
    ``max_keys`` most recently seen keys are remembered (a forgotten key starts full)."""

    def __init__(self, rate: float, burst: int, max_keys: int = 50_000, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = float(burst)
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, patience: float = 0.0) -> float:
        """Take a token for ``key``. Returns 0 if there was one. Otherwise the seconds until there
        is one: when that is within ``patience`` the token is taken now (the caller waits that
        long before going on), else nothing is taken (the caller refuses)."""
        now = self.clock()
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        delay = 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate
        if delay <= patience:
            tokens -= 1.0
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return delay

    def __len__(self) -> int:
        return len(self._buckets)


class Refused(TypedDict):
    """A request refused before it reached the API (too many, too large): ``ErrorBody``'s shape."""

    error: str
    code: str
    retry_after: NotRequired[int]


class Limiters:
    """The rate limiters of one app: creating tables, acting (actions and undos), and WebSocket
    messages of every kind (per address; each socket has its own limiter too, ``routers/ws``)."""

    def __init__(self, settings: Settings) -> None:
        self.create = RateLimiter(settings.tables_per_minute / 60.0, settings.tables_burst)
        self.act = RateLimiter(settings.actions_per_second, settings.actions_burst)
        self.messages = RateLimiter(settings.address_messages_per_second, settings.address_messages_burst)

    async def admit(self, kind: str, client: str) -> tuple[Refused, int] | None:
        """``None`` when ``client`` may go on (an action a little over the rate is first held
        back, up to ``ACT_PATIENCE`` seconds); else the JSON refusal and the seconds to wait."""
        limiter = self.create if kind == CREATE else self.act
        patience = ACT_PATIENCE if kind == ACT else 0.0
        delay = limiter.wait(client, patience)
        if delay <= patience:
            if delay > 0:
                await asyncio.sleep(delay)
            return None
        what = "new tables" if kind == CREATE else "actions"
        wait = max(1, math.ceil(delay))
        return {
            "error": f"too many {what} from your address: try again in {wait} s",
            "code": "rate_limited",
            "retry_after": wait,
        }, wait


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def too_large(limit: int) -> HTTPException:
    return HTTPException(413, f"the request body is larger than this server accepts ({limit} bytes)")


class LimitsMiddleware:
    """Refuses, before the app sees them: bodies over ``max_body_bytes`` (413, by their
    ``Content-Length`` or while they stream in) and creations or actions over the client's
    rate (429 with ``Retry-After``). Every refusal is JSON ``{"error", "code"}``."""

    def __init__(self, app: ASGIApp, settings: Settings, limiters: Limiters) -> None:
        self.app = app
        self.max_body = settings.max_body_bytes
        self.limiters = limiters

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.max_body:
            await _reply(send, 413, {"error": str(too_large(self.max_body).detail), "code": "too_large"})
            return
        if scope["method"] == "POST":
            path = scope["path"]
            kind = CREATE if _CREATE.match(path) else ACT if _ACT.match(path) else None
            refusal = await self.limiters.admit(kind, client_of(scope)) if kind else None
            if refusal is not None:
                body, wait = refusal
                await _reply(send, 429, body, [(b"retry-after", str(wait).encode())])
                return
        await self.app(scope, _counting(receive, self.max_body), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _counting(receive: Receive, limit: int) -> Receive:
    seen = 0

    async def inner() -> Message:
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > limit:
                raise too_large(limit)
        return message

    return inner


async def _reply(send: Send, status: int, body: Refused, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    raw = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(raw)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": raw})
