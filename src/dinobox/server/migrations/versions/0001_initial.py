"""The schema of the first release: ``tables`` and ``moves`` (``seed`` still 32-bit).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("hotseat", sa.Boolean, nullable=False, default=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("action", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("tables")
