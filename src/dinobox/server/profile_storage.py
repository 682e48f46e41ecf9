"""Storage of profiles and ratings, behind plain functions over SQLAlchemy (schema revision
``0005_profiles``).

- ``profiles``: a public id, a name, and the SHA-256 of the secret key the browser keeps (the
  key itself is never stored). A key reads ``<profile id>.<secret>``: the id finds the row, and
  the hashes are compared in constant time.
- ``profile_games``: one row per seat a profile held at a finished table (the profile page).
- ``ratings``: one OpenSkill rating per player per game; a player is ``profile:<id>`` or
  ``bot:<spec>`` (``dinobox.ratings``), so bot levels share the people's ladder.
- ``rating_changes``: what one rated table changed, seat by seat (its rows also mark the table
  as rated already: a table is rated once).

``record_finish`` is the hook the table service calls in the transaction that stores a table's
last move, so a finished rated table and its rating changes are committed together.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from dataclasses import dataclass
from typing import TypedDict

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, false, func, insert, select, update
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import SQLAlchemyError

from dinobox.engine.state import State
from dinobox.ratings import Rating, bot_player, damped, profile_player, rate_game, standings, standings_of
from dinobox.server.outcomes import aborted, early_end, places_with_leavers
from dinobox.server.storage import TableRow, metadata, tables_t

log = logging.getLogger("dinobox.server")

profiles_t = Table(
    "profiles",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(40), nullable=False),
    Column("key_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
)

profile_games_t = Table(
    "profile_games",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("profile_id", String(32), nullable=False),
    Column("game", String(64), nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("place", Integer, nullable=False),
    Column("finished", Float, nullable=False),
    Column("left", String(16), nullable=True),  # how the person left it unfinished (None: played it out)
    Index("profile_games_profile", "profile_id", "finished"),
)

ratings_t = Table(
    "ratings",
    metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(250), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("ordinal", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
    Index("ratings_game_ordinal", "game", "ordinal"),
)

rating_changes_t = Table(
    "rating_changes",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("game", String(64), nullable=False),
    Column("player", String(250), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
)


class NotRatedError(ValueError):
    """A table that is not rated (or not finished) cannot change ratings."""


class ProfileJson(TypedDict):
    id: str
    name: str
    created: float


class ProfileGame(TypedDict):
    """One finished game of a profile's: where it sat, its place, and how it left (if it did)."""

    table: str
    seat: int
    game: str
    place: int
    rated: bool
    finished: float
    left: str | None


class RatingChange(TypedDict):
    """What a rated table changed for one seat (``mu``, ``sigma`` and ``ordinal`` before and after)."""

    place: int
    before: dict[str, float]
    after: dict[str, float]


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    created: float

    def to_json(self) -> ProfileJson:
        return {"id": self.id, "name": self.name, "created": self.created}


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_key(profile_id: str) -> str:
    return f"{profile_id}.{secrets.token_urlsafe(24)}"


def _profile(row: Row[tuple[object, ...]]) -> Profile:
    return Profile(row.id, row.name, row.created)


# ----- profiles ---------------------------------------------------------------------------------
def insert_profile(conn: Connection, profile: Profile, key: str) -> None:
    conn.execute(
        insert(profiles_t).values(id=profile.id, name=profile.name, key_hash=hash_key(key), created=profile.created)
    )


def load_profile(conn: Connection, profile_id: str) -> Profile | None:
    row = conn.execute(select(profiles_t).where(profiles_t.c.id == profile_id)).first()
    return _profile(row) if row is not None else None


def profile_by_key(conn: Connection, key: str) -> Profile | None:
    """The profile whose secret ``key`` this is, or ``None`` (unknown profile, wrong secret)."""
    profile_id, dot, _secret = key.partition(".")
    if not dot or not profile_id:
        return None
    row = conn.execute(select(profiles_t).where(profiles_t.c.id == profile_id)).first()
    if row is None or not hmac.compare_digest(row.key_hash, hash_key(key)):
        return None
    return _profile(row)


def rename_profile(conn: Connection, profile_id: str, name: str) -> None:
    conn.execute(update(profiles_t).where(profiles_t.c.id == profile_id).values(name=name))


