"""The FastAPI application: storage, the table service, one router per resource, the page."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import json
import logging
import os
import random
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from dinobox import __version__
from dinobox.server import profile_storage
from dinobox.server.connections import SocketCounter, uvicorn_limits
from dinobox.server.db import Database
from dinobox.server.errors import error_responses, install_error_handlers
from dinobox.server.headers import SecurityHeadersMiddleware
from dinobox.server.limits import Limiters, LimitsMiddleware
from dinobox.server.peers import peers_for
from dinobox.server.routers import coach, games, health, pages, profiles, ratings, tables, ws
from dinobox.server.routers.pages import WEB
from dinobox.server.settings import Settings
from dinobox.server.storage import default_db_url
from dinobox.server.tables import TableService

log = logging.getLogger("dinobox.server")


def create_app(
    db_url: str | None = None,
    rng: random.Random | None = None,
    bot_threads: int | None = None,
    gc_tuning: bool = True,
    settings: Settings | None = None,
    now: Callable[[], float] | None = None,
) -> FastAPI:
    """The whole server. ``db_url`` is any SQLAlchemy URL (default: a SQLite file);
    ``rng`` seeds new tables (tests); chance itself follows each table's secret seed;
    ``settings`` holds the limits (``bot_threads`` overrides its thread count); ``now`` is the
    clocks' time source (wall time; tests inject their own)."""
    url = db_url or default_db_url()
    settings = settings or Settings()
    if bot_threads is not None:
        settings = dataclasses.replace(settings, bot_threads=bot_threads)
    limiters = Limiters(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if gc_tuning:
            # Many short-lived clones: collect the young generation less often, and leave the
            # objects alive at start-up out of full collections (long pauses hurt every table).
            gc.freeze()
            gc.set_threshold(20_000, 20, 50)
        db = Database(url)
        svc = TableService(db, rng=rng, settings=settings, peers=peers_for(db.engine), now=now or time.time)
        svc.on_finish.append(profile_storage.record_finish)
        app.state.db = db
        db.health.install()  # a loop's store-unreachable failures: counted, one line an outage
        app.state.service = svc
        await svc.start_peers()  # listening before anything is loaded: no change goes unheard
        resumed = await svc.resume_all()
        if resumed:
            log.info("resumed %d tables in play", resumed)
        svc.start_housekeeping()
        try:
            yield
        finally:
            with contextlib.suppress(Exception):
                await svc.clocks.beat_now()  # clocks stop here until a server runs again
            svc.close()
            await svc.peers.close()
            db.close()
            db.health.remove()

    app = FastAPI(
        title="dinobox",
        version=__version__,
        summary="Tables for four dinosaur tabletop games: people, hotseat and bots.",
        lifespan=lifespan,
        docs_url=None,  # the interactive docs page loads scripts from a CDN: no network at runtime
        redoc_url=None,
    )
    app.state.db_url = url
    app.state.settings = settings
    app.state.limiters = limiters
    app.state.sockets = SocketCounter(settings.sockets_per_address)
    app.add_middleware(LimitsMiddleware, settings=settings, limiters=limiters)
    app.add_middleware(SecurityHeadersMiddleware)  # outermost: refusals carry the headers too

    install_error_handlers(app)
    refusals = error_responses()  # declared in the OpenAPI document with the error body's schema
    app.include_router(health.router, responses=refusals)
    app.include_router(games.router, responses=refusals)
    app.include_router(games.files)
    app.include_router(tables.router, responses=refusals)
    app.include_router(coach.router, responses=refusals)
    app.include_router(profiles.router, responses=refusals)
    app.include_router(ratings.router, responses=refusals)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(profiles.pages)
    app.include_router(ratings.pages)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app


APP_ENVIRONMENT = "DINOBOX_SERVER_APP"  # how ``dinobox serve --workers N`` hands its settings to each worker


def app_environment(db_url: str, settings: Settings) -> str:
    """What ``app_from_environment`` reads back in every worker process."""
    return json.dumps({"db_url": db_url, "settings": dataclasses.asdict(settings)})


def app_from_environment() -> FastAPI:
    """The app of one worker process of ``dinobox serve --workers N`` (a uvicorn factory)."""
    config = json.loads(os.environ[APP_ENVIRONMENT])
    settings = Settings(**config["settings"])
    uvicorn_limits(settings)  # this worker's protocol takes the header timeout
    return create_app(config["db_url"], settings=settings)
