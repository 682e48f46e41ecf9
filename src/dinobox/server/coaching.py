"""The coach at the server (#33): analyses of finished games and hints at unrated tables.

Analyses run on threads of their own (``analysis_threads``), off the event loop, in a bounded
queue: at most ``analysis_threads + analysis_queue`` jobs exist at once, one client address has
at most ``analyses_per_client`` of them (more: 429), and a job that has used
``analysis_cpu_seconds`` of CPU is stopped. A finished analysis is stored with the table, keyed
by table, seat and budget: asking again reads it. Progress is polled (``status``).

The queue is shared fairly between addresses (#40): a free thread goes to the waiting job of the
address served longest ago (round robin), and when the queue is full, an address with nothing
under way takes the place of the newest waiting job of the address served most recently, if that
address was served more recently than it (that job is ``failed``, told to ask again). A few
addresses that ask again as soon as their analysis ends cannot hold the queue: an address that
waited gets in and runs next.

Hints think on the bots' threads (``BotPool``), in the same turns as the bots, for
``hint_seconds``; one client waits for at most ``hints_per_client`` at once. A hint is kept per
(table, version, seat, budget), the version naming the position: the same hint asked again, or
asked by several at once, is computed once (at most ``HINTS_KEPT`` are kept). A hint answers the
seat that asked (its HTTP response) and no one else: the others are told only that a hint was
used, by whom and at which move, and a replay marks it.

Who may see an analysis follows the replay: a finished game's every seat is open to anyone
(``replays.may_see``); before the end, nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from sqlalchemy.exc import IntegrityError

from dinobox.coach import Analysis, Cancelled, analyse, coach_settings, suggest
from dinobox.engine.state import State
from dinobox.jsonvalue import JsonValue
from dinobox.server import coach_storage
from dinobox.server.botpool import BotPool
from dinobox.server.db import Database
from dinobox.server.errors import ApiError
from dinobox.server.live import PLAYING, LiveTable
from dinobox.server.play import Play, seat_index
from dinobox.server.rebuilder import Rebuilder
from dinobox.server.replays import check_may_see, players_at_decisions, seat_steps, step_of
from dinobox.server.settings import Settings
from dinobox.server.table_cache import TableCache
from dinobox.server.wire import StoredAnalysis

log = logging.getLogger("dinobox.server")


class Progress(TypedDict):
    done: int
    total: int


class AnalysisStatus(TypedDict):
    """Where the analysis of a seat stands; ``analysis`` once ``done``, ``error`` once ``failed``."""

    status: str
    seat: int
    budget: str
    progress: NotRequired[Progress]
    waiting: NotRequired[int]  # queued: the jobs ahead of it
    error: NotRequired[str]
    analysis: NotRequired[dict[str, object]]  # the stored analysis, each decision with its replay step


class Hint(TypedDict):
    """The coach's move for the seat to act, and its chance of winning with it."""

    action: int
    text: str
    win_chance: float | None


class HintAnswer(TypedDict):
    seat: int
    version: int
    move: int
    hint: Hint


QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
BUSY_RETRY = 10  # seconds a client told "busy" is asked to wait
FAILURES_KEPT = 256
HINTS_KEPT = 1024  # hints kept for repeated requests at the same position
SERVED_KEPT = 50_000  # addresses whose last analysis turn is remembered (the oldest forgotten)
BUMPED = "the analysis queue was full and another address had waited longer: ask again"


@dataclass
class Job:
    """One analysis waiting or running (progress is written by its thread)."""

    key: tuple[str, int, str]
    client: str
    state: str = QUEUED
    done: int = 0
    total: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    turn: asyncio.Event = field(default_factory=asyncio.Event, repr=False)  # set when a thread is its

    def progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total


