"""Run a simulation in one process or in worker processes; rows come back in game order."""

from __future__ import annotations

import multiprocessing
import queue
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.simulate.distributed import ray_rows
from dinobox.simulate.documents import GameRow
from dinobox.simulate.play import SimConfig, play_one

Progress = Callable[[int], None]
Watch = Callable[[GameRow], None]

_worker_config: SimConfig | None = None
_worker_game: Game | None = None


def _init_worker(config: SimConfig) -> None:
    global _worker_config, _worker_game
    # Ctrl-C is the parent's to handle: it stops the pool and keeps the games already played.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_config = config
    _worker_game = config.build_game()


#: A worker sends its games back in chunks of at most this many CPU-seconds of play: rows cost a
#: round trip each (about a millisecond on a busy machine, a tenth of a fast game), but a stopped
#: run loses the games of a chunk not yet sent back.
CHUNK_SECONDS = 0.25
MAX_CHUNK = 8

_Answer = tuple[list[GameRow], float] | BaseException  # a worker's rows and CPU-seconds, or its error


def _work(indices: list[int]) -> tuple[list[GameRow], float]:
    """Play the games ``indices``; their rows and the CPU-seconds they took."""
    assert _worker_config is not None and _worker_game is not None
    started = time.process_time()
    rows = [play_one(_worker_config, _worker_game, index) for index in indices]
    return rows, time.process_time() - started


def chunk_size(seconds_per_game: float) -> int:
    """How many games a worker plays before sending them back: as many as fit in
    ``CHUNK_SECONDS`` (at most ``MAX_CHUNK``), and one at a time when a game is slow."""
    if seconds_per_game <= 0:
        return MAX_CHUNK
    return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / seconds_per_game)))


def _pool_rows(config: SimConfig, todo: list[int], jobs: int) -> Iterator[GameRow]:
    """The rows of the games ``todo``, played by ``jobs`` worker processes, as they come back.

    Each worker first plays one game on its own, which times a game; the rest are sent in
    chunks of ``chunk_size`` games, so a slow game's row comes back as soon as it ends (a
    stopped run keeps it) and fast games do not pay a round trip each."""
    context = multiprocessing.get_context("spawn")
    done: queue.SimpleQueue[_Answer] = queue.SimpleQueue()
    with context.Pool(jobs, initializer=_init_worker, initargs=(config,)) as pool:

        def send(indices: list[int]) -> None:
            pool.apply_async(_work, (indices,), callback=done.put, error_callback=done.put)

        first, rest = todo[:jobs], todo[jobs:]
        for index in first:
            send([index])
        pending = len(first)
        while pending:
            answer = _next(done)
            if isinstance(answer, BaseException):
                raise answer
            rows, seconds = answer
            pending -= 1
            if rest:
                size = chunk_size(seconds / len(rows))
                chunks = [rest[i : i + size] for i in range(0, len(rest), size)]
                for chunk in chunks:
                    send(chunk)
                pending += len(chunks)
                rest = []
            yield from rows


def _next(done: queue.SimpleQueue[_Answer]) -> _Answer:
    """The next answer from a worker; waits in short steps so that Ctrl-C is seen at once."""
    while True:
        try:
            return done.get(timeout=0.2)
        except queue.Empty:
            continue


@dataclass
class SimRun:
    config: SimConfig
    rows: list[GameRow]
    seconds: float
    jobs: int
    interrupted: bool = False  # stopped (Ctrl-C) before every game was played
    reused: int = 0  # rows taken over from an earlier run (``--resume``), not played now

    @property
    def played(self) -> int:
        """Games played in this run (not taken over from an earlier one)."""
        return len(self.rows) - self.reused

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


BACKENDS = ("local", "ray")


def run_simulation(
    config: SimConfig,
    jobs: int = 1,
    progress: Progress | None = None,
    done: list[GameRow] | None = None,
    backend: str = "local",
    watch: Watch | None = None,
) -> SimRun:
    """Play ``config.games`` games with ``jobs`` worker processes (1 = in this process), or on
    a Ray cluster (``backend="ray"``; ``dinobox.simulate.distributed`` connects to it).

    ``done`` holds rows of this same configuration played earlier (``--resume``): those games
    are not played again, and rows beyond ``config.games`` are dropped.

    ``progress(done)`` is called after each finished game, and ``watch(row)`` with its row (in
    the order the games finish). The rows are sorted by game index, so the same configuration
    gives the same rows whatever ``jobs`` is. A ``KeyboardInterrupt``
    (Ctrl-C) stops the run and returns the games finished so far, marked ``interrupted``; each
    of those rows is the same as in a full run.
    """
    game = config.check()
    if jobs < 1:
        raise InvalidOptionError(f"--jobs must be at least 1, not {jobs}")
    if backend not in BACKENDS:
        raise InvalidOptionError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    kept = [row for row in (done or []) if int(row["index"]) < config.games]
    have = {int(row["index"]) for row in kept}
    todo = [index for index in range(config.games) if index not in have]
    jobs = max(1, min(jobs, len(todo)))
    start = time.perf_counter()
    rows: list[GameRow] = list(kept)
    interrupted = False
    try:
        if backend == "ray":
            played: Iterable[GameRow] = ray_rows(config, todo)
        elif jobs == 1:
            played = (play_one(config, game, index) for index in todo)
        else:
            played = _pool_rows(config, todo, jobs)
        for row in played:
            rows.append(row)
            if watch is not None:
                watch(row)
            if progress is not None:
                progress(len(rows))
    except KeyboardInterrupt:
        interrupted = True
    rows.sort(key=lambda r: int(r["index"]))
    return SimRun(config, rows, time.perf_counter() - start, jobs, interrupted, len(kept))
