"""``simulate --skill-check N``: does the depth of skill survive the changed rules? The ladder
``strong`` > ``heuristic`` > ``random`` is played step by step under the run's options and data:
N games of the stronger bot in one seat against the weaker in every other seat, seats rotated.
A step holds when the stronger bot's win rate is above the even share (1/players) with 95%
confidence; it fails when it is below; otherwise the games do not tell.

Then the exploit probes (``simulate/probes.py``): every degenerate strategy of
``bots/probes.py`` against each lobby level from ``medium`` up, ``probe_games`` games each."""

from __future__ import annotations

import itertools

from dinobox.simulate.documents import LadderStep, ProbeCheck, SkillCheck
from dinobox.simulate.play import SimConfig
from dinobox.simulate.probes import probe_check, probe_plan, probe_sentence
from dinobox.simulate.runner import Progress, run_simulation
from dinobox.simulate.stats import wilson

LADDER = ("strong", "heuristic", "random")


def check_size(config: SimConfig, games: int, probe_games: int | None = None) -> int:
    """How many games ``skill_check`` plays (for a progress bar)."""
    probe_games = games if probe_games is None else probe_games
    return games * (len(LADDER) - 1) + (probe_games * len(probe_plan(config)) if probe_games else 0)


def skill_check(
    config: SimConfig,
    games: int,
    jobs: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    probe_games: int | None = None,
) -> SkillCheck:
    """Each step of the ladder under ``config``'s rules: win rate, interval and verdict; then
    the probes (``probe_games`` games each, ``games`` if not given, none if 0) under
    ``probes``."""
    game = config.check()
    n = game.num_players
    steps: list[LadderStep] = []
    done = 0
    for k, (upper, lower) in enumerate(itertools.pairwise(LADDER)):
        step = SimConfig(
            game=config.game,
            bots=(upper, *([lower] * (n - 1))),
            games=games,
            seed=config.seed + 9_000_001 + k,
            players=n,
            options=config.options,
            data=config.data,
        )

        def tick(finished: int, before: int = done) -> None:
            if progress is not None:
                progress(before + finished)

        run = run_simulation(step, jobs, tick, backend=backend)
        done += len(run.rows)
        wins = sum(row["returns"][row["seats"].index(upper)] for row in run.rows)
        played = len(run.rows)
        lo, hi = wilson(wins, played)
        even = 1 / n
        verdict = "holds" if lo > even else "fails" if hi < even else "not shown"
        steps.append(
            {
                "stronger": upper,
                "weaker": lower,
                "games": played,
                "win_rate": round(wins / played, 4) if played else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
                "even_share": round(even, 4),
                "verdict": verdict,
            }
        )
        if run.interrupted:
            break
    holds = all(s["verdict"] == "holds" for s in steps) and len(steps) == len(LADDER) - 1
    probe_games = games if probe_games is None else probe_games
    probes: ProbeCheck | None = None
    if probe_games and len(steps) == len(LADDER) - 1:

        def probe_tick(finished: int, before: int = done) -> None:
            if progress is not None:
                progress(before + finished)

        probes = probe_check(config, probe_games, jobs, probe_tick, backend)
    return {"steps": steps, "holds": holds, "probes": probes}


def ladder_sentence(check: SkillCheck) -> str:
    parts = [
        f"{s['stronger']} vs {s['weaker']}: {s['win_rate']:.3f} [{s['ci95'][0]:.3f}, {s['ci95'][1]:.3f}] "
        f"(even share {s['even_share']:.3f}) {s['verdict']}"
        for s in check["steps"]
    ]
    head = "the ladder strong > heuristic > random holds" if check["holds"] else "the ladder is not shown to hold"
    found = check.get("probes")
    probes = f" {probe_sentence(found)}" if found else ""
    return f"Skill check: {head}: " + "; ".join(parts) + probes
