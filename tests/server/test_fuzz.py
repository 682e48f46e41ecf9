"""Property-based requests generated from the server's own ``/openapi.json`` (Schemathesis):
whatever a client sends, the answer is never a server error, every refusal is JSON that says
why, and every answer is one the document declares (status, content type, headers, body
schema). Run in process against the app, with a table in play, a finished one and one with a
clock to aim at (generated bodies include time controls)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks
from starlette.testclient import TestClient

import dinobox

from .conftest import make_app, new_table, play_random

schema = schemathesis.openapi.from_dict(make_app("sqlite://").openapi())


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[str], dict[str, str]]]:
    db = tmp_path_factory.mktemp("fuzz") / "tables.sqlite3"
    with TestClient(
        make_app(f"sqlite:///{Path(db)}", random.Random(1), max_bot_seconds=0.05, max_bot_iterations=20),
        raise_server_exceptions=False,
    ) as client:
        playing, _ = new_table(
            client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True
        )
        made = client.post("/api/profiles", json={"name": "Fuzz"}).json()
        profile = {"id": made["profile"]["id"], "key": made["key"]}
        finished, tokens = new_table(
            client,
            players=2,
            seats=[{"type": "human"}, {"type": "bot", "bot": "random"}],
            start=True,
            rated=True,
            profile_key=profile["key"],
        )
        play_random(client, finished, tokens, random.Random(2))
        clock = {"type": "realtime", "bank_seconds": 600, "increment_seconds": 5, "on_timeout": "lose"}
        clocked, _ = new_table(
            client, players=2, seats=[{"type": "human"}, {"type": "human"}], claim=[0, 1], start=True, clock=clock
        )
        yield client, [playing, finished, clocked], profile


def _aim(case: Any, tables: list[str], profile: dict[str, str]) -> None:
    """Point most generated table, game and profile ids (and profile keys) at real ones: random
    ids only ever find nothing."""
    pick = zlib.crc32(repr((case.body, case.query, case.path_parameters)).encode())
    games = dinobox.game_ids()
    if case.path_parameters and "table_id" in case.path_parameters and pick % 4:
        case.path_parameters["table_id"] = tables[pick % len(tables)]
    if case.path_parameters and "game_id" in case.path_parameters and pick % 4:
        case.path_parameters["game_id"] = games[pick % len(games)]
    if case.path_parameters and "profile_id" in case.path_parameters and pick % 4:
        case.path_parameters["profile_id"] = profile["id"]
    for field in ("profile_key", "key"):
        if isinstance(case.body, dict) and isinstance(case.body.get(field), str) and pick % 3 == 1:
            case.body[field] = profile["key"] if pick % 2 else profile["id"] + "." + case.body[field]
    if case.query and isinstance(case.query.get("wait"), (int, float)):
        case.query["wait"] = min(case.query["wait"], 0.05)  # waiting for bots is not what is fuzzed
    if isinstance(case.body, dict) and "game" in case.body and pick % 4:
        case.body["game"] = games[pick % len(games)]


@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_request_gets_a_server_error(case: Any, fuzzed: tuple[TestClient, list[str], dict[str, str]]) -> None:
    client, tables, profile = fuzzed
    _aim(case, tables, profile)
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    kwargs.pop("cookies", None)
    if isinstance(kwargs.get("data"), (bytes, str)):
        kwargs["content"] = kwargs.pop("data")  # raw bodies, as httpx names them
    response = client.request(**{k: v for k, v in kwargs.items() if k in _REQUEST_KEYS})
    assert response.status_code < 500, f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text}"
    # the answer is the one the OpenAPI document declares: its status, content type, headers, body schema
    case.validate_response(response, checks=DECLARED)
    if response.status_code >= 400:
        assert response.headers["content-type"].startswith("application/json"), response.text
        body = response.json()
        assert isinstance(body.get("error"), str) and body["error"], body
        assert isinstance(body.get("code"), str) and body["code"], body


DECLARED = [
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]
_REQUEST_KEYS = {"method", "url", "headers", "params", "json", "content", "data", "files"}
