"""``--backend ray``: the same seed gives exactly the same results as the local backend."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.engine.errors import DinoboxError
from dinobox.simulate import SimConfig, run_simulation
from dinobox.simulate.distributed import reachable

runner = CliRunner()


def test_ray_rows_equal_local_rows(ray_session: Any) -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random", "heuristic"), games=7, seed=11, players=3)
    local = run_simulation(config, 1)
    remote = run_simulation(config, 1, backend="ray")
    assert remote.rows == local.rows
    assert [r["index"] for r in remote.rows] == list(range(7))


def _without_timing(path: Path) -> dict[str, Any]:
    summary: dict[str, Any] = json.loads(path.read_text())
    summary.pop("timing")
    return summary


def test_simulate_and_tune_on_ray_match_local(ray_session: Any, tmp_path: Path) -> None:
    common = ["trex-island", "--bots", "heuristic,random", "--games", "4", "--seed", "5", "--no-report"]
    for backend in ("local", "ray"):
        result = runner.invoke(app, ["simulate", *common, "--backend", backend, "--out", str(tmp_path / backend)])
        assert result.exit_code == 0, result.output
    assert _without_timing(tmp_path / "ray" / "summary.json") == _without_timing(tmp_path / "local" / "summary.json")
    assert (tmp_path / "ray" / "games.csv").read_text() == (tmp_path / "local" / "games.csv").read_text()

    tune = [
        "tune",
        "dino-race",
        "--bots",
        "heuristic,heuristic",
        "--param",
        "hand_size=3..7",
        "--batch",
        "2",
        "--trials",
        "3",
        "--games",
        "2",
        "--confirm",
        "2",
        "--seed",
        "9",
        "--no-report",
    ]
    for backend in ("local", "ray"):
        result = runner.invoke(app, [*tune, "--backend", backend, "--out", str(tmp_path / f"tune-{backend}")])
        assert result.exit_code == 0, result.output
    local = json.loads((tmp_path / "tune-local" / "tune.json").read_text())
    remote = json.loads((tmp_path / "tune-ray" / "tune.json").read_text())
    assert remote == local


def test_an_address_without_a_cluster_fails_at_once() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DinoboxError, match="no Ray cluster answers"):
        reachable(f"127.0.0.1:{port}", timeout=2)
    with pytest.raises(DinoboxError, match="expected HOST:PORT"):
        reachable("somewhere")
