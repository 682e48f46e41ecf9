"""``/api/health``: is the server up, how many tables are live, which are quarantined."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from dinobox import __version__
from dinobox.server import storage
from dinobox.server.tables import TableService

router = APIRouter()


@router.get("/api/health", tags=["meta"])
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
