"""``/api/games``: the registered games, their options and their documented rules; and each
game's own files (board script, How-to-play text, rules document as a page), served from the
game's package through the registry."""

from __future__ import annotations

from typing import TypedDict

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from dinobox.bots import LEVEL_INFO, bot_kinds, budget_of
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import GameEntry, game_entry, game_ids
from dinobox.jsonvalue import JsonValue
from dinobox.server.errors import not_found, quote
from dinobox.server.markdown import rules_page
from dinobox.server.wire import Reply

router = APIRouter(prefix="/api", tags=["games"])
files = APIRouter(include_in_schema=False)

RULES = "rules.md"
HOWTO = "howto.html"
BOARD = "board.js"


def _entry(game_id: str) -> GameEntry:
    if game_id not in game_ids():
        raise not_found(f"there is no game {quote(game_id)} (known: {', '.join(game_ids())})")
    return game_entry(game_id)


class GameInfo(TypedDict):
    """A game as the lobby lists it: its player counts, options, and where its documents are."""

    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    option_specs: list[dict[str, JsonValue]]
    rules_doc: str | None
    rules_page: str | None
    howto: str | None
    board: str | None


def game_info(game_id: str) -> GameInfo:
    entry = game_entry(game_id)
    cls = entry.game
    try:
        default = cls().describe()
    except DinoboxError:  # pragma: no cover - a game without a default configuration
        default = {"players": cls.default_players or cls.min_players, "options": {}}
    has = entry.resource
    return {
        "id": cls.id,
        "title": cls.title,
        "summary": cls.summary,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "default_players": default["players"],
        "option_specs": [s.to_json() for s in cls.option_specs],
        "rules_doc": f"/api/games/{cls.id}/rules" if has(RULES) else None,
        "rules_page": f"/rules/{cls.id}" if has(RULES) else None,
        "howto": f"/games/{cls.id}/howto.html" if has(HOWTO) else None,
        "board": f"/games/{cls.id}/board.js" if has(BOARD) else None,
    }


@router.get("/games")
def list_games(request: Request) -> Reply:
    """Every game this server can host, the bot kinds it can seat, the lobby's bot levels
    (weakest first, each with a label for a menu, a sentence on how strong it measures and the
    CPU-seconds it thinks a move, ``null`` for a level that does not search), and
    its rules for tables (the default silence limit and its bounds, the rated tables' time for a
    move, the most a bot may think a move)."""
    games = []
    for gid in game_ids():
        try:
            games.append(game_info(gid))
        except Exception:  # a broken plug-in must not take the lobby down
            continue
    settings = request.app.state.service.settings
    tables = {
        "silence_seconds": settings.silence_seconds,
        "min_silence_seconds": settings.min_silence_seconds,
        "max_silence_seconds": settings.max_silence_seconds,
        "rated_move_hours": settings.rated_move_hours,
        "max_bot_seconds": settings.max_bot_seconds,
    }
    levels = [
        {"bot": level.name, "label": level.label, "about": level.about, "seconds": budget_of(level.name).seconds}
        for level in LEVEL_INFO
    ]
    return {"games": games, "bots": bot_kinds(), "levels": levels, "tables": tables}


@router.get("/games/{game_id}")
def get_game(game_id: str) -> Reply:
    _entry(game_id)
    return game_info(game_id)


@router.get(
    "/games/{game_id}/rules",
    response_class=Response,
    responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}},
)
def get_rules(game_id: str) -> PlainTextResponse:
    """The game's rules reading with its assumptions, as Markdown (``/rules/<id>`` is the page)."""
    text = _entry(game_id).read_resource(RULES)
    if text is None:
        raise not_found(f"{game_id} ships no rules document")
    return PlainTextResponse(text)


def _game_file(game_id: str, name: str, media_type: str) -> Response:
    text = _entry(game_id).read_resource(name)
    if text is None:
        raise not_found(f"{game_id} ships no {name}")
    return Response(text, media_type=media_type, headers={"Cache-Control": "no-cache"})


@files.get("/games/{game_id}/board.js")
def board_script(game_id: str) -> Response:
    return _game_file(game_id, BOARD, "text/javascript")


@files.get("/games/{game_id}/howto.html")
def howto_text(game_id: str) -> Response:
    return _game_file(game_id, HOWTO, "text/html")


@files.get("/rules/{game_id}", response_class=HTMLResponse)
def rules_document(game_id: str) -> HTMLResponse:
    """The rules document rendered as a page."""
    entry = _entry(game_id)
    text = entry.read_resource(RULES)
    if text is None:
        raise not_found(f"{game_id} ships no rules document")
    return HTMLResponse(rules_page(entry.game.title, text), headers={"Cache-Control": "no-cache"})
