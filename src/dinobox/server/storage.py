"""Storage of tables and their accepted actions, behind plain functions over SQLAlchemy.

Two tables: ``tables`` (one row per game table: configuration, component-data overrides,
seats, status, version, undo count, whether a bot or chance is to move) and ``moves`` (one
row per accepted action, player and chance alike, numbered from 0). A table is rebuilt by
replaying its moves, so nothing else about a game's state is ever stored. A table that cannot
be rebuilt any more is quarantined: ``problem`` holds the reason and the server leaves it alone.
A table with a time control keeps its clock (``clock``, JSON of ``dinobox.clocks.ClockState``)
and when the seat to act runs out (``deadline``, indexed: the server asks for the clocks that
are due); ``server_alive`` holds the last time any server process was seen running, so time
while none ran is not charged.

The schema is versioned with Alembic (``dinobox/server/migrations``): ``open_engine`` upgrades
a store to the newest revision before use, including stores made before Alembic was used.

The default is a SQLite file (WAL journal: a killed server process loses no committed row);
any SQLAlchemy URL works, e.g. ``postgresql+psycopg://user@host/dinobox``.

Every change to a stored table bumps its ``version`` with a check of the version the writer
saw, in the same transaction as the change (``save_table(..., seen=...)``): of two processes
racing for one table only one wins, the other gets ``StaleWrite``. On PostgreSQL the same
transaction sends ``NOTIFY dinobox_tables, '<id> <version>'`` (delivered on commit, in commit
order) so every server process hears of it.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

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
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.sql.elements import ColumnElement

from dinobox.clocks import ClockState
from dinobox.jsonvalue import JsonObject
from dinobox.server.wire import ChatLine, Outcome, Seat

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
    Column("undos", Integer, nullable=False, server_default="0"),  # undos so far (moves append-only between)
    Column("bot_turn", Boolean, nullable=False, server_default=false()),  # chance or a bot is to move
    Column("rated", Boolean, nullable=False, server_default=false()),  # its result updates the ratings
    Column("clock", Text, nullable=True),  # JSON of the table's ClockState (None: no time control)
    Column("deadline", Float, nullable=True),  # when the seat to act runs out of time (None: nobody's ticks)
    Column("outcome", Text, nullable=True),  # JSON: how a game ended before its rules ended it (a resignation)
    Column("silence", Float, nullable=True),  # seconds the seat to act may be silent before the others claim the win
    Index("tables_status_updated", "status", "updated"),
    Index("tables_bot_turn", "bot_turn", "status"),
    Index("tables_deadline", "deadline"),
)

alive_t = Table(
    "server_alive",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("alive", Float, nullable=False),  # wall time a server process last said it was running
)

moves_t = Table(
    "moves",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)
chat_t = Table(  # a table's chat, kept with it (replays show it)
    "chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(40), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass
class TableRow:
    """One stored table (everything but its moves)."""

    id: str
    game: str
    players: int
    options: JsonObject
    seats: list[Seat]
    status: str
    version: int
    hotseat: bool
    seed: int
    rematch_of: str | None = None
    rematch: str | None = None
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    data: JsonObject = field(default_factory=dict)
    problem: str | None = None
    private: bool = False
    undos: int = 0
    bot_turn: bool = False
    rated: bool = False
    clock: ClockState | None = None
    outcome: Outcome | None = None  # {"seat": S, "how": "resigned"}: ended before its rules ended it
    silence: float | None = None  # seconds a seat to act may be silent before the others may claim the win

    def to_db(self) -> dict[str, str | int | float | bool | None]:
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
            "undos": self.undos,
            "bot_turn": self.bot_turn,
            "rated": self.rated,
            "clock": json.dumps(self.clock.to_json()) if self.clock is not None else None,
            "deadline": self.clock.deadline() if self.clock is not None else None,
            "outcome": json.dumps(self.outcome) if self.outcome is not None else None,
            "silence": self.silence,
        }

    @classmethod
    def from_db(cls, row: Row[tuple[object, ...]]) -> TableRow:
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
            undos=m["undos"],
            bot_turn=bool(m["bot_turn"]),
            rated=bool(m["rated"]),
            clock=ClockState.from_json(json.loads(m["clock"])) if m["clock"] else None,
            outcome=json.loads(m["outcome"]) if m["outcome"] else None,
            silence=m["silence"],
        )


def default_db_url() -> str:
    """A SQLite file in the user's data directory (``$DINOBOX_HOME`` or ``~/.dinobox``)."""
    home = Path(os.environ.get("DINOBOX_HOME") or Path.home() / ".dinobox")
    home.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home / 'dinobox.sqlite3'}"


