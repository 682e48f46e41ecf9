"""The skill curve: the ``master`` search against the no-search ``strong`` bot at several budgets.

For each game (2 players in Dino Race, T-Rex Island and Pangaea; 3 in Dinosaur Rush) and each
budget, one ``dinobox simulate`` run seats ``master`` in one seat and ``strong`` in the others,
seats rotated (game ``i`` puts master in seat ``i mod P``), and reports master's win share with
its 95% Wilson interval against the fair share ``1/P``. Runs are resumable: the same command
with a larger ``--games`` plays only the missing games (``simulate --resume``), a stopped run
keeps the games it finished (even one killed outright: ``simulate``'s journal), and a run with
another ``--seed`` adds fresh games to the point (its folder ``NAME_seedN`` is pooled with the
others), so the curve can be built up in chunks, over days; ``--add-json`` pools in the points
of an earlier report (``--json``) whose runs are gone. The runs of the points still being played
are kept in the repository, journals and all, in ``benchmarks/skill_curve_runs``: a point of
many CPU-hours goes on from any clone, on any machine (``--out benchmarks/skill_curve_runs``).

    # the issue's curve (CPU-seconds a decision; hours of CPU time per point)
    python benchmarks/skill_curve.py --seconds 0.05,0.2,1,4 --games 300 --jobs 8 --out curve
    # reproducible budgets (playouts a decision) with a cut-off for the slow games
    python benchmarks/skill_curve.py --iterations 8,32 --depth 30 --games 100 --out curve-it
    # the table and the plot from the runs there, playing nothing
    python benchmarks/skill_curve.py --seconds 0.05,0.2 --report-only --out curve --plot skill_curve.png
    # more games for a point on fresh seeds (kept in curve/dino-race_seconds_1_seed3901, pooled
    # with the point's other runs), and points of earlier reports whose runs are gone pooled in
    python benchmarks/skill_curve.py --seconds 1 --games-only dino-race --games 120 --seed 3901 --out curve
    python benchmarks/skill_curve.py --seconds 1 --report-only --out curve --add-json old.json
    # decision by decision, far cheaper than whole games (below)
    python benchmarks/skill_curve.py --iterations 60 --decisions 80 --rounds 100 --out curve-dec

**Decision by decision** (``--decisions N``): whole games at a second a decision cost hours of
CPU a point, so the curve can also be estimated from single decisions. N positions are drawn
from ``strong`` self-play (one decision with a choice from each seeded game, uniformly among the
decisions of the game); at each, ``master`` decides, and where its move differs from the strong
policy's, ``--rounds`` paired rounds (a redrawn state for the seat, the same chance and policy
seeds for both moves, every seat then playing the strong policy to the end) measure the move's
gain in win share over the strong policy's move. The table gives the mean gain a decision (0
where master plays the strong policy's move) with its 95% interval: above 0 means master's
moves are better than strong's where they differ, but not by how much it wins a match (the
decisions' gains do not simply add up over a game), which only whole games measure.

With ``--against policy`` the same positions judge master's move against **its own policy's**,
the search's default (the strong policy with the game's ``master`` table on top, where it ships
one), and in the paired rounds master's seat plays that policy: the gain the search itself adds,
apart from the policy's. Where a game's ``master`` plays its own policy (Dino Race, Rush,
Pangaea), "differs" then counts only the search's overrides.

    python benchmarks/skill_curve.py --seconds 1,4 --games-only pangaea --decisions 200 --against policy --out curve-dec

``--options`` gives ``master`` more options at every point (``playouts=plain``: playouts by the
plain heuristic, cheaper where the policy is dear, as in Pangaea); they go into the points' names.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import dinobox
from dinobox.bots import make_bot
from dinobox.bots.master import Policy, own_policy
from dinobox.bots.strong import strong_policy
from dinobox.engine.errors import InvalidOptionError
from dinobox.engine.state import State
from dinobox.simulate import wilson
from dinobox.simulate.journal import read_journal
from dinobox.simulate.play import derive_seed

GAMES = {"dino-race": 2, "trex-island": 2, "pangaea": 2, "dinosaur-rush": 3}
DEFAULT_SEED = 3900  # seeds never used for tuning: 3900 and up


def spec_for(kind: str, budget: str, depth: int | None, options: str = "") -> str:
    spec = f"master:{kind}={budget}"
    return spec + (f",depth={depth}" if depth is not None else "") + (f",{options}" if options else "")


def point_name(game: str, kind: str, budget: str, args: argparse.Namespace) -> str:
    """A point's folder name: ``GAME_KIND_BUDGET``, then ``_dN`` for a depth and the options."""
    name = f"{game}_{kind}_{budget}" + ("" if args.depth is None else f"_d{args.depth}")
    return name + "".join(f"_{o.replace('=', '-')}" for o in args.options.split(",") if o)


