"""The simulator: many seeded games between bots, and the numbers a designer needs.

``run_simulation(SimConfig(...), jobs)`` plays the games (in worker processes when ``jobs > 1``;
the results are the same whatever ``jobs``), ``write_outputs`` writes ``summary.json``,
``games.csv`` and ``report.html``, ``compare_runs`` tests two runs' differences and
``write_compare`` sets them side by side; ``dinobox.simulate.tune`` searches settings (Optuna).
"""

from __future__ import annotations

from dinobox.simulate.compare import compare_runs, compare_summaries, load_summary
from dinobox.simulate.compare_report import write_compare
from dinobox.simulate.output import build_summary, skill_trace, write_outputs
from dinobox.simulate.play import SimConfig, derive_seed, play_one
from dinobox.simulate.runner import SimRun, run_simulation
from dinobox.simulate.stats import wilson

__all__ = [
    "SimConfig",
    "SimRun",
    "build_summary",
    "compare_runs",
    "compare_summaries",
    "derive_seed",
    "load_summary",
    "play_one",
    "run_simulation",
    "skill_trace",
    "wilson",
    "write_compare",
    "write_outputs",
]
