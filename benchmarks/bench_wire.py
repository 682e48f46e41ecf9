"""Bytes on the wire per table update (#40): one person's seat against bots, over a WebSocket,
with permessage-deflate on (the default) and off, whole pictures and changes (``?delta=1``, as
the page asks), counted by a loopback TCP relay between the client and ``dinobox serve``.

    python benchmarks/bench_wire.py                                  # T-Rex Island, 3 players, 4 tables
    python benchmarks/bench_wire.py --game dinosaur-rush --players 3 --tables 4

For every message the server sends after the opening picture, the relay counts the bytes that
reached the client (frame headers and compression included; the HTTP upgrade excluded) and the
client the JSON text's length. Reports, per ``state`` message, the mean and largest JSON size
and the mean and largest size on the wire, deflate off and on. Every figure is a size: the run
asserts nothing on time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
from typing import Any

import httpx
import websockets

from bench_server import free_port, wait_up


class Relay:
    """A TCP relay on a free port to ``target``, counting the bytes from the server."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.down = 0
        self.port = free_port()

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        server_r, server_w = await asyncio.open_connection("127.0.0.1", self.target)

        async def pump(r: asyncio.StreamReader, w: asyncio.StreamWriter, count: bool) -> None:
            try:
                while data := await r.read(65536):
                    if count:
                        self.down += len(data)
                    w.write(data)
                    await w.drain()
            except ConnectionError:
                pass
            finally:
                w.close()

        await asyncio.gather(pump(client_r, server_w, False), pump(server_r, client_w, True))


def start_server(port: int, db_url: str, deflate: bool) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", db_url, "--tables-per-minute", "1000000", "--actions-per-second", "1000000"]
    cmd += ["--set", f"ws_deflate={'true' if deflate else 'false'}", "--set", "ws_messages_per_second=1e9"]
    cmd += ["--set", "address_messages_per_second=1e9", "--set", "address_messages_burst=1000000000"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL)


async def one_table(
    base: str, relay: Relay, args: argparse.Namespace, rng: random.Random, delta: bool
) -> list[tuple[int, int]]:
    """(JSON bytes, wire bytes) of each state message after the first, to the game's end."""
    seats = [{"type": "human"}] + [{"type": "bot", "bot": "random"}] * (args.players - 1)
    async with httpx.AsyncClient() as http:
        body = {"game": args.game, "players": args.players, "seats": seats, "start": True}
        made = (await http.post(f"{base}/api/tables", json=body)).json()
    tid, token = made["table"]["id"], made["tokens"][0]["token"]
    sizes: list[tuple[int, int]] = []
    url = f"ws://127.0.0.1:{relay.port}/ws/tables/{tid}?seat=0&token={token}" + ("&delta=1" if delta else "")
    async with websockets.connect(url, max_size=None, compression="deflate") as ws:
        first = True
        last: dict[str, Any] = {}
        while True:
            before = relay.down
            text = str(await ws.recv())
            await asyncio.sleep(0.02)  # let the relay count the whole frame
            msg = json.loads(text)
            if msg["type"] != "state":
                continue
            for key in msg.pop("same", []):  # a change: made whole from the last picture, as the page does
                msg[key] = last[key]
            if "view_same" in msg:
                msg["view"] = {**{k: last["view"][k] for k in msg.pop("view_same")}, **msg["view"]}
            last = msg
            if not first:
                sizes.append((len(text.encode()), relay.down - before))
            first = False
            if msg["table"]["status"] == "finished" or len(sizes) >= args.updates:
                return sizes
            if msg["legal"]:
                pick = rng.choice(msg["legal"])["action"]
                await ws.send(json.dumps({"type": "action", "action": pick, "version": msg["version"]}))


async def measure(args: argparse.Namespace, deflate: bool, delta: bool) -> list[tuple[int, int]]:
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        proc = start_server(port, f"sqlite:///{home}/wire.sqlite3", deflate)
        try:
            base = f"http://127.0.0.1:{port}"
            await wait_up(base)
            relay = Relay(port)
            await relay.start()
            rng = random.Random(args.seed)
            sizes: list[tuple[int, int]] = []
            for _ in range(args.tables):  # one at a time: the relay's count is one socket's
                sizes += await one_table(base, relay, args, rng, delta)
            return sizes
        finally:
            proc.terminate()
            proc.wait(10)


def report(label: str, sizes: list[tuple[int, int]]) -> dict[str, Any]:
    raw, wire = [r for r, _ in sizes], [w for _, w in sizes]
    out = {
        "deflate": label,
        "updates": len(sizes),
        "json_mean": round(statistics.mean(raw)),
        "json_max": max(raw),
        "wire_mean": round(statistics.mean(wire)),
        "wire_p95": sorted(wire)[int(0.95 * (len(wire) - 1))],
        "wire_max": max(wire),
    }
    print(
        f"deflate {label:10}: {out['updates']} updates; JSON mean {out['json_mean']} B, max {out['json_max']} B;"
        f" on the wire mean {out['wire_mean']} B, p95 {out['wire_p95']} B, max {out['wire_max']} B"
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="trex-island")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--updates", type=int, default=60, help="updates counted per table at most")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    modes = (
        ("off, whole", False, False),
        ("on, whole", True, False),
        ("off, delta", False, True),
        ("on, delta", True, True),
    )
    results = [report(label, asyncio.run(measure(args, on, delta))) for label, on, delta in modes]
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"game": args.game, "players": args.players, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