def run_point(game: str, spec: str, args: argparse.Namespace, out: Path) -> None:
    """Play (or resume) one point's run into ``out``."""
    players = GAMES[game]
    bots = ",".join([spec] + ["strong"] * (players - 1))
    command = [sys.executable, "-m", "dinobox", "simulate", game, "--players", str(players)]
    command += ["--games", str(args.games), "--bots", bots, "--seed", str(args.seed), "--jobs", str(args.jobs)]
    command += ["--no-report", "--out", str(out)]
    if (out / "rows.jsonl").exists() or (out / "rows.journal.jsonl").exists():  # results, or a killed run's journal
        command.append("--resume")
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=False)


def run_dirs(out: Path, name: str) -> list[Path]:
    """The run folders of one point: ``name`` (the default seed) and ``name_seedN`` (runs with
    other seeds, which extend the point with fresh games)."""
    found = [out / name] if (out / name).is_dir() else []
    return found + sorted(out.glob(f"{name}_seed*"))


def point(game: str, spec: str, dirs: list[Path]) -> dict[str, Any] | None:
    """Master's win share over the runs in ``dirs`` pooled (None when they hold no game yet);
    a run's one master seat is the seat whose spec starts with ``master``."""
    wins, n, runs = 0.0, 0, []
    for out in dirs:
        rows = run_rows(out)
        if not rows:
            continue
        won = sum(
            row["returns"][seat] for row in rows for seat, who in enumerate(row["seats"]) if who.startswith("master")
        )
        wins += won
        n += len(rows)
        seed = out.name.rpartition("_seed")[2] if "_seed" in out.name else str(DEFAULT_SEED)
        runs.append({"run": f"seed {seed}", "games": len(rows), "wins": won})
    if n == 0:
        return None
    return with_interval({"game": game, "spec": spec, "games": n, "wins": wins, "runs": runs})


def run_rows(out: Path) -> list[dict[str, Any]]:
    """The games of the run in ``out``: its results (``rows.jsonl``) and, for a run still playing
    or killed before it wrote them, its journal (``simulate/journal.py``), each game once."""
    found: dict[int, dict[str, Any]] = {}
    rows_file = out / "rows.jsonl"
    if rows_file.exists():
        for line in rows_file.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                found[row["index"]] = row
    journal = read_journal(out)
    for _, line in journal[1] if journal is not None else []:
        row = json.loads(line)
        found.setdefault(row["index"], row)
    return [found[index] for index in sorted(found)]


def with_interval(found: dict[str, Any]) -> dict[str, Any]:
    low, high = wilson(found["wins"], found["games"])
    return found | {"rate": found["wins"] / found["games"], "ci95": [low, high]}


def without_runs(kept: dict[str, Any], fresh: dict[str, Any]) -> dict[str, Any] | None:
    """``kept`` (a point of an earlier report) less the runs that ``fresh`` (the same point from
    the run folders at hand) counts anew, so that a report can be pooled again with the runs it
    was made from; None when nothing of it is left. A run of ``kept`` without its own wins (a
    report older than that field) cannot be taken out: a clear error."""
    again = {r["run"] for r in fresh["runs"]}
    old = [r for r in kept.get("runs") or [] if r["run"] in again]
    if not old:
        return kept
    if any("wins" not in r for r in old):
        raise SystemExit(f"skill_curve.py: {kept['game']} {kept['spec']}: the run of {old[0]['run']} is counted twice")
    left = [r for r in kept["runs"] if r["run"] not in again]
    games = kept["games"] - sum(r["games"] for r in old)
    if not left or games <= 0:
        return None
    return kept | {"games": games, "wins": kept["wins"] - sum(r["wins"] for r in old), "runs": left}


