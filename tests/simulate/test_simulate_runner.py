"""Stopping a simulation part-way (Ctrl-C) keeps the games already played; --resume goes on."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from dinobox.engine.errors import DinoboxError
from dinobox.simulate import SimConfig, run_simulation, write_outputs
from dinobox.simulate.output import read_rows
from dinobox.simulate.runner import MAX_CHUNK, chunk_size


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


def test_resumed_run_plays_only_the_missing_games_and_matches_a_fresh_run(tmp_path: Path) -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random"), games=5, seed=8, players=2)
    first = run_simulation(config, progress=_stop_after(2))
    write_outputs(first, tmp_path, report=False)
    kept = read_rows(tmp_path, config)
    assert kept == first.rows
    resumed = run_simulation(config, done=kept)
    assert resumed.reused == 2 and resumed.played == 3 and not resumed.interrupted
    assert resumed.rows == run_simulation(config).rows


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random"), games=2, seed=8, players=2)
    write_outputs(run_simulation(config), tmp_path, report=False)
    other = SimConfig(game="dino-race", bots=("heuristic", "random"), games=2, seed=9, players=2)
    with pytest.raises(DinoboxError, match="different run: seed is 8 there and 9 here"):
        read_rows(tmp_path, other)
    (tmp_path / "rows.jsonl").write_text('{"index": 0}\n')
    with pytest.raises(DinoboxError, match="line 1, is not a game row"):
        read_rows(tmp_path, config)
    assert read_rows(tmp_path / "nothing-here", config) == []


def test_two_workers_give_the_rows_of_one_and_a_stopped_pool_keeps_what_came_back() -> None:
    config = SimConfig(game="dino-race", bots=("heuristic", "random"), games=20, seed=4, players=2)
    one = run_simulation(config)
    two = run_simulation(config, jobs=2)
    assert two.rows == one.rows and two.jobs == 2
    part = run_simulation(config, jobs=2, progress=_stop_after(3))
    assert part.interrupted and len(part.rows) == 3
    assert all(row == one.rows[int(row["index"])] for row in part.rows)


def test_workers_send_a_slow_game_back_alone_and_fast_ones_in_chunks() -> None:
    # a stopped run loses only the games of a chunk not yet sent back: at most a quarter second
    assert chunk_size(100.0) == chunk_size(0.3) == 1
    assert chunk_size(0.1) == 2
    assert chunk_size(0.001) == chunk_size(0.0) == MAX_CHUNK
