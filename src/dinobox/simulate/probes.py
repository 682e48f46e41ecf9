"""The exploit probes of ``simulate --skill-check``: each probe (``bots/probes.py``) in one seat
against a lobby level (``medium`` and up) in every other seat, seats rotated, under the run's
rules. A probe's win share is its share of the wins in the games somebody won (a shared win
split): a game nobody wins (in Pangaea, no Shelter survived) is a loss for every seat, so
counting it would put each seat below ``1 / players`` even against itself, and a probe that
beats the level head to head could still look fair. A probe *exploits* a level when that share
is above the fair share plus ``MARGIN`` with 95% confidence (the Wilson interval's lower end);
it is *ahead* when only above the fair share with that confidence.

A level that searches is played with a budget in playouts (``SEARCH_BUDGETS``), so a check
reproduces on any machine: ``master`` thinks a CPU-second a move in the lobby, which would make
a check of thousands of games take days; here it runs its smallest search (docs/bots.md,
"Exploit probes", gives the cost)."""

from __future__ import annotations

from collections.abc import Sequence

from dinobox.bots import LEVELS
from dinobox.bots.probes import probe_specs
from dinobox.simulate.documents import GameRow, ProbeCheck, ProbeRow
from dinobox.simulate.play import SimConfig, derive_seed
from dinobox.simulate.runner import Progress, run_simulation
from dinobox.simulate.stats import wilson

MARGIN = 0.05
FIRST_LEVEL = "medium"
#: The spec a searching level is probed as: ``master`` with 16 playouts a decision, its smallest
#: search (the strong policy's move raced against one challenger over 8 paired rounds).
SEARCH_BUDGETS = {"master": "master:iterations=16"}


def probed_levels() -> tuple[str, ...]:
    """The lobby's levels from ``medium`` up, each as the spec the check plays (a searching
    level with its budget in playouts, ``SEARCH_BUDGETS``)."""
    return tuple(SEARCH_BUDGETS.get(level, level) for level in LEVELS[LEVELS.index(FIRST_LEVEL) :])


def verdict(wins: float, games: int, fair: float) -> str:
    lo, _ = wilson(wins, games)
    return "exploits" if lo > fair + MARGIN else "ahead" if lo > fair else "no edge"


def probe_wins(rows: Sequence[GameRow], probe: str) -> tuple[float, int]:
    """The probe's wins (a shared win split, as the runner's returns give it) and the number of
    games somebody won, over a run's rows."""
    decided = [row for row in rows if row["winners"]]
    return sum(row["returns"][row["seats"].index(probe)] for row in decided), len(decided)


def probe_plan(config: SimConfig) -> list[tuple[str, str]]:
    """Every (probe, level) pair the check plays, in order."""
    game = config.build_game()
    return [(probe, level) for level in probed_levels() for probe in probe_specs(game)]


def probe_check(
    config: SimConfig,
    games: int,
    jobs: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    plan: list[tuple[str, str]] | None = None,
) -> ProbeCheck:
    """Each probe against each level: ``rows`` (probe, level, games, decided: the games somebody
    won, win_rate: the probe's share of their wins, ci95, fair, verdict) and ``exploits`` (the
    rows whose verdict is ``exploits``)."""
    n = config.check().num_players
    fair = 1 / n
    rows: list[ProbeRow] = []
    done = 0
    interrupted = False
    for probe, level in plan if plan is not None else probe_plan(config):
        step = SimConfig(
            game=config.game,
            bots=(probe, *([level] * (n - 1))),
            games=games,
            seed=derive_seed("probe", config.seed, probe, level),
            players=n,
            options=config.options,
            data=config.data,
        )

        def tick(finished: int, before: int = done) -> None:
            if progress is not None:
                progress(before + finished)

        run = run_simulation(step, jobs, tick, backend=backend)
        done += len(run.rows)
        wins, decided = probe_wins(run.rows, probe)
        lo, hi = wilson(wins, decided)
        rows.append(
            {
                "probe": probe,
                "level": level,
                "games": len(run.rows),
                "decided": decided,
                "win_rate": round(wins / decided, 4) if decided else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "fair": round(fair, 4),
                "verdict": verdict(wins, decided, fair) if decided else "no edge",
            }
        )
        if run.interrupted:
            interrupted = True
            break
    return {
        "levels": list(probed_levels()),
        "margin": MARGIN,
        "rows": rows,
        "exploits": [r for r in rows if r["verdict"] == "exploits"],
        "interrupted": interrupted,
    }


def probe_sentence(check: ProbeCheck) -> str:
    """One line: which probes exploit which levels (or that none does)."""
    rows = check["rows"]
    head = f"Exploit probes ({len(rows)} probe-level pairs, levels {', '.join(check['levels'])}):"
    if not check["exploits"]:
        best = max(rows, key=lambda r: r["win_rate"], default=None)
        tail = "" if best is None else f"; best {best['probe']} vs {best['level']} {best['win_rate']:.3f}"
        return f"{head} none above fair share + {check['margin']:g} with 95% confidence{tail}"
    parts = [
        f"{r['probe']} beats {r['level']} {r['win_rate']:.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] "
        f"(fair {r['fair']:.3f})"
        for r in check["exploits"]
    ]
    return f"{head} EXPLOITS: " + "; ".join(parts)
