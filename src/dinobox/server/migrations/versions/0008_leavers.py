"""Leavers (#40): ``left`` on ``profile_games`` (how the profile's person left that game
unfinished: ``resigned``, ``time`` or ``abandoned``; ``None``: they played it out), the
reliability figure shown on profiles.

Revision ID: 0008_leavers
Revises: 0007_coach
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_leavers"
down_revision = "0007_coach"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profile_games") as batch:
        batch.add_column(sa.Column("left", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("profile_games") as batch:
        batch.drop_column("left")
