"""Bots from outside dinobox: ``plugin:MODULE:CLASS`` and the ``dinobox.bots`` entry points,
seated by ``play``, ``simulate`` and ``tune`` and rated on the ladder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from plugin_helpers import MODULE, install_entry_points, write_module
from typer.testing import CliRunner

from dinobox.bots import bot_kinds, canonical_spec, check_bot_for_game, make_bot, split_specs
from dinobox.cli.app import app
from dinobox.cli.common import console
from dinobox.engine.errors import InvalidOptionError

runner = CliRunner()
FIRST = f"plugin:{MODULE}:First"


@pytest.fixture
def plugin_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    write_module(tmp_path, monkeypatch)
    return tmp_path


def test_a_class_by_module_and_name_is_a_bot_with_its_options(plugin_folder: Path) -> None:
    bot = make_bot(FIRST, 5)
    assert type(bot).__name__ == "First" and bot.mark == "none"  # type: ignore[attr-defined]
    marked = make_bot(f"{FIRST}:mark=x", 5)
    assert marked.mark == "x"  # type: ignore[attr-defined]
    assert split_specs(f"human,{FIRST}:mark=x,random") == ["human", f"{FIRST}:mark=x", "random"]
    assert canonical_spec(f" {FIRST}: mark=x ") == f"{FIRST}:mark=x"
    check_bot_for_game(FIRST, "dino-race")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("plugin:nowhere_at_all:Bot", "cannot import module 'nowhere_at_all'"),
        ("plugin:dinobox_test_broken:Bot", "importing 'dinobox_test_broken' failed"),
        (f"plugin:{MODULE}:Missing", "has no 'Missing'"),
        (f"plugin:{MODULE}:not_a_class", "not a bot class"),
        (f"plugin:{MODULE}:Silent", "has no choose"),
        (f"plugin:{MODULE}:NoSeed", "cannot be built with seed="),
        (f"{FIRST}:colour=red", r"cannot be built with seed=.* options colour"),
        ("plugin:only_a_module", "plugin:MODULE:CLASS"),
        ("plugin:os.path;rm:X", "not a dotted module name"),
        ("plugin:os:not-a-name", "not a class name"),
    ],
)
def test_a_bad_plug_in_says_what_is_wrong(plugin_folder: Path, spec: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make_bot(spec, 0)


def test_an_installed_entry_point_is_a_bot_kind_by_its_name(
    plugin_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    points = {"first-legal": f"{MODULE}:First", "gone": f"{MODULE}:Missing", "random": f"{MODULE}:NoSeed"}
    install_entry_points(plugin_folder, monkeypatch, points)
    kinds = bot_kinds()
    assert "first-legal" in kinds and kinds.count("random") == 1  # a built-in name is never shadowed
    assert type(make_bot("first-legal", 1)).__name__ == "First"
    assert type(make_bot("random", 1)).__name__ == "RandomBot"
    with pytest.raises(InvalidOptionError, match=r"bot 'gone' .* failed to load"):
        make_bot("gone", 1)
    with pytest.raises(InvalidOptionError, match=r"no bot 'nobody'.*first-legal"):
        make_bot("nobody", 1)


def test_simulate_seats_a_plug_in_and_the_ladder_rates_it(
    plugin_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a terminal wide enough for the bot's name on one line (the console reads COLUMNS only when
    # it is made, at the first import, so the width is set on it)
    monkeypatch.setattr(console, "width", 200)
    out = tmp_path / "run"
    args = ["simulate", "dino-race", "--bots", f"{FIRST},heuristic", "--games", "4", "--seed", "2"]
    result = runner.invoke(app, [*args, "--ratings", "--no-report", "--out", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert {row["spec"] for row in summary["ratings"]} == {FIRST, "heuristic"}
    ladder = runner.invoke(app, ["ratings", "dino-race", str(out)])
    assert ladder.exit_code == 0, ladder.output
    assert FIRST in " ".join(ladder.output.split())


def test_tune_seats_a_plug_in(plugin_folder: Path, tmp_path: Path) -> None:
    args = ["tune", "dino-race", "--bots", f"{FIRST},random", "--param", "hand_size=3..7", "--trials", "2"]
    result = runner.invoke(app, [*args, "--games", "2", "--confirm", "2", "--no-report", "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    assert FIRST in json.loads((tmp_path / "t" / "tune.json").read_text())["bots"]


def test_a_person_plays_a_plug_in_at_the_terminal(plugin_folder: Path, tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    answers = "\n".join(["1"] * 60) + "\nq\ns\n"
    args = ["play", "dino-race", "--plain", "--players", "2", "--bots", f"human,{FIRST}", "--seed", "5"]
    result = runner.invoke(app, [*args, "--save", str(record)], input=answers)
    assert "Red to act" in result.output or "Blue to act" in result.output
    saved = json.loads(record.read_text())
    assert saved["seats"] == ["human", FIRST]
    assert len([h for h in saved["history"] if h]) > 10  # both seats moved
    with pytest.raises(InvalidOptionError):
        make_bot("plugin:nowhere_at_all:Bot", 0)
