"""A run killed outright keeps its games: ``dinobox simulate`` writes each game to the run's journal
as it ends, and ``--resume`` goes on from there (``simulate/journal.py``). Its log says how far it
got, with no terminal to draw a bar on."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from pytest import MonkeyPatch
from typer.testing import CliRunner

from dinobox.cli.app import app
from dinobox.simulate import output

runner = CliRunner()
JOURNAL = "rows.journal.jsonl"
COMMON = ["dino-race", "--players", "2", "--bots", "heuristic,random", "--seed", "11", "--no-report"]


def simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, " ".join(result.output.split())


def killed_run(out: Path, at_least: int = 5) -> int:
    """Start a long run as a person would in a shell, kill it with SIGKILL once its journal holds
    ``at_least`` games, and return how many games the journal holds."""
    command = [sys.executable, "-m", "dinobox", "simulate", *COMMON, "--games", "100000", "--out", str(out)]
    log = out.parent / f"{out.name}.log"  # the output goes to a log, as under nohup
    with log.open("w") as handle:
        process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT)
    journal = out / JOURNAL
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            if journal.is_file() and journal.read_text().count("\n") > at_least:
                break
            time.sleep(0.05)
        else:
            raise AssertionError("the run wrote no journal in two minutes")
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert not (out / "summary.json").exists()  # killed: no chance to write its results
    # no live bar in a log: a plain line says how far the run got (after the first game)
    assert re.search(r"^games 1/100000 · [0-9.]+ games/s · \d+:\d\d:\d\d elapsed · ETA ", log.read_text(), re.M)
    return journal.read_text().count("\n") - 1  # less the header


def rows(out: Path) -> list[str]:
    return (out / "rows.jsonl").read_text().splitlines()


def test_a_killed_run_resumes_from_its_journal_row_for_row(tmp_path: Path) -> None:
    out = tmp_path / "killed"
    kept = killed_run(out)
    total = kept + 3
    code, output = simulate(*COMMON, "--games", str(total), "--out", str(out))
    assert code != 0 and "stopped before it wrote its results" in output and "--resume continues it" in output
    code, output = simulate(*COMMON, "--games", str(total), "--out", str(out), "--resume")
    assert code == 0, output
    assert f"{kept} games already played, 3 to play" in output
    assert json.loads((out / "summary.json").read_text())["games"] == total
    assert not (out / JOURNAL).exists()
    fresh = tmp_path / "fresh"
    assert simulate(*COMMON, "--games", str(total), "--out", str(fresh))[0] == 0
    assert rows(out) == rows(fresh)


def test_a_line_cut_off_by_the_kill_is_played_again(tmp_path: Path) -> None:
    out = tmp_path / "torn"
    kept = killed_run(out)
    with (out / JOURNAL).open("a") as handle:
        handle.write('{"index": 99999, "seed"')  # the kill came in the middle of a line
    code, output = simulate(*COMMON, "--games", str(kept + 1), "--out", str(out), "--resume")
    assert code == 0 and f"{kept} games already played, 1 to play" in output


def test_a_journal_of_another_run_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "other"
    killed_run(out)
    before = (out / JOURNAL).read_text()
    other = [word if word != "11" else "12" for word in COMMON]
    code, output = simulate(*other, "--games", "50000", "--out", str(out), "--resume")
    assert code != 0 and "holds a different run: seed is 11 there and 12 here: give --seed 11" in output
    assert (out / JOURNAL).read_text() == before
    (out / JOURNAL).write_text("not a journal\n")
    code, output = simulate(*COMMON, "--games", "50000", "--out", str(out), "--resume")
    assert code != 0 and "is not a journal of dinobox simulate" in output


def test_overwrite_replaces_a_killed_run(tmp_path: Path) -> None:
    out = tmp_path / "over"
    killed_run(out)
    code, output = simulate(*COMMON, "--games", "2", "--out", str(out), "--overwrite")
    assert code == 0, output
    assert json.loads((out / "summary.json").read_text())["games"] == 2 and len(rows(out)) == 2
    assert not (out / JOURNAL).exists()


def test_a_run_stopped_while_it_writes_its_results_still_resumes(tmp_path: Path, monkeypatch: MonkeyPatch) -> None:
    """A second stop that lands while the results are written (here, after the rows and before
    games.csv) leaves no half-written results: the run resumes from its journal, row for row."""
    out, fresh = tmp_path / "torn", tmp_path / "fresh"
    assert simulate(*COMMON, "--games", "6", "--out", str(fresh))[0] == 0

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(output, "write_csv", stopped)
        assert simulate(*COMMON, "--games", "6", "--out", str(out))[0] != 0
    assert not (out / "summary.json").exists() and (out / JOURNAL).is_file()
    assert not list(out.glob("*.tmp"))
    code, text = simulate(*COMMON, "--games", "6", "--out", str(out), "--resume")
    assert code == 0 and "6 games already played, 0 to play" in text, text
    assert rows(out) == rows(fresh) and not (out / JOURNAL).exists()
