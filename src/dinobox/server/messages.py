"""Everything that leaves the server about a game is built here, and only from the contract:
``view(seat)``, ``log(seat)``, the seat's legal actions with ``describe_action`` and the public
table data. Never the state itself, its history, the seed or chance outcomes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from dinobox.clocks import PublicClock
from dinobox.engine.state import State
from dinobox.jsonvalue import JsonValue
from dinobox.server.errors import bad_request
from dinobox.server.outcomes import early_result
from dinobox.server.timing import public_clock
from dinobox.server.wire import PublicSeat, PublicTable, Refusal, ReplayPicture, Result, Seat, SeatPicture

if TYPE_CHECKING:
    from dinobox.server.live import LiveTable

PUBLIC_SEAT_KEYS = ("seat", "type", "bot", "name", "claimed", "profile", "left")  # a profile's public id


def public_seats(seats: list[Seat]) -> list[PublicSeat]:
    return [public_seat(s) for s in seats]


def public_seat(s: Seat) -> PublicSeat:
    """The seat's ``PUBLIC_SEAT_KEYS``, in that order (``None`` for one it lacks)."""
    return {
        "seat": s["seat"],
        "type": s["type"],
        "bot": s.get("bot"),
        "name": s.get("name"),
        "claimed": s["claimed"],
        "profile": s.get("profile"),
        "left": s.get("left"),
    }


def public_table(live: LiveTable, seated: bool = False) -> PublicTable:
    """What anyone may know about a table (its outcome once finished). Where its rematch is
    (a private table) only the seated players learn (``seated``)."""
    row = live.row
    player = live.state.current_player()
    table: PublicTable = {
        "id": row.id,
        "game": row.game,
        "title": live.state.game.title,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "version": row.version,
        "hotseat": row.hotseat,
        "rated": row.rated,
        "seats": public_seats(row.seats),
        "to_act": player if player >= 0 and row.status == "playing" else None,
        "rematch": row.rematch if seated else None,
        "rematch_of": row.rematch_of,
        "created": row.created,
        "updated": row.updated,
        "time_control": row.clock.control.to_json() if row.clock is not None else None,
        "silence": row.silence,
    }
    if row.status == "finished":  # the outcome is public once the game is over
        final: Result = {"scores": live.state.scores(), "winners": live.state.winners()}
        table["result"] = early_result(row, live.state) or final
    return table


def clock_message(live: LiveTable) -> PublicClock | None:
    """Every seat's time left now, who is ticking, and the server's time (public to all)."""
    return public_clock(live.row.clock, live.now())


def legal_for(state: State, seat: int | None) -> list[Mapping[str, JsonValue]]:
    """The seat's legal actions with their descriptions (empty unless it is that seat's decision)."""
    if seat is None or state.current_player() != seat:
        return []
    out: list[Mapping[str, JsonValue]] = []
    for action in state.legal_actions():
        out.append(state.describe_action(action, seat))
    return out


REFUSAL_SPACE = 512
"""Games with at most this many action ids get the reasons of every refused one with each picture
of a seat to act; a game with more sends those its presentation names (``refusable``), or none:
enumerating them all would cost too much per move."""


def refusals_for(state: State, seat: int | None) -> list[Refusal]:
    """The seat's refused actions grouped by the engine's reason: ``{"reason", "actions"}``, each
    action with what it touches (``describe_action``'s fields, not its words), for a board to say
    why a click on a piece does nothing; then the pieces no action of the seat names (the
    presentation's ``refused_pieces``: fields without an ``action``). Empty unless it is that
    seat's decision: a reason speaks of the hand of the player to act."""
    if seat is None or state.current_player() != seat:
        return []
    game = state.game
    presentation = game.presentation
    hook = presentation.refusable if presentation is not None else None
    if hook is not None:
        wanted: Iterable[int] = hook(state, seat)
    elif game.num_distinct_actions() <= REFUSAL_SPACE:
        wanted = range(game.num_distinct_actions())
    else:
        wanted = ()
    legal = set(state.legal_actions())
    by_reason: dict[str, list[Mapping[str, JsonValue]]] = {}
    for action in dict.fromkeys(wanted):
        if action in legal:
            continue
        try:
            info = state.describe_action(action, seat)
        except ValueError:  # the id means nothing here: there is no piece to click for it
            continue
        reason = state.why_illegal(action)
        if reason is not None:
            del info["player"], info["text"]
            by_reason.setdefault(reason, []).append(info)
    pieces = presentation.refused_pieces if presentation is not None else None
    for reason, fields in pieces(state, seat) if pieces is not None else ():
        by_reason.setdefault(reason, []).append(dict(fields))
    return [{"reason": reason, "actions": actions} for reason, actions in by_reason.items()]


def seat_message(live: LiveTable, seat: int | None, log_start: int = 0) -> SeatPicture:
    """The full picture for one seat (``None``: a spectator). ``log_start`` drops the log
    entries the receiver already has."""
    state = live.state
    log = live.log_of(state, seat)
    if log_start > len(log):
        log_start = 0
    playing = live.row.status == "playing"
    return {
        "type": "state",
        "table": public_table(live, seated=seat is not None),
        "version": live.row.version,
        "seat": seat,
        "view": state.view(seat),
        "log_start": log_start,
        "log": log[log_start:],
        "legal": legal_for(state, seat) if playing else [],
        "refusals": refusals_for(state, seat) if playing else [],
        "can_undo": playing and seat is not None and live.can_undo(seat),
        "clock": clock_message(live),
    }


def replay_picture(live: LiveTable, state: State, step: int, seat: int | None) -> ReplayPicture:
    """A finished table after ``step`` decisions, as ``seat`` (``None``: a spectator) saw it;
    ``state`` is the game's initial state (it is played forward)."""
    history = live.state.history()
    if live.decisions is None:
        positions = []
        probe = state.clone()
        for i, a in enumerate(history):
            if probe.current_player() >= 0:
                positions.append(i)
            probe.apply_action(a)
        live.decisions = positions
    steps = len(live.decisions)
    if isinstance(step, bool) or not 0 <= step <= steps:
        raise bad_request(f"'step' must be 0..{steps}, not {step}")
    stop = live.decisions[step] if step < steps else len(history)
    last: Mapping[str, JsonValue] | None = None
    for i, a in enumerate(history[:stop]):
        if step > 0 and i == live.decisions[step - 1]:
            last = state.describe_action(a)
        state.apply_action(a)
    return {
        "step": step,
        "steps": steps,
        "seat": seat,
        "view": state.view(seat),
        "log": state.log(seat),
        "last": last,
        "game": live.row.game,
        "title": state.game.title,
    }
