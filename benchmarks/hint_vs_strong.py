"""Following the hints against playing ``strong``'s moves: a paired benchmark.

Each deal ``i`` is played twice, with the same game seed (so the same cards and dice as long as
the games stay in step) and the same opponents with the same bot seeds, the subject in seat
``i mod P`` both times:

- **A, hints**: the subject plays every decision as ``dinobox.coach.suggest`` says (the hint's
  search, within the hint budget);
- **B, strong**: the subject plays the no-search ``strong`` bot's move.

The outcome is the subject's win share in each. The two are compared pair by pair: McNemar's
exact test on the deals won in one version and not the other (shared wins count their share),
and the mean paired difference with its standard error.

    python benchmarks/hint_vs_strong.py dino-race --games 200 --iterations 40 --jobs 2
    python benchmarks/hint_vs_strong.py trex-island --games 100 --seconds 1 --opponents heuristic
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.coach import suggest
from dinobox.engine.runner import play_game
from dinobox.engine.state import State
from dinobox.simulate.paired import mcnemar
from dinobox.simulate.play import derive_seed

PLAYERS = {"dino-race": 2, "trex-island": 2, "pangaea": 2, "dinosaur-rush": 3}


class HintFollower:
    """Plays whatever the hint says (the coach's ``suggest``), seeded per decision."""

    def __init__(self, seed: int, seconds: float | None, iterations: int | None) -> None:
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        self.calls = 0

    def choose(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.calls += 1
        seed = derive_seed(self.seed, self.calls)
        seat = state.current_player()
        if self.iterations is not None:
            return suggest(state, seat, iterations=self.iterations, seed=seed).action
        return suggest(state, seat, seconds=self.seconds or 1.0, seed=seed).action


def play_pair(task: tuple[str, int, int, str, float | None, int | None]) -> dict[str, Any]:
    game_id, players, index, opponents, seconds, iterations = task
    game = dinobox.load_game(game_id, players=players)
    seed = derive_seed("hint-vs-strong", game_id, index)
    subject = index % players
    outcome = []
    for follower in ("hint", "strong"):
        bots: list[Any] = []
        for seat in range(players):
            bot_seed = derive_seed(seed, "seat", seat)
            if seat != subject:
                bots.append(make_bot(opponents, bot_seed))
            elif follower == "hint":
                bots.append(HintFollower(bot_seed, seconds, iterations))
            else:
                bots.append(make_bot("strong", bot_seed))
        result = play_game(game.new_initial_state(), bots, seed=seed)
        outcome.append(result.state.returns()[subject])
    return {"index": index, "seed": seed, "seat": subject, "hint": outcome[0], "strong": outcome[1]}


def report(game_id: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    hint = [r["hint"] for r in rows]
    strong = [r["strong"] for r in rows]
    diffs = [h - s for h, s in zip(hint, strong, strict=True)]
    n = len(rows)
    sd = statistics.stdev(diffs) if n > 1 else math.nan
    return {
        "game": game_id,
        "pairs": n,
        "hint_rate": sum(hint) / n,
        "strong_rate": sum(strong) / n,
        "hint_only": sum(1 for d in diffs if d > 0),
        "strong_only": sum(1 for d in diffs if d < 0),
        "mean_difference": sum(diffs) / n,
        "stderr": sd / math.sqrt(n) if n > 1 else math.nan,
        "mcnemar_p": mcnemar(strong, hint),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(PLAYERS))
    parser.add_argument("--games", type=int, default=100, help="deals (each played twice)")
    parser.add_argument("--start", type=int, default=0, help="first deal index (to add more deals later)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, default=None, help="wall-clock seconds a hint (at most 1)")
    budget.add_argument("--iterations", type=int, default=None, help="a hint's iterations (reproducible)")
    parser.add_argument("--opponents", default="strong", help="the bot spec in the other seats")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="append the pairs as JSON lines here")
    args = parser.parse_args(argv)
    if args.seconds is None and args.iterations is None:
        args.seconds = 1.0
    if args.seconds is not None and not 0 < args.seconds <= 1:
        parser.error("the hint budget is at most 1 second")
    players = PLAYERS[args.game]
    tasks = [
        (args.game, players, i, args.opponents, args.seconds, args.iterations)
        for i in range(args.start, args.start + args.games)
    ]
    rows: list[dict[str, Any]] = []
    done: set[int] = set()
    if args.out is not None and args.out.exists():
        rows = [json.loads(line) for line in args.out.read_text().splitlines() if line.strip()]
        done = {r["index"] for r in rows}
    tasks = [t for t in tasks if t[2] not in done]
    try:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for row in pool.map(play_pair, tasks):
                rows.append(row)
                if args.out is not None:
                    with args.out.open("a") as f:
                        f.write(json.dumps(row) + "\n")
    except KeyboardInterrupt:
        print("stopped: the pairs finished so far follow")
    if rows:
        print(json.dumps(report(args.game, rows), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
