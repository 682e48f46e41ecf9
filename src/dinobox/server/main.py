"""The FastAPI application: storage, the table service, one router per resource, the page."""

from __future__ import annotations

import dataclasses
import gc
import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from dinobox import __version__
from dinobox.server import storage
from dinobox.server.db import Database
from dinobox.server.errors import ApiError
from dinobox.server.limits import Limiters, LimitsMiddleware
from dinobox.server.routers import games, pages, tables, ws
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
) -> FastAPI:
    """The whole server. ``db_url`` is any SQLAlchemy URL (default: a SQLite file);
    ``rng`` seeds new tables (tests); chance itself follows each table's secret seed;
    ``settings`` holds the limits (``bot_threads`` overrides its thread count)."""
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
        svc = TableService(db, rng=rng, settings=settings)
        app.state.db = db
        app.state.service = svc
        resumed = await svc.resume_all()
        if resumed:
            log.info("resumed %d tables in play", resumed)
        svc.start_housekeeping()
        try:
            yield
        finally:
            svc.close()
            db.close()

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
    app.add_middleware(LimitsMiddleware, settings=settings, limiters=limiters)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {err.get('msg')}")
        return JSONResponse(
            {"error": "malformed request: " + "; ".join(problems), "code": "malformed"}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(exc.status_code, "http_error")
        return JSONResponse(
            {"error": str(exc.detail), "code": code}, status_code=exc.status_code, headers=getattr(exc, "headers", None)
        )

    @app.get("/api/health", tags=["meta"])
    async def health(request: Request) -> dict[str, Any]:
        """The server is up; ``live`` tables in memory; ``quarantined`` tables (that cannot be
        rebuilt from their stored moves, with the reason) are left alone until an operator looks."""
        svc: TableService = request.app.state.service
        bad = await svc.db.read(storage.quarantined)
        return {
            "ok": True,
            "version": __version__,
            "live": len(svc.live),
            "quarantined": [{"id": tid, "problem": problem} for tid, problem in bad],
        }

    app.include_router(games.router)
    app.include_router(games.files)
    app.include_router(tables.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