class CpuCap:
    """``should_stop`` for one job: true once its thread has used ``seconds`` of CPU (counted
    from the first call, on the thread that runs the job), or the server is stopping."""

    def __init__(self, seconds: float, stopping: Callable[[], bool]) -> None:
        self.seconds = seconds
        self.stopping = stopping
        self.start: float | None = None
        self.exceeded = False

    def __call__(self) -> bool:
        now = time.thread_time()
        if self.start is None:
            self.start = now
        self.exceeded = now - self.start > self.seconds
        return self.exceeded or self.stopping()


class Coach:
    """``request``/``status`` of analyses, ``hint`` for the seat to act."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        cache: TableCache,
        rebuilder: Rebuilder,
        pool: BotPool,
        play: Play,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.settings = settings
        self.db = db
        self.cache = cache
        self.rebuilder = rebuilder
        self.pool = pool
        self.play = play
        self.now = now
        self._executor = ThreadPoolExecutor(max_workers=settings.analysis_threads, thread_name_prefix="dinobox-coach")
        self._running = 0  # jobs holding one of the threads
        self._jobs: dict[tuple[str, int, str], Job] = {}
        self._failed: OrderedDict[tuple[str, int, str], str] = OrderedDict()
        self._hinting: dict[str, int] = {}
        self._hints: OrderedDict[tuple[str, int, int, float], Hint] = OrderedDict()
        self._hints_under_way: dict[tuple[str, int, int, float], asyncio.Future[Hint]] = {}
        self._served: OrderedDict[str, int] = OrderedDict()  # address -> the turn it last got a thread
        self._turn = 0
        self._closing = False

    def close(self) -> None:
        self._closing = True
        for job in self._jobs.values():
            if job.task is not None:
                job.task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)

    # ----- analyses -----------------------------------------------------------------------------
    async def _finished(self, table_id: str, seat: int) -> tuple[LiveTable, int]:
        live = await self.cache.get(table_id)
        check_may_see(live.row, seat)
        return live, seat_index(live.row, seat)

    async def status(self, table_id: str, seat: int) -> AnalysisStatus:
        """Where the analysis of ``seat`` stands: ``none``, ``queued``, ``running``, ``failed``
        (with the reason) or ``done`` (with the analysis)."""
        live, seat = await self._finished(table_id, seat)
        key = (live.row.id, seat, self.budget(live))
        job = self._jobs.get(key)
        if job is not None:
            return self._job_status(job)
        stored = await self.db.read(lambda c: coach_storage.load_analysis(c, *key))
        if stored is not None:
            return await self._done(live, seat, key[2], stored)
        if key in self._failed:
            return {"status": FAILED, "seat": seat, "budget": key[2], "error": self._failed[key]}
        return {"status": "none", "seat": seat, "budget": key[2]}

    async def request(self, table_id: str, seat: int, client: str) -> tuple[bool, AnalysisStatus]:
        """Start the analysis of ``seat`` unless it is stored or under way; ``(started, status)``.
        Refused (429) when the client has its share under way or the queue is full."""
        answer = await self.status(table_id, seat)
        if answer["status"] in (DONE, QUEUED, RUNNING):
            return False, answer
        live, seat = await self._finished(table_id, seat)
        key = (live.row.id, seat, self.budget(live))
        if key in self._jobs:  # started meanwhile (the store was read)
            return False, self._job_status(self._jobs[key])
        mine = sum(job.client == client for job in self._jobs.values())
        if mine >= self.settings.analyses_per_client:
            raise ApiError(
                429,
                "analysis_busy",
                f"you already have {mine} analysis under way (at most {self.settings.analyses_per_client} per"
                " address): wait for it to finish",
                retry_after=BUSY_RETRY,
            )
        if len(self._jobs) >= self.settings.analysis_threads + self.settings.analysis_queue and not self._bump_for(
            client
        ):
            raise ApiError(
                429,
                "analysis_queue_full",
                "the server is analysing as many games as it can just now: try again in a little while",
                retry_after=BUSY_RETRY,
            )
        self._failed.pop(key, None)
        job = self._jobs[key] = Job(key, client)
        job.task = asyncio.get_running_loop().create_task(self._run(job, live))
        self._hand_on()
        return True, self._job_status(job)

    def iterations(self, game_id: str) -> int:
        """The base iterations per decision for a game: the coach's own default for it, at most
        the server's ``analysis_iterations``."""
        return min(coach_settings(game_id).iterations, self.settings.analysis_iterations)

    def budget(self, live: LiveTable) -> str:
        """What an analysis at this table is stored under."""
        return f"iterations={self.iterations(live.row.game)}"

    def _job_status(self, job: Job) -> AnalysisStatus:
        ahead = 0
        for other in self._jobs.values():  # in the order they were asked for
            if other is job:
                break
            ahead += other.state == QUEUED
        return {
            "status": job.state,
            "seat": job.key[1],
            "budget": job.key[2],
            "progress": {"done": job.done, "total": job.total},
            "waiting": ahead if job.state == QUEUED else 0,
        }

    async def _run(self, job: Job, live: LiveTable) -> None:
        table_id, seat, budget = job.key
        cap = CpuCap(self.settings.analysis_cpu_seconds, lambda: self._closing)
        try:
            record = await self.rebuilder.run(live.state.to_record)
            await job.turn.wait()
            loop = asyncio.get_running_loop()
            analysis = await loop.run_in_executor(self._executor, self._analyse, record, seat, job, cap)
            result = analysis.to_json()
            at = self.now()
            with contextlib.suppress(IntegrityError):  # another process stored the same one a moment earlier
                await self.db.write(lambda c: coach_storage.save_analysis(c, table_id, seat, budget, result, at))
        except Cancelled:
            if cap.exceeded:
                self._fail(
                    job,
                    f"the analysis needed more than {self.settings.analysis_cpu_seconds:g} CPU-seconds"
                    " (this server's limit) and was stopped",
                )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.exception("analysis of table %s seat %d failed", table_id, seat)
            self._fail(job, f"the analysis failed: {exc}")
        finally:
            if self._jobs.get(job.key) is job:
                del self._jobs[job.key]
            if job.state == RUNNING:
                self._running -= 1
                self._hand_on()

    def _hand_on(self) -> None:
        """Free threads go to the waiting jobs in turn by address: the address served longest
        ago first (never served: first of all), then the job asked for first."""
        while self._running < self.settings.analysis_threads:
            waiting = [job for job in self._jobs.values() if job.state == QUEUED and job.task is not None]
            if not waiting:
                return
            job = min(waiting, key=lambda j: self._served.get(j.client, -1))  # min keeps the first of equals
            job.state = RUNNING
            self._running += 1
            self._turn += 1
            self._served.pop(job.client, None)
            self._served[job.client] = self._turn
            while len(self._served) > SERVED_KEPT:
                self._served.popitem(last=False)
            job.turn.set()

    def _bump_for(self, client: str) -> bool:
        """Make room in a full queue for ``client``, which has nothing under way: the newest
        waiting job of the address served most recently goes, if that address was served more
        recently than ``client``. Whether room was made."""
        waiting = [job for job in self._jobs.values() if job.state == QUEUED]
        if not waiting:
            return False
        greedy = max(waiting, key=lambda j: self._served.get(j.client, -1))
        if self._served.get(greedy.client, -1) <= self._served.get(client, -1):
            return False
        newest = [job for job in waiting if job.client == greedy.client][-1]
        self._jobs.pop(newest.key, None)
        self._fail(newest, BUMPED)
        if newest.task is not None:
            newest.task.cancel()
        return True

    def _analyse(self, record: Mapping[str, JsonValue], seat: int, job: Job, cap: CpuCap) -> Analysis:
        iterations = int(job.key[2].removeprefix("iterations="))
        return analyse(record, seat, iterations=iterations, on_progress=job.progress, should_stop=cap)

    def _fail(self, job: Job, reason: str) -> None:
        self._failed[job.key] = reason
        while len(self._failed) > FAILURES_KEPT:
            self._failed.popitem(last=False)

    async def _done(self, live: LiveTable, seat: int, budget: str, stored: StoredAnalysis) -> AnalysisStatus:
        """The stored analysis, with the replay step of each of the seat's decisions (for the
        page's timeline and graph)."""
        steps = seat_steps(await self._decisions(live), seat)
        analysis: dict[str, object] = dict(stored)
        analysis["decisions"] = [dict(d, step=steps.get(d["move"])) for d in stored["decisions"]]
        analysis["steps"] = sorted(steps.values())  # the step of each win chance, in order
        return {"status": DONE, "seat": seat, "budget": budget, "analysis": analysis}

    # ----- hints --------------------------------------------------------------------------------
    async def hint(self, table_id: str, seat: int, token: str | None, client: str) -> HintAnswer:
        """The coach's move for the seat to act, from its information only (unrated tables)."""
        live = await self.cache.get(table_id)
        if live.row.rated:
            raise ApiError(409, "hints_off", "hints are off at rated tables")
        seat = await self.play.check_seat(live, seat, token)
        if live.row.status != PLAYING or live.state.current_player() != seat:
            raise ApiError(409, "not_your_turn", "a hint is for the seat to act, while the game is in play")
        version, state = live.row.version, live.state.clone()
        move = len(state.history())
        hint = await self._hint_for((live.row.id, version, seat, self.settings.hint_seconds), state, client)
        await self.db.write(lambda c: coach_storage.add_hint(c, live.row.id, seat, move, self.now()))
        for sub in live.subscribers:  # who asked and where; never what was suggested
            sub.offer({"type": "hint_used", "seat": seat, "move": move})
        return {"seat": seat, "version": version, "move": move, "hint": hint}

    async def _hint_for(self, key: tuple[str, int, int, float], state: State, client: str) -> Hint:
        """The hint kept for ``key``, the one under way for it, or a new one."""
        kept = self._hints.get(key)
        if kept is not None:
            self._hints.move_to_end(key)
            return kept
        under_way = self._hints_under_way.get(key)
        if under_way is not None:
            return await asyncio.shield(under_way)
        if self._hinting.get(client, 0) >= self.settings.hints_per_client:
            raise ApiError(429, "hint_busy", "wait for the hint you asked for before asking again", retry_after=1)
        future: asyncio.Future[Hint] = asyncio.get_running_loop().create_future()
        self._hints_under_way[key] = future
        self._hinting[client] = self._hinting.get(client, 0) + 1
        try:
            hint = await self.pool.run(client, True, self._suggest, (state, key[2], len(state.history())))
            future.set_result(hint)
            self._hints[key] = hint
            while len(self._hints) > HINTS_KEPT:
                self._hints.popitem(last=False)
            return hint
        except BaseException as exc:
            future.set_exception(exc if isinstance(exc, Exception) else ApiError(503, "unavailable", "try again"))
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._hints_under_way[key]
            left = self._hinting[client] - 1
            if left:
                self._hinting[client] = left
            else:
                del self._hinting[client]

    def _suggest(self, job: tuple[State, int, int]) -> Hint:
        state, seat, move = job
        hint = suggest(state, seat, seconds=self.settings.hint_seconds, seed=move)
        return {"action": hint.action, "text": hint.text, "win_chance": hint.win_chance}

    async def hints(self, table_id: str) -> list[dict[str, int]]:
        """Where hints were used at a finished table: ``{"seat", "step"}`` (replay steps)."""
        live = await self.cache.get(table_id)
        check_may_see(live.row, None)
        used = await self.db.read(lambda c: coach_storage.load_hints(c, live.row.id))
        if not used:
            return []
        decisions = await self._decisions(live)
        return [{"seat": h["seat"], "step": step_of(decisions, h["move"])} for h in used]

    async def _decisions(self, live: LiveTable) -> list[tuple[int, int]]:
        """Who decided at which history index, for a finished table (built once, kept with the
        replay pictures)."""
        return await self.rebuilder.cached(("decisions", live.row.id), players_at_decisions, live)
