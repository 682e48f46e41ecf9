"""``--plain`` is read out by screen readers: it says little between two questions.

A person (seat 1) plays a whole game of each game against heuristic bots, reading each menu and
typing one of its keys (``benchmarks/plain_length.py``); between two ``your choice:`` prompts
the client prints under 15 non-blank lines on average, and the board comes on demand (``v``).
"""

from __future__ import annotations

import builtins
import importlib.util
import io
import random
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from dinobox.cli.plain import PlainClient
from dinobox.cli.table import HUMAN, Table
from dinobox.engine.registry import load_game

ROOT = Path(__file__).resolve().parents[2]


def _benchmark() -> ModuleType:
    path = ROOT / "benchmarks" / "plain_length.py"
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


plain_length = _benchmark()


@pytest.mark.parametrize("game_id", ["dino-race", "trex-island", "dinosaur-rush", "pangaea"])
def test_a_whole_plain_game_says_under_15_lines_between_two_prompts(game_id: str) -> None:
    measure = plain_length.measure(game_id, seed=1)
    assert measure.prompts > 20
    assert measure.average < 15, f"{game_id}: {measure.average:.1f} lines between two prompts"
    # the board is printed once, at the person's first decision, not at every step
    first_rule = measure.output.index("to act")
    assert "to act" in measure.output[first_rule + 1 :]
    # players' words: no internal field name ("wild_ribs", "trex_guard") reaches the person
    assert not re.findall(r"\b[a-z]+_[a-z0-9_]+\b", measure.output), "internal names in the output"
    assert not re.findall(r"\b(None|True|False)\b", measure.output), "Python's values in the output"


def test_v_prints_the_board_on_demand() -> None:
    game = load_game("dino-race", players=2)
    table = Table(game, [HUMAN, "heuristic"], 4)
    buffer = io.StringIO()
    with plain_length.typed_answers(buffer, 4):
        client = PlainClient(table, None)
        table.run_automatic()
        seat = table.human_to_act()
        assert seat is not None
        client.decided[seat] = (table.state.view(seat), -1, 0)  # not the person's first decision
        answers = iter(["v", "q", ""])  # the board; quit? no: keep playing
        builtins.input = lambda prompt="": next(answers)
        with pytest.raises(StopIteration):
            client.decide(seat)
    text = buffer.getvalue()
    assert text.count("Your hand") == 1  # after v, once
    assert text.index("to act") < text.index("Your hand")


@pytest.mark.parametrize(("game_id", "players"), [("trex-island", 2), ("dinosaur-rush", 3), ("pangaea", 2)])
def test_v_lists_the_map_in_words(game_id: str, players: int) -> None:
    """The map's pieces as a text list (a team on a space, bones on a dig site, a sabotage token,
    an Explorer), not only as a picture or a colour."""
    table = Table(load_game(game_id, players=players), [HUMAN] + ["heuristic"] * (players - 1), 2)
    buffer = io.StringIO()
    with plain_length.typed_answers(buffer, 2):
        table.run_automatic()
        seat = table.human_to_act()
        assert seat is not None
        PlainClient(table, None).show_board(seat)
    words = buffer.getvalue().split("In words:\n", 1)[1].splitlines()
    assert words and all(": " in line for line in words if line.startswith("  "))
    assert any(table.names[seat] in line for line in words)


def test_a_refused_answer_says_why_with_the_rule() -> None:
    # Dino Race, seed 1: after five moves the person's dino is knocked over; r (roll) must wait
    table = Table(load_game("dino-race", players=2), [HUMAN, "heuristic"], 1)
    rng = random.Random(1)
    for _ in range(5):
        table.run_automatic()
        table.act(rng.choice(table.state.legal_actions()))
    table.run_automatic()
    buffer = io.StringIO()
    with plain_length.typed_answers(buffer, 1):
        seat = table.human_to_act()
        assert seat is not None
        answers = iter(["r", "q", ""])  # roll; quit? no: keep playing
        builtins.input = lambda prompt="": next(answers)
        with pytest.raises(StopIteration):
            PlainClient(table, None).decide(seat)
    refusal = next(line for line in buffer.getvalue().splitlines() if "r: not now:" in line)
    assert "your tripped dino must stand up" in refusal and "(Playing special cards" in refusal


def test_v_says_each_sabotage_token_in_words_not_only_by_a_red_background() -> None:
    """Dinosaur Rush draws a sabotaged dig site on a red background; ``v`` also lists each such
    site as holding "a sabotage token", so nothing rests on the colour."""
    table = Table(load_game("dinosaur-rush", players=3), [HUMAN, "heuristic", "heuristic"], 11)
    rng = random.Random(11)
    sabotaged: list[str] = []
    for _ in range(200):
        table.run_automatic()
        cells = table.state.view(0)["board"]["cells"]
        sabotaged = [str(c["label"]) for c in cells if c.get("token")]
        if sabotaged or table.state.is_terminal():
            break
        table.act(rng.choice(table.state.legal_actions()))
    assert sabotaged, "no sabotage token reached the board"
    buffer = io.StringIO()
    with plain_length.typed_answers(buffer, 11):
        PlainClient(table, None).show_board(0)
    words = buffer.getvalue().split("In words:\n", 1)[1]
    for label in sabotaged:
        assert re.search(rf"^  {label}: .*a sabotage token", words, re.MULTILINE), (label, words)
