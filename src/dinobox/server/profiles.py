"""Profiles and ratings above storage: creating a profile, checking a key, the profile page,
a game's leaderboard and the ratings of a table's seats. Every refusal is an ``ApiError``
raised before anything is written."""

from __future__ import annotations

import time

from sqlalchemy.engine import Connection

from dinobox.engine.registry import game_class, game_ids
from dinobox.ratings import Rating, profile_player
from dinobox.server import names
from dinobox.server import profile_storage as store
from dinobox.server.db import Database
from dinobox.server.errors import ApiError, bad_request, not_found, quote
from dinobox.server.names import NAME_MAX
from dinobox.server.profile_storage import Profile, ProfileGame, RatingChange
from dinobox.server.tables import TABLE_ID, LiveTable, new_id
from dinobox.server.wire import Reply


def clean_name(name: object) -> str:
    """A profile name: 1 to 40 characters once trimmed, nothing ``names.clean`` would take out
    (control, bidi, invisible or line-breaking characters, escape sequences)."""
    if not isinstance(name, str):
        raise bad_request("'name' must be text", "bad_name")
    name = name.strip()
    if not name:
        raise bad_request("a profile needs a name (1 to 40 characters)", "bad_name")
    if len(name) > NAME_MAX:
        raise bad_request(f"a profile name has at most {NAME_MAX} characters, not {len(name)}", "bad_name")
    if names.hidden(name):
        raise bad_request(
            "a profile name cannot hold control, direction-changing or invisible characters, escape sequences or"
            " line breaks",
            "bad_name",
        )
    return " ".join(name.split())


async def create_profile(db: Database, name: object) -> tuple[Profile, str]:
    """A new profile and its secret key (shown this once, stored only as a hash)."""
    profile = Profile(new_id(), clean_name(name), time.time())
    key = store.new_key(profile.id)
    await db.write(lambda c: store.insert_profile(c, profile, key))
    return profile, key


async def profile_of_key(db: Database, key: object) -> Profile:
    """The profile a key belongs to: 401 without a key, 403 for a key that is not valid."""
    if key is None or key == "":
        raise ApiError(401, "profile_required", "this needs your profile key")
    if not isinstance(key, str) or len(key) > 200 or not TABLE_ID.fullmatch(key.partition(".")[0]):
        raise ApiError(403, "bad_profile_key", "that profile key is not valid")
    profile = await db.read(lambda c: store.profile_by_key(c, key))
    if profile is None:
        raise ApiError(403, "bad_profile_key", "that profile key is not valid (no such profile, or the wrong secret)")
    return profile


async def rename_profile(db: Database, key: object, name: object) -> Profile:
    """The key's profile under a new name (its past tables keep the name they were played under)."""
    profile = await profile_of_key(db, key)
    clean = clean_name(name)
    await db.write(lambda c: store.rename_profile(c, profile.id, clean))
    return Profile(profile.id, clean, profile.created)


async def optional_profile(db: Database, key: object) -> Profile | None:
    """``None`` without a key (people play without a profile); else as ``profile_of_key``."""
    return None if key is None else await profile_of_key(db, key)


def _title(game: str) -> str:
    try:
        return str(game_class(game).title)
    except Exception:
        return game


async def profile_page(db: Database, profile_id: str, limit: int = 100) -> Reply:
    """What anyone may see of a profile: name, ratings per game, finished games (never the key)."""
    if not isinstance(profile_id, str) or not TABLE_ID.fullmatch(profile_id):
        raise not_found(f"there is no profile {quote(profile_id)}")

    Read = tuple[
        Profile | None, dict[str, Rating], list[ProfileGame], dict[str, RatingChange | None], dict[str, dict[str, int]]
    ]

    def read(conn: Connection) -> Read:
        profile = store.load_profile(conn, profile_id)
        if profile is None:
            return None, {}, [], {}, {}
        games = store.profile_games(conn, profile_id, limit)
        changes = {g["table"]: store.rating_changes(conn, g["table"]).get(g["seat"]) for g in games if g["rated"]}
        kept = store.reliability(conn, profile_id)  # per game: finished, and left unfinished
        return profile, store.player_ratings(conn, profile_player(profile_id)), games, changes, kept

    profile, ratings, games, changes, kept = await db.read(read)
    if profile is None:
        raise not_found(f"there is no profile {quote(profile_id)}")
    return {
        "profile": profile.to_json(),
        "ratings": [
            {
                "game": game,
                "title": _title(game),
                **rating.to_json(),
                "unfinished": kept.get(game, {}).get("unfinished", 0),
            }
            for game, rating in sorted(ratings.items(), key=lambda kv: -kv[1].ordinal)
        ],
        "reliability": {
            "games": sum(r["games"] for r in kept.values()),
            "unfinished": sum(r["unfinished"] for r in kept.values()),
        },
        "games": [
            {
                **g,
                "title": _title(g["game"]),
                "replay": f"/replay/{g['table']}?seat={g['seat']}",
                "change": changes.get(g["table"]),
            }
            for g in games
        ],
    }


def check_game(game_id: object) -> str:
    if not isinstance(game_id, str) or game_id not in game_ids():
        raise not_found(f"there is no game {quote(game_id)} (known: {', '.join(game_ids())})")
    return game_id


async def leaderboard(db: Database, game_id: str, limit: int = 100) -> Reply:
    """A game's ladder: profiles and bot levels together, highest ordinal (mu - 3 sigma) first."""
    game_id = check_game(game_id)

    def read(conn: Connection) -> tuple[list[tuple[str, Rating]], dict[str, str]]:
        rows = store.leaderboard(conn, game_id, limit)
        ids = [p.removeprefix("profile:") for p, _ in rows if p.startswith("profile:")]
        return rows, store.profile_names(conn, ids)

    rows, names = await db.read(read)
    entries = []
    for place, (player, rating) in enumerate(rows, 1):
        kind, _, ident = player.partition(":")
        entry = {"place": place, "player": player, "kind": kind, **rating.to_json()}
        if kind == "profile":
            entry.update(profile=ident, name=names.get(ident, "?"))
        else:
            entry.update(profile=None, name=ident)
        entries.append(entry)
    return {"game": game_id, "title": _title(game_id), "players": entries}


async def table_ratings(db: Database, live: LiveTable) -> Reply:
    """Each seat's current rating in the table's game (profiles and bots; ``None`` for a person
    without a profile) and, once a rated table is over, what it changed."""
    row = live.row
    players = store.seat_players(row)

    def read(conn: Connection) -> tuple[dict[str, Rating], dict[int, RatingChange]]:
        known = store.load_ratings(conn, row.game, [p for p in players if p])
        return known, store.rating_changes(conn, row.id) if row.rated else {}

    known, changes = await db.read(read)
    seats = []
    for seat, player in enumerate(players):
        rating = known.get(player) if player else None
        if player is not None and rating is None:
            rating = Rating()  # unrated so far: a newcomer's rating
        seats.append(
            {
                "seat": seat,
                "player": player,
                "rating": rating.to_json() if rating is not None else None,
                "change": changes.get(seat),
            }
        )
    return {"table": row.id, "game": row.game, "rated": row.rated, "status": row.status, "seats": seats}
