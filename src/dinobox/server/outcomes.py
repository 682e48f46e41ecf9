"""Seats that stop playing before the rules end the game, and what follows.

A seat leaves by resigning (``play``), by losing on time (``timing``) or by being claimed
abandoned (``play``). Where two or more other seats still play, a bot takes the leaver's seat
(the table's own bot level, else ``medium``) and the game goes on to its rulebook end; the seat
keeps a ``left`` mark (who left, how, after how many moves) and the leaver ranks last. With
one other seat left, the game ends there: the leaver last, every other seat sharing the win.

At a rated table, a leave before every seat has made ``RATED_AFTER`` decisions of its own
aborts the game instead: it ends with no winner and changes no rating (one resign at once must
not be a rated win). A table silent past its limit (``dead_tables``) is ``cancelled``.
"""

from __future__ import annotations

import dataclasses

from dinobox.bots import check_bot_for_game
from dinobox.engine.errors import DinoboxError
from dinobox.engine.state import State
from dinobox.server.storage import TableRow
from dinobox.server.wire import Left, Outcome, Result

RESIGNED, TIME, ABANDONED, CANCELLED = "resigned", "time", "abandoned", "cancelled"
RATED_AFTER = 2
"""Decisions of its own every seat must have made before a rated game can be rated."""
STANDIN_LEVEL = "medium"


def early_end(row: TableRow) -> tuple[int | None, str] | None:
    """The seat that lost and how (``"time"``, ``"resigned"``, ``"abandoned"``, ``"cancelled"``),
    if the game ended early (the seat is ``None`` for a table cancelled before it started)."""
    if row.outcome is not None:
        seat = row.outcome.get("seat")
        return (None if seat is None else int(seat)), str(row.outcome["how"])
    if row.clock is not None and row.clock.forfeit is not None:
        return row.clock.forfeit, TIME
    return None


def aborted(row: TableRow) -> bool:
    """The game ended without a result: aborted before it could be rated, or cancelled."""
    return row.outcome is not None and (bool(row.outcome.get("aborted")) or row.outcome.get("how") == CANCELLED)


def early_result(row: TableRow, state: State | None = None) -> Result | None:
    """The public result of a game that ended early (``None``: it did not). ``scores`` are the
    scores as they stood when it ended (``state``); once over, the record shows everything."""
    ended = early_end(row)
    if ended is None:
        return None
    seat, how = ended
    scores = None if state is None else list(state.scores())
    if aborted(row):
        return {"scores": scores, "winners": [], "forfeit": seat, "how": how, "aborted": True}
    winners = [s for s in range(row.players) if s != seat and not row.seats[s].get("left")]
    return {"scores": scores, "winners": winners, "forfeit": seat, "how": how}


def still_playing(row: TableRow, but: int) -> list[int]:
    """The seats other than ``but`` that still play their own seat (no leaver's stand-in)."""
    return [s for s in range(row.players) if s != but and not row.seats[s].get("left")]


def decisions_by_seat(row: TableRow, state: State, initial: State) -> list[int]:
    """How many decisions each seat has made so far (``initial``: the game's first state)."""
    counts = [0] * row.players
    probe = initial
    for action in state.history():
        player = probe.current_player()
        if player >= 0:
            counts[player] += 1
        probe.apply_action(action)
    return counts


def too_early_to_rate(row: TableRow, state: State, initial: State) -> bool:
    """A rated table where some seat has not yet made ``RATED_AFTER`` decisions of its own."""
    return row.rated and min(decisions_by_seat(row, state, initial)) < RATED_AFTER


def standin_spec(row: TableRow) -> str:
    """The bot that takes a leaver's seat: the table's own bot level, else ``medium`` (random
    for a game without a heuristic)."""
    for seat in row.seats:
        if seat.get("type") == "bot" and not seat.get("left") and seat.get("bot"):
            return str(seat["bot"])
    try:
        check_bot_for_game(STANDIN_LEVEL, row.game)
    except DinoboxError:
        return "random"
    return STANDIN_LEVEL


def leave(row: TableRow, seat: int, how: str, moves: int) -> TableRow:
    """``row`` after ``seat`` left (``how``) with a bot taking its seat, the game going on."""
    seats = [s.copy() for s in row.seats]
    order = sum(1 for s in seats if s.get("left"))
    left: Left = {"how": how, "name": seats[seat].get("name"), "moves": moves, "order": order}
    seats[seat]["type"], seats[seat]["bot"], seats[seat]["left"] = "bot", standin_spec(row), left
    return dataclasses.replace(row, seats=seats)


def end_early(row: TableRow, seat: int, how: str, abort: bool) -> TableRow:
    """``row`` with the game over: ``seat`` left (``how``), the others sharing the win, or
    nobody winning when ``abort``."""
    outcome: Outcome = {"seat": seat, "how": how}
    if abort:
        outcome["aborted"] = True
    return dataclasses.replace(row, status="finished", outcome=outcome)


def leavers(row: TableRow) -> list[int]:
    """The seats whose people left while the game went on, the first to leave first."""
    gone = [s for s in range(row.players) if row.seats[s].get("left")]
    return sorted(gone, key=lambda s: int(row.seats[s]["left"].get("order", 0)))


def places_with_leavers(row: TableRow, places: list[int]) -> list[int]:
    """The standings with every leaver last: the seats that stayed keep their order, then the
    leavers, the last to leave first (the first to leave ranks lowest)."""
    gone = leavers(row)
    ended = early_end(row)
    if ended is not None and ended[0] is not None and ended[0] not in gone:
        gone.append(ended[0])
    stayed = sorted({places[s] for s in range(row.players) if s not in gone})
    rank = {p: i + 1 for i, p in enumerate(stayed)}
    out = [rank.get(places[s], 0) for s in range(row.players)]
    for i, s in enumerate(reversed(gone)):
        out[s] = len(stayed) + 1 + i
    return out
