"""``/api/tables``: create, list, join, start, play, undo, resign, rematch, record and replay."""

from __future__ import annotations

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import JSONResponse

from dinobox.server import profile_storage, storage
from dinobox.server.errors import ApiError
from dinobox.server.limits import client_of
from dinobox.server.messages import public_seats, public_table, seat_message
from dinobox.server.profiles import optional_profile
from dinobox.server.schemas import MAX_SEATS, Act, ClaimSeat, CreateTable, SeatAuth, StartTable, Undo
from dinobox.server.tables import PLAYING, WAITING, TableService
from dinobox.server.wire import Reply, SeatAsked, SeatToken

router = APIRouter(prefix="/api/tables", tags=["tables"])


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


def _tokens(tokens: dict[int, str], table_id: str) -> list[SeatToken]:
    return [{"seat": s, "token": t, "link": f"/table/{table_id}?seat={s}&token={t}"} for s, t in tokens.items()]


@router.post("", status_code=201)
async def create_table(body: CreateTable, request: Request) -> Reply:
    """Open a table. Seats you claim come back with their secret tokens (keep them: they are
    the only way to act for those seats)."""
    seats = [SeatAsked(type=s.type, bot=s.bot) for s in body.seats] if body.seats is not None else None
    svc = service(request)
    profile = await optional_profile(svc.db, body.profile_key)
    # your name goes to your (first) seat: on a hotseat table the other seats are other people
    names: dict[int, str] | None = {body.claim[0]: body.name} if body.name and body.claim else None
    profiles: dict[int, str | None] | None = None
    if profile is not None and body.claim:  # a profile holds one seat: the first one claimed
        names = {**(names or {}), body.claim[0]: profile.name}
        profiles = {body.claim[0]: profile.id}
    live, tokens = await svc.create(
        body.game,
        body.players,
        body.options,
        seats,
        list(body.claim),
        body.hotseat,
        body.start,
        names,
        data=body.data,
        rated=body.rated,
        profiles=profiles,
        clock=body.clock.model_dump(exclude_none=True) if body.clock is not None else None,
        owner=client_of(request.scope),
        silence=body.silence_seconds,
    )
    return {
        "table": public_table(live, seated=True),
        "tokens": _tokens(tokens, live.row.id),
        "link": f"/table/{live.row.id}",
    }


@router.get("/turns")
async def turns(
    request: Request,
    ids: str = Query(
        "",
        max_length=20 * 33,
        pattern=r"^([A-Za-z0-9]{1,32}(,[A-Za-z0-9]{1,32}){0,19})?$",
        description="up to 20 table ids",
    ),
    profile: str | None = Query(
        None, pattern=r"^[A-Za-z0-9]{1,32}$", description="a profile's public id: the tables in play it holds a seat at"
    ),
) -> Reply:
    """Public data of the tables in play among those asked for (unknown ids are left out) and,
    with ``profile``, of those where the profile holds a seat (claimed on any browser): whose move
    it is at each, for a "your move" list."""
    svc = service(request)
    wanted = [t for t in ids.split(",") if t]
    if profile is not None:
        wanted += await svc.db.read(lambda c: profile_storage.tables_in_play(c, profile))
    found = []
    for table_id in dict.fromkeys(wanted):
        try:
            live = await svc.get(table_id)
        except ApiError as exc:
            if exc.code not in ("not_found", "quarantined"):
                raise
            continue
        if live.row.status == PLAYING:
            found.append(public_table(live))
    return {"tables": found}


@router.get("")
async def list_tables(request: Request, limit: int = Query(50, ge=1, le=200)) -> Reply:
    """Open and running tables, newest first (public data only)."""
    svc = service(request)
    rows = await svc.db.read(lambda c: storage.list_tables(c, [WAITING, PLAYING], limit))
    out = []
    for row in rows:
        live = svc.live.get(row.id)
        out.append(public_table(live) if live is not None else _row_public(row))
    return {"tables": out}


def _row_public(row: storage.TableRow) -> Reply:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "version": row.version,
        "hotseat": row.hotseat,
        "rated": row.rated,
        "seats": public_seats(row.seats),
        "to_act": None,
        "rematch": None,
        "rematch_of": row.rematch_of,
        "created": row.created,
        "updated": row.updated,
        "time_control": row.clock.control.to_json() if row.clock is not None else None,
    }


@router.get("/{table_id}")
async def get_table(table_id: str, request: Request) -> Reply:
    """Public data of one table."""
    return public_table(await service(request).get(table_id))


