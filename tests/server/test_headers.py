"""Security headers (#40): a strict Content-Security-Policy (no inline script or style, no
framing), nosniff and a Referrer-Policy on every page, JSON answer, file and refusal."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from .conftest import make_app, new_table


def directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_every_answer_carries_the_security_headers(sqlite_url: str) -> None:
    with TestClient(make_app(sqlite_url, rng=random.Random(1), max_body_bytes=2000)) as client:
        tid, _ = new_table(client, players=2)
        paths = [
            "/",
            f"/table/{tid}",
            f"/replay/{tid}",
            "/profile",
            "/ratings",
            "/how-to-play/dino-race",
            "/rules/dino-race",
            "/games/dino-race/howto.html",
            "/static/js/table.js",
            "/static/css/app.css",
            "/api/health",
            "/api/games",
            "/api/tables",
            f"/api/tables/{tid}",
            "/api/tables/nosuchtable",
            "/openapi.json",
        ]
        answers = [client.get(p) for p in paths]
        answers.append(client.post("/api/tables", content=b"{" + b" " * 5000 + b"}"))  # 413 from the limits
        answers.append(client.post("/api/tables", json={"game": "no-such-game"}))
        for r in answers:
            where = f"{r.request.method} {r.request.url.path} -> {r.status_code}"
            policy = directives(r.headers.get("content-security-policy", ""))
            assert policy.get("frame-ancestors") == ["'none'"], where
            for kind in ("script-src", "style-src", "default-src"):
                assert policy.get(kind) == ["'self'"], where
            assert r.headers.get("x-content-type-options") == "nosniff", where
            assert r.headers.get("referrer-policy") == "no-referrer", where
            assert r.headers.get("x-frame-options") == "DENY", where
        assert {r.status_code for r in answers} >= {200, 404, 413, 400}
