"""Bots from outside dinobox at a web table: an installed ``dinobox.bots`` entry point (here
the training example's saved policy) is offered by the lobby and plays; a client's
``plugin:MODULE:CLASS`` is refused without importing anything, and so are options for an
installed bot."""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .conftest import make_app, new_table, play_random

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example's policy trained a little and saved, and declared as the entry point
    ``reinforce`` of an installed distribution (its metadata on ``sys.path``)."""
    monkeypatch.syspath_prepend(str(EXAMPLES))
    monkeypatch.delitem(sys.modules, "train_dino_race", raising=False)
    policy = tmp_path / "policy.npz"
    example = importlib.import_module("train_dino_race")
    example.main(["--episodes", "4", "--eval-games", "2", "--checkpoints", "1", "--save", str(policy)])
    info = tmp_path / "site" / "dinobox_examples-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dinobox-examples\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[dinobox.bots]\nreinforce = train_dino_race:SavedPolicy\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    monkeypatch.setenv("DINOBOX_POLICY", str(policy))
    return tmp_path


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(make_app(sqlite_url, rng=random.Random(7))) as c:
        yield c


def test_the_lobby_offers_an_installed_bot_and_it_plays_a_table_to_the_end(installed: Path, client: TestClient) -> None:
    assert "reinforce" in client.get("/api/games").json()["bots"]
    tid, tokens = new_table(
        client, players=2, start=True, seats=[{"type": "human"}, {"type": "bot", "bot": "reinforce"}]
    )
    seats = client.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[1]["bot"] == "reinforce"
    end = play_random(client, tid, tokens, random.Random(2))
    assert end["table"]["status"] == "finished"


def test_a_client_cannot_make_the_server_import_a_module(
    installed: Path, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = installed / "imported"
    (installed / "dinobox_side_effect.py").write_text(
        f"open({str(marker)!r}, 'w').close()\nclass Bot:\n    def choose(self, state):\n        return 0\n"
    )
    monkeypatch.syspath_prepend(str(installed))
    said = []
    for spec in ("plugin:dinobox_side_effect:Bot", "plugin:os:system", "reinforce:policy=/etc/passwd"):
        seats = [{"type": "human"}, {"type": "bot", "bot": spec}]
        r = client.post("/api/tables", json={"game": "dino-race", "players": 2, "seats": seats})
        assert r.status_code == 400 and r.json()["code"] == "bad_config", r.text
        said.append(r.json()["error"])
    assert not marker.exists()
    assert "plugin:MODULE:CLASS is for the command line" in said[0] and "command line" in said[1]
    assert "by its name alone, without options" in said[2]
