"""A live server on a loopback port and headless Chromium (Debian's package) for browser tests.
A missing Chromium fails the tests, with the command that installs it (``.ci/run`` does): a
browser test that skips is a test that does not exist."""

from __future__ import annotations

import os
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.live_server import serve_in_thread

warnings.filterwarnings("ignore", message=".*httpx.*")

CHROMIUM = os.environ.get("DINOBOX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from dinobox.server import create_app

    db = tmp_path_factory.mktemp("browser") / "tables.sqlite3"
    app = create_app(f"sqlite:///{db}", rng=random.Random(21), gc_tuning=False)
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright import sync_api

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: apt-get install -y chromium (or set DINOBOX_CHROMIUM)")
    with sync_api.sync_playwright() as pw:
        try:
            b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        except Exception as exc:  # pragma: no cover - a broken browser install
            pytest.fail(f"Chromium at {CHROMIUM} does not start: {exc}")
        yield b
        b.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1100, "height": 900})
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()
