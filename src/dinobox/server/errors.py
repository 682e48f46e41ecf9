"""The one error type the API answers with: an HTTP status, a stable code and a plain reason."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refused request. Raised before anything changes, so a refusal never alters a table."""

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {"error": self.message, "code": self.code, **self.extra}


def not_found(what: str) -> ApiError:
    return ApiError(404, "not_found", what)


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    return ApiError(400, code, message)
