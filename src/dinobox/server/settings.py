"""What a server operator may tune: bot budgets, rate limits, sizes, memory (docs/server.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Settings:
    """Limits of one server process. The defaults suit a small public host."""

    bot_threads: int = 4
    """Threads searching bots think on (every table's bots share them, clients in turn)."""
    bot_threads_per_client: int = 2
    """Of those, the most one client address's tables may use at once (the others wait)."""
    light_bot_threads: int = 4
    """Threads for bots that do not search (random, heuristic): they never wait behind a search.
    (Several, though each move is short: a thread waits for the GIL up to its switch interval.)"""
    bot_tables_per_client: int = 4
    """Bot-only tables in play one client address may hold in this process (more: 429)."""
    max_bot_seconds: float = 3.0
    """A bot seat may think at most this long per decision (``ismcts:seconds=...``)."""
    max_bot_iterations: int = 5000
    """A bot seat may search at most this many iterations per decision (``ismcts:iterations=...``)."""
    allow_data_overrides: bool = False
    """Accept component-data overrides (``"data": {...}``) when a table is created."""
    tables_per_minute: float = 30.0
    """New tables (and rematches) per client address per minute, after a burst of ``tables_burst``."""
    tables_burst: int = 30
    actions_per_second: float = 10.0
    """Actions and undos per client address per second (HTTP and WebSocket), after a burst."""
    actions_burst: int = 40
    max_body_bytes: int = 64 * 1024
    """Largest request body; a larger one is refused with 413 before it is read."""
    max_message_bytes: int = 16 * 1024
    """Largest WebSocket message; a larger (or binary) one closes the socket with the reason."""
    ws_queue_messages: int = 64
    """Messages waiting to go out on one WebSocket; a client that lets more pile up does not
    read, and its socket is closed (1008, with the reason)."""
    ws_send_seconds: float = 30.0
    """A WebSocket whose client takes longer than this to take one message is closed (1008)."""
    ws_messages_per_second: float = 20.0
    """Messages of every kind one WebSocket may send per second, after a burst of
    ``ws_messages_burst``; a message a little over waits, one far over is refused (rate_limited)."""
    ws_messages_burst: int = 40
    address_messages_per_second: float = 100.0
    """WebSocket messages per client address per second (all its sockets together), after a
    burst of ``address_messages_burst``."""
    address_messages_burst: int = 200
    replay_threads: int = 1
    """Threads that rebuild tables from their moves and build replays and records (off the event loop)."""
    replay_cache: int = 256
    """Replay pictures kept (a step of a finished game, as one seat saw it), the least recently asked for go first."""
    sockets_per_address: int = 32
    """WebSockets one client address may hold open at once (one more is closed, 1008, with the reason)."""
    header_seconds: float = 10.0
    """A connection whose request headers have not all arrived after this long is closed."""
    keep_alive_seconds: float = 5.0
    """An idle keep-alive HTTP connection is closed after this long."""
    max_connections: int = 4000
    """Connections (and WebSockets) one process holds at once; past it new requests get 503."""
    rated_move_hours: float = 72.0
    """At a rated table without a time control, a person who has not moved this long loses."""
    silence_seconds: float = 1800.0
    """A table's default silence limit: past it the others may claim a silent seat to act; a
    waiting table nobody joined, and an unrated table in play silent twice as long, are
    cancelled. A table with a clock gets at least its time for a move (``dead_tables``)."""
    min_silence_seconds: float = 5.0
    """The shortest silence limit a table may ask for."""
    max_silence_seconds: float = 30 * 24 * 3600.0
    """The longest silence limit a table may ask for."""
    idle_seconds: float = 600.0
    """A live table nobody watches or plays leaves memory after this long (reloaded on demand)."""
    takeover_seconds: float = 2.0
    """On a shared store (PostgreSQL), how often a process looks for tables whose bots nobody
    plays (their process died) and takes them over."""
    clock_period: float = 1.0
    """How often (seconds) the server looks for clocks that ran out."""
    ws_deflate: bool = True
    """Compress WebSocket messages (permessage-deflate, with the browser's consent): a T-Rex
    Island picture of about 11 kB goes out as 1 to 2 kB (``benchmarks/bench_wire.py``)."""
    chat_chars: int = 500
    """Longest chat message (characters)."""
    chat_per_table: int = 2000
    """Messages a table's seats may say; past it their chat is full (its newest are shown)."""
    chat_spectators_per_table: int = 1000
    """Messages a table's spectators may say, counted apart from the seats': strangers filling
    theirs never silence the players."""
    chat_per_socket: int = 150
    """Messages one connection may say at one table."""
    chat_per_address: int = 300
    """Messages one client address may say at one table, over all its connections (this process)."""
    chat_per_minute: float = 20.0
    """Chat messages a minute one connection, and one address at one table, may send..."""
    chat_burst: int = 8
    """...with this many at once."""
    analysis_threads: int = 1
    """Threads the coach analyses finished games on (``Analyse`` on a replay page), off the event loop."""
    analysis_queue: int = 8
    """Analyses that may wait for one of those threads; past it (and them) a request gets 429."""
    analyses_per_client: int = 1
    """Analyses one client address may have queued or running at once (one more: 429)."""
    analysis_iterations: int = 2000
    """The coach's base search iterations per decision of an analysis: its own default for each
    game, at most this many (an analysis is stored per table, seat and budget)."""
    analysis_cpu_seconds: float = 300.0
    """An analysis that has used this much CPU time is stopped (and reported as too long)."""
    hint_seconds: float = 0.7
    """The coach thinks this long for a hint (at an unrated table), on the bots' threads and turns."""
    hints_per_client: int = 1
    """Hints one client address may wait for at once (one more: 429)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value: object = getattr(self, f.name)
            if isinstance(value, bool):
                continue
            if not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"server setting {f.name} must be a positive number, not {value!r}")
