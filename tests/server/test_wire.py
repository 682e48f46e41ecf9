"""Table updates are small on the wire (#40): ``dinobox serve`` compresses WebSocket messages
(permessage-deflate over a 32 kB window), so a T-Rex Island update is at most 3 kB; and a socket
opened with ``?delta=1`` gets each picture as its change, which made whole is the picture."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from dinobox.server.connections import DeflateProtocol

from .conftest import make_app
from .live_server import free_port, serve_in_thread

TREX = {
    "game": "trex-island",
    "players": 3,
    "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}, {"type": "bot", "bot": "random"}],
    "start": True,
}


class Relay:
    """A loopback TCP relay in a thread of its own, counting the bytes the server sends."""

    def __init__(self, target: int) -> None:
        self.target, self.port, self.down = target, free_port(), 0
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self._run, daemon=True).start()
        assert self.ready.wait(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(asyncio.start_server(self._serve, "127.0.0.1", self.port))
        self.ready.set()
        self.loop.run_forever()

    async def _serve(self, cr: asyncio.StreamReader, cw: asyncio.StreamWriter) -> None:
        sr, sw = await asyncio.open_connection("127.0.0.1", self.target)

        async def pump(r: asyncio.StreamReader, w: asyncio.StreamWriter, count: bool) -> None:
            try:
                while data := await r.read(65536):
                    self.down += len(data) if count else 0
                    w.write(data)
                    await w.drain()
            except ConnectionError:
                pass
            finally:
                w.close()

        await asyncio.gather(pump(cr, sw, False), pump(sr, cw, True))


@pytest.fixture
def served(sqlite_url: str) -> Iterator[str]:
    with serve_in_thread(make_app(sqlite_url, rng=random.Random(6)), ws=DeflateProtocol) as url:
        yield url


def test_a_trex_island_update_is_at_most_3_kb_on_the_wire(served: str) -> None:
    made = httpx.post(f"{served}/api/tables", json=TREX, timeout=10).json()
    tid, token = made["table"]["id"], made["tokens"][0]["token"]
    relay = Relay(int(served.rsplit(":", 1)[1]))
    rng = random.Random(1)
    wire: list[int] = []
    raw: list[int] = []
    with connect(f"ws://127.0.0.1:{relay.port}/ws/tables/{tid}?seat=0&token={token}", compression="deflate") as ws:
        assert ws.protocol.extensions, "permessage-deflate was not agreed"
        first = True
        while len(wire) < 40:
            before = relay.down
            text = str(ws.recv(timeout=30))
            msg = json.loads(text)
            if msg["type"] != "state":
                continue
            if not first:
                wire.append(relay.down - before)
                raw.append(len(text))
            first = False
            if msg["table"]["status"] == "finished":
                break
            if msg["legal"]:
                ws.send(
                    json.dumps(
                        {"type": "action", "action": rng.choice(msg["legal"])["action"], "version": msg["version"]}
                    )
                )
    assert len(wire) >= 20 and max(raw) > 8000  # whole pictures, some with the seat's refusals
    assert max(wire) <= 3072, (max(wire), sorted(wire)[-5:])


def whole(msg: dict[str, Any], last: dict[str, Any]) -> dict[str, Any]:
    out = dict(msg)
    for key in out.pop("same", []):
        out[key] = last[key]
    if "view_same" in out:
        out["view"] = {**{k: last["view"][k] for k in out.pop("view_same")}, **out["view"]}
    return out


def test_pictures_as_changes_made_whole_are_the_pictures(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, rng=random.Random(2))) as client:
        made = client.post("/api/tables", json=TREX).json()
        tid, token = made["table"]["id"], made["tokens"][0]["token"]
        rng = random.Random(3)
        with client.websocket_connect(f"/ws/tables/{tid}?seat=0&token={token}&delta=1") as ws:
            last: dict[str, Any] = {}
            changes = 0
            for _ in range(60):
                msg = ws.receive_json()
                if msg["type"] != "state":
                    continue
                changes += "same" in msg
                picture = whole(msg, last)
                direct = client.get(f"/api/tables/{tid}/state", params={"seat": 0, "token": token, "wait": 0}).json()
                if direct["version"] == picture["version"]:
                    assert picture["view"] == direct["view"] and picture["legal"] == direct["legal"]
                    assert picture["refusals"] == direct["refusals"] and picture["table"] == direct["table"]
                last = picture
                if picture["table"]["status"] == "finished":
                    break
                if picture["legal"]:
                    pick = rng.choice(picture["legal"])["action"]
                    ws.send_json({"type": "action", "action": pick, "version": picture["version"]})
            assert changes > 5
            assert "board" not in msg.get("view", {})  # the map went once
