"""``/api/tables/{id}/analysis`` and ``/api/tables/{id}/hint``: the coach (``coaching.py``)."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request, Response

from dinobox.server.limits import client_of
from dinobox.server.routers.tables import service
from dinobox.server.schemas import SeatAuth
from dinobox.server.wire import Reply

router = APIRouter(prefix="/api/tables", tags=["coach"])

SEAT = Query(..., ge=0, le=63, description="whose decisions to analyse (any seat once the game is over)")


@router.get("/{table_id}/analysis")
async def analysis(table_id: str, request: Request, seat: int = SEAT) -> Reply:
    """Where the analysis of a finished game for one seat stands: ``status`` is ``none`` (never
    asked for), ``queued`` (with how many are ``waiting`` ahead), ``running`` (with
    ``progress``), ``failed`` (with ``error``) or ``done`` (with ``analysis``: each decision with
    the move chosen, the best one by the coach's estimate and the seat's win chance after each,
    and the replay ``step`` of each)."""
    return await service(request).coach.status(table_id, seat)


@router.post(
    "/{table_id}/analysis",
    status_code=202,
    responses={200: {"description": "stored already (with the analysis), or under way (with its progress)"}},
)
async def analyse(table_id: str, request: Request, response: Response, seat: int = SEAT) -> Reply:
    """Ask the coach to analyse one seat's decisions of a finished game (then poll the GET).
    Answers 202 when it starts the work, 200 when it is stored or under way already. One address
    has at most ``analyses_per_client`` analyses under way, and the server a bounded queue (429)."""
    started, answer = await service(request).coach.request(table_id, seat, client_of(request.scope))
    if not started:
        response.status_code = 200
    return answer


@router.post("/{table_id}/hint")
async def hint(table_id: str, body: SeatAuth, request: Request) -> Reply:
    """The coach's move for your seat, now that it is your turn, from what your seat knows
    (unrated tables only: 409 ``hints_off`` at a rated one). Only you get the move; the others
    hear that you used a hint, and a replay marks where."""
    return await service(request).coach.hint(table_id, body.seat, body.token, client_of(request.scope))
