"""Write a simulation to disk: summary.json, games.csv and report.html; and the skill trace."""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dinobox.bots import parse_spec
from dinobox.engine.errors import DinoboxError
from dinobox.simulate.checks import data_warnings, degenerate
from dinobox.simulate.compare import ROWS_FILE, load_summary
from dinobox.simulate.design import design_summary
from dinobox.simulate.documents import GameRow, Identity, SkillCheck, SkillTrace, Summary, Timing, UntimedSummary
from dinobox.simulate.journal import JOURNAL_FILE, read_journal, replacing
from dinobox.simulate.metric_stats import designer_metrics
from dinobox.simulate.play import SimConfig, derive_seed
from dinobox.simulate.report import write_report
from dinobox.simulate.runner import Progress, SimRun, run_simulation
from dinobox.simulate.stats import summarize, wilson

DEFAULT_TRACE_BASE = "ismcts:iterations=100"


def doubled(spec: str) -> str:
    """The same ISMCTS spec with twice the search budget."""
    name, opts = parse_spec(spec)
    opts = dict(opts)
    if "iterations" not in opts and "seconds" not in opts:
        opts["iterations"] = "500"  # the ISMCTS default
    if "iterations" in opts:
        opts["iterations"] = str(int(opts["iterations"]) * 2)
    if "seconds" in opts:
        opts["seconds"] = f"{float(opts['seconds']) * 2:g}"
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in opts.items())


def trace_specs(config: SimConfig) -> tuple[str, str]:
    """(strong, base): the first ISMCTS bot of the run at 2x and 1x its budget."""
    base = next((s for s in config.bots if parse_spec(s)[0] == "ismcts"), None)
    if base is None:
        base = DEFAULT_TRACE_BASE
    return doubled(base), base


