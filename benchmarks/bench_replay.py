"""Health under deep replays, on loopback: 4 clients fetch deep replay steps of a finished
4-player Pangaea game as fast as the server answers, while another asks ``/api/health`` every
50 ms and times it.

    python benchmarks/bench_replay.py                    # 4 clients, 20 s
    python benchmarks/bench_replay.py --clients 0        # health alone, for comparison

The server runs in its own process (``dinobox serve`` on a fresh SQLite file, rate limits
lifted: every client comes from one address). The game is played by four random bots at a
table of the server. Each replay client asks for random steps from the second half of the game,
as a random seat. Reports the health answer's median and 90th percentile and the replay
answers per second. Not a test.
"""

from __future__ import annotations

import argparse
import random
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4, help="clients fetching replay steps")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as home:
        db = f"sqlite:///{Path(home) / 'tables.sqlite3'}"
        cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--port", str(port)]
        cmd += ["--db", db, "--tables-per-minute", "1000000", "--actions-per-second", "1000000"]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            with httpx.Client(base_url=base, timeout=120) as http:
                for _ in range(200):
                    try:
                        http.get("/api/health")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)
                tid, steps = finished_game(http)
            health, replays = load(base, tid, steps, args.clients, args.seconds)
        finally:
            server.terminate()
            server.wait(10)
    health.sort()
    print(f"finished Pangaea game: {steps} decisions; {args.clients} replay clients for {args.seconds:g} s")
    print(
        f"/api/health: median {statistics.median(health) * 1000:.1f} ms, "
        f"p90 {health[int(len(health) * 0.9)] * 1000:.1f} ms ({len(health)} asked)"
    )
    print(f"replay answers: {replays / args.seconds:.1f}/s")


def finished_game(http: httpx.Client) -> tuple[str, int]:
    seats = [{"type": "bot", "bot": "random"}] * 4
    body = {"game": "pangaea", "players": 4, "seats": seats, "claim": [], "start": True}
    tid = http.post("/api/tables", json=body).json()["table"]["id"]
    while http.get(f"/api/tables/{tid}/state", params={"wait": 30}).json()["table"]["status"] != "finished":
        pass
    return tid, int(http.get(f"/api/tables/{tid}/replay", params={"step": 0}).json()["steps"])


def load(base: str, tid: str, steps: int, clients: int, seconds: float) -> tuple[list[float], int]:
    stop = time.monotonic() + seconds
    counts = [0] * clients

    def replayer(index: int) -> None:
        rng = random.Random(index)
        with httpx.Client(base_url=base, timeout=120) as http:
            while time.monotonic() < stop:
                params = {"step": rng.randint(steps // 2, steps), "seat": rng.randrange(4)}
                http.get(f"/api/tables/{tid}/replay", params=params).raise_for_status()
                counts[index] += 1

    threads = [threading.Thread(target=replayer, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    health: list[float] = []
    with httpx.Client(base_url=base, timeout=120) as http:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            http.get("/api/health").raise_for_status()
            health.append(time.perf_counter() - t0)
            time.sleep(0.05)
    for thread in threads:
        thread.join()
    return health, sum(counts)


if __name__ == "__main__":
    main()
