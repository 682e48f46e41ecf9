"""Ratings: a game's leaderboard (people's profiles and bot levels on one ladder), the ratings
of a table's seats, and the leaderboard page."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from dinobox.server import profiles
from dinobox.server.routers.pages import WEB
from dinobox.server.wire import Reply

router = APIRouter(prefix="/api", tags=["ratings"])
pages = APIRouter(include_in_schema=False)


@router.get("/ratings/{game_id}")
async def leaderboard(
    game_id: str, request: Request, limit: int = Query(100, ge=1, le=500, description="players shown")
) -> Reply:
    """The game's ladder, highest ordinal (mu - 3 sigma) first."""
    return await profiles.leaderboard(request.app.state.db, game_id, limit)


@router.get("/tables/{table_id}/ratings")
async def table_ratings(table_id: str, request: Request) -> Reply:
    """Each seat's rating in the table's game and, once a rated table is over, its changes."""
    live = await request.app.state.service.get(table_id)
    return await profiles.table_ratings(request.app.state.db, live)


def _page() -> FileResponse:
    return FileResponse(WEB / "ratings.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


@pages.get("/ratings")
def ratings_index() -> FileResponse:
    return _page()


@pages.get("/ratings/{game_id}")
def ratings_page(game_id: str) -> FileResponse:
    return _page()
