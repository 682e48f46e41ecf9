"""The FastAPI application: storage, the table service, one router per resource, the page."""

from __future__ import annotations

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
from dinobox.server.db import Database
from dinobox.server.errors import ApiError
from dinobox.server.routers import games, pages, tables, ws
from dinobox.server.routers.pages import WEB
from dinobox.server.storage import default_db_url
from dinobox.server.tables import TableService

log = logging.getLogger("dinobox.server")


def create_app(
    db_url: str | None = None, rng: random.Random | None = None, bot_threads: int = 4, gc_tuning: bool = True
) -> FastAPI:
    """The whole server. ``db_url`` is any SQLAlchemy URL (default: a SQLite file);
    ``rng`` seeds new tables (tests); chance itself follows each table's secret seed."""
    url = db_url or default_db_url()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if gc_tuning:
            # Many short-lived clones: collect the young generation less often, and leave the
            # objects alive at start-up out of full collections (long pauses hurt every table).
            gc.freeze()
            gc.set_threshold(20_000, 20, 50)
        db = Database(url)
        svc = TableService(db, rng=rng, bot_threads=bot_threads)
        app.state.db = db
        app.state.service = svc
        resumed = await svc.resume_all()
        if resumed:
            log.info("resumed %d tables in play", resumed)
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
        code = "not_found" if exc.status_code == 404 else "http_error"
        return JSONResponse({"error": str(exc.detail), "code": code}, status_code=exc.status_code)

    @app.get("/api/health", tags=["meta"])
    def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__}

    app.include_router(games.router)
    app.include_router(games.files)
    app.include_router(tables.router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    return app
