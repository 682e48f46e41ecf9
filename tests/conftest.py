"""Test-session set-up: the plug-in game in ``tests/plugin`` is registered for the whole run
through its entry-point metadata (``dino_eggs-0.1.0.dist-info``), exactly as a pip-installed
third-party game would be, so every test that walks the registry covers it too."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

PLUGIN_DIR = str(Path(__file__).with_name("plugin"))

if PLUGIN_DIR not in sys.path:
    sys.path.insert(0, PLUGIN_DIR)
# Child processes (the CLI, a served app) find it too.
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (PLUGIN_DIR, os.environ.get("PYTHONPATH")) if p)

# Tests by area: each area needs only its own extra. An area whose extra is not installed is not
# collected, and the run says so at the top; in CI (CI set) a missing extra is an error instead,
# since a test that does not run is no test.
AREAS: dict[str, tuple[str, tuple[str, ...]]] = {
    "browser": ("server,browser", ("fastapi", "httpx", "sqlalchemy", "playwright")),
    "rl": ("rl", ("numpy", "gymnasium", "pettingzoo", "pyspiel")),
    "server": ("server,postgres", ("fastapi", "httpx", "sqlalchemy", "psycopg", "schemathesis")),
    "simulate": ("sim", ("numpy", "scipy", "matplotlib", "optuna")),
    "cli/test_designer_cli.py": ("sim", ("numpy", "scipy", "matplotlib", "optuna")),
    "cli/tui/test_tui_snapshots.py": ("test", ("pytest_textual_snapshot",)),
    "cli/test_palettes.py": ("test", ("coloraide",)),
}


def _missing(modules: tuple[str, ...]) -> list[str]:
    return [m for m in modules if importlib.util.find_spec(m) is None]


_not_collected = {area: (extra, _missing(mods)) for area, (extra, mods) in AREAS.items() if _missing(mods)}
if _not_collected and os.environ.get("CI"):
    detail = "; ".join(f"tests/{a} needs {', '.join(m)}" for a, (_e, m) in _not_collected.items())
    raise RuntimeError(f"CI: test dependencies are missing ({detail}): pip install -e '.[test]'")
collect_ignore = list(_not_collected)


def pytest_report_header() -> list[str]:
    return [
        f"not collected: tests/{area} (needs {', '.join(mods)}: pip install -e '.[{extra}]')"
        for area, (extra, mods) in _not_collected.items()
    ]


# The slow tests, in one place (docs/testing.md): each takes tens of seconds even alone, because
# it plays whole games through a real interface or hashes every seat's view over many games. They
# belong to the default run (CI runs them all); `-m "not slow"` leaves them out for a quick look.
# They are scheduled first, so that the workers of a parallel run (`-n auto`) finish together.
SLOW: dict[str, str] = {
    "tests/engine/test_behaviour_golden.py::test_seeded_games_behave_as_recorded": (
        "every seat's view and log over seeded whole games, hashed"
    ),
    "tests/cli/tui/test_tui_play.py::test_a_whole_game_is_played_by_key_presses": (
        "a whole game of each game by key presses in the full-screen app"
    ),
    "tests/cli/test_replay_analyse.py::test_the_coach_marks_the_costly_moves_with_the_better_one_and_sums_up": (
        "the coach's search over every decision of a whole game"
    ),
    "tests/cli/test_replay_analyse.py::test_the_marks_come_at_each_pause_of_a_step_by_step_replay": (
        "the coach's search over every decision of a whole game, replayed step by step"
    ),
    "tests/cli/test_designer_cli.py::test_the_readme_designer_commands_run_as_written": (
        "the README's designer commands, each a simulation"
    ),
    "tests/server/test_hidden_information.py::test_every_message_is_an_allowed_projection": (
        "whole games of every game through the WebSocket, each message checked against the position"
    ),
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.split("[", 1)[0] in SLOW:
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: slow ones first
