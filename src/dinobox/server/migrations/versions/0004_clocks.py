"""Clocks: a table's time control and clock state (``clock``, JSON), when the seat to act runs
out (``deadline``, indexed), and ``server_alive`` (when a server process was last seen running,
so time while none ran is not charged).

Revision ID: 0004_clocks
Revises: 0005_profiles
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_clocks"
down_revision = "0005_profiles"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.Text, nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
    op.create_index("tables_deadline", "tables", ["deadline"])
    op.create_table(
        "server_alive",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("alive", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_alive")
    op.drop_index("tables_deadline", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deadline")
        batch.drop_column("clock")
