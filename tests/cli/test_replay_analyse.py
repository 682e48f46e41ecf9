"""``dinobox replay --analyse``: the coach's marks on a replay, run as a person runs the command."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dinobox.cli.app import app

runner = CliRunner()


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A short game: a random player (seat 0, who makes costly moves) against the heuristic."""
    path = tmp_path_factory.mktemp("replay") / "game.json"
    args = ["play", "dino-race", "--bots", "random,heuristic", "--seed", "4", "--save", str(path)]
    assert runner.invoke(app, args).exit_code == 0
    return path


def test_the_coach_marks_the_costly_moves_with_the_better_one_and_sums_up(record: Path) -> None:
    result = runner.invoke(app, ["replay", str(record), "--analyse", "--seat", "0", "--iterations", "60"])
    assert result.exit_code == 0, result.output
    out = result.output
    flat = " ".join(out.split())  # lines wrap at 80 columns
    assert "The coach analyses Red's decisions" in out
    summary = re.search(r"(\d+) decisions with a choice judged · (\d+) lost more than 10 points", out)
    assert summary is not None, out
    judged, costly = int(summary[1]), int(summary[2])
    assert judged > 10 and costly > 0  # a random player loses win chance somewhere
    marks = re.findall(r"✗ lost (\d+) points of win chance: (\d+)% after this move, (\d+)% after", flat)
    assert len(marks) == costly
    for lost, after, better in marks:
        assert int(lost) > 10 and int(better) - int(after) in range(int(lost) - 1, int(lost) + 2)
    assert flat.count("the better one:") == costly
    assert "The moves that cost the most" in out and "Final scores" in out
    assert re.search(r"Win chance \d+% [▁▂▃▄▅▆▇█]+ \d+%", out)
    assert out.index("Final scores") < out.index("The coach on Red")  # the summary comes at the end
    again = runner.invoke(app, ["replay", str(record), "--analyse", "--seat", "0", "--iterations", "60"])
    assert again.output == out  # an iteration budget is reproducible


def test_the_marks_come_at_each_pause_of_a_step_by_step_replay(record: Path) -> None:
    args = ["replay", str(record), "--analyse", "--seat", "0", "--iterations", "60", "--step"]
    result = runner.invoke(app, args, input="\n" * 400)
    assert result.exit_code == 0, result.output
    pauses = result.output.split("Enter: next, q: stop")
    marked = [p for p in pauses if "✗ lost" in p]
    assert marked
    for pause in marked:  # the mark comes with the move it judges, before the key to play it
        assert pause.index("next:") < pause.index("✗ lost")
    assert "The coach on Red" in result.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--analyse"], "--analyse needs --seat N"),
        (["--analyze"], "--analyse needs --seat N"),
        (["--seat", "0", "--iterations", "5"], "they go with --analyse"),
        (["--analyse", "--seat", "0", "--iterations", "5", "--seconds", "1"], "not both"),
        (["--analyse", "--seat", "0", "--iterations", "0"], "--iterations must be a whole number from 1"),
        (["--analyse", "--seat", "0", "--iterations", "99999999"], "--iterations must be a whole number from 1"),
        (["--analyse", "--seat", "0", "--seconds", "-1"], "--seconds must be more than 0"),
        (["--analyse", "--seat", "0", "--seconds", "nan"], "--seconds must be more than 0"),
        (["--analyse", "--seat", "0", "--seconds", "inf"], "--seconds must be more than 0"),
        (["--analyse", "--seat", "2", "--iterations", "5"], "--seat must be 0..1"),
    ],
)
def test_bad_analysis_options_are_refused_with_the_reason(record: Path, args: list[str], words: str) -> None:
    result = runner.invoke(app, ["replay", str(record), *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Replay of" not in result.output  # refused before anything is replayed


def test_a_replay_shows_where_hints_were_used_and_tells_only_the_seat_what_they_said(
    record: Path, tmp_path: Path
) -> None:
    data = json.loads(record.read_text())
    history = data["history"]
    data["hints"] = [{"move": 40, "seat": 0, "action": history[40], "text": "Red: a hidden plan"}]
    hinted = tmp_path / "hinted.json"
    hinted.write_text(json.dumps(data))
    mine = runner.invoke(app, ["replay", str(hinted), "--seat", "0"])
    assert mine.exit_code == 0, mine.output
    assert "Red asked for a hint here: Red: a hidden plan (followed)" in mine.output
    public = runner.invoke(app, ["replay", str(hinted)])
    assert "Red asked for a hint here" in public.output and "hidden plan" not in public.output
    for damaged, words in (
        ("many", "'hints' must be a list"),
        ([{"move": "x", "seat": 0, "action": 1, "text": "t"}], "hints[0] needs whole numbers"),
        ([{"move": 10**6, "seat": 0, "action": 1, "text": "t"}], "no such decision"),
    ):
        hinted.write_text(json.dumps({**data, "hints": damaged}))
        refused = runner.invoke(app, ["replay", str(hinted)])
        assert refused.exit_code == 2 and words in refused.output, refused.output


def test_a_step_by_step_replay_names_only_who_moves_next_when_it_is_another_seat(tmp_path: Path) -> None:
    """Hidden information: watching as seat 0, the next move of seat 1 is announced by its mover
    only; the move itself is told by the log, as seat 0 may see it."""
    path = tmp_path / "rush.json"
    args = [
        "play",
        "dinosaur-rush",
        "--players",
        "3",
        "--bots",
        "random,random,random",
        "--seed",
        "3",
        "--save",
        str(path),
    ]
    assert runner.invoke(app, args).exit_code == 0
    result = runner.invoke(app, ["replay", str(path), "--seat", "0", "--step"], input="\n" * 2000)
    assert result.exit_code == 0, result.output
    nexts = re.findall(r"next: (.*)", result.output)
    others = [line for line in nexts if line.endswith(" moves")]
    assert others and len(others) < len(nexts)  # both seats moved; seat 0's own moves in full
