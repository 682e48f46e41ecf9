"""How much ``dinobox play --plain`` prints between two of the person's ``your choice:`` prompts.

A screen reader reads every line, so the line-mode client should say little between two
questions. This plays whole games of each game with ``--plain``: one person (seat 1) against
heuristic bots; the person reads the menu printed since the last prompt and types one of its
keys (seeded random), as someone at the keyboard would. Counts the non-blank lines between two
consecutive prompts, averaged over the game (the longest too).

    python benchmarks/plain_length.py                      # every game, seeds 1-3
    python benchmarks/plain_length.py --games pangaea --seeds 1

Not a test (``tests/cli/test_plain_length.py`` checks the bound on one seed per game).
"""

from __future__ import annotations

import argparse
import builtins
import io
import random
import re
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from dinobox.cli.common import console
from dinobox.cli.plain import PlainClient
from dinobox.cli.table import HUMAN, Table
from dinobox.engine.registry import load_game

PLAYERS = {"dino-race": 2, "trex-island": 2, "dinosaur-rush": 3, "pangaea": 2}
PROMPT = "your choice: "
MENU_LINE = re.compile(r"^   (\S) \S")
"""A menu line: its key, right-aligned in two columns after two spaces, then the choice."""


@dataclass(frozen=True)
class Measure:
    game: str
    seed: int
    prompts: int
    average: float
    longest: int
    output: str


@contextmanager
def typed_answers(buffer: io.StringIO, seed: int) -> Iterator[None]:
    """The console writes to ``buffer``; ``input()`` answers as a person reading it would."""
    rng = random.Random(seed)
    read = [0]
    menu: list[str] = []
    saved_input = builtins.input

    def answer(prompt: object = "") -> str:
        text = buffer.getvalue()
        fresh, read[0] = text[read[0] :], len(text)
        keys = [m.group(1) for line in fresh.splitlines() if (m := MENU_LINE.match(line))]
        menu[:] = keys or menu  # a refused answer reprints no menu: the last one holds
        typed = rng.choice(menu) if fresh.rstrip().endswith(PROMPT.strip()) else ""  # else a pause: Enter
        buffer.write(typed + "\n")  # the terminal echoes what is typed
        read[0] = len(buffer.getvalue())
        return typed

    builtins.input = answer
    console.file = buffer
    try:
        yield
    finally:
        builtins.input = saved_input
        # no file of its own again: the console follows whatever sys.stdout is (a test runner swaps it)
        console.file = None  # type: ignore[assignment,unused-ignore]  # Rich: None follows sys.stdout


def between_prompts(output: str) -> list[int]:
    """The non-blank lines between each two consecutive prompts (the typed answer aside)."""
    chunks = output.split(PROMPT)[1:-1]
    return [sum(1 for line in chunk.splitlines()[1:] if line.strip()) for chunk in chunks]


def measure(game_id: str, seed: int) -> Measure:
    game = load_game(game_id, players=PLAYERS[game_id])
    table = Table(game, [HUMAN] + ["heuristic"] * (game.num_players - 1), seed)
    buffer = io.StringIO()
    with typed_answers(buffer, seed):
        PlainClient(table, None).run()
    counts = between_prompts(buffer.getvalue())
    return Measure(game_id, seed, len(counts), statistics.fmean(counts), max(counts), buffer.getvalue())


def main(argv: list[str] | None = None) -> list[Measure]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(PLAYERS))
    parser.add_argument("--seeds", default="1,2,3")
    args = parser.parse_args(argv)
    rows = []
    print("| game | players | seed | prompts | lines between two prompts (mean) | most |")
    print("|---|---|---|---|---|---|")
    for game_id in args.games.split(","):
        for seed in (int(s) for s in args.seeds.split(",")):
            row = measure(game_id, seed)
            rows.append(row)
            print(f"| {game_id} | {PLAYERS[game_id]} | {seed} | {row.prompts} | {row.average:.1f} | {row.longest} |")
    return rows


if __name__ == "__main__":
    main()
