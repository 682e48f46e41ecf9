"""``/api/profiles``: create a profile (the one answer that carries its secret key), check a
key, and a profile's public page; and the profile pages themselves."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse

from dinobox.server import profiles
from dinobox.server.routers.pages import WEB
from dinobox.server.schemas import NewProfile, ProfileKey, RenameProfile
from dinobox.server.wire import Reply

router = APIRouter(prefix="/api/profiles", tags=["profiles"])
pages = APIRouter(include_in_schema=False)


@router.post("", status_code=201)
async def create_profile(body: NewProfile, request: Request) -> Reply:
    """A new profile. The answer holds its secret key, shown this once: the browser keeps it
    (no password, no e-mail) and sends it to claim seats as this profile."""
    profile, key = await profiles.create_profile(request.app.state.db, body.name)
    return {"profile": profile.to_json(), "key": key, "link": f"/profile/{profile.id}"}


@router.post("/me")
async def whoami(body: ProfileKey, request: Request) -> Reply:
    """The profile a key belongs to (403 for a key that is not valid)."""
    profile = await profiles.profile_of_key(request.app.state.db, body.key)
    return {"profile": profile.to_json(), "link": f"/profile/{profile.id}"}


@router.post("/me/name")
async def rename(body: RenameProfile, request: Request) -> Reply:
    """Rename the key's profile (tables already played keep the name they were played under)."""
    profile = await profiles.rename_profile(request.app.state.db, body.key, body.name)
    return {"profile": profile.to_json(), "link": f"/profile/{profile.id}"}


@router.get("/{profile_id}")
async def get_profile(
    profile_id: str, request: Request, limit: int = Query(100, ge=1, le=500, description="most recent games shown")
) -> Reply:
    """A profile's public page: name, rating per game, finished games with their replays."""
    return await profiles.profile_page(request.app.state.db, profile_id, limit)


def _page(name: str) -> FileResponse:
    return FileResponse(WEB / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


@pages.get("/profile")
def my_profile_page() -> FileResponse:
    return _page("profile.html")


@pages.get("/profile/{profile_id}")
def profile_page(profile_id: str) -> FileResponse:
    return _page("profile.html")
