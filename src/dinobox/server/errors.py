"""The one error type the API answers with: an HTTP status, a stable code and a plain reason."""

from __future__ import annotations

import re
import reprlib

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import exc as sa
from starlette.exceptions import HTTPException as StarletteHTTPException

from dinobox.server.outage import STORE_DOWN as STORE_DOWN  # what the store raises while it cannot be reached
from dinobox.server.schemas import ErrorBody

STORE_RETRY_SECONDS = 5


_REFUSALS = {
    400: (
        "valid in shape, refused by the data it names or by fields that cannot go together: a seat or"
        " replay step the table does not have, a player count, option or bot spec this game does not"
        " take (see GET /api/games), a rated hotseat table"
    ),
    401: "a profile is needed (a rated table)",
    403: "a token or profile key that does not belong",
    404: "no such table, game or profile",
    409: "the table is not in a state that allows it (stale version, not your turn, over, ...)",
    413: "the request body is too large",
    422: "malformed: the body or a parameter does not match its schema, or an illegal action",
    429: "over a rate or a per-address cap; see Retry-After",
    503: "the store cannot be reached just now; see Retry-After",
}


def error_responses() -> dict[int | str, dict[str, object]]:
    """Every error answer the JSON API may give, with the error body's schema (OpenAPI)."""
    retry = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}
    return {
        status: {"model": ErrorBody, "description": text, **({"headers": retry} if status in (429, 503) else {})}
        for status, text in _REFUSALS.items()
    }


class ApiError(Exception):
    """A refused request. Raised before anything changes, so a refusal never alters a table."""

    def __init__(self, status: int, code: str, message: str, **extra: int) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, str | int]:
        return {"error": self.message, "code": self.code, **self.extra}


QUOTE_CHARS = 40  # an error quotes at most this much of what the client sent
_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = QUOTE_CHARS
_SHORT.maxlevel, _SHORT.maxdict, _SHORT.maxlist = 2, 4, 4


def quote(value: object) -> str:
    """A short ``repr`` of ``value`` (at most about ``QUOTE_CHARS`` characters): an error names
    what it refuses without echoing a client's whole (maybe huge) input back to it."""
    text = _SHORT.repr(value)
    return text if len(text) <= 2 * QUOTE_CHARS else text[: 2 * QUOTE_CHARS] + "..."


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", what)


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    return ApiError(400, code, message)


def unavailable() -> ApiError:
    """The store cannot be reached now: nothing was changed, try again in a few seconds."""
    return ApiError(
        503,
        "unavailable",
        "the server cannot reach its store just now; nothing was changed: try again in a few seconds",
        retry_after=STORE_RETRY_SECONDS,
    )


def stale(current: int, sent: int) -> ApiError:
    """The request was made against version ``sent``; the table is at ``current``."""
    return ApiError(
        409, "stale", f"the table has moved on (version {current}, you sent {sent}): look again", version=current
    )


def install_error_handlers(app: FastAPI) -> None:
    """Every refusal is JSON with a reason and a stable code."""

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        wait = exc.extra.get("retry_after")
        headers = {"Retry-After": str(wait)} if wait is not None else None
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(sa.OperationalError)
    @app.exception_handler(sa.InterfaceError)
    @app.exception_handler(sa.TimeoutError)
    async def store_down(request: Request, exc: Exception) -> JSONResponse:
        return await api_error(request, unavailable())

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {err.get('msg')}")
        return JSONResponse(
            {"error": "malformed request: " + "; ".join(problems), "code": "malformed"}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(exc.status_code, "http_error")
        headers = dict(getattr(exc, "headers", None) or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(request))
        return JSONResponse({"error": str(exc.detail), "code": code}, status_code=exc.status_code, headers=headers)


def allowed_methods(request: Request) -> list[str]:
    """The methods the OpenAPI document declares at this path. Each method of a resource is its
    own route, and the route that refused the request knows only its own, while ``Allow`` must
    list them all (RFC 9110). A path written out in full is matched before templated ones, as
    OpenAPI says (``/api/profiles/me`` is not a ``/api/profiles/{profile_id}``)."""
    path = request.url.path
    paths: dict[str, dict[str, object]] = request.app.openapi().get("paths", {})
    templates = [path] if path in paths else [t for t in paths if "{" in t and re.fullmatch(_pattern(t), path)]
    return sorted({method.upper() for t in templates for method in paths[t] if method in _HTTP_METHODS})


def _pattern(template: str) -> str:
    return re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))


_HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
