"""Memory under a WebSocket flood, on loopback: 8 spectator sockets of one client send 16 KB
malformed messages as fast as they can for 20 s and never read what the server sends.

    python benchmarks/bench_flood.py                     # 8 sockets, 20 s
    python benchmarks/bench_flood.py --sockets 32 --seconds 10

The server runs in its own process (``dinobox serve`` with its default limits on a fresh SQLite
file). Reports the server's resident memory before the flood, at its end and 5 s after the
sockets are gone, and how long ``/api/health`` took during the flood. Not a test.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def frame(payload: bytes) -> bytes:
    """A masked (zero key) text frame."""
    size = len(payload)
    head = bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big") if size >= 126 else bytes([0x81, 0x80 | size])
    return head + b"\0\0\0\0" + payload


def flood(port: int, path: str, seconds: float) -> None:
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    message = frame(b'{"type": "' + b"x" * (16 * 1024 - 20) + b'"}')
    sock.settimeout(1)
    stop = time.monotonic() + seconds
    with contextlib.suppress(OSError):  # the server may cut the connection
        while time.monotonic() < stop:
            with contextlib.suppress(TimeoutError):
                sock.sendall(message)
    sock.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        db = f"sqlite:///{Path(home) / 'tables.sqlite3'}"
        cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--port", str(port)]
        server = subprocess.Popen([*cmd, "--db", db], stdout=subprocess.DEVNULL)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
                for _ in range(200):
                    try:
                        http.get("/api/health")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)
                body = {"game": "dino-race", "players": 2, "seats": [{"type": "human"}, {"type": "bot"}]}
                tid = http.post("/api/tables", json=body).json()["table"]["id"]
                before = rss_mb(server.pid)
                threads = [
                    threading.Thread(target=flood, args=(port, f"/ws/tables/{tid}", args.seconds))
                    for _ in range(args.sockets)
                ]
                for thread in threads:
                    thread.start()
                health: list[float] = []
                while any(t.is_alive() for t in threads):
                    t0 = time.perf_counter()
                    http.get("/api/health")
                    health.append(time.perf_counter() - t0)
                    time.sleep(0.2)
                during = rss_mb(server.pid)
                time.sleep(5)
                after = rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(10)
    print(f"{args.sockets} sockets x {args.seconds:g} s of 16 KB malformed messages, never read")
    print(f"server memory: {before:.0f} MB before, {during:.0f} MB at the end, {after:.0f} MB 5 s later")
    print(f"/api/health during the flood: median {statistics.median(health) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
