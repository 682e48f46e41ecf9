"""The exploit probes against the lobby's levels from ``medium`` up (``simulate/probes.py``),
one game and player count at a time, the table printed as Markdown for RESULTS.md.

    nice -n 10 python benchmarks/bench_probes.py trex-island --players 2 --games 200 --seed 7
    nice -n 10 python benchmarks/bench_probes.py dino-race --games 400 --seed 8 --only probe:prefer=push@medium
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping

from dinobox.simulate.play import SimConfig
from dinobox.simulate.probes import probe_check, probe_plan


def table(check: Mapping[str, object]) -> str:
    rows = check["rows"]
    assert isinstance(rows, list)
    lines = [
        "| probe | level | games (somebody won) | win share of those | 95% interval | fair | verdict |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lo, hi = r["ci95"]
        lines.append(
            f"| `{r['probe']}` | {r['level']} | {r['games']} ({r['decided']}) | {r['win_rate']:.3f} "
            f"| [{lo:.3f}, {hi:.3f}] | {r['fair']:.3f} | {r['verdict']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200, help="games per probe and level")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", help="also write the check as JSON here")
    parser.add_argument(
        "--only", nargs="*", metavar="PROBE@LEVEL", help="play only these pairs (e.g. probe:prefer=draw@medium)"
    )
    args = parser.parse_args(argv)
    config = SimConfig(game=args.game, bots=("random",), games=1, seed=args.seed, players=args.players)
    plan = [tuple(pair.rsplit("@", 1)) for pair in args.only] if args.only else probe_plan(config)
    # one pair at a time, each row printed as it is done: a long check shows its progress and a
    # stopped one keeps what it finished
    check = probe_check(config, args.games, args.jobs, plan=[])
    for pair in plan:
        part = probe_check(config, args.games, args.jobs, plan=[pair])
        check["rows"] += part["rows"]
        check["exploits"] += part["exploits"]
        print(table(part).splitlines()[-1], file=sys.stderr, flush=True)
        if part["interrupted"]:
            check["interrupted"] = True
            break
    if args.json:
        with open(args.json, "w") as f:
            json.dump(check, f, indent=1)
    print(f"{args.game}, {args.players} players, seed {args.seed}, {args.games} games a row")
    print(table(check))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
