"""``dinobox play --plain``: the line-mode client keeps the full-screen app's fixes."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from dinobox.bots import make_bot
from dinobox.cli.app import app
from dinobox.cli.choices import ChoiceTree
from dinobox.cli.plain import CLEAR_ALL, PlainClient
from dinobox.cli.table import HUMAN, Table
from dinobox.engine.registry import load_game

runner = CliRunner()


def test_plain_menus_come_in_steps_with_back() -> None:
    # Dino Race's first menu is long: it is grouped; "b" goes back; then roll the die (the last group)
    answers = "\n".join(["2", "b"] + ["1"] * 600) + "\n"
    result = runner.invoke(
        app,
        ["play", "dino-race", "--plain", "--players", "2", "--bots", "human,heuristic", "--seed", "7"],
        input=answers,
    )
    assert "choices)" in result.output  # a group line: "swap … (8 choices)"
    assert "(b = back)" in result.output
    assert "Red to act" in result.output


def test_plain_hotseat_clears_screen_and_scrollback() -> None:
    answers = "\n".join([""] + ["1", ""] * 400) + "\n"
    result = runner.invoke(
        app,
        ["play", "dino-race", "--plain", "--players", "2", "--bots", "human,human", "--seed", "3"],
        input=answers,
    )
    assert "Pass the device to" in result.output
    assert CLEAR_ALL in result.output and CLEAR_ALL.index("\x1b[2J") < CLEAR_ALL.index("\x1b[3J")
    # nothing of a seat's hand is printed after a handover's clearing and before the next one
    chunks = result.output.split(CLEAR_ALL)
    for chunk in chunks:
        assert chunk.count("Your hand:") <= chunk.count("to act")


def test_plain_quit_asks_and_saves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "pangaea",
            "--plain",
            "--players",
            "2",
            "--bots",
            "human,heuristic",
            "--seed",
            "1",
            "--save",
            str(record),
        ],
        input="q\n\nq\ns\n",
    )
    assert "Quit?" in result.output
    assert record.exists()


def test_empty_bot_entries_are_refused() -> None:
    result = runner.invoke(app, ["play", "dino-race", "--plain", "--bots", ",,"])
    assert result.exit_code == 2
    assert "empty entry" in result.output


def test_a_saved_game_resumes_and_replay_says_it_is_unfinished(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.json"
    args = ["play", "dino-race", "--plain", "--bots", "human,random", "--seed", "3", "--save", str(record)]
    runner.invoke(app, args, input="1\n1\nq\ns\n")
    saved = json.loads(record.read_text())
    assert saved["seats"] == ["human", "random"] and saved["seed"] == 3 and saved["history"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert "unfinished" in replayed.output and "--resume" in replayed.output
    refused = runner.invoke(app, ["play", "--resume", str(record), "--players", "3"])
    assert refused.exit_code == 2 and "cannot change it" in refused.output
    resumed = runner.invoke(app, ["play", "--resume", str(record), "--plain"], input="q\ny\n")
    assert "resumed after" in resumed.output and "Red to act" in resumed.output
    other = runner.invoke(app, ["play", "pangaea", "--resume", str(record), "--plain"])
    assert other.exit_code == 2 and "is a game of dino-race" in other.output


def test_resume_refuses_damaged_records_with_the_reason(tmp_path) -> None:  # type: ignore[no-untyped-def]
    good = {"format": 1, "game": "dino-race", "players": 2, "options": {}, "history": []}
    cases = [
        ({**good, "seats": [1, 2]}, "'seats' must be a list"),
        ({**good, "seats": ["human"]}, "2 players but 1 seats"),
        ({**good, "seats": ["human", "nobot"]}, "nobot"),
        ({**good, "seed": "x"}, "'seed' must be a whole number"),
        ({**good, "clock": {"control": 5}}, "clock"),
        ([1, 2], "a record is a JSON object"),
    ]
    for record, words in cases:
        path = tmp_path / "r.json"
        path.write_text(json.dumps(record))
        result = runner.invoke(app, ["play", "--resume", str(path), "--plain"], input="q\ny\n")
        assert result.exit_code == 2 and words in result.output, (record, result.output)


def test_plain_tells_which_pile_sets_the_raptors_off() -> None:
    table = Table(load_game("trex-island", players=2), [HUMAN, "heuristic"], 0)
    bot = make_bot("heuristic", 1)
    for _ in range(23):  # the same seeded game as the full screen's pile snapshot
        table.run_automatic()
        table.act(bot.choose(table.state))
    table.run_automatic()
    options = ChoiceTree(table.described()).options()
    follows = PlainClient(table, None).follows(0, options)
    assert [any("Raptors strike" in line for line in follows[o.ident]) for o in options] == [False, True]


def test_plain_turns_start_with_a_digest_and_l_pages_through_the_whole_log() -> None:
    # Dino Race: roll the die each turn (the turn ends), then read the log page by page
    answers = "\n".join(["r"] * 6 + ["l", "", "", ""] + ["r"] * 600) + "\n"
    result = runner.invoke(
        app,
        ["play", "dino-race", "--plain", "--players", "2", "--bots", "human,heuristic", "--seed", "11"],
        input=answers,
    )
    assert "Since your last turn:" in result.output
    assert "earlier (l: the log)" in result.output
    assert "deck size: 40 → 35 (-5)" in result.output
    pages = re.findall(r"log entries (\d+)-(\d+) of (\d+)", result.output)
    assert len(pages) == 4 and pages[0][1] == pages[0][2]  # the last page first
    assert pages[-1][0] == "1"  # then back, page by page, to the first entry


def test_plain_h_gives_the_coachs_hint_with_its_key_and_the_record_keeps_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("dinobox.cli.hints.HINT_SECONDS", 0.2)  # a quick coach for the test
    record = tmp_path / "g.json"
    args = ["play", "dino-race", "--plain", "--bots", "human,heuristic", "--seed", "7", "--save", str(record)]
    result = runner.invoke(app, args, input="h\nh\nq\ns\n")
    assert "h hint" in result.output
    hints = re.findall(r"Hint: (.+?) \(win chance \d+%\) · key (\w)", result.output)
    assert len(hints) == 2 and hints[0] == hints[1]  # asked twice: the same hint
    assert result.output.count("the coach is thinking") == 1
    saved = json.loads(record.read_text())
    assert len(saved["hints"]) == 1 and saved["hints"][0]["seat"] == 0
    assert saved["hints"][0]["move"] == len(saved["history"])


def test_resuming_with_other_seats_saves_a_new_file_and_keeps_the_records_seats(tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = tmp_path / "g.json"
    args = ["play", "dino-race", "--plain", "--bots", "human,random", "--seed", "3", "--save", str(record)]
    runner.invoke(app, args, input="1\n1\nq\ns\n")
    before = record.read_text()
    resumed = runner.invoke(
        app, ["play", "--resume", str(record), "--plain", "--bots", "human,heuristic"], input="q\ns\n"
    )
    reseated = tmp_path / "g-reseated.json"
    assert "".join(f"saved to {reseated}".split()) in "".join(resumed.output.split())
    assert record.read_text() == before  # the record's own seats stay
    assert json.loads(reseated.read_text())["seats"] == ["human", "heuristic"]
