"""Fair bot time on loopback: one client asks for 40 bot-only Pangaea tables with the heaviest
bots the server's limits allow; meanwhile another client plays Dino Race against a random bot
and times each of the bot's replies.

    python benchmarks/bench_fair_bots.py                 # 40 heavy tables, 15 replies timed
    python benchmarks/bench_fair_bots.py --heavy 0       # the same without the attacker

The server runs in its own process (``dinobox serve`` with its default limits on a fresh
SQLite file, ``--behind-proxy 127.0.0.1`` so that the two clients can give different addresses
in ``X-Forwarded-For``). A reply's time is from the person's action being acknowledged to the
table's state showing the person to act again (the bot moved, chance resolved). Reports how many
heavy tables the server accepted and the median and maximum reply. Not a test.
"""

from __future__ import annotations

import argparse
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ATTACKER, PLAYER = {"x-forwarded-for": "10.0.0.1"}, {"x-forwarded-for": "10.0.0.2"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heavy", type=int, default=40, help="bot-only tables the attacker asks for")
    parser.add_argument("--spec", default="ismcts:seconds=3", help="the attacker's bot (the default caps allow 3 s)")
    parser.add_argument("--replies", type=int, default=15, help="bot replies to time")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        db = f"sqlite:///{Path(home) / 'tables.sqlite3'}"
        cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--port", str(port)]
        server = subprocess.Popen([*cmd, "--db", db, "--behind-proxy", "127.0.0.1"], stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=60) as http:
                for _ in range(200):
                    try:
                        http.get("/api/health")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)
                accepted = attack(http, args.heavy, args.spec)
                times = play(http, args.replies)
        finally:
            server.terminate()
            server.wait(10)
    print(f"heavy tables accepted: {accepted} of {args.heavy} ({args.spec}, 4 players, Pangaea)")
    print(f"random bot replies: median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")


def attack(http: httpx.Client, count: int, spec: str) -> int:
    accepted = 0
    seats = [{"type": "bot", "bot": spec}] * 4
    for _ in range(count):
        body = {"game": "pangaea", "players": 4, "seats": seats, "claim": [], "start": True}
        accepted += http.post("/api/tables", json=body, headers=ATTACKER).status_code == 201
    return accepted


def play(http: httpx.Client, replies: int) -> list[float]:
    rng = random.Random(1)
    times: list[float] = []
    while len(times) < replies:
        body = {"game": "dino-race", "players": 2, "start": True, "seats": [{"type": "human"}, {"type": "bot"}]}
        created = http.post("/api/tables", json=body, headers=PLAYER).json()
        tid, token = created["table"]["id"], created["tokens"][0]["token"]
        mine = {"seat": 0, "token": token}
        s = http.get(f"/api/tables/{tid}/state", params={**mine, "wait": 30}, headers=PLAYER).json()
        while s["table"]["status"] == "playing" and len(times) < replies:
            action = rng.choice(s["legal"])["action"]
            act = {**mine, "action": action, "version": s["version"]}
            r = http.post(f"/api/tables/{tid}/actions", json=act, headers=PLAYER)
            t0 = time.perf_counter()
            s = r.json()
            bot_to_act = s["table"]["status"] == "playing" and s["table"]["to_act"] != 0
            if bot_to_act:
                s = http.get(f"/api/tables/{tid}/state", params={**mine, "wait": 30}, headers=PLAYER).json()
                times.append(time.perf_counter() - t0)
    return times


if __name__ == "__main__":
    main()
