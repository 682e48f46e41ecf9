"""``dinobox ratings GAME [--db URL]``: a server's leaderboard; ``dinobox ratings GAME RUN_DIR...``:
the bot ladder pooled from ``dinobox simulate`` runs (the same OpenSkill ratings)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from dinobox.cli.common import console, fail, require
from dinobox.cli.summary import show_ratings
from dinobox.engine.errors import DinoboxError
from dinobox.engine.registry import game_ids


def _from_store(game_id: str, url: str, limit: int) -> list[dict[str, Any]]:
    try:
        from sqlalchemy import create_engine, inspect, make_url
        from sqlalchemy.exc import SQLAlchemyError

        from dinobox.server import profile_storage as store
    except ImportError as exc:
        raise fail(f"reading a server's store needs its extra: pip install 'dinobox[server]' ({exc})") from None
    try:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database and not Path(parsed.database).is_file():
            raise fail(f"there is no store at {parsed.database}")  # opening it would create an empty one
        engine = create_engine(url)
    except (SQLAlchemyError, ValueError, ImportError) as exc:
        raise fail(f"--db {url!r} is not a database URL this install can open: {exc}") from None
    try:
        with engine.connect() as conn:
            if "ratings" not in inspect(conn).get_table_names():
                raise fail(f"{url} holds no ratings (not a dinobox store, or one no server has upgraded yet)")
            rows = store.leaderboard(conn, game_id, limit)
            names = store.profile_names(conn, [p.removeprefix("profile:") for p, _ in rows])
    except SQLAlchemyError as exc:
        raise fail(f"cannot read {url}: {exc}") from None
    finally:
        engine.dispose()
    out = []
    for player, rating in rows:
        kind, _, ident = player.partition(":")
        name = f"{names.get(ident, '?')} (profile {ident})" if kind == "profile" else f"bot {ident}"
        out.append({"name": name, **rating.to_json()})
    return out


def ratings(
    game_id: str = typer.Argument(..., metavar="GAME", help="game id, see `dinobox games`"),
    db: str | None = typer.Option(
        None, "--db", help="SQLAlchemy URL of a server's store (default: the SQLite file `dinobox serve` uses)"
    ),
    runs: list[Path] | None = typer.Argument(
        None,
        metavar="[RUN_DIR]...",
        help="instead: pool these `dinobox simulate` output directories into one bot ladder",
    ),
    limit: int = typer.Option(50, "--limit", help="players shown"),
) -> None:
    """Print a game's leaderboard: people's profiles and bot levels (OpenSkill, mu ± sigma)."""
    if game_id not in game_ids():
        raise fail(f"there is no game {game_id!r} (known: {', '.join(game_ids())})")
    if limit < 1:
        raise fail(f"--limit must be at least 1, not {limit}")
    require("openskill", why="dinobox ratings")
    if runs and db:
        raise fail("give --db (a server's ladder) or run directories (simulator runs), not both")
    if runs:
        from dinobox.simulate.ratings import pooled_ladder  # lazy: needs openskill (checked just above)

        try:
            game, ladder = pooled_ladder(runs)
        except DinoboxError as exc:
            raise fail(str(exc)) from None
        if game != game_id:
            raise fail(f"the runs are of {game}, not {game_id}")
        show_ratings(ladder[:limit], f"{game_id}: bot ladder of {len(runs)} run(s) (interval mu ± 2 sigma)")
        return
    if db is None:
        from dinobox.server.storage import default_db_url  # lazy: needs the server extra (SQLAlchemy)

        db = default_db_url()
    board = _from_store(game_id, db, limit)
    if not board:
        console.print(f"No rated games of {game_id} yet.")
        return
    show_ratings(board, f"{game_id} leaderboard (interval mu ± 2 sigma)")
