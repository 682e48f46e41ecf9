"""The browser server: FastAPI app, tables, storage (see docs/server.md)."""

from dinobox.server.main import create_app

__all__ = ["create_app"]
