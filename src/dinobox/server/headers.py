"""Security headers on every HTTP answer (pages, JSON, files, refusals), as one ASGI middleware.

The page is served from this origin only and runs no inline script or style, so the policy can
be strict: no ``unsafe-inline``, no other origin, no framing (the Resign button cannot be
clickjacked), no ``<base>`` rewriting, no plug-ins. Boards set positions through
``element.style`` from their modules, which a policy allows; ``style=`` attributes and
``<style>`` blocks would be refused, and the page has none (``tests/browser/test_policy.py``
loads every page in Chromium and Firefox and listens for violations)."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",  # the table's WebSocket is this origin too
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),  # a table's link may carry a seat's token: never pass it on
    (b"cross-origin-opener-policy", b"same-origin"),
)
_NAMES = {name for name, _ in HEADERS}


class SecurityHeadersMiddleware:
    """Adds ``HEADERS`` to every HTTP response start (replacing any the app set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _NAMES]
                message = {**message, "headers": [*kept, *HEADERS]}
            await send(message)

        await self.app(scope, receive, with_headers)
