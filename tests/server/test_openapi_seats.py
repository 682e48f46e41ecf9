"""The OpenAPI document bounds every ``seat`` (#40): a client generated from it, or a fuzzer,
knows the range, and the server refuses what is outside it."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from dinobox.server.schemas import MAX_SEATS

from .conftest import make_app, new_table


def test_every_seat_parameter_is_bounded(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, rng=random.Random(1))) as client:
        doc = client.get("/openapi.json").json()
        seen = []
        for path, item in doc["paths"].items():
            for method, op in item.items():
                for param in op.get("parameters", []):
                    if param["name"] != "seat":
                        continue
                    schema = param["schema"]
                    if "anyOf" in schema:
                        schema = next(s for s in schema["anyOf"] if s.get("type") == "integer")
                    seen.append(f"{method} {path}")
                    assert schema.get("minimum") == 0 and schema.get("maximum") is not None, (path, schema)
                    assert schema["maximum"] <= 63, (path, schema)
        assert {"get /api/tables/{table_id}/state", "get /api/tables/{table_id}/replay"} <= set(seen)
        tid, _ = new_table(client, players=2)
        for bad in (-1, MAX_SEATS, 10**30):
            r = client.get(f"/api/tables/{tid}/state", params={"seat": bad, "token": "x"})
            assert 400 <= r.status_code < 500 and r.status_code != 404, r.text