def open_engine(url: str) -> Engine:
    """An SQLAlchemy engine with the schema created. SQLite gets WAL and foreign-key pragmas."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: DBAPIConnection, _record: ConnectionPoolEntry) -> None:
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
UPGRADE_LOCK = 0x64696E6F  # the advisory lock that serialises schema upgrades ("dino")
CHANNEL = "dinobox_tables"  # PostgreSQL notification channel: one message per table change


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the store to ``revision`` with Alembic. A store made before Alembic was used (the
    tables exist, no ``alembic_version``) has the first revision's schema: it is stamped as
    such, then upgraded."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # processes starting together upgrade one at a time
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": UPGRADE_LOCK})
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


class StaleWrite(Exception):
    """The stored table is no longer at the version the writer saw: someone else changed it."""


def save_table(conn: Connection, row: TableRow, seen: int | None = None) -> None:
    """Store ``row``. With ``seen``, only if the stored version still is ``seen`` (else
    ``StaleWrite``): run it first in the transaction, so that the row stays locked until commit
    and a concurrent writer re-checks against the new version. Every process is told."""
    row.updated = time.time()
    values = row.to_db()
    del values["id"]
    query = update(tables_t).where(tables_t.c.id == row.id)
    if seen is not None:
        query = query.where(tables_t.c.version == seen)
    if conn.execute(query.values(**values)).rowcount != 1:
        raise StaleWrite(f"table {row.id} is no longer at version {seen}")
    notify(conn, row.id, row.version)


def notify(conn: Connection, table_id: str, version: int) -> None:
    """Tell every server process (PostgreSQL ``NOTIFY``, sent when the transaction commits).
    SQLite serves one process: nobody else to tell."""
    if conn.dialect.name == "postgresql":
        payload = f"{table_id} {version}"
        conn.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})


def set_bot_turn(conn: Connection, table_id: str, version: int, bot_turn: bool) -> None:
    """Correct the ``bot_turn`` flag (a table stored before it existed) without a new version."""
    query = update(tables_t).where(tables_t.c.id == table_id, tables_t.c.version == version)
    conn.execute(query.values(bot_turn=bot_turn))


def append_moves(conn: Connection, table_id: str, start: int, actions: Sequence[int]) -> None:
    if actions:
        conn.execute(
            insert(moves_t), [{"table_id": table_id, "n": start + i, "action": a} for i, a in enumerate(actions)]
        )


def add_chat(conn: Connection, table_id: str, seat: int | None, name: str, text: str, at: float) -> int:
    """Append one chat message to a table's; returns its number."""
    last = conn.execute(select(func.max(chat_t.c.n)).where(chat_t.c.table_id == table_id)).scalar()
    n = 0 if last is None else int(last) + 1
    conn.execute(insert(chat_t).values(table_id=table_id, n=n, seat=seat, name=name, text=text, at=at))
    return n


def drop_chat(conn: Connection, table_id: str, n: int) -> None:
    conn.execute(delete(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.n == n))


CHAT_NOTICE = -2  # the seat of a row that sets the table's chat (spectators on or off, a mute), not a message


def _said() -> ColumnElement[bool]:
    return or_(chat_t.c.seat.is_(None), chat_t.c.seat != CHAT_NOTICE)


def load_chat(conn: Connection, table_id: str, limit: int) -> list[ChatLine]:
    """The newest ``limit`` chat messages of a table, oldest first (spectators' carry the
    speaker's ``from`` mark: their name's last word)."""
    rows = conn.execute(
        select(chat_t).where(chat_t.c.table_id == table_id, _said()).order_by(chat_t.c.n.desc()).limit(limit)
    ).all()
    out = []
    for r in reversed(rows):
        m: ChatLine = {
            "n": r.n,
            "seat": r.seat,
            "name": r.name,
            "text": r.text,
            "at": r.at,
            "spectator": r.seat is None,
        }
        if r.seat is None:
            m["from"] = r.name.rsplit(" ", 1)[-1]
        out.append(m)
    return out


def count_chat(conn: Connection, table_id: str, spectators: bool) -> int:
    """How many messages a table's spectators (or its seats) have said."""
    kind = chat_t.c.seat.is_(None) if spectators else chat_t.c.seat != CHAT_NOTICE
    return int(conn.execute(select(func.count()).where(chat_t.c.table_id == table_id, kind)).scalar() or 0)


