"""``/ws/tables/{id}``: one WebSocket per seat (or spectator) per table.

The server sends ``{"type": "state", ...}`` (see ``messages.seat_message``; the log arrives as a
delta from ``log_start``) whenever the table changes, and ``{"type": "error", "code", "error"}``
when a request is refused. The client sends JSON objects:

- ``{"type": "action", "action": 12, "version": 7}``
- ``{"type": "undo", "version": 8}``
- ``{"type": "join", "seat": 1, "token": "..."}`` (speak for another seat: hotseat; ``seat``
  null to watch as a spectator)
- ``{"type": "ping"}``

A binary message, or a text message longer than the server's ``max_message_bytes``, closes the
socket with code 1003 or 1009 and the reason. Actions and undos count against the client's
action rate (``{"type": "error", "code": "rate_limited"}`` above it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from dinobox.server.errors import ApiError
from dinobox.server.limits import ACT, Limiters, client_of
from dinobox.server.tables import LiveTable, Subscriber, TableService

router = APIRouter(tags=["websocket"])


def _error(exc: ApiError) -> dict[str, Any]:
    return {"type": "error", **exc.to_json()}


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str, seat: int | None = None, token: str | None = None) -> None:
    svc: TableService = websocket.app.state.service
    await websocket.accept()
    try:
        live = await svc.get(table_id)
        if seat is not None:
            await svc.check_seat(live, seat, token)
    except ApiError as exc:
        await websocket.send_json(_error(exc))
        await websocket.close(code=4000 + min(exc.status, 999))
        return
    sub = svc.subscribe(live, seat, token if seat is not None else None)
    sender = asyncio.create_task(_send_loop(websocket, svc, live, sub))
    try:
        await _receive_loop(websocket, svc, live, sub)
    except WebSocketDisconnect:
        pass
    finally:
        svc.unsubscribe(live, sub)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send_loop(websocket: WebSocket, svc: TableService, live: LiveTable, sub: Subscriber) -> None:
    while True:
        message = await sub.queue.get()
        if message is None:  # the table changed: send it as it is now
            message = svc.picture(live, sub)
        await websocket.send_text(json.dumps(message, separators=(",", ":")))


async def _receive_loop(websocket: WebSocket, svc: TableService, live: LiveTable, sub: Subscriber) -> None:
    limit = svc.settings.max_message_bytes
    limiters: Limiters = websocket.app.state.limiters
    client = client_of(websocket.scope)
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            await websocket.close(code=1003, reason="binary messages are not accepted: send JSON text")
            return
        if len(text) > limit:
            await websocket.close(code=1009, reason=f"message too big: at most {limit} bytes")
            return
        try:
            await _handle(text, svc, live, sub, lambda: limiters.admit(ACT, client))
        except ApiError as exc:
            sub.queue.put_nowait(_error(exc))


async def _handle(
    text: str, svc: TableService, live: LiveTable, sub: Subscriber, admit: Callable[[], Awaitable[Any]] | None = None
) -> None:
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, "malformed", f"a message must be a JSON object: {exc}") from None
    if not isinstance(msg, dict):
        raise ApiError(400, "malformed", "a message must be a JSON object with a 'type'")
    kind = msg.get("type")
    if kind == "ping":
        sub.queue.put_nowait({"type": "pong"})
        return
    if kind == "join":
        seat = msg.get("seat")
        if seat is not None:
            await svc.check_seat(live, seat, msg.get("token"))
        sub.token = msg.get("token") if seat is not None else None
        svc.rebind(live, sub, seat)
        return
    if kind in ("action", "undo"):
        if sub.seat is None:
            raise ApiError(403, "bad_token", "spectators cannot act: join a seat with its token first")
        refusal = await admit() if admit is not None else None
        if refusal is not None:
            body, wait = refusal
            raise ApiError(429, "rate_limited", body["error"], retry_after=wait)
        if kind == "action":
            if "action" not in msg:
                raise ApiError(400, "malformed", "an action message needs 'action' (an int) and 'version'")
            await svc.act(live.row.id, sub.seat, sub.token, msg["action"], msg.get("version"))
        else:
            await svc.undo(live.row.id, sub.seat, sub.token, msg.get("version"))
        return
    raise ApiError(400, "malformed", f"unknown message type {kind!r} (action, undo, join, ping)")
