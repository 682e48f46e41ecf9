"""``/api/games``: the registered games, their options and their documented rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse

from dinobox.bots import bot_kinds
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_class, game_ids
from dinobox.server.errors import not_found

router = APIRouter(prefix="/api", tags=["games"])

RULES_DIR = Path(__file__).resolve().parents[4] / "docs" / "rules"


def game_info(game_id: str) -> dict[str, Any]:
    cls = game_class(game_id)
    try:
        default = cls().describe()
    except DinoboxError:  # pragma: no cover - a game without a default configuration
        default = {"players": cls.default_players or cls.min_players, "options": {}}
    return {
        "id": cls.id,
        "title": cls.title,
        "summary": cls.summary,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": default["players"],
        "option_specs": [s.to_json() for s in cls.option_specs],
        "rules_doc": f"/api/games/{cls.id}/rules" if (RULES_DIR / f"{cls.id}.md").is_file() else None,
    }


@router.get("/games")
def list_games() -> dict[str, Any]:
    """Every game this server can host, and the bot kinds it can seat."""
    games = []
    for gid in game_ids():
        try:
            games.append(game_info(gid))
        except Exception:  # a game still being written must not take the lobby down
            continue
    return {"games": games, "bots": bot_kinds()}


@router.get("/games/{game_id}")
def get_game(game_id: str) -> dict[str, Any]:
    if game_id not in game_ids():
        raise not_found(f"there is no game {game_id!r} (known: {', '.join(game_ids())})")
    return game_info(game_id)


@router.get("/games/{game_id}/rules", response_class=PlainTextResponse)
def get_rules(game_id: str) -> str:
    """The game's documented rules reading and assumptions (docs/rules/<game>.md), as Markdown."""
    if game_id not in game_ids():
        raise not_found(f"there is no game {game_id!r}")
    path = RULES_DIR / f"{game_id}.md"
    if not path.is_file():
        raise not_found(f"no documented assumptions for {game_id} in this installation (docs/rules/{game_id}.md)")
    return path.read_text(encoding="utf-8")
