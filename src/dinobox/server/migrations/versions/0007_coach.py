"""The coach (#33): ``analyses`` (a finished game's analysis for one seat under one budget, kept
with the table) and ``hints`` (where each seat asked for a hint; never what was suggested).

Revision ID: 0007_coach
Revises: 0006_table_talk
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_coach"
down_revision = "0006_table_talk"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("budget", sa.String(64), primary_key=True),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "hints",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hints")
    op.drop_table("analyses")