def profile_names(conn: Connection, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = conn.execute(select(profiles_t.c.id, profiles_t.c.name).where(profiles_t.c.id.in_(ids)))
    return {r.id: r.name for r in rows}


def profile_games(conn: Connection, profile_id: str, limit: int = 100) -> list[ProfileGame]:
    """The profile's finished games, newest first: table, seat, game, place, rated, when."""
    query = (
        select(profile_games_t)
        .where(profile_games_t.c.profile_id == profile_id)
        .order_by(profile_games_t.c.finished.desc())
        .limit(limit)
    )
    return [
        {
            "table": r.table_id,
            "seat": r.seat,
            "game": r.game,
            "place": r.place,
            "rated": bool(r.rated),
            "finished": r.finished,
            "left": r.left,
        }
        for r in conn.execute(query)
    ]


def reliability(conn: Connection, profile_id: str) -> dict[str, dict[str, int]]:
    """Per game, the profile's finished games and how many of them its person left unfinished
    (resigned, lost on time or was claimed abandoned), shown beside its ratings."""
    query = (
        select(profile_games_t.c.game, func.count(), func.count(profile_games_t.c.left))
        .where(profile_games_t.c.profile_id == profile_id)
        .group_by(profile_games_t.c.game)
    )
    return {game: {"games": int(total), "unfinished": int(left)} for game, total, left in conn.execute(query)}


def tables_in_play(conn: Connection, profile_id: str, limit: int = 20) -> list[str]:
    """The tables in play where a seat was taken with the profile, last moved first (at most
    ``limit``; neither private nor quarantined: a private table's address is for its seats). The
    seats are found in the stored seats' JSON by the profile's entry, as ``TableRow`` writes it."""
    entry = json.dumps({"profile": profile_id})[1:-1]
    query = (
        select(tables_t.c.id)
        .where(
            tables_t.c.status == "playing",
            tables_t.c.problem.is_(None),
            tables_t.c.private.is_(false()),
            tables_t.c.seats.contains(entry, autoescape=True),
        )
        .order_by(tables_t.c.updated.desc())
        .limit(limit)
    )
    return [r[0] for r in conn.execute(query)]


# ----- ratings ----------------------------------------------------------------------------------
def _rating(row: Row[tuple[object, ...]]) -> Rating:
    return Rating(row.mu, row.sigma, row.games)


def load_ratings(conn: Connection, game: str, players: list[str], lock: bool = False) -> dict[str, Rating]:
    """The stored ratings of these players in ``game`` (``lock``: for update, so concurrent
    server processes rating the same players wait for each other)."""
    if not players:
        return {}
    query = (
        select(ratings_t)
        .where(ratings_t.c.game == game, ratings_t.c.player.in_(sorted(set(players))))
        .order_by(ratings_t.c.player)
    )
    if lock:
        query = query.with_for_update()
    return {r.player: _rating(r) for r in conn.execute(query)}


def player_ratings(conn: Connection, player: str) -> dict[str, Rating]:
    """One player's rating in every game it has one in."""
    query = select(ratings_t).where(ratings_t.c.player == player, ratings_t.c.games > 0)
    return {r.game: _rating(r) for r in conn.execute(query)}


def leaderboard(conn: Connection, game: str, limit: int = 100) -> list[tuple[str, Rating]]:
    """``(player, rating)`` in ``game``, highest ordinal first."""
    query = (
        select(ratings_t)
        .where(ratings_t.c.game == game, ratings_t.c.games > 0)
        .order_by(ratings_t.c.ordinal.desc(), ratings_t.c.player)
        .limit(limit)
    )
    return [(r.player, _rating(r)) for r in conn.execute(query)]


def rating_changes(conn: Connection, table_id: str) -> dict[int, RatingChange]:
    """Seat by seat, what the rated table ``table_id`` changed (empty if it changed nothing)."""
    rows = conn.execute(select(rating_changes_t).where(rating_changes_t.c.table_id == table_id))
    return {
        r.seat: {
            "place": r.place,
            "before": _belief(r.mu_before, r.sigma_before),
            "after": _belief(r.mu_after, r.sigma_after),
        }
        for r in rows
    }


def _belief(mu: float, sigma: float) -> dict[str, float]:
    rating = Rating(mu, sigma)
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(rating.ordinal, 3)}


