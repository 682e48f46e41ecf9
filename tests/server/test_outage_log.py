"""A store outage is one log line when it starts and one when it ends (#40), not a traceback
per request, per bot move or per clock round."""

from __future__ import annotations

import logging
import time

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app, new_table, state
from .pgcluster import Cluster
from .test_abuse import _connections


def test_an_outage_is_one_line_and_its_end_another(
    pg_cluster: Cluster, pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    database = pg_url.split("@/", 1)[1].split("?")[0]
    human = {"type": "human"}
    caplog.set_level(logging.INFO)
    with TestClient(make_app(pg_url, clock_period=0.05)) as client:
        tid, _tokens = new_table(client, players=2, seats=[human, human], claim=[0, 1], start=True)
        state(client, tid)
        caplog.clear()
        _connections(pg_cluster, database, allow=False)
        try:
            for _ in range(20):  # requests, and the clock loop's rounds meanwhile
                assert client.get("/api/tables").status_code == 503
                assert client.get(f"/api/tables/{tid}/chat").status_code in (200, 503)
                assert client.post("/api/tables", json={"game": "dino-race"}).status_code == 503
                time.sleep(0.05)
        finally:
            _connections(pg_cluster, database, allow=True)
        deadline = time.monotonic() + 10
        while client.get("/api/tables").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        for _ in range(5):
            assert client.get("/api/tables").status_code == 200
    server_lines = [r for r in caplog.records if r.name.startswith("dinobox")]
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert not tracebacks, [r.getMessage() for r in tracebacks][:3]
    down = [r for r in server_lines if "store is unreachable" in r.getMessage()]
    back = [r for r in server_lines if "store is reachable again" in r.getMessage()]
    assert len(down) == 1 and len(back) == 1, [r.getMessage() for r in server_lines]
    assert down[0].levelno == logging.WARNING and "OperationalError" in down[0].getMessage()
    assert "after" in back[0].getMessage() and "refused" in back[0].getMessage()
