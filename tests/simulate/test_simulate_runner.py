"""Stopping a simulation part-way (Ctrl-C) keeps the games already played."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from dinobox.simulate import SimConfig, run_simulation, write_outputs


def _stop_after(games: int) -> Callable[[int], None]:
    def progress(done: int) -> None:
        if done >= games:
            raise KeyboardInterrupt

    return progress


def test_interrupted_run_keeps_the_finished_games(tmp_path: Path) -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random"), games=6, seed=3, players=2)
    full = run_simulation(config)
    part = run_simulation(config, progress=_stop_after(2))
    assert not full.interrupted and part.interrupted
    assert part.rows == full.rows[:2]  # the same games, not a different run
    summary = write_outputs(part, tmp_path, report=False)
    written = json.loads((tmp_path / "summary.json").read_text())
    assert summary["interrupted"] is True and written["interrupted"] is True
    assert written["games"] == 2 and written["games_planned"] == 6
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + 2


def test_a_full_run_says_it_was_not_interrupted(tmp_path: Path) -> None:
    config = SimConfig(game="dino-race", bots=("random",), games=2, seed=1, players=2)
    summary = write_outputs(run_simulation(config), tmp_path, report=False)
    assert summary["interrupted"] is False and summary["games"] == summary["games_planned"] == 2