def _store_rating(conn: Connection, game: str, player: str, rating: Rating, now: float) -> None:
    values = {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal, "games": rating.games, "updated": now}
    conn.execute(update(ratings_t).where(ratings_t.c.game == game, ratings_t.c.player == player).values(**values))


def ensure_ratings(conn: Connection, game: str, players: list[str], now: float) -> None:
    """Give every player a rating row (a newcomer's) unless it has one: an insert that skips
    existing rows, so two server processes rating a new player at once do not collide, and the
    rows are then locked in one order (players sorted) by ``load_ratings``."""
    fresh = Rating()
    rows = [
        {
            "game": game,
            "player": p,
            "mu": fresh.mu,
            "sigma": fresh.sigma,
            "ordinal": fresh.ordinal,
            "games": 0,
            "updated": now,
        }
        for p in sorted(set(players))
    ]
    if not rows:
        return
    dialect = conn.dialect.name
    if dialect == "postgresql":
        from sqlalchemy.dialects import postgresql

        conn.execute(postgresql.insert(ratings_t).values(rows).on_conflict_do_nothing())
        return
    if dialect == "sqlite":
        from sqlalchemy.dialects import sqlite

        conn.execute(sqlite.insert(ratings_t).values(rows).on_conflict_do_nothing())
        return
    have = load_ratings(conn, game, players)  # other databases: no concurrent first ratings
    missing = [r for r in rows if r["player"] not in have]
    if missing:
        conn.execute(insert(ratings_t), missing)


LADDER_ALIASES = {"medium": "heuristic"}  # one bot under two names: one ladder entry


def ladder_spec(spec: str) -> str:
    """The bot level a seat's (canonical) spec stands for on the server's ladder."""
    return LADDER_ALIASES.get(spec.strip(), spec.strip())


def seat_players(row: TableRow) -> list[str | None]:
    """Who is rated for each seat: a profile, a bot level, or ``None`` (a person without one)."""
    out: list[str | None] = []
    for seat in row.seats:
        if seat.get("left"):  # a leaver's seat, a bot playing it on: the leaver is rated for it
            out.append(profile_player(str(seat["profile"])) if seat.get("profile") else None)
        elif seat.get("type") == "bot":
            out.append(bot_player(ladder_spec(str(seat.get("bot")))))
        elif seat.get("profile"):
            out.append(profile_player(str(seat["profile"])))
        else:
            out.append(None)
    return out


def apply_rating(conn: Connection, row: TableRow, places: list[int], now: float | None = None) -> dict[str, Rating]:
    """Update the ratings from the finished rated table ``row`` whose seats finished at
    ``places``. Refused (``NotRatedError``, nothing written) for a table that is not rated or
    not finished; a table already rated changes nothing the second time."""
    if not row.rated:
        raise NotRatedError(f"table {row.id} is not rated: its result changes no rating")
    if row.status != "finished":
        raise NotRatedError(f"table {row.id} is not finished")
    if len(places) != row.players:
        raise NotRatedError(f"table {row.id} has {row.players} seats, not {len(places)} places")
    done = conn.execute(select(rating_changes_t.c.seat).where(rating_changes_t.c.table_id == row.id)).first()
    if done is not None:
        return {}
    now = time.time() if now is None else now
    # A person without a profile (an older table) takes part in the standings with a fresh,
    # unstored rating of their own.
    players = [p or f"guest:{row.id}:{s}" for s, p in enumerate(seat_players(row))]
    ensure_ratings(conn, row.game, [p for p in players if not p.startswith("guest:")], now)
    known = load_ratings(conn, row.game, players, lock=True)
    weight = repeat_weight(conn, row.game, [p for p in players if p.startswith("profile:")], now)
    new = {p: damped(known.get(p, Rating()), r, weight) for p, r in rate_game(players, places, known).items()}
    for player, rating in new.items():
        if not player.startswith("guest:"):
            _store_rating(conn, row.game, player, rating, now)
    if new:
        changes = []
        for seat, player in enumerate(players):
            before, after = known.get(player, Rating()), new[player]
            changes.append(
                {
                    "table_id": row.id,
                    "seat": seat,
                    "game": row.game,
                    "player": player,
                    "place": places[seat],
                    "mu_before": before.mu,
                    "sigma_before": before.sigma,
                    "mu_after": after.mu,
                    "sigma_after": after.sigma,
                    "at": now,
                }
            )
        conn.execute(insert(rating_changes_t), changes)
    return {p: r for p, r in new.items() if not p.startswith("guest:")}


