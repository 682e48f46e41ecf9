"""Storage of the coach's work on a table (schema revision ``0007_coach``), behind plain
functions over SQLAlchemy.

- ``analyses``: one finished game's analysis for one seat under one budget (the JSON of
  ``dinobox.coach.Analysis``), kept with the table: a second request is read, not computed.
- ``hints``: each hint a seat asked for, at which move (the index of its decision in the
  table's history). Who asked where is public (a replay marks it); what was suggested is not
  stored: it went to that seat alone.
"""

from __future__ import annotations

import json

from sqlalchemy import Column, Float, Integer, String, Table, Text, func, insert, select
from sqlalchemy.engine import Connection

from dinobox.coach.analysis import AnalysisJson
from dinobox.server.storage import metadata
from dinobox.server.wire import StoredAnalysis

analyses_t = Table(
    "analyses",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("budget", String(64), primary_key=True),
    Column("result", Text, nullable=False),  # JSON of dinobox.coach.Analysis
    Column("created", Float, nullable=False),
)

hints_t = Table(
    "hints",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Integer, nullable=False),  # index of the seat's decision in the table's history
    Column("at", Float, nullable=False),
)


def load_analysis(conn: Connection, table_id: str, seat: int, budget: str) -> StoredAnalysis | None:
    query = select(analyses_t.c.result).where(
        analyses_t.c.table_id == table_id, analyses_t.c.seat == seat, analyses_t.c.budget == budget
    )
    stored = conn.execute(query).scalar()
    return json.loads(stored) if stored is not None else None


def save_analysis(conn: Connection, table_id: str, seat: int, budget: str, result: AnalysisJson, at: float) -> None:
    """Keep an analysis; one already stored (another process finished first) stays."""
    if load_analysis(conn, table_id, seat, budget) is not None:
        return
    values = {"table_id": table_id, "seat": seat, "budget": budget, "result": json.dumps(result), "created": at}
    conn.execute(insert(analyses_t).values(**values))


def add_hint(conn: Connection, table_id: str, seat: int, move: int, at: float) -> None:
    """Note that ``seat`` asked for a hint at ``move``."""
    last = conn.execute(select(func.max(hints_t.c.n)).where(hints_t.c.table_id == table_id)).scalar()
    n = 0 if last is None else int(last) + 1
    conn.execute(insert(hints_t).values(table_id=table_id, n=n, seat=seat, move=move, at=at))


def load_hints(conn: Connection, table_id: str) -> list[dict[str, int]]:
    """Where each hint of a table was asked for, in order: ``{"seat", "move"}``."""
    rows = conn.execute(
        select(hints_t.c.seat, hints_t.c.move).where(hints_t.c.table_id == table_id).order_by(hints_t.c.n)
    )
    return [{"seat": r.seat, "move": r.move} for r in rows]
