"""Run a simulation in one process or in worker processes; rows come back in game order."""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass

from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.game import Game
from dinobox.simulate.distributed import ray_rows
from dinobox.simulate.documents import GameRow
from dinobox.simulate.play import SimConfig, play_one

Progress = Callable[[int], None]

_worker_config: SimConfig | None = None
_worker_game: Game | None = None


def _init_worker(config: SimConfig) -> None:
    global _worker_config, _worker_game
    # Ctrl-C is the parent's to handle: it stops the pool and keeps the games already played.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_config = config
    _worker_game = config.build_game()


def _work(index: int) -> GameRow:
    assert _worker_config is not None and _worker_game is not None
    return play_one(_worker_config, _worker_game, index)


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
) -> SimRun:
    """Play ``config.games`` games with ``jobs`` worker processes (1 = in this process), or on
    a Ray cluster (``backend="ray"``; ``dinobox.simulate.distributed`` connects to it).

    ``done`` holds rows of this same configuration played earlier (``--resume``): those games
    are not played again, and rows beyond ``config.games`` are dropped.

    ``progress(done)`` is called after each finished game. The rows are sorted by game index,
    so the same configuration gives the same rows whatever ``jobs`` is. A ``KeyboardInterrupt``
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
            for row in ray_rows(config, todo):
                rows.append(row)
                if progress is not None:
                    progress(len(rows))
        elif jobs == 1:
            for index in todo:
                rows.append(play_one(config, game, index))
                if progress is not None:
                    progress(len(rows))
        else:
            context = multiprocessing.get_context("spawn")
            chunk = max(1, min(8, len(todo) // (jobs * 8)))
            with context.Pool(jobs, initializer=_init_worker, initargs=(config,)) as pool:
                for row in pool.imap_unordered(_work, todo, chunksize=chunk):
                    rows.append(row)
                    if progress is not None:
                        progress(len(rows))
    except KeyboardInterrupt:
        interrupted = True
    rows.sort(key=lambda r: int(r["index"]))
    return SimRun(config, rows, time.perf_counter() - start, jobs, interrupted, len(kept))