@router.get("/{table_id}/state")
async def get_state(
    table_id: str,
    request: Request,
    seat: int | None = Query(None, ge=0, le=MAX_SEATS - 1, description="your seat (omit to watch as a spectator)"),
    token: str | None = Query(None, description="the seat's secret token"),
    wait: float = Query(0.0, ge=0, le=30, description="wait up to this many seconds for bots to finish moving"),
) -> Reply:
    """What one seat sees: view, log, its legal actions, the public table data."""
    svc = service(request)
    live = await svc.get(table_id)
    if seat is not None:
        await svc.check_seat(live, seat, token)
    await svc.settle(live, wait)
    return seat_message(live, seat)


@router.post("/{table_id}/seats/{seat}")
async def claim_seat(
    table_id: str, body: ClaimSeat, request: Request, seat: int = Path(ge=0, le=MAX_SEATS - 1)
) -> Reply:
    """Take an open seat for a person; the token in the answer is your key to it."""
    svc = service(request)
    profile = await optional_profile(svc.db, body.profile_key)
    name, profile_id = (profile.name, profile.id) if profile is not None else (body.name, None)
    live, token = await svc.claim(table_id, seat, name, profile_id)
    return {"table": public_table(live), "tokens": _tokens({seat: token}, table_id)}


@router.post("/{table_id}/start")
async def start_table(table_id: str, body: StartTable, request: Request) -> Reply:
    live = await service(request).start(table_id, body.seat, body.token)
    return public_table(live)


@router.post("/{table_id}/actions")
async def act(
    table_id: str,
    body: Act,
    request: Request,
    wait: float = Query(0.0, ge=0, le=30, description="wait up to this many seconds for bots to answer"),
) -> Reply:
    """Play one action for your seat. Stored before this answers; refused (and nothing changes)
    when the token, seat, version or action is wrong."""
    svc = service(request)
    live = await svc.act(table_id, body.seat, body.token, body.action, body.version)
    await svc.settle(live, wait)
    return seat_message(live, body.seat)


@router.post("/{table_id}/undo")
async def undo(table_id: str, body: Undo, request: Request) -> Reply:
    """Take back your last move this turn (only before anything random or hidden was shown)."""
    svc = service(request)
    live = await svc.undo(table_id, body.seat, body.token, body.version)
    return seat_message(live, body.seat)


@router.get("/{table_id}/chat")
async def chat(table_id: str, request: Request) -> Reply:
    """The table's chat so far (its newest 200 messages; new ones arrive on the WebSocket) and
    what its seats decided (``rules``: the spectators' chat on or off, the spectators muted)."""
    svc = service(request)
    live = await svc.get(table_id)
    rules = await svc.chat.rules(live.row.id)
    return {"messages": await svc.chat.history(live.row.id), "rules": rules.to_json()}


@router.post("/{table_id}/resign")
async def resign(table_id: str, body: SeatAuth, request: Request) -> Reply:
    """Give up: the game ends, your seat last and every other seat sharing the win (a rated
    table records it)."""
    live = await service(request).resign(table_id, body.seat, body.token)
    return public_table(live, seated=True)


@router.post("/{table_id}/claim-abandoned")
async def claim_abandoned(table_id: str, body: SeatAuth, request: Request) -> Reply:
    """The seat to act has been silent longer than the table allows: claim the win. It ranks
    last and the other seats share the win (a rated table records it)."""
    live = await service(request).claim_abandoned(table_id, body.seat, body.token)
    return public_table(live, seated=True)


@router.post("/{table_id}/rematch")
async def rematch(table_id: str, body: StartTable, request: Request) -> Reply:
    """The same seats again at a new table (linked from this one)."""
    if body.seat is None or body.token is None:
        raise ApiError(403, "bad_token", "a rematch needs your seat and token")
    live, tokens = await service(request).rematch(table_id, body.seat, body.token, client_of(request.scope))
    return {
        "table": public_table(live, seated=True),
        "tokens": _tokens(tokens, live.row.id),
        "link": f"/table/{live.row.id}",
    }


@router.get("/{table_id}/record")
async def record(table_id: str, request: Request) -> JSONResponse:
    """The finished game's record (``dinobox replay`` reads it)."""
    rec = await service(request).record(table_id)
    return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="dinobox-{table_id}.json"'})


@router.get("/{table_id}/replay")
async def replay(
    table_id: str,
    request: Request,
    step: int = Query(0, ge=0, description="decisions made so far (0 = before the first)"),
    seat: int | None = Query(None, ge=0, le=MAX_SEATS - 1, description="whose view (any seat once the game is over)"),
) -> Reply:
    """A finished table after ``step`` decisions as one seat saw it, with the table's chat and
    where hints were used (``hints``: ``{"seat", "step"}``, never what they suggested)."""
    svc = service(request)
    picture = await svc.replay(table_id, step, seat)
    return dict(picture, chat=await svc.chat.history(table_id), hints=await svc.coach.hints(table_id))