REPEAT_WINDOW = 7 * 24 * 3600.0
"""Rated games between the same two profiles within this many seconds count less and less."""
REPEAT_DECAY = 0.5
"""Each earlier rated game of the same pair of profiles in the window halves what the next one counts."""


def repeat_weight(conn: Connection, game: str, profiles: list[str], now: float) -> float:
    """How much a rated game counts: ``REPEAT_DECAY ** k``, ``k`` the most rated games of
    ``game`` any two of ``profiles`` played together in the last ``REPEAT_WINDOW`` (docs/server.md)."""
    if len(set(profiles)) < 2:
        return 1.0
    query = select(rating_changes_t.c.table_id, rating_changes_t.c.player).where(
        rating_changes_t.c.game == game,
        rating_changes_t.c.at >= now - REPEAT_WINDOW,
        rating_changes_t.c.player.in_(sorted(set(profiles))),
    )
    at: dict[str, set[str]] = {}
    for table_id, player in conn.execute(query):
        at.setdefault(table_id, set()).add(player)
    pairs: dict[tuple[str, str], int] = {}
    for met in at.values():
        ordered = sorted(met)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                pairs[(a, b)] = pairs.get((a, b), 0) + 1
    return float(REPEAT_DECAY ** max(pairs.values(), default=0))


def forfeit_places(row: TableRow) -> list[int]:
    """A game a seat lost on time or by resigning (``outcomes``): that seat last, the others tied first."""
    ended = early_end(row)
    assert ended is not None
    return standings([0.0] * row.players, [s for s in range(row.players) if s != ended[0]])


def left_how(row: TableRow, seat: int) -> str | None:
    """How the person of ``seat`` left the game unfinished (``None``: they played it out)."""
    left = row.seats[seat].get("left")
    if left:
        return str(left.get("how"))
    ended = early_end(row)
    if ended is not None and ended[0] == seat and ended[1] != "cancelled":
        return ended[1]
    return None


def record_finish(conn: Connection, row: TableRow, state: State) -> None:
    """The table service's hook when ``row`` has just finished (in the transaction storing its
    last move): each profile's seat joins that profile's games, and a rated table's standings
    update the ratings. A failure of the rating arithmetic is logged and rates nothing; the
    game still ends."""
    now = time.time()
    try:
        places = places_with_leavers(row, standings_of(state) if early_end(row) is None else forfeit_places(row))
    except Exception:
        log.exception("table %s: no standings; nothing rated", row.id)
        return
    games = [
        {
            "table_id": row.id,
            "seat": s["seat"],
            "profile_id": s["profile"],
            "game": row.game,
            "rated": row.rated and not aborted(row),
            "place": places[s["seat"]],
            "finished": now,
            "left": left_how(row, s["seat"]),
        }
        for s in row.seats
        if s.get("profile")
    ]
    if games:
        known = {r[0] for r in conn.execute(select(profile_games_t.c.seat).where(profile_games_t.c.table_id == row.id))}
        games = [g for g in games if g["seat"] not in known]
        if games:
            conn.execute(insert(profile_games_t), games)
    if row.rated and not aborted(row):
        try:
            apply_rating(conn, row, places, now)
        except SQLAlchemyError:
            raise  # the store's own trouble: the commit is retried or fails as any other
        except Exception:  # the game still ends (a newcomer's row with no games may stay: ladders skip it)
            log.exception("table %s: its result could not be rated", row.id)
