"""Skill trace of the learned weights: how the strong bot's policy fares against the heuristic
after more and more generations of ``dinobox train``.

A weights file keeps the centre of every generation (``training.history``); this plays the
centre of the chosen generations (and the final weights) against the default heuristic in the
other seats, every deal from every seat, on seeds that training never used, and prints a
Markdown table with 95% Wilson intervals.

    python benchmarks/strong_trace.py trex-island --games 400 --generations 0,3,6
    python benchmarks/strong_trace.py pangaea --file my-weights.json --games 100
    python benchmarks/strong_trace.py dino-race --games 2000 --steps move_finish,hold_finish+hold_rival

``--steps`` traces a table found term by term instead: row k plays the heuristic with the final
table's values for the first k groups of weight names (``+`` joins the names of one group).

Generation 0's centre is the default heuristic itself (win rate 0.5 by symmetry in a
two-player game).
"""

from __future__ import annotations

import argparse
import json
from importlib import resources
from pathlib import Path

from dinobox.bots.train import play_match
from dinobox.bots.weights import FILE_NAME, parse_weights_file
from dinobox.engine.registry import game_entry
from dinobox.simulate import wilson

SEED_BASE = 10_000_000  # far from the seeds training draws (31-bit random numbers are rarely this small)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--file", type=Path, help="a weights file (default: the one the game ships)")
    parser.add_argument("--games", type=int, default=200, help="games per row (a multiple of the players)")
    parser.add_argument("--players", type=int, help="number of players (default: the training's)")
    parser.add_argument("--generations", default="", help="comma-separated generation numbers to play")
    parser.add_argument("--steps", default="", help="comma-separated groups of weight names ('+' joins a group)")
    args = parser.parse_args()
    if args.file is not None:
        text = args.file.read_text()
    else:
        package = game_entry(args.game).package
        assert package, f"{args.game} has no package"
        text = resources.files(package).joinpath(FILE_NAME).read_text()
    final = parse_weights_file(text, args.game, str(args.file or FILE_NAME))
    training = json.loads(text).get("training", {})
    players = args.players or int(training.get("players", 2))
    history = {int(g["generation"]): g["centre"] for g in training.get("history", [])}
    rows: list[tuple[str, dict[str, float]]] = []
    for word in filter(None, args.generations.split(",")):
        rows.append((f"generation {int(word)} centre", history[int(word)]))
    switched: dict[str, float] = {}
    for group in filter(None, args.steps.split(",")):
        names = group.split("+")
        unknown = [n for n in names if n not in final]
        if unknown:
            parser.error(f"--steps: the final table has no weight {unknown[0]!r}")
        switched.update({n: final[n] for n in names})
        rows.append((f"+ {', '.join(names)}", dict(switched)))
    generations = training.get("generations")
    rows.append(("final" + (f" ({generations} generations)" if generations else ""), final))
    seeds = [SEED_BASE + i for i in range(args.games // players)]
    print(f"{args.game}, {players} players, {len(seeds) * players} games per row against the heuristic")
    print()
    print("| weights | games | win rate | 95% CI |")
    print("|---|---|---|---|")
    for label, weights in rows:
        _, rate = play_match(args.game, players, weights, seeds)
        n = len(seeds) * players
        low, high = wilson(rate * n, n)
        print(f"| {label} | {n} | {rate:.3f} | [{low:.3f}, {high:.3f}] |")


if __name__ == "__main__":
    main()
