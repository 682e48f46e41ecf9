"""The skill curve: the ``master`` search against the no-search ``strong`` bot at several budgets.

For each game (2 players in Dino Race, T-Rex Island and Pangaea; 3 in Dinosaur Rush) and each
budget, one ``dinobox simulate`` run seats ``master`` in one seat and ``strong`` in the others,
seats rotated (game ``i`` puts master in seat ``i mod P``), and reports master's win share with
its 95% Wilson interval against the fair share ``1/P``. Runs are resumable: the same command with
a larger ``--games`` plays only the missing games (``simulate --resume``), and a stopped run keeps
the games it finished, so the curve can be built up in chunks.

    # the issue's curve (CPU-seconds a decision; hours of CPU time per point)
    python benchmarks/skill_curve.py --seconds 0.05,0.2,1,4 --games 300 --jobs 8 --out curve
    # reproducible budgets (playouts a decision) with a cut-off for the slow games
    python benchmarks/skill_curve.py --iterations 8,32 --depth 30 --games 100 --out curve-it
    # the table and the plot from the runs there, playing nothing
    python benchmarks/skill_curve.py --seconds 0.05,0.2 --report-only --out curve --plot benchmarks/skill_curve.png
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from dinobox.simulate import wilson

GAMES = {"dino-race": 2, "trex-island": 2, "pangaea": 2, "dinosaur-rush": 3}


def spec_for(kind: str, budget: str, depth: int | None) -> str:
    spec = f"master:{kind}={budget}"
    return spec + (f",depth={depth}" if depth is not None else "")


def run_point(game: str, spec: str, args: argparse.Namespace, out: Path) -> None:
    players = GAMES[game]
    bots = ",".join([spec] + ["strong"] * (players - 1))
    command = [sys.executable, "-m", "dinobox", "simulate", game, "--players", str(players)]
    command += ["--games", str(args.games), "--bots", bots, "--seed", str(args.seed), "--jobs", str(args.jobs)]
    command += ["--no-report", "--out", str(out)]
    if (out / "rows.jsonl").exists():
        command.append("--resume")
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=False)


def point(game: str, spec: str, out: Path) -> dict[str, Any] | None:
    """Master's win share in the run at ``out`` (None when there is none yet); the run's one
    master seat is the seat whose spec starts with ``master``."""
    rows_file = out / "rows.jsonl"
    if not rows_file.exists():
        return None
    rows = [json.loads(line) for line in rows_file.read_text().splitlines() if line.strip()]
    wins = 0.0
    for row in rows:
        for seat, who in enumerate(row["seats"]):
            if who.startswith("master"):
                wins += row["returns"][seat]
    n = len(rows)
    if n == 0:
        return None
    low, high = wilson(wins, n)
    return {"game": game, "spec": spec, "games": n, "wins": wins, "rate": wins / n, "ci95": [low, high]}


def table(points: list[dict[str, Any]]) -> str:
    lines = [
        "| game | players | master budget | games | master win share | 95% interval | fair share |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in points:
        players = GAMES[p["game"]]
        low, high = p["ci95"]
        lines.append(
            f"| {p['game']} | {players} | `{p['spec']}` | {p['games']} | {p['rate']:.3f} | "
            f"[{low:.3f}, {high:.3f}] | {1 / players:.3f} |"
        )
    return "\n".join(lines)


def plot(points: list[dict[str, Any]], budgets: list[float], kind: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.2))
    for index, game in enumerate(GAMES):
        mine = [p for p in points if p["game"] == game]
        if not mine:
            continue
        xs = [p["budget"] * (1 + 0.04 * (index - 1.5)) for p in mine]
        ys = [p["rate"] for p in mine]
        errs = [[p["rate"] - p["ci95"][0] for p in mine], [p["ci95"][1] - p["rate"] for p in mine]]
        line = ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3, label=f"{game} ({GAMES[game]}p)")
        ax.axhline(1 / GAMES[game], color=line[0].get_color(), linestyle=":", linewidth=1)
    ax.set_xscale("log")
    ax.set_xticks(budgets, [f"{b:g}" for b in budgets])
    ax.set_xlabel("CPU-seconds a decision" if kind == "seconds" else "playouts a decision")
    ax.set_ylabel("master's win share against strong")
    ax.set_title("Skill curve: master vs no-search strong (95% Wilson; dotted: fair share)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"plot written to {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--seconds", help="comma-separated CPU-second budgets a decision, e.g. 0.05,0.2,1,4")
    budget.add_argument("--iterations", help="comma-separated playout budgets a decision (reproducible)")
    parser.add_argument("--depth", type=int, default=None, help="cut playouts after N decisions (master's depth=N)")
    parser.add_argument("--games", type=int, default=300, help="games per point (seats rotate: a multiple of 6)")
    parser.add_argument("--games-only", default=",".join(GAMES), help="the games, comma-separated")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=3900, help="seeds never used for tuning: 3900 and up")
    parser.add_argument("--out", type=Path, default=Path("skill-curve"))
    parser.add_argument("--report-only", action="store_true", help="play nothing; table and plot of what is there")
    parser.add_argument("--plot", type=Path, default=None, help="write the curve as a PNG here")
    parser.add_argument("--json", type=Path, default=None, help="write the points as JSON here")
    args = parser.parse_args(argv)
    kind = "seconds" if args.seconds else "iterations"
    budgets = [b.strip() for b in (args.seconds or args.iterations).split(",") if b.strip()]
    games = [g.strip() for g in args.games_only.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"no game {unknown[0]!r} in the curve (games: {', '.join(GAMES)})")
    points = []
    for game in games:
        for b in budgets:
            spec = spec_for(kind, b, args.depth)
            name = f"{game}_{kind}_{b}" + ("" if args.depth is None else f"_d{args.depth}")
            out = args.out / name
            if not args.report_only:
                run_point(game, spec, args, out)
            found = point(game, spec, out)
            if found is not None:
                found["budget"] = float(b)
                points.append(found)
    print(table(points))
    if args.json is not None:
        args.json.write_text(json.dumps(points, indent=1))
    if args.plot is not None and points:
        plot(points, [float(b) for b in budgets], kind, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
