"""Server load test on loopback: N WebSocket clients, each playing one seat of its own table
against server-side bots, tables replaced as they finish.

    python benchmarks/bench_server.py                        # 200 tables, 30 s, think 0.5-1.5 s
    python benchmarks/bench_server.py --tables 50 --seconds 10 --think 0
    python benchmarks/bench_server.py --game trex-island --players 3 --json out.json
    python benchmarks/bench_server.py --store postgresql     # a throwaway PostgreSQL cluster
    python benchmarks/bench_server.py --store postgresql --workers 2   # two server processes

The server runs in its own process (``dinobox serve``, rate limits lifted since every client
comes from one address; a fresh SQLite file in a temporary directory, or with ``--store
postgresql`` a fresh PostgreSQL cluster in one, durable settings, over its Unix socket;
``--workers N`` runs N server processes on the one port, PostgreSQL only), the clients in
``--procs`` others (asyncio + websockets). A client's action latency is the time from sending
``{"type": "action"}`` to receiving the table's next state (the action stored, the answer built);
bot moves that follow are not part of it. ``--think`` is the pause before each human move
(uniform in [a, b] seconds; ``0`` makes every client hammer the server as fast as it answers).
Reports actions/s (human actions acknowledged, and every accepted table change including bot
moves), p50/p90/p99/max latency. Not a test: nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, db_url: str, workers: int = 1) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-c", "from dinobox.cli.app import main; main()", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", db_url, "--tables-per-minute", "1000000", "--actions-per-second", "1000000"]
    cmd += [
        "--workers",
        str(workers),
        "--set",
        "address_messages_per_second=1e9",
        "--set",
        "address_messages_burst=1000000000",
    ]
    cmd += ["--set", "sockets_per_address=1000000", "--set", "ws_messages_per_second=1e9"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL)


@contextlib.contextmanager
def store(kind: str, home: str) -> Iterator[str]:
    """The database URL of a fresh store of this kind, for the time of the run."""
    if kind == "sqlite":
        yield f"sqlite:///{home}/dinobox.sqlite3"
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))
    from pgcluster import Cluster

    with Cluster(fast=False) as cluster:
        yield cluster.create_database("bench")


async def wait_up(base: str) -> None:
    async with httpx.AsyncClient() as client:
        for _ in range(1200):  # worker processes start slowly on a busy machine
            try:
                if (await client.get(f"{base}/api/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.human_actions = 0
        self.updates = 0
        self.games = 0
        self.errors: dict[str, int] = {}


async def one_table(
    base: str,
    ws_base: str,
    http: httpx.AsyncClient,
    args: argparse.Namespace,
    stats: Stats,
    rng: random.Random,
    deadline: float,
) -> None:
    seats = [{"type": "human"}] + [{"type": "bot", "bot": args.bot}] * (args.players - 1)
    made = (
        await http.post(
            f"{base}/api/tables", json={"game": args.game, "players": args.players, "seats": seats, "start": True}
        )
    ).json()
    tid, token = made["table"]["id"], made["tokens"][0]["token"]
    sent_at: float | None = None
    sent_version = -1
    versions: list[int] = []
    try:
        async with websockets.connect(f"{ws_base}/ws/tables/{tid}?seat=0&token={token}", max_size=None) as ws:
            while time.perf_counter() < deadline:
                msg = json.loads(await ws.recv())
                if msg["type"] == "error":
                    stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
                    sent_at = None
                    continue
                if msg["type"] != "state":
                    continue
                versions.append(msg["version"])
                if sent_at is not None and msg["version"] > sent_version:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.human_actions += 1
                    sent_at = None
                if msg["table"]["status"] == "finished":
                    stats.games += 1
                    return
                if sent_at is None and msg["legal"] and msg["table"]["to_act"] == 0:
                    if args.think_max > 0:
                        await asyncio.sleep(rng.uniform(args.think_min, args.think_max))
                    action = rng.choice(msg["legal"])["action"]
                    sent_version = msg["version"]
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "action": action, "version": msg["version"]}))
    finally:
        if versions:
            stats.updates += max(versions) - min(versions)


async def client(
    base: str, ws_base: str, http: httpx.AsyncClient, args: argparse.Namespace, stats: Stats, seed: int, deadline: float
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.uniform(0, args.ramp))
    while time.perf_counter() < deadline:
        try:
            await one_table(base, ws_base, http, args, stats, rng, deadline)
        except (websockets.ConnectionClosed, httpx.HTTPError, OSError) as exc:
            name = type(exc).__name__
            stats.errors[name] = stats.errors.get(name, 0) + 1
            await asyncio.sleep(0.5)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def clients(args: argparse.Namespace, port: int, first: int, count: int) -> Stats:
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats = Stats()
    deadline = time.perf_counter() + args.ramp + args.seconds
    warm = asyncio.get_running_loop().call_later(args.ramp, stats.latencies.clear)
    # One HTTP client per process: building one per table (its TLS context) costs tens of
    # milliseconds of CPU, which on a busy machine kept clients from starting within the run.
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        await asyncio.gather(*(client(base, ws_base, http, args, stats, first + i, deadline) for i in range(count)))
    warm.cancel()
    return stats


def client_process(args: argparse.Namespace, port: int, first: int, count: int) -> dict[str, Any]:
    stats = asyncio.run(clients(args, port, first, count))
    return dict(vars(stats))


def process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants (uvicorn's worker processes), Linux only."""
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        for children in Path(f"/proc/{current}/task").glob("*/children"):
            with contextlib.suppress(OSError):
                todo += [int(c) for c in children.read_text().split()]
    return out


