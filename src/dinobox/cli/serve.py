"""``dinobox serve``: the browser server (lobby, tables, bots) on uvicorn."""

from __future__ import annotations

import typer

from dinobox.cli.common import console, fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="address to listen on"),
    port: int = typer.Option(8000, "--port", help="port to listen on"),
    db: str | None = typer.Option(
        None, "--db", help="SQLAlchemy URL of the store (default: a SQLite file under ~/.dinobox)"
    ),
    bot_threads: int = typer.Option(4, "--bot-threads", help="threads bots think on"),
) -> None:
    """Serve the games in the browser: open the printed address."""
    try:
        import uvicorn

        from dinobox.server import create_app
    except ImportError as exc:
        raise fail(f"the server needs its extra: pip install 'dinobox[server]' ({exc})") from None
    if bot_threads < 1:
        raise fail("--bot-threads must be at least 1")
    try:
        app = create_app(db, bot_threads=bot_threads)
    except Exception as exc:
        raise fail(f"cannot open the store {db!r}: {exc}") from None
    url = app.state.db_url
    console.print(f"[bold]dinobox[/] store: {url.removeprefix('sqlite:///') if url.startswith('sqlite') else url}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"[bold green]open http://{shown}:{port}/[/]  (Ctrl+C stops)")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets-sansio", ws_per_message_deflate=False)
