"""The page: the lobby, a table, a replay and the "How to play" pages (static files from
``dinobox/web``, no build step)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parents[2] / "web"

router = APIRouter(include_in_schema=False)


def _page(name: str) -> FileResponse:
    return FileResponse(WEB / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@router.get("/")
def lobby() -> FileResponse:
    return _page("index.html")


@router.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    return _page("table.html")


@router.get("/replay/{table_id}")
def replay_page(table_id: str) -> FileResponse:
    return _page("replay.html")


@router.get("/how-to-play/{game_id}")
def how_to_play(game_id: str) -> FileResponse:
    return _page("howto.html")
