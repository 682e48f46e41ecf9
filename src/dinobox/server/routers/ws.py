"""``/ws/tables/{id}``: one WebSocket per seat (or spectator) per table.

The server sends ``{"type": "state", ...}`` (see ``messages.seat_message``; the log arrives as a
delta from ``log_start``) whenever the table changes, and ``{"type": "error", "code", "error"}``
when a request is refused, and ``{"type": "hint_used", "seat", "move"}`` when a seat used the
coach's hint (never the hinted move: that goes to the asker alone), and ``{"type": "presence",
"online": [seats]}`` whenever a seat's socket opens or closes (this process's sockets), to a socket
opened with ``?presence=1``. The client sends JSON
objects (``schemas.WsMessage``, checked by the same rules as the HTTP bodies):

- ``{"type": "action", "action": 12, "version": 7}``
- ``{"type": "undo", "version": 8}``
- ``{"type": "join", "seat": 1, "token": "..."}`` (speak for another seat: hotseat; ``seat``
  null to watch as a spectator)
- ``{"type": "ping"}``

With ``?delta=1`` each ``state`` message after the first carries only what changed
(``server/deltas.py``).

One client cannot take more than its share (``Settings``): every message counts against the
socket's and the address's message rates (a message a little over waits; one far over is
refused with ``rate_limited``), actions and undos also against the address's action rate. What
waits to be sent is bounded: a client that does not read is closed with 1008 and the reason.
A binary message, or a text message longer than ``max_message_bytes``, closes the socket with
1003 or 1009 and the reason. Hostile JSON (deep nesting, huge numbers, wrong types) is refused
with ``malformed``, quoting at most a short prefix of the input.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import weakref
from collections.abc import Awaitable, Callable

from fastapi import APIRouter, WebSocket
from pydantic import TypeAdapter, ValidationError

from dinobox.server.chat import MUTE, SPECTATORS_OFF, SPECTATORS_ON, UNMUTE, Sender
from dinobox.server.connections import SocketCounter
from dinobox.server.deltas import Deltas
from dinobox.server.errors import STORE_DOWN, ApiError, quote, unavailable
from dinobox.server.limits import ACT, ACT_PATIENCE, Limiters, RateLimiter, Refused, client_of
from dinobox.server.schemas import WsAction, WsChat, WsChatRules, WsJoin, WsMessage, WsPing, WsResign, WsUndo
from dinobox.server.settings import Settings
from dinobox.server.tables import LiveTable, Subscriber, TableService
from dinobox.server.wire import Reply

router = APIRouter(tags=["websocket"])
Parsed = WsAction | WsUndo | WsJoin | WsPing | WsResign | WsChat | WsChatRules
MESSAGE: TypeAdapter[Parsed] = TypeAdapter(WsMessage)
POLICY = 1008  # the WebSocket close code for "this client broke the server's rules"


def _error(exc: ApiError) -> Reply:
    return {"type": "error", **exc.to_json()}


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    seat: int | None = None,
    token: str | None = None,
    delta: bool = False,
    presence: bool = False,
) -> None:
    sockets: SocketCounter = websocket.app.state.sockets
    client = client_of(websocket.scope)
    await websocket.accept()
    if not sockets.open(client):
        reason = f"too many open sockets from your address (at most {sockets.cap}): close some first"
        await websocket.close(code=POLICY, reason=reason)
        return
    try:
        await _serve(websocket, table_id, seat, token, Deltas() if delta else None, presence)
    finally:
        sockets.close(client)


async def _serve(
    websocket: WebSocket,
    table_id: str,
    seat: int | None,
    token: str | None,
    deltas: Deltas | None = None,
    hears_presence: bool = False,
) -> None:
    svc: TableService = websocket.app.state.service
    try:
        try:
            live = await svc.get(table_id)
            if seat is not None:
                await svc.check_seat(live, seat, token)
        except STORE_DOWN:
            raise unavailable() from None
    except ApiError as exc:
        await websocket.send_json(_error(exc))
        await websocket.close(code=4000 + min(exc.status, 999))
        return
    sub = svc.subscribe(live, seat, token if seat is not None else None)
    if hears_presence:
        _HEARS_PRESENCE.add(sub)
    presence(live)
    settings = svc.settings
    tasks = [
        asyncio.create_task(_receive_loop(websocket, svc, live, sub)),
        asyncio.create_task(_send_loop(websocket, svc, live, sub, deltas)),
        asyncio.create_task(sub.stalled.wait()),
    ]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        reason = next((t.result() for t in done if not t.cancelled() and t.exception() is None), None)
        if isinstance(reason, str) or tasks[2] in done:
            why = reason if isinstance(reason, str) else "too many messages wait for you: read what the server sends"
            with contextlib.suppress(Exception):  # the client may be gone, or never read again
                await asyncio.wait_for(websocket.close(code=POLICY, reason=why), settings.ws_send_seconds)
    finally:
        svc.unsubscribe(live, sub)
        presence(live)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


_HEARS_PRESENCE: weakref.WeakSet[Subscriber] = weakref.WeakSet()  # the sockets opened with ?presence=1


def presence(live: LiveTable) -> None:
    """Tell the sockets at the table that asked (``?presence=1``) which seats have a socket open
    here (``presence``)."""
    online = sorted({sub.seat for sub in live.subscribers if sub.seat is not None})
    for sub in live.subscribers:
        if sub in _HEARS_PRESENCE:
            sub.offer({"type": "presence", "online": online})


async def _send_loop(
    websocket: WebSocket, svc: TableService, live: LiveTable, sub: Subscriber, deltas: Deltas | None = None
) -> str:
    """Send what is queued; returns the reason to close when the client stops taking it."""
    limit = svc.settings.ws_send_seconds
    while True:
        message = await sub.queue.get()
        if message is None:  # the table changed: send it as it is now
            message = svc.picture(live, sub)
        if deltas is not None:  # ?delta=1: what changed since this socket's last picture
            message = deltas.change(message)
        try:
            await asyncio.wait_for(websocket.send_text(json.dumps(message, separators=(",", ":"))), limit)
        except TimeoutError:
            return f"you took more than {limit:g} s to read one message"


async def _receive_loop(websocket: WebSocket, svc: TableService, live: LiveTable, sub: Subscriber) -> None:
    settings = svc.settings
    limit = settings.max_message_bytes
    limiters: Limiters = websocket.app.state.limiters
    client = client_of(websocket.scope)
    own = RateLimiter(settings.ws_messages_per_second, settings.ws_messages_burst, max_keys=1)
    sender = svc.chat.sender(client)  # this connection's chat quota
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            await websocket.close(code=1003, reason="binary messages are not accepted: send JSON text")
            return
        if len(text) > limit:
            await websocket.close(code=1009, reason=f"message too big: at most {limit} bytes")
            return
        try:
            await _admit_message(own, limiters.messages, client, settings)
            await _handle(text, svc, live, sub, lambda: limiters.admit(ACT, client), sender)
        except ApiError as exc:
            sub.offer(_error(exc))
        except STORE_DOWN:
            sub.offer(_error(unavailable()))


async def _admit_message(own: RateLimiter, per_address: RateLimiter, client: str, settings: Settings) -> None:
    """Count one message against the socket's and the address's rates: a little over, wait
    (the socket is not read meanwhile); far over, refuse it."""
    for limiter, key, whose in ((own, "", "this connection"), (per_address, client, "your address")):
        delay = limiter.wait(key, ACT_PATIENCE)
        if delay > ACT_PATIENCE:
            wait = max(1, math.ceil(delay))
            raise ApiError(
                429, "rate_limited", f"too many messages from {whose}: slow down ({wait} s)", retry_after=wait
            )
        if delay > 0:
            await asyncio.sleep(delay)


def parse_message(text: str) -> Parsed:
    """The client's message, checked; ``malformed`` (naming the problem, quoting at most a short
    prefix of the input) for anything else: bad JSON, deep nesting, huge numbers, wrong types."""
    try:
        parsed: Parsed = MESSAGE.validate_json(text)
        return parsed
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False, include_input=False)[:3]:
            where = ".".join(str(p) for p in err.get("loc", ())) or "message"
            if err["type"] == "union_tag_invalid":  # pydantic's text would quote the whole tag
                problems.append(f"unknown message type {quote(err.get('ctx', {}).get('tag'))}")
            else:
                problems.append(f"{quote(where)}: {str(err.get('msg'))[:200]}")
        raise ApiError(
            400,
            "malformed",
            "a message must be a JSON object with a 'type' (action, undo, join, ping, resign, chat, chat_rules): "
            + "; ".join(problems),
        ) from None


async def _handle(
    text: str,
    svc: TableService,
    live: LiveTable,
    sub: Subscriber,
    admit: Callable[[], Awaitable[tuple[Refused, int] | None]] | None = None,
    sender: Sender | None = None,
) -> None:
    msg = parse_message(text)
    if isinstance(msg, WsPing):
        sub.offer({"type": "pong"})
        return
    if isinstance(msg, WsJoin):
        if msg.seat is not None:
            await svc.check_seat(live, msg.seat, msg.token)
        sub.token = msg.token if msg.seat is not None else None
        svc.rebind(live, sub, msg.seat)
        presence(live)
        return
    if isinstance(msg, WsChat):
        speaker = sub.seat
        if msg.seat is not None:  # hotseat: the device speaks for the table whichever seat it shows
            speaker = await svc.check_seat(live, msg.seat, msg.token)
        await svc.chat.say(live, speaker, msg.text, sender)
        return
    if isinstance(msg, WsChatRules):
        await _chat_rules(msg, svc, live, sub)
        return
    if sub.seat is None:
        raise ApiError(403, "bad_token", "spectators cannot act: join a seat with its token first")
    refusal = await admit() if admit is not None else None
    if refusal is not None:
        body, wait = refusal
        raise ApiError(429, "rate_limited", body["error"], retry_after=wait)
    if isinstance(msg, WsResign):
        await svc.resign(live.row.id, sub.seat, sub.token)
    elif isinstance(msg, WsAction):
        await svc.act(live.row.id, sub.seat, sub.token, msg.action, msg.version)
    else:
        await svc.undo(live.row.id, sub.seat, sub.token, msg.version)


async def _chat_rules(msg: WsChatRules, svc: TableService, live: LiveTable, sub: Subscriber) -> None:
    """A seat switches the spectators' chat, or mutes or hears again one spectator."""
    seat = sub.seat
    if msg.seat is not None:  # hotseat: the device speaks for the table whichever seat it shows
        seat = await svc.check_seat(live, msg.seat, msg.token)
    if seat is None:
        raise ApiError(403, "bad_token", "only the players decide about the table's chat: join a seat first")
    notices = []
    if msg.spectators is not None:
        notices.append(SPECTATORS_ON if msg.spectators else SPECTATORS_OFF)
    if msg.mute is not None:
        notices.append(MUTE + msg.mute)
    if msg.unmute is not None:
        notices.append(UNMUTE + msg.unmute)
    if not notices:
        raise ApiError(400, "malformed", "'chat_rules' needs 'spectators', 'mute' or 'unmute'")
    for notice in notices:
        await svc.chat.set_rules(live, notice)
