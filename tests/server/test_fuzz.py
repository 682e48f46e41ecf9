"""Property-based requests generated from the server's own ``/openapi.json`` (Schemathesis):
whatever a client sends, the answer is never a server error, every refusal is JSON that says
why, and every answer is one the document declares (status, content type, headers, body
schema). Run in process against the app, with a table in play, a finished one and one with a
clock to aim at (generated bodies include time controls)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi import checks
from starlette.testclient import TestClient

import dinobox

from .conftest import make_app, new_table, play_random

ROOT = Path(__file__).resolve().parents[2]

schema = schemathesis.openapi.from_dict(make_app("sqlite://").openapi())


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[str], dict[str, str]]]:
    db = tmp_path_factory.mktemp("fuzz") / "tables.sqlite3"
    with TestClient(
        make_app(
            f"sqlite:///{Path(db)}",
            random.Random(1),
            max_bot_seconds=0.05,
            max_bot_iterations=20,
            analysis_iterations=10,  # the coach's work is not what is fuzzed
            hint_seconds=0.05,
        ),
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


def test_a_405_lists_every_method_the_path_has(fuzzed: tuple[TestClient, list[str], dict[str, str]]) -> None:
    client, tables, _ = fuzzed
    for method, path, allow in (
        ("OPTIONS", "/api/tables", "GET, POST"),  # two routes, one path
        ("DELETE", f"/api/tables/{tables[0]}", "GET"),
        ("PUT", "/api/profiles/me", "POST"),  # a path written out is not /api/profiles/{profile_id}
    ):
        r = client.request(method, path)
        assert r.status_code == 405 and r.headers["allow"] == allow, (method, path, r.headers.get("allow"))
        assert r.json()["code"] == "method_not_allowed"


DECLARED = [
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]
_REQUEST_KEYS = {"method", "url", "headers", "params", "json", "content", "data", "files"}


# ----- Schemathesis's own runner, every check ----------------------------------------------------------
# ``st run --checks all`` against a served app seeded with tables (one in play, one waiting, one
# with a profile's seat, one against a bot, one finished), a profile and its key. Its phases go where the
# in-process test does not: examples, coverage (boundaries, every undeclared method, missing
# headers), negative data and stateful sequences. Schemathesis's dictionaries aim three in four
# generated ids and keys at the seeded ones (the others stay random: unknown ids are probed too).
#
# One judgment the document cannot carry: a request can fit the schema and still be refused with
# a 400 by the table or game it names (seat 3 at a 2-seat table, Pangaea for 1 player, an option
# this game lacks): that depends on the data, not the request's shape. The document declares 400
# for that ("valid in shape, refused by this table or game"), and 422 for requests that do not
# fit the schema. So the positive-data check is told that 400 is such an answer too.
ST_CONFIG = """
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]

[dictionaries.tables]
values = {tables}
[dictionaries.games]
values = {games}
[dictionaries.profiles]
values = {profiles}
[dictionaries.keys]
values = {keys}

[parameters]
"path.table_id" = {{ dictionary = "tables", probability = 0.75 }}
"path.game_id" = {{ dictionary = "games", probability = 0.75 }}
"path.profile_id" = {{ dictionary = "profiles", probability = 0.75 }}
"body.profile_key" = {{ dictionary = "keys", probability = 0.5 }}
"body.key" = {{ dictionary = "keys", probability = 0.5 }}
"""


def test_schemathesis_finds_no_failure_with_every_check(tmp_path: Path) -> None:
    from browser.conftest import serve_in_thread

    app = make_app(f"sqlite:///{tmp_path / 'st.sqlite3'}", random.Random(3), max_bot_seconds=0.05)
    with serve_in_thread(app) as url:
        seed = {name: json.dumps(values) for name, values in _seed(url).items()}
        (tmp_path / "schemathesis.toml").write_text(ST_CONFIG.format(**seed))  # read from the working directory
        cmd = [sys.executable, "-m", "schemathesis.cli", "run", f"{url}/openapi.json", "--checks", "all"]
        cmd += ["--max-examples", "15", "--generation-deterministic", "--no-color", "--workers", "1"]
        cmd += ["--request-timeout", "10"]
        done = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def _seed(url: str) -> dict[str, list[str]]:
    with httpx.Client(base_url=url, timeout=30) as http:
        tables, profile = [], http.post("/api/profiles", json={"name": "Fuzz"}).json()

        def table(**body: Any) -> str:
            made = http.post("/api/tables", json=body)
            assert made.status_code == 201, made.text
            return str(made.json()["table"]["id"])

        human, bot = {"type": "human"}, {"type": "bot", "bot": "random"}
        tables.append(table(game="dino-race", players=2, seats=[human, human], claim=[0, 1], start=True))
        tables.append(table(game="pangaea", players=2, seats=[human, bot]))
        tables.append(table(game="trex-island", players=3, claim=[0], name="Ada", profile_key=profile["key"]))
        tables.append(table(game="dino-race", players=2, seats=[human, bot], claim=[0], start=True))
        made = http.post("/api/tables", json={"game": "dino-race", "players": 2, "seats": [human, bot], "start": True})
        finished, tokens = made.json()["table"]["id"], {t["seat"]: t["token"] for t in made.json()["tokens"]}
        play_random(cast(Any, http), finished, tokens, random.Random(4))  # a record and replays to fetch
        tables.append(finished)
    return {
        "tables": tables,
        "games": list(dinobox.game_ids()),
        "profiles": [profile["profile"]["id"]],
        "keys": [profile["key"]],
    }
