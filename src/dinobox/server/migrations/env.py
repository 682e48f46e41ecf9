"""Alembic environment: always run with a connection handed over by ``storage.upgrade``
(``config.attributes["connection"]``), online, one transaction per revision."""

from __future__ import annotations

from alembic import context

from dinobox.server.storage import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only ``storage.upgrade`` runs migrations
    raise RuntimeError("dinobox migrations run through dinobox.server.storage.upgrade(url)")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=True,  # SQLite alters tables by copying them
    transaction_per_migration=True,
)
with context.begin_transaction():
    context.run_migrations()
