"""Smoke runs of the training example and the adapter benchmark (tiny budgets)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import gymnasium  # noqa: F401  (a hard requirement of these tests)
import pyspiel  # noqa: F401  (a hard requirement of these tests)
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(relative: str) -> ModuleType:
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_and_reports_win_rates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "policy.npz"
    args = ["--episodes", "6", "--eval-games", "3", "--checkpoints", "2", "--save", str(saved)]
    rows = _load("examples/train_dino_race.py").main(args)
    assert [r[0] for r in rows] == [0, 3, 6]
    assert all(0.0 <= r[1] <= 1.0 and 0.0 <= r[2] <= 1.0 for r in rows)
    out = capsys.readouterr().out
    assert "win rate" in out and f"policy saved to {saved}" in out and saved.is_file()


def test_benchmark_measures_every_adapter() -> None:
    rows = _load("benchmarks/bench_rl.py").main(["--games", "dino-race", "--players", "2", "--seconds", "0.05"])
    assert {r["adapter"] for r in rows} == {"engine", "openspiel", "pettingzoo", "gymnasium"}
    assert all(r["steps"] > 0 for r in rows)
