"""A throwaway PostgreSQL cluster in a temporary directory, for the tests and the benchmark.

It listens on a Unix socket inside its own directory only (no TCP port, so runs never clash).
``initdb`` and ``pg_ctl`` refuse to run as root: as root they run as the ``postgres`` system
user (``runuser``). The binaries come from ``$DINOBOX_PG_BIN``, Debian's
``/usr/lib/postgresql/<version>/bin`` (newest first) or the ``PATH``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path


class ClusterError(RuntimeError):
    """PostgreSQL is not installed or would not start."""


def bin_dir() -> Path:
    env = os.environ.get("DINOBOX_PG_BIN")
    candidates = [Path(env)] if env else []
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted((p for p in debian.iterdir() if p.name.isdigit()), key=lambda p: int(p.name), reverse=True)
        candidates += [p / "bin" for p in versions]
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(found).parent)
    for path in candidates:
        if (path / "initdb").is_file() and (path / "pg_ctl").is_file():
            return path
    raise ClusterError("PostgreSQL is not installed (apt-get install postgresql; or set DINOBOX_PG_BIN)")


class Cluster:
    """``with Cluster() as pg: pg.url("dbname")``. ``fast=True`` turns durability off (tests)."""

    def __init__(self, fast: bool = True) -> None:
        self.fast = fast
        self.bin = bin_dir()
        self.dir = Path(tempfile.mkdtemp(prefix="dinobox-pg-"))
        self.data = self.dir / "data"
        self.as_root = hasattr(os, "geteuid") and os.geteuid() == 0
        self.started = False

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise ClusterError(f"{args[0]} failed ({done.returncode}): {done.stdout}{done.stderr}".strip())

    def start(self) -> Cluster:
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync")
        settings = f"-c listen_addresses='' -k {self.dir} -p 5432 -c max_connections=200"
        if self.fast:
            settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", settings, "-l", str(self.dir / "log"), "-w", "start")
        self.started = True
        return self

    def stop(self) -> None:
        if self.started:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
            self.started = False
        shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@/{database}?host={self.dir}&port=5432"

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(
            host=str(self.dir), port=5432, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(
            host=str(self.dir), port=5432, user="postgres", dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
