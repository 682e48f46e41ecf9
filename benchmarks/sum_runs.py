"""Sum the win tables of several ``dinobox simulate`` runs and print them as one Markdown table.

A long ladder is easier to run as many short runs (one seed each) that can be stopped and
restarted; this adds their wins and seat-games per bot and puts 95% Wilson intervals on the
sums, as ``docs/bots.md`` shows them.

    python benchmarks/sum_runs.py ladder/pangaea-ir-s7*
    python benchmarks/sum_runs.py --json sums.json ladder/race-ir ladder/race-ir-more

Every run must be of the same game, player count, options, data changes and bots (in any
seat order); anything else is refused with the first difference found.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dinobox.engine.errors import DinoboxError
from dinobox.simulate import load_summary, wilson

SAME = ("game", "players", "options", "data_overrides")


def setup(summary: Mapping[str, Any]) -> dict[str, Any]:
    out = {key: summary.get(key) for key in SAME}
    out["bots"] = sorted(set(summary.get("bots_given", [])))
    return out


def sum_runs(dirs: list[Path]) -> dict[str, Any]:
    """Wins and seat-games per bot spec, summed over the runs, with intervals on the sums."""
    if not dirs:
        raise DinoboxError("name at least one run directory")
    first: dict[str, Any] | None = None
    order: list[str] = []
    totals: dict[str, list[float]] = {}
    games = 0
    seeds: list[int] = []
    for directory in dirs:
        summary = load_summary(directory)
        if first is None:
            first = setup(summary)
        elif setup(summary) != first:
            mine = setup(summary)
            key = next(k for k in first if first[k] != mine[k])
            raise DinoboxError(f"{directory} is a different setup: {key} is {mine[key]!r}, not {first[key]!r}")
        games += int(summary["games"])
        seeds.append(int(summary["seed"]))
        for bot in summary["bots"]:
            if bot["spec"] not in totals:
                order.append(bot["spec"])
                totals[bot["spec"]] = [0, 0.0]
            totals[bot["spec"]][0] += bot["games"]
            totals[bot["spec"]][1] += bot["wins"]
    assert first is not None
    bots = []
    for spec in order:
        n, wins = totals[spec]
        lo, hi = wilson(wins, int(n))
        bots.append(
            {
                "spec": spec,
                "games": int(n),
                "wins": round(wins, 4),
                "win_rate": round(wins / n, 4),
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        )
    return {**first, "runs": len(dirs), "games": games, "seeds": seeds, "bots": bots}


def markdown(total: dict[str, Any]) -> str:
    lines = [
        f"{total['game']}, {total['players']} players: {total['games']} games in {total['runs']} runs "
        f"(seeds {', '.join(map(str, total['seeds']))})",
        "",
        "| bot | seat-games | wins | win rate | 95% CI |",
        "|---|---|---|---|---|",
    ]
    for b in total["bots"]:
        lo, hi = b["ci95"]
        lines.append(f"| `{b['spec']}` | {b['games']} | {b['wins']:g} | {b['win_rate']:.3f} | [{lo:.3f}, {hi:.3f}] |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="output directories of `dinobox simulate`")
    parser.add_argument("--json", type=Path, default=None, help="also write the sums here")
    args = parser.parse_args()
    try:
        total = sum_runs(args.dirs)
    except DinoboxError as exc:
        sys.exit(f"error: {exc}")
    print(markdown(total))
    if args.json:
        args.json.write_text(json.dumps(total, indent=1))


if __name__ == "__main__":
    main()
