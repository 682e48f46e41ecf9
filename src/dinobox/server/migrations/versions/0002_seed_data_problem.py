"""64-bit seeds (PostgreSQL's ``integer`` is 32-bit); component-data overrides stored with the
table; a ``problem`` column marking tables quarantined because they cannot be rebuilt; a
``private`` flag for tables kept out of the public lobby (rematches).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("seed", existing_type=sa.Integer, type_=sa.BigInteger, existing_nullable=False)
        batch.add_column(sa.Column("data", sa.Text, nullable=False, server_default="{}"))
        batch.add_column(sa.Column("problem", sa.Text, nullable=True))
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("tables_status_updated", "tables", ["status", "updated"])


def downgrade() -> None:
    op.drop_index("tables_status_updated", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("private")
        batch.drop_column("problem")
        batch.drop_column("data")
        batch.alter_column("seed", existing_type=sa.BigInteger, type_=sa.Integer, existing_nullable=False)
