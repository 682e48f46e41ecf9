"""The coach through the server (#33): how long a hint takes, and an analysis of a finished game
from the request to the stored result, then asked again (read from the store).

    python benchmarks/bench_coach_server.py                      # default limits
    python benchmarks/bench_coach_server.py --iterations 20      # the browser tests' budget

In process (the app under Starlette's TestClient, a fresh SQLite file), default ``Settings``
unless told. Hints: ``--hints`` asked by the seat to act at the start of a table of every game
(people in every seat), timed from request to answer. Analysis: a seeded Dino Race game of two
heuristic bots, seat 0, polled every 50 ms (CPU time: the whole process's). Not a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import tempfile
import time
import warnings
from pathlib import Path

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

import dinobox  # noqa: E402
from dinobox.engine.registry import game_class  # noqa: E402
from dinobox.server import create_app  # noqa: E402
from dinobox.server.settings import Settings  # noqa: E402


def hints(client: TestClient, count: int) -> None:
    for game in dinobox.game_ids():
        players = max(game_class(game).min_players, 2)
        made = client.post(
            "/api/tables",
            json={
                "game": game,
                "players": players,
                "seats": [{"type": "human"}] * players,
                "claim": list(range(players)),
                "start": True,
            },
        ).json()
        tokens = {t["seat"]: t["token"] for t in made["tokens"]}
        table = made["table"]["id"]
        seat = client.get(f"/api/tables/{table}/state", params={"wait": 5}).json()["table"]["to_act"]
        took = []
        for _ in range(count):
            start = time.perf_counter()
            r = client.post(f"/api/tables/{table}/hint", json={"seat": seat, "token": tokens[seat]})
            took.append(time.perf_counter() - start)
            assert r.status_code == 200, r.text
        print(f"hint  {game:14} {players}p  median {statistics.median(took):.2f} s  max {max(took):.2f} s  ({count})")


def analysis(client: TestClient) -> None:
    bots = [{"type": "bot", "bot": "heuristic"}] * 2
    made = client.post(
        "/api/tables", json={"game": "dino-race", "players": 2, "seats": bots, "claim": [], "start": True}
    ).json()
    table = made["table"]["id"]
    assert client.get(f"/api/tables/{table}/state", params={"wait": 30}).json()["table"]["status"] == "finished"
    start, cpu = time.perf_counter(), time.process_time()
    r = client.post(f"/api/tables/{table}/analysis", params={"seat": 0})
    while r.json()["status"] not in ("done", "failed"):
        time.sleep(0.05)
        r = client.get(f"/api/tables/{table}/analysis", params={"seat": 0})
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    done = r.json()
    decisions = len(done.get("analysis", {}).get("decisions", []))
    print(
        f"analysis dino-race seat 0: {done['status']} in {took:.1f} s wall, {cpu:.1f} CPU-s (the process),"
        f" {decisions} decisions judged, budget {done['budget']}"
    )
    start = time.perf_counter()
    again = client.post(f"/api/tables/{table}/analysis", params={"seat": 0})
    print(f"analysis asked again: {again.status_code} {again.json()['status']} in {time.perf_counter() - start:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=5, help="hints timed per game")
    parser.add_argument("--iterations", type=int, default=None, help="the server's analysis_iterations")
    args = parser.parse_args()
    settings = Settings(tables_per_minute=1e6, tables_burst=10**6, actions_per_second=1e6, actions_burst=10**6)
    if args.iterations is not None:
        settings = dataclasses.replace(settings, analysis_iterations=args.iterations)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{Path(tmp) / 'coach.sqlite3'}", rng=random.Random(33), settings=settings)
        with TestClient(app) as client:
            hints(client, args.hints)
            analysis(client)


if __name__ == "__main__":
    main()