def cpu_seconds(proc: subprocess.Popen[bytes] | None) -> float:
    """CPU time (user + system) the server's processes have used so far (Linux; NaN elsewhere;
    PostgreSQL's own processes are not counted). Unlike latency, it hardly moves when other
    programs compete for the machine."""
    if proc is None:
        return float("nan")
    total = 0
    for pid in process_tree(proc.pid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def run(args: argparse.Namespace) -> dict[str, Any]:
    from concurrent.futures import ProcessPoolExecutor

    port = args.port or free_port()
    with tempfile.TemporaryDirectory() as home, store(args.store, home) as db_url:
        proc = None if args.port else start_server(port, db_url, args.workers)
        try:
            asyncio.run(wait_up(f"http://127.0.0.1:{port}"))
            share = [args.tables // args.procs + (1 if i < args.tables % args.procs else 0) for i in range(args.procs)]
            firsts = [sum(share[:i]) for i in range(args.procs)]
            start = time.perf_counter()
            cpu_start = cpu_seconds(proc)
            with ProcessPoolExecutor(args.procs) as pool:
                parts = list(pool.map(client_process, [args] * args.procs, [port] * args.procs, firsts, share))
            elapsed = time.perf_counter() - start - args.ramp
            server_cpu = cpu_seconds(proc) - cpu_start
        finally:
            if proc is not None:
                proc.terminate()
                try:
                    proc.wait(30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
    stats = Stats()
    for part in parts:
        stats.latencies += part["latencies"]
        stats.human_actions += part["human_actions"]
        stats.updates += part["updates"]
        stats.games += part["games"]
        for k, v in part["errors"].items():
            stats.errors[k] = stats.errors.get(k, 0) + v
    lat = [x * 1000 for x in stats.latencies]
    return {
        "store": args.store,
        "workers": args.workers,
        "game": args.game,
        "players": args.players,
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "think": [args.think_min, args.think_max],
        "bot": args.bot,
        "client_processes": args.procs,
        "human_actions": stats.human_actions,
        "human_actions_per_s": round(stats.human_actions / elapsed, 1),
        "table_updates_per_s": round(stats.updates / elapsed, 1),
        "games_finished": stats.games,
        "server_cpu_share": round(server_cpu / (elapsed + args.ramp), 3),
        "server_cpu_ms_per_change": round(server_cpu * 1000 / max(stats.updates, 1), 3),
        "latency_ms": {
            "p50": round(pct(lat, 0.5), 2),
            "p90": round(pct(lat, 0.9), 2),
            "p99": round(pct(lat, 0.99), 2),
            "max": round(max(lat), 2) if lat else None,
            "mean": round(statistics.fmean(lat), 2) if lat else None,
            "samples": len(lat),
        },
        "errors": stats.errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (one WebSocket client each)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured duration after the ramp-up")
    parser.add_argument("--ramp", type=float, default=3.0, help="clients start spread over this many seconds")
    parser.add_argument("--think", default="0.5,1.5", help="pause before each human move: A,B seconds (or 0)")
    parser.add_argument("--game", default="dino-race")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random", help="bot spec for the other seats")
    parser.add_argument(
        "--procs",
        type=int,
        default=2,
        help="client processes (the clients, not the server, are the heavier side of this test)",
    )
    parser.add_argument("--port", type=int, default=0, help="use a server already running on this port")
    parser.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite", help="the server's database")
    parser.add_argument("--workers", type=int, default=1, help="server processes (above 1: PostgreSQL only)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    if args.workers > 1 and args.store != "postgresql":
        parser.error("--workers above 1 needs --store postgresql (SQLite serves one process)")
    parts = [float(x) for x in args.think.split(",")]
    args.think_min, args.think_max = (parts[0], parts[-1])
    result = run(args)
    print(json.dumps(result, indent=1))
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=1)


if __name__ == "__main__":
    main()
