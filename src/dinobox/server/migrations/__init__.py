"""Alembic migrations of the server's store (``storage.upgrade`` runs them at start-up)."""
