"""``dinobox serve``: the browser server (lobby, tables, bots) on uvicorn."""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any

import typer

from dinobox.cli.common import console, fail

if TYPE_CHECKING:  # the server extra may be missing: imported where it is used
    from fastapi import FastAPI


def _defaults() -> str:
    try:
        from dinobox.server.settings import Settings  # lazy: the server extra (FastAPI) may be missing
    except ImportError:  # every other command still works; `dinobox serve` names the extra when run
        return "(pip install 'dinobox[server]' to list them)"
    return ", ".join(f"{f.name}={f.default}" for f in dataclasses.fields(Settings))


def parse_settings(pairs: list[str]) -> dict[str, Any]:
    """``["sockets_per_address=8", ...]`` -> the ``Settings`` fields they set (``ValueError``
    naming the problem for an unknown setting or a value of the wrong kind)."""
    from dinobox.server.settings import Settings

    kinds: dict[str, Any] = {f.name: type(f.default) for f in dataclasses.fields(Settings)}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, eq, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        if not eq or name not in kinds:
            raise ValueError(f"--set {pair!r}: expected SETTING=VALUE with a setting from: {', '.join(kinds)}")
        kind = kinds[name]
        try:
            out[name] = text.strip().lower() in ("1", "true", "yes", "on") if kind is bool else kind(text)
        except ValueError:
            raise ValueError(f"--set {pair!r}: {name} takes a {kind.__name__}") from None
    return out


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str | None = typer.Option(
        None, "--db", help="SQLAlchemy URL of the store (default: a SQLite file under ~/.dinobox)"
    ),
    bot_threads: int = typer.Option(4, "--bot-threads", help="threads bots think on"),
    max_bot_seconds: float = typer.Option(3.0, "--max-bot-seconds", help="longest a bot may think per move"),
    max_bot_iterations: int = typer.Option(5000, "--max-bot-iterations", help="most search iterations per move"),
    tables_per_minute: float = typer.Option(30.0, "--tables-per-minute", help="new tables per client address"),
    actions_per_second: float = typer.Option(10.0, "--actions-per-second", help="actions per client address"),
    max_body: int = typer.Option(65536, "--max-body", help="largest request body and WebSocket message, bytes"),
    idle_minutes: float = typer.Option(10.0, "--idle-minutes", help="idle tables leave memory after this"),
    allow_data: bool = typer.Option(False, "--allow-data-overrides", help="accept component-data overrides"),
    proxy: str | None = typer.Option(
        None, "--behind-proxy", help="address of the reverse proxy whose X-Forwarded-For to trust (e.g. 127.0.0.1)"
    ),
    workers: int = typer.Option(
        1,
        "--workers",
        help="server processes on this port (above 1 needs a PostgreSQL store: --db postgresql+psycopg://...)",
    ),
    limits: list[str] = typer.Option(
        [],
        "--set",
        metavar="SETTING=VALUE",
        help="any other limit (repeatable; docs/server.md, Limits). Settings and defaults: " + _defaults(),
    ),
) -> None:
    """Serve the games in the browser: open the printed address."""
    try:
        import uvicorn  # noqa: F401  (the extra's presence, checked before anything starts)

        from dinobox.server import create_app, storage
        from dinobox.server.settings import Settings
    except ImportError as exc:
        raise fail(f"the server needs its extra: pip install 'dinobox[server]' ({exc})") from None
    _check_processes(bot_threads, workers, db)
    settings = _settings(
        Settings,
        limits,
        bot_threads=bot_threads,
        max_bot_seconds=max_bot_seconds,
        max_bot_iterations=max_bot_iterations,
        allow_data_overrides=allow_data,
        tables_per_minute=tables_per_minute,
        actions_per_second=actions_per_second,
        max_body_bytes=max_body,
        max_message_bytes=min(max_body, 16 * 1024),
        idle_seconds=idle_minutes * 60,
    )
    try:
        app = create_app(db, settings=settings)
        if workers > 1:  # upgrade the schema once, before the workers start, and fail here if it cannot
            storage.open_engine(app.state.db_url).dispose()
    except Exception as exc:
        raise fail(f"cannot open the store {db!r}: {exc}") from None
    _announce(app.state.db_url, host, port, workers)
    _run(app, settings, host=host, port=port, workers=workers, proxy=proxy, max_body=max_body)


def _run(app: FastAPI, settings: Any, *, host: str, port: int, workers: int, proxy: str | None, max_body: int) -> None:
    """uvicorn serving the app, or with ``workers`` above 1 its factory in each worker process."""
    import uvicorn  # present: ``serve`` checked the server extra

    from dinobox.server.connections import DeflateProtocol, uvicorn_limits
    from dinobox.server.main import APP_ENVIRONMENT, app_environment

    target: FastAPI | str = app
    if workers > 1:  # each worker process builds its own app from the same settings
        os.environ[APP_ENVIRONMENT] = app_environment(app.state.db_url, settings)
        target = "dinobox.server.main:app_from_environment"
    uvicorn.run(
        target,
        factory=workers > 1,
        workers=workers if workers > 1 else None,
        host=host,
        port=port,
        log_level="warning",
        ws=DeflateProtocol,
        ws_per_message_deflate=settings.ws_deflate,
        ws_max_size=max(max_body, settings.max_message_bytes),
        proxy_headers=proxy is not None,
        forwarded_allow_ips=proxy,
        server_header=False,
        **uvicorn_limits(settings),
    )


def _settings(settings_type: Any, limits: list[str], **values: Any) -> Any:
    """The server's settings: the options' values, then each ``--set SETTING=VALUE``."""
    try:
        return dataclasses.replace(settings_type(**values), **parse_settings(limits))
    except ValueError as exc:
        raise fail(str(exc)) from None


def _check_processes(bot_threads: int, workers: int, db: str | None) -> None:
    if bot_threads < 1:
        raise fail("--bot-threads must be at least 1")
    if workers < 1:
        raise fail("--workers must be at least 1")
    if workers > 1 and not (db or "").startswith("postgresql"):
        raise fail(
            f"--workers {workers} needs a PostgreSQL store (--db postgresql+psycopg://...): SQLite serves one "
            "process only. Run one worker, or give a PostgreSQL URL."
        )


def _announce(url: str, host: str, port: int, workers: int) -> None:
    console.print(f"[bold]dinobox[/] store: {url.removeprefix('sqlite:///') if url.startswith('sqlite') else url}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    extra = f", {workers} worker processes" if workers > 1 else ""
    console.print(f"[bold green]open http://{shown}:{port}/[/]  (Ctrl+C stops{extra})")
