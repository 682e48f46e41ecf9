"""Storage of tables and their accepted actions, behind plain functions over SQLAlchemy.

Two tables: ``tables`` (one row per game table: configuration, component-data overrides,
seats, status, version) and ``moves`` (one row per accepted action, player and chance alike,
numbered from 0). A table is rebuilt by replaying its moves, so nothing else about a game's
state is ever stored. A table that cannot be rebuilt any more is quarantined: ``problem`` holds
the reason and the server leaves it alone.

The schema is versioned with Alembic (``dinobox/server/migrations``): ``open_engine`` upgrades
a store to the newest revision before use, including stores made before Alembic was used.

The default is a SQLite file (WAL journal: a killed server process loses no committed row);
any SQLAlchemy URL works, e.g. ``postgresql+psycopg://user@host/dinobox``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    false,
    insert,
    inspect,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object
    Column("seats", Text, nullable=False),  # JSON list of seat dicts (token hashes included)
    Column("status", String(16), nullable=False),  # waiting | playing | finished
    Column("version", Integer, nullable=False),
    Column("hotseat", Boolean, nullable=False, default=False),
    Column("seed", BigInteger, nullable=False),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("data", Text, nullable=False, server_default="{}"),  # JSON object: component-data overrides
    Column("problem", Text, nullable=True),  # why the table is quarantined (None: it is fine)
    Column("private", Boolean, nullable=False, server_default=false()),  # kept out of the public lobby
    Index("tables_status_updated", "status", "updated"),
)

moves_t = Table(
    "moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)


@dataclass
class TableRow:
    """One stored table (everything but its moves)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    version: int
    hotseat: bool
    seed: int
    rematch_of: str | None = None
    rematch: str | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    data: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    private: bool = False

    def to_db(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": json.dumps(self.options),
            "seats": json.dumps(self.seats),
            "status": self.status,
            "version": self.version,
            "hotseat": self.hotseat,
            "seed": self.seed,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "created": self.created,
            "updated": self.updated,
            "data": json.dumps(self.data),
            "problem": self.problem,
            "private": self.private,
        }

    @classmethod
    def from_db(cls, row: Any) -> TableRow:
        m = row._mapping
        return cls(
            id=m["id"],
            game=m["game"],
            players=m["players"],
            options=json.loads(m["options"]),
            seats=json.loads(m["seats"]),
            status=m["status"],
            version=m["version"],
            hotseat=bool(m["hotseat"]),
            seed=m["seed"],
            rematch_of=m["rematch_of"],
            rematch=m["rematch"],
            created=m["created"],
            updated=m["updated"],
            data=json.loads(m["data"] or "{}"),
            problem=m["problem"],
            private=bool(m["private"]),
        )


def default_db_url() -> str:
    """A SQLite file in the user's data directory (``$DINOBOX_HOME`` or ``~/.dinobox``)."""
    import os

    home = Path(os.environ.get("DINOBOX_HOME") or Path.home() / ".dinobox")
    home.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home / 'dinobox.sqlite3'}"


def open_engine(url: str) -> Engine:
    """An SQLAlchemy engine with the schema created. SQLite gets WAL and foreign-key pragmas."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            if ":memory:" not in url:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()
    else:
        engine = create_engine(url, pool_pre_ping=True)
    upgrade(engine)
    return engine


MIGRATIONS = Path(__file__).resolve().parent / "migrations"
FIRST_REVISION = "0001"


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the store to ``revision`` with Alembic. A store made before Alembic was used (the
    tables exist, no ``alembic_version``) has the first revision's schema: it is stamped as
    such, then upgraded."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        names = set(inspect(conn).get_table_names())
        if "tables" in names and "alembic_version" not in names:
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, revision)


def schema_revision(conn: Connection) -> str | None:
    """The store's Alembic revision (``None`` before any)."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(conn).get_current_revision()


# ----- the operations (each runs in one transaction) ------------------------------------------
def insert_table(conn: Connection, row: TableRow) -> None:
    conn.execute(insert(tables_t).values(**row.to_db()))


def save_table(conn: Connection, row: TableRow) -> None:
    row.updated = time.time()
    values = row.to_db()
    del values["id"]
    conn.execute(update(tables_t).where(tables_t.c.id == row.id).values(**values))


def append_moves(conn: Connection, table_id: str, start: int, actions: Sequence[int]) -> None:
    if actions:
        conn.execute(
            insert(moves_t), [{"table_id": table_id, "n": start + i, "action": a} for i, a in enumerate(actions)]
        )


def truncate_moves(conn: Connection, table_id: str, keep: int) -> None:
    """Drop every move numbered ``keep`` or later (undo)."""
    conn.execute(delete(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.n >= keep))


def load_table(conn: Connection, table_id: str) -> TableRow | None:
    row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
    return TableRow.from_db(row) if row is not None else None


def load_moves(conn: Connection, table_id: str) -> list[int]:
    rows = conn.execute(select(moves_t.c.action).where(moves_t.c.table_id == table_id).order_by(moves_t.c.n))
    return [r[0] for r in rows]


def list_tables(conn: Connection, statuses: Sequence[str], limit: int = 100) -> list[TableRow]:
    """The public lobby: tables with these statuses, newest first, neither private nor quarantined."""
    rows = conn.execute(
        select(tables_t)
        .where(tables_t.c.status.in_(list(statuses)), tables_t.c.problem.is_(None), tables_t.c.private.is_(false()))
        .order_by(tables_t.c.updated.desc())
        .limit(limit)
    )
    return [TableRow.from_db(r) for r in rows]


def table_ids_with_status(conn: Connection, status: str) -> list[str]:
    """Tables with this status that are not quarantined."""
    query = select(tables_t.c.id).where(tables_t.c.status == status, tables_t.c.problem.is_(None))
    return [r[0] for r in conn.execute(query)]


def quarantine(conn: Connection, table_id: str, problem: str) -> None:
    """Mark a table that cannot be rebuilt: the server skips it from now on."""
    conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(problem=problem))


def quarantined(conn: Connection, limit: int = 100) -> list[tuple[str, str]]:
    """``(table id, problem)`` of quarantined tables, newest first."""
    query = select(tables_t.c.id, tables_t.c.problem).where(tables_t.c.problem.is_not(None))
    return [(r[0], r[1]) for r in conn.execute(query.order_by(tables_t.c.updated.desc()).limit(limit))]
