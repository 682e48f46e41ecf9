"""Around the table: ``outcome`` on ``tables`` (JSON: a game that ended before its rules ended
it, ``{"seat": S, "how": "resigned"}``), ``silence`` (seconds a seat to act may stay silent
before the others may claim the win), and ``chat`` (the table's messages, kept with it).

Revision ID: 0006_table_talk
Revises: 0004_clocks
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_table_talk"
down_revision = "0004_clocks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("outcome", sa.Text, nullable=True))
        batch.add_column(sa.Column("silence", sa.Float, nullable=True))
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("outcome")
        batch.drop_column("silence")
