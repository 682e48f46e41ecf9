"""Several server processes over one store: ``undos`` counts the undos a table has seen (its
moves are append-only between two undos, so a process catches up by reading only the new ones),
``bot_turn`` says that chance or a bot is to move (what a process looks for when it takes over
the tables of one that died).

Revision ID: 0003_scale
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_scale"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
        # true for every table in play: the first process to look corrects it
        batch.add_column(sa.Column("bot_turn", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute("UPDATE tables SET bot_turn = (status = 'playing')")
    op.create_index("tables_bot_turn", "tables", ["bot_turn", "status"])


def downgrade() -> None:
    op.drop_index("tables_bot_turn", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("bot_turn")
        batch.drop_column("undos")
