"""Profiles and ratings: ``profiles`` (a name and the hash of the browser's secret key),
``profile_games`` (the finished games a profile played), ``ratings`` (one per player per game:
profiles and bot levels) and ``rating_changes`` (what each rated table changed); and a
``rated`` flag on ``tables``.

Revision ID: 0005_profiles
Revises: 0003_scale
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_profiles"
down_revision = "0003_scale"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "profiles",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "profile_games",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("profile_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("profile_games_profile", "profile_games", ["profile_id", "finished"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(250), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_game_ordinal", "ratings", ["game", "ordinal"])
    op.create_table(
        "rating_changes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("player", sa.String(250), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_index("ratings_game_ordinal", "ratings")
    op.drop_table("ratings")
    op.drop_index("profile_games_profile", "profile_games")
    op.drop_table("profile_games")
    op.drop_table("profiles")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
