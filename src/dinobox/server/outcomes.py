"""A game that ended before its rules ended it: a seat lost on time (``timing``) or resigned
(``play``). That seat ranks last and every other seat shares the win; no scores, since
mid-game scores are provisional (and may count what is still hidden)."""

from __future__ import annotations

from typing import Any

from dinobox.server.storage import TableRow

RESIGNED, TIME, ABANDONED = "resigned", "time", "abandoned"


def early_end(row: TableRow) -> tuple[int, str] | None:
    """The seat that lost and how (``"time"``, ``"resigned"`` or ``"abandoned"``), if the game ended early."""
    if row.outcome is not None:
        return int(row.outcome["seat"]), str(row.outcome["how"])
    if row.clock is not None and row.clock.forfeit is not None:
        return row.clock.forfeit, TIME
    return None


def early_result(row: TableRow) -> dict[str, Any] | None:
    """The public result of a game that ended early (``None``: it did not)."""
    ended = early_end(row)
    if ended is None:
        return None
    seat, how = ended
    return {"scores": None, "winners": [s for s in range(row.players) if s != seat], "forfeit": seat, "how": how}