def skill_trace(
    config: SimConfig, games: int, jobs: int, progress: Progress | None = None, backend: str = "local"
) -> SkillTrace | None:
    """ISMCTS at 2x budget in one seat against 1x in the others, seats rotated. A 2x win rate
    clearly above 1/players says better play pays: the game rewards skill, not only luck.
    ``None`` if it was interrupted before a game finished."""
    strong, base = trace_specs(config)
    game = config.check()
    n = game.num_players
    trace = SimConfig(
        game=config.game,
        bots=(strong, *([base] * (n - 1))),
        games=games,
        seed=config.seed + 7_777_777,
        players=n,
        options=config.options,
        data=config.data,
    )
    run = run_simulation(trace, jobs, progress, backend=backend)
    if not run.rows:
        return None
    wins = sum(row["returns"][row["seats"].index(strong)] for row in run.rows)
    lo, hi = wilson(wins, len(run.rows))
    return {
        "interrupted": run.interrupted,
        "strong": strong,
        "base": base,
        "games": len(run.rows),
        "strong_win_rate": round(wins / len(run.rows), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "expected_if_luck_only": round(1 / n, 4),
        "seconds": round(run.seconds, 3),
    }


ROW_KEYS = frozenset({"index", "seed", "seats", "scores", "winners", "returns", "turns", "decisions"})
NEW_ROW_KEYS = frozenset({"branching", "legal_choices", "decisiveness"})  # since the designer's statistics
IDENTITY = ("game", "players", "options", "data_overrides", "bots_given", "seed")


def run_identity(config: SimConfig) -> Identity:
    """What makes two runs the same run (as it reads back from summary.json)."""
    game = config.build_game()
    identity: Identity = {
        "game": config.game,
        "title": game.title,
        "players": game.num_players,
        "options": dict(game.options),
        "data_overrides": dict(config.data),
        "bots_given": list(config.bots),
        "seed": config.seed,
    }
    loaded: Identity = json.loads(json.dumps(identity))  # as it reads back: tuples become lists
    return loaded


def read_rows(out: Path, config: SimConfig) -> list[GameRow]:
    """The games an earlier run of this same configuration left in ``out`` (``--resume``): the
    rows of its results and of its journal (a run killed before it wrote them, ``journal.py``);
    none if ``out`` holds no run; a ``DinoboxError`` saying why if it cannot be resumed."""
    mine = run_identity(config)
    sources: list[tuple[Path, list[tuple[int, str]]]] = []
    if (out / "summary.json").exists():
        old = load_summary(out)
        _check_same_run(out, old, old.get("metrics_given", []), mine, config)
        path = out / ROWS_FILE
        if not path.is_file():
            raise DinoboxError(f"{out} has no {ROWS_FILE} (an older dinobox wrote it), so it cannot be resumed")
        sources.append((path, list(enumerate(path.read_text().splitlines(), 1))))
    journal = read_journal(out)
    if journal is not None:
        header, lines = journal
        _check_same_run(out, header["run"], header.get("metrics_given", []), mine, config)
        sources.append((out / JOURNAL_FILE, lines))
    found: dict[int, GameRow] = {}
    for path, lines in sources:
        seen: set[int] = set()
        for number, line in lines:
            if not line.strip():
                continue
            row = _parse_row(path, number, line, config, seen)
            found.setdefault(row["index"], row)  # a game in both files: the same seed, the same row
    rows = [found[index] for index in sorted(found)]
    beyond = sum(1 for row in rows if row["index"] >= config.games)
    if beyond:
        raise DinoboxError(
            f"{out} holds {len(rows)} games; --games {config.games} would drop {beyond} of them: "
            f"give --games {max(row['index'] for row in rows) + 1} or more (or --overwrite to start over)"
        )
    return rows


def _check_same_run(out: Path, old: Mapping[str, Any], metrics: list[str], mine: Identity, config: SimConfig) -> None:
    """A ``DinoboxError`` unless the run in ``out`` (its identity ``old``, played with the
    ``metrics``) is the run ``config`` describes."""
    for key in IDENTITY:
        if old.get(key) != mine.get(key):
            flag = {"seed": f"--seed {old.get(key)}", "players": f"--players {old.get(key)}"}.get(
                key, "the same settings"
            )
            raise DinoboxError(
                f"{out} holds a different run: {key} is {old.get(key)!r} there and {mine.get(key)!r} here: give "
                f"{flag} to continue it, another --out for a new run, or --overwrite (instead of --resume) to "
                "replace it"
            )
    if metrics != list(config.metrics):
        raise DinoboxError(
            f"{out} was played with --metric {', '.join(metrics) or '(none)'}: give the same "
            "metrics to continue it (the earlier games have only those columns), or --overwrite to replace it"
        )


def _parse_row(path: Path, number: int, line: str, config: SimConfig, seen: set[int]) -> GameRow:
    """Line ``number`` of ``path`` as a game row of this run, or a ``DinoboxError`` saying why not."""
    try:
        row: GameRow = json.loads(line)  # a game row once it passes the checks below
    except json.JSONDecodeError as exc:
        raise DinoboxError(f"{path}, line {number}, is not valid JSON: {exc}") from None
    if not isinstance(row, dict) or not set(row) >= ROW_KEYS or not isinstance(row["index"], int):
        raise DinoboxError(f"{path}, line {number}, is not a game row of dinobox simulate")
    if row["seed"] != derive_seed("dinobox-sim", config.seed, row["index"]) or row["index"] in seen:
        raise DinoboxError(f"{path}, line {number}: game {row['index']} does not belong to this run")
    if not set(row) >= NEW_ROW_KEYS:
        raise DinoboxError(
            f"{path} was written by an older dinobox (no branching factor or decisiveness): "
            "it cannot be resumed; start over with --overwrite"
        )
    seen.add(row["index"])
    return row


def build_summary(
    run: SimRun, trace: SkillTrace | None = None, ratings: bool = False, skill_check: SkillCheck | None = None
) -> Summary:
    config = run.config
    identity = run_identity(config)
    shown_trace: SkillTrace | None = None
    if trace:
        shown_trace = trace.copy()
        shown_trace.pop("seconds", None)
    summary: UntimedSummary = {
        # 2: seat test, balance interval, fair reference, branching, decisiveness; 3: end reasons,
        # order of play, roles
        "format": 3,
        **identity,
        "games_planned": config.games,
        # stopped with Ctrl-C: the rows are the games finished by then (seats may be unevenly rotated)
        "interrupted": run.interrupted,
        **summarize(run.rows, identity["players"], config.seed),
        **design_summary(run.rows, config.build_game()),
        "warnings": data_warnings(config.game, config.data) + degenerate(run.rows),
        "metrics_given": list(config.metrics),
        "designer": designer_metrics(run.rows),
        "skill_trace": shown_trace,
        "skill_check": skill_check,
    }
    if ratings:
        # Lazy: the ratings need openskill (the sim extra), and only --ratings asks for them.
        from dinobox.simulate.ratings import bot_ladder

        summary["ratings"] = bot_ladder(run.rows)
    timing: Timing = {
        "seconds": round(run.seconds, 3),
        "games_per_second": round(run.games_per_second, 3),
        "jobs": run.jobs,
        "games_played_now": run.played,  # the others were kept from an earlier run (--resume)
    }
    if trace:
        timing["skill_trace_seconds"] = trace["seconds"]
    return {**summary, "timing": timing}


def write_csv(rows: list[GameRow], players: int, path: Path) -> None:
    fields = [
        "index",
        "seed",
        "turns",
        "decisions",
        "choice_decisions",
        "branching",
        "lead_changes",
        "decisiveness",
        "margin",
        "capped",
        "winners",
    ]
    fields += [f"bot_{s}" for s in range(players)] + [f"score_{s}" for s in range(players)]
    kinds = list(dict.fromkeys(k for r in rows for k in r.get("roles") or {}))
    fields += ["end_reason", "order"] + [f"{k}_{s}" for k in kinds for s in range(players)]
    custom = list(dict.fromkeys(c for r in rows for c in r.get("metrics", {})))
    fields += custom
    with replacing(path, newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(fields)
        for r in rows:
            writer.writerow(
                [
                    r["index"],
                    r["seed"],
                    r["turns"],
                    r["decisions"],
                    r["choice_decisions"],
                    r["branching"],
                    r["lead_changes"],
                    "" if r["decisiveness"] is None else r["decisiveness"],
                    r["margin"],
                    int(r["capped"]),
                    "|".join(str(w) for w in r["winners"]),
                    *r["seats"],
                    *r["scores"],
                    "capped" if r["capped"] else (r.get("end_reason") or ""),
                    "|".join(str(seat) for seat in r.get("order") or ()),
                    *(_role(r, k, s) for k in kinds for s in range(players)),
                    *(r.get("metrics", {}).get(c, "") for c in custom),
                ]
            )


def _role(row: GameRow, kind: str, seat: int) -> str:
    roles = (row.get("roles") or {}).get(kind) or []
    return str(roles[seat]) if seat < len(roles) and roles[seat] is not None else ""


def write_outputs(
    run: SimRun,
    out: Path,
    trace: SkillTrace | None = None,
    report: bool = True,
    ratings: bool = False,
    skill_check: SkillCheck | None = None,
) -> Summary:
    """Write ``rows.jsonl``, ``games.csv``, (with the ``sim`` extra) ``report.html`` and, last,
    ``summary.json``; each file whole or not at all (``journal.replacing``), so a run stopped
    while it writes still resumes from its journal. ``ratings`` adds the bots' OpenSkill ratings
    (``summary["ratings"]``)."""
    out.mkdir(parents=True, exist_ok=True)
    summary = build_summary(run, trace, ratings, skill_check)
    with replacing(out / ROWS_FILE) as handle:
        for row in run.rows:
            handle.write(json.dumps(row) + "\n")
    write_csv(run.rows, summary["players"], out / "games.csv")
    if report:
        write_report(summary, run.rows, out)
    with replacing(out / "summary.json") as handle:  # last: a run with one has all its rows
        handle.write(json.dumps(summary, indent=1))
    return summary