def load_chat_notices(conn: Connection, table_id: str) -> list[str]:
    """The texts of a table's chat settings rows, in order (``chat.ChatRules`` reads them)."""
    query = select(chat_t.c.text).where(chat_t.c.table_id == table_id, chat_t.c.seat == CHAT_NOTICE)
    return [str(t) for t in conn.execute(query.order_by(chat_t.c.n)).scalars()]


def truncate_moves(conn: Connection, table_id: str, keep: int) -> None:
    """Drop every move numbered ``keep`` or later (undo)."""
    conn.execute(delete(moves_t).where(moves_t.c.table_id == table_id, moves_t.c.n >= keep))


def load_table(conn: Connection, table_id: str) -> TableRow | None:
    row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
    return TableRow.from_db(row) if row is not None else None


def load_moves(conn: Connection, table_id: str, since: int = 0) -> list[int]:
    """The table's moves numbered ``since`` and on, in order."""
    query = select(moves_t.c.action).where(moves_t.c.table_id == table_id)
    if since:
        query = query.where(moves_t.c.n >= since)
    return [r[0] for r in conn.execute(query.order_by(moves_t.c.n))]


def load_changes(conn: Connection, table_id: str, undos: int, since: int) -> tuple[TableRow | None, list[int], bool]:
    """What a process holding the table at ``undos`` undos and ``since`` moves needs to catch up:
    the row, and either the moves from ``since`` on (``False``: append to yours) or, when an undo
    happened meanwhile, all of them (``True``: rebuild). Run it in one snapshot."""
    row = load_table(conn, table_id)
    if row is None:
        return None, [], True
    whole = row.undos != undos
    return row, load_moves(conn, table_id, 0 if whole else since), whole


def bot_turn_ids(conn: Connection, limit: int = 1000) -> list[str]:
    """Tables in play (not quarantined) where chance or a bot is to move."""
    query = select(tables_t.c.id).where(
        tables_t.c.bot_turn == true(), tables_t.c.status == "playing", tables_t.c.problem.is_(None)
    )
    return [r[0] for r in conn.execute(query.limit(limit))]


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


# ----- clocks ---------------------------------------------------------------------------------
ALIVE = "server"


def due_clocks(conn: Connection, now: float, limit: int = 100) -> list[str]:
    """Tables in play whose seat to act has run out of time by ``now``, soonest first (only a
    table in play has a deadline: the query follows the ``deadline`` index alone)."""
    query = (
        select(tables_t.c.id)
        .where(tables_t.c.deadline <= now, tables_t.c.problem.is_(None))
        .order_by(tables_t.c.deadline)
        .limit(limit)
    )
    return [r[0] for r in conn.execute(query)]


def last_alive(conn: Connection) -> float | None:
    """When a server process was last seen running (``None``: never)."""
    return conn.execute(select(alive_t.c.alive).where(alive_t.c.name == ALIVE)).scalar()


def mark_alive(conn: Connection, now: float) -> None:
    """A server process is running at ``now``."""
    if conn.execute(update(alive_t).where(alive_t.c.name == ALIVE, alive_t.c.alive < now).values(alive=now)).rowcount:
        return
    if last_alive(conn) is None:
        conn.execute(insert(alive_t).values(name=ALIVE, alive=now))


def pause_clocks(conn: Connection, now: float, grace: float) -> float:
    """At start-up: if no server process ran for more than ``grace`` seconds before ``now``,
    give every running clock that time back (its ``since`` and ``deadline`` move on). Only one
    of several processes starting together does it (the one whose update of ``server_alive``
    still finds the old value). Returns the seconds given back."""
    last = last_alive(conn)
    if last is None or now - last <= grace:
        mark_alive(conn, now)
        return 0.0
    claimed = update(alive_t).where(alive_t.c.name == ALIVE, alive_t.c.alive == last).values(alive=now)
    if conn.execute(claimed).rowcount != 1:
        return 0.0  # another process is doing it
    rows = conn.execute(
        select(tables_t.c.id, tables_t.c.clock).where(tables_t.c.deadline.is_not(None), tables_t.c.status == "playing")
    )
    for table_id, stored in list(rows):
        clock = ClockState.from_json(json.loads(stored)).paused(last, now)
        values = {"clock": json.dumps(clock.to_json()), "deadline": clock.deadline()}
        conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**values))
    return now - last
