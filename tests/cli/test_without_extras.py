"""The command line needs none of the optional extras to start: ``pip install -e .`` is enough to
list, play and replay games (README), and each extra is asked for only by the command that uses
it. The child process blocks every extra's libraries, as an installation without them would."""

from __future__ import annotations

import subprocess
import sys

EXTRAS = (
    "fastapi",
    "uvicorn",
    "sqlalchemy",
    "alembic",
    "httpx",
    "psycopg",
    "openskill",
    "numpy",
    "scipy",
    "matplotlib",
    "optuna",
    "ray",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "playwright",
)

CHILD = f"""
import sys
for name in {EXTRAS!r}:
    sys.modules[name] = None  # importing it raises ImportError
sys.argv = ["dinobox", *sys.argv[1:]]
from dinobox.cli.app import main
main()
"""


def _dinobox(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CHILD, *args], capture_output=True, text=True, timeout=120)


def test_the_command_line_starts_and_lists_the_games_without_any_extra() -> None:
    games = _dinobox("games")
    assert games.returncode == 0, games.stderr
    assert "dino-race" in games.stdout
    serve_help = _dinobox("serve", "--help")
    assert serve_help.returncode == 0, serve_help.stderr


def test_a_game_plays_to_the_end_without_any_extra() -> None:
    played = _dinobox("play", "dino-race", "--plain", "--bots", "random,random", "--seed", "1")
    assert played.returncode == 0, played.stderr
    assert "wins" in played.stdout
