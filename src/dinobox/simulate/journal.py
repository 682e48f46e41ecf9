"""A run's journal: each game's row on disk as soon as the game ends.

``dinobox simulate`` writes its results (``summary.json``, ``games.csv``, ``rows.jsonl``) when the
run ends: when it finishes, or on Ctrl-C or SIGTERM. A run killed outright (SIGKILL, the
out-of-memory killer, a machine or a session that goes away) has no such chance, and a run of
hours would lose every game. So while a run plays, each finished game's row is appended to
``rows.journal.jsonl`` in its folder (the first line names the run), and ``--resume`` reads it
back: a killed run goes on from where it was killed, less the games that were being played. The
journal is removed once the results are written.

Each line is flushed to the operating system as it is written, so a killed process loses nothing
it wrote; a machine that loses power may lose the last lines, and a line cut off mid-write is
dropped when the journal is read.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, TextIO

from dinobox.engine.errors import DinoboxError
from dinobox.simulate.documents import GameRow, Identity

JOURNAL_FILE = "rows.journal.jsonl"
FORMAT = 1


@contextmanager
def replacing(path: Path, newline: str | None = None) -> Iterator[TextIO]:
    """A handle on a fresh file that replaces ``path`` only once it is written whole: a run
    stopped or killed while it writes leaves the old ``path`` (or none) and no half-written one."""
    fresh = path.with_name(path.name + ".tmp")
    try:
        with fresh.open("w", newline=newline) as handle:
            yield handle
        os.replace(fresh, path)
    finally:
        fresh.unlink(missing_ok=True)


class Journal:
    """The journal of one run in ``out``, written anew with the rows it starts from (those kept
    from an earlier run, ``--resume``), then one line per finished game (``add``)."""

    def __init__(self, out: Path, identity: Identity, metrics: tuple[str, ...], kept: list[GameRow]) -> None:
        out.mkdir(parents=True, exist_ok=True)
        self.path = out / JOURNAL_FILE
        header = {"journal": FORMAT, "run": identity, "metrics_given": list(metrics)}
        with replacing(self.path) as handle:  # the old journal stays whole until the new one is
            handle.write(json.dumps(header) + "\n")
            for row in kept:
                handle.write(json.dumps(row) + "\n")
        self._handle: TextIO = self.path.open("a")

    def add(self, row: GameRow) -> None:
        """Write one finished game's row."""
        self._handle.write(json.dumps(row) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.close()

    def remove(self) -> None:
        """The results are written: the journal is no longer needed."""
        self.close()
        self.path.unlink(missing_ok=True)

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def has_journal(out: Path) -> bool:
    return (out / JOURNAL_FILE).is_file()


def read_journal(out: Path) -> tuple[dict[str, Any], list[tuple[int, str]]] | None:
    """The header and the numbered row lines of the journal in ``out`` (``None`` without one).
    A last line without its newline (the kill came while it was written) is dropped."""
    path = out / JOURNAL_FILE
    if not path.is_file():
        return None
    text = path.read_text()
    lines = text.split("\n")
    lines.pop()  # after the last newline: empty, or a line cut off mid-write
    if not lines:
        raise DinoboxError(f"{path} is empty: delete it, or give --overwrite to start the run over")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("journal") != FORMAT or not isinstance(header.get("run"), dict):
        raise DinoboxError(f"{path} is not a journal of dinobox simulate (line 1)")
    return header, [(number, line) for number, line in enumerate(lines[1:], 2) if line.strip()]