def pool(points: list[dict[str, Any]], kept: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``points`` with the ``kept`` points (from earlier ``--json`` reports, whose run folders
    are not at hand) added in: the same game and spec sum their wins and games, and a run at
    hand replaces the same run in a report (``without_runs``)."""
    fresh = {(p["game"], p["spec"]): p for p in points}
    earlier = []
    for p in kept:
        left = without_runs(p, fresh[p["game"], p["spec"]]) if (p["game"], p["spec"]) in fresh else p
        if left is not None:
            earlier.append(left)
    merged: dict[tuple[str, str], dict[str, Any]] = {}
    for p in [*earlier, *points]:
        p = p | {"runs": p.get("runs") or [{"run": "earlier report", "games": p["games"]}]}
        key = (p["game"], p["spec"])
        if key in merged:
            old = merged[key]
            twice = {r["run"] for r in old["runs"]} & {r["run"] for r in p["runs"]} - {"earlier report"}
            if twice:
                raise SystemExit(f"skill_curve.py: {key[0]} {key[1]}: the run of {min(twice)} is counted twice")
            p = old | {
                "games": old["games"] + p["games"],
                "wins": old["wins"] + p["wins"],
                "runs": old["runs"] + p["runs"],
            }
        merged[key] = with_interval(p)
    order = list(GAMES)
    return sorted(merged.values(), key=lambda p: (order.index(p["game"]), float(p["budget"])))


def read_points(path: Path) -> list[dict[str, Any]]:
    """The whole-game points of an earlier ``--json`` report (each with ``game``, ``spec``,
    ``budget``, ``games`` and ``wins``); a clear error for anything else."""
    try:
        points = json.loads(path.read_text())
        if not isinstance(points, list):
            raise ValueError("not a list of points")
        for p in points:
            if not (isinstance(p, dict) and p.get("game") in GAMES and isinstance(p.get("spec"), str)):
                raise ValueError(f"not a point of the curve: {p!r:.80}")
            if not (isinstance(p.get("games"), int) and p["games"] > 0 and 0 <= p.get("wins", -1) <= p["games"]):
                raise ValueError(f"games and wins out of range in {p!r:.80}")
            float(p["budget"])
    except (OSError, ValueError, KeyError, TypeError) as err:
        raise SystemExit(f"skill_curve.py: cannot read points from {path}: {err}") from err
    return points


def strong_playout(state: State, seat: int, seeds: tuple[int, int], own: Policy | None = None) -> float:
    """``seat``'s win share after every seat plays the strong policy from ``state`` to the end
    (``seat`` plays ``own`` instead when it is given)."""
    policy = strong_policy(state.game.id)
    mine = own or policy
    chance, choices = random.Random(seeds[0]), random.Random(seeds[1])
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
            continue
        legal = state.legal_actions()
        play = mine if state.current_player() == seat else policy
        state.apply_action(legal[0] if len(legal) == 1 else play(state, choices))
    return state.returns()[seat]


def sample_position(game: str, seed: int) -> tuple[State, int]:
    """One decision with a choice, uniformly among those of a seeded strong self-play game, and
    how many decisions with a choice that game had."""
    state = dinobox.load_game(game, players=GAMES[game]).new_initial_state()
    policy, rng = strong_policy(game), random.Random(seed)
    found: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(policy(state, rng))
    return random.Random(seed).choice(found), len(found)


def judge_decision(task: tuple[str, str, int, int, str]) -> dict[str, Any]:
    """Master's move at one sampled position and, when it is not the move it is judged against
    (``against``: the strong policy's, or its own policy's, the search's default), its paired
    gain in win share over 'rounds' redrawn states."""
    game, spec, seed, rounds, against = task
    state, length = sample_position(game, seed)
    seat = state.current_player()
    bot = make_bot(spec, derive_seed("master", seed))
    move = bot.choose(state.clone())
    if against == "policy":
        own: Policy | None = own_policy(game)
        default = getattr(bot, "last_default", None)
        default = move if default is None else default
    else:
        own, default = None, strong_policy(game)(state, random.Random(seed))
    gains: list[float] = []
    rng = random.Random(derive_seed("judge", seed))
    while move != default and len(gains) < rounds:
        drawn = state.resample(seat, rng)
        seeds = (rng.getrandbits(64), rng.getrandbits(64))
        mine, theirs = drawn.clone(), drawn.clone()
        mine.apply_action(move)
        theirs.apply_action(default)
        gains.append(strong_playout(mine, seat, seeds, own) - strong_playout(theirs, seat, seeds, own))
    gain = sum(gains) / len(gains) if gains else 0.0
    return {"seed": seed, "length": length, "left_strong": move != default, "gain": gain, "rounds": len(gains)}


def decision_point(game: str, spec: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    gains = [r["gain"] for r in rows]
    mean = sum(gains) / n
    se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else math.inf
    differs = [r["gain"] for r in rows if r["left_strong"]]
    return {
        "game": game,
        "spec": spec,
        "decisions": n,
        "differs": len(differs) / n,
        "gain_when_differs": sum(differs) / len(differs) if differs else 0.0,
        "gain": mean,
        "ci95": [mean - 1.96 * se, mean + 1.96 * se],
        "per_seat": sum(r["length"] for r in rows) / n / GAMES[game],
    }


def run_decisions(game: str, spec: str, args: argparse.Namespace, out: Path) -> dict[str, Any] | None:
    """The decision-by-decision estimate for one point; rows kept in ``out`` (resumable)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    seeds = [derive_seed("skill-decisions", args.seed, game, i) for i in range(args.decisions)]
    todo = [(game, spec, seed, args.rounds, args.against) for seed in seeds if seed not in {r["seed"] for r in rows}]
    if not args.report_only and todo:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool, out.open("a") as f:
            for row in pool.map(judge_decision, todo):
                rows.append(row)
                f.write(json.dumps(row) + "\n")
                f.flush()
    wanted = set(seeds)
    rows = [r for r in rows if r["seed"] in wanted]
    return decision_point(game, spec, rows) if rows else None


def decision_table(points: list[dict[str, Any]], against: str = "strong") -> str:
    judged = "strong's" if against == "strong" else "its policy's"
    lines = [
        f"| game | players | master budget | decisions | differs from {judged} | mean gain where it differs "
        "| gain a decision | 95% interval | decisions a seat |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for p in points:
        low, high = p["ci95"]
        lines.append(
            f"| {p['game']} | {GAMES[p['game']]} | `{p['spec']}` | {p['decisions']} | {p['differs']:.2f} | "
            f"{p['gain_when_differs']:+.3f} | {p['gain']:+.4f} | [{low:+.4f}, {high:+.4f}] | {p['per_seat']:.0f} |"
        )
    return "\n".join(lines)


def table(points: list[dict[str, Any]]) -> str:
    lines = [
        "| game | players | master budget | games | master win share | 95% interval | fair share |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in points:
        players = GAMES[p["game"]]
        low, high = p["ci95"]
        runs = p.get("runs", [])
        games = f"{p['games']}" + (f" ({' + '.join(str(r['games']) for r in runs)})" if len(runs) > 1 else "")
        lines.append(
            f"| {p['game']} | {players} | `{p['spec']}` | {games} | {p['rate']:.3f} | "
            f"[{low:.3f}, {high:.3f}] | {1 / players:.3f} |"
        )
    return "\n".join(lines)


def plot(points: list[dict[str, Any]], budgets: list[float], kind: str, path: Path) -> None:
    """The curve: win share against strong (whole games) or the gain a decision (``--decisions``
    points, which carry ``gain``), each with its 95% interval, over the budgets (log scale)."""
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    per_decision = all("gain" in p for p in points)
    key = "gain" if per_decision else "rate"
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for index, game in enumerate(GAMES):
        mine = [p for p in points if p["game"] == game]
        if not mine:
            continue
        xs = [p["budget"] * (1 + 0.04 * (index - 1.5)) for p in mine]
        ys = [p[key] for p in mine]
        errs = [[p[key] - p["ci95"][0] for p in mine], [p["ci95"][1] - p[key] for p in mine]]
        line = ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3, label=f"{game} ({GAMES[game]}p)")
        if not per_decision:
            ax.axhline(1 / GAMES[game], color=line[0].get_color(), linestyle=":", linewidth=1)
    if per_decision:
        ax.axhline(0.0, color="grey", linestyle=":", linewidth=1)
    ax.set_xscale("log")
    ax.set_xticks(budgets, [f"{b:g}" for b in budgets])
    ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
    ax.set_xlabel("CPU-seconds a decision" if kind == "seconds" else "playouts a decision")
    if per_decision:
        ax.set_ylabel("gain in win share a decision")
        ax.set_title("Skill curve: master's moves against strong's, decision by decision (95%)")
    else:
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
    parser.add_argument(
        "--options", default="", help="more master options, comma-separated (e.g. playouts=plain); in the points' names"
    )
    parser.add_argument("--games", type=int, default=300, help="games per point (seats rotate: a multiple of 6)")
    parser.add_argument("--games-only", default=",".join(GAMES), help="the games, comma-separated")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"seeds never used for tuning: {DEFAULT_SEED} and up; another seed's games go to NAME_seedN and "
        "are pooled with the point's other runs",
    )
    parser.add_argument("--out", type=Path, default=Path("skill-curve"))
    parser.add_argument("--report-only", action="store_true", help="play nothing; table and plot of what is there")
    parser.add_argument("--plot", type=Path, default=None, help="write the curve as a PNG here")
    parser.add_argument("--json", type=Path, default=None, help="write the points as JSON here")
    parser.add_argument(
        "--add-json",
        type=Path,
        action="append",
        default=[],
        help="points of an earlier --json report whose runs are not at hand, pooled in (repeatable)",
    )
    parser.add_argument("--decisions", type=int, default=None, help="estimate from N single decisions instead")
    parser.add_argument("--rounds", type=int, default=100, help="paired rounds judging a decision (--decisions)")
    parser.add_argument(
        "--against",
        choices=["strong", "policy"],
        default="strong",
        help="--decisions: judge master's move against the strong policy's (every seat then plays strong), or "
        "against its own policy's, the search's default (its seat then plays that policy): the search's own gain",
    )
    args = parser.parse_args(argv)
    args.options = ",".join(o.strip() for o in args.options.split(",") if o.strip())
    try:
        make_bot(spec_for("iterations", "1", args.depth, args.options))
    except InvalidOptionError as err:
        parser.error(str(err))
    kind = "seconds" if args.seconds else "iterations"
    budgets = [b.strip() for b in (args.seconds or args.iterations).split(",") if b.strip()]
    games = [g.strip() for g in args.games_only.split(",") if g.strip()]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"no game {unknown[0]!r} in the curve (games: {', '.join(GAMES)})")
    points = []
    for game in games:
        for b in budgets:
            spec = spec_for(kind, b, args.depth, args.options)
            name = point_name(game, kind, b, args)
            out = args.out / name
            if args.decisions is not None:
                suffix = "" if args.against == "strong" else f"_{args.against}"
                found = run_decisions(game, spec, args, args.out / f"{name}_decisions{suffix}.jsonl")
                if found is not None:
                    found["budget"] = float(b)
                    points.append(found)
                continue
            if not args.report_only:
                run_point(game, spec, args, out if args.seed == DEFAULT_SEED else args.out / f"{name}_seed{args.seed}")
            found = point(game, spec, run_dirs(args.out, name))
            if found is not None:
                found["budget"] = float(b)
                points.append(found)
    if args.add_json:
        kept = [p for f in args.add_json for p in read_points(f)]
        wanted = {(g, spec_for(kind, b, args.depth, args.options)) for g in games for b in budgets}
        points = pool(points, [p for p in kept if (p["game"], p["spec"]) in wanted])
    print(decision_table(points, args.against) if args.decisions is not None else table(points))
    if args.json is not None:
        args.json.write_text(json.dumps(points, indent=1))
    if args.plot is not None and points:
        plot(points, [float(b) for b in budgets], kind, args.plot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
