"""``/api/health``: is the server up, can it reach its store, how many tables are live, which
are quarantined."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from dinobox import __version__
from dinobox.server import storage
from dinobox.server.errors import STORE_DOWN, STORE_RETRY_SECONDS
from dinobox.server.tables import TableService

router = APIRouter()


@router.get("/api/health", tags=["meta"])
async def health(request: Request) -> Any:
    """The server is up; ``store`` is ``ok`` or ``unreachable`` (then the answer is 503 with
    ``Retry-After``); ``live`` tables in memory; ``quarantined`` tables (that cannot be rebuilt
    from their stored moves, with the reason) are left alone until an operator looks."""
    svc: TableService = request.app.state.service
    body: dict[str, object] = {"ok": True, "version": __version__, "store": "ok", "live": len(svc.live)}
    try:
        bad = await svc.db.read(storage.quarantined)
    except STORE_DOWN:
        body.update(ok=False, store="unreachable", quarantined=[])
        return JSONResponse(body, status_code=503, headers={"Retry-After": str(STORE_RETRY_SECONDS)})
    body["quarantined"] = [{"id": tid, "problem": problem} for tid, problem in bad]
    return body
