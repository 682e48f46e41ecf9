"""Every module of every game imports first, on its own: a game's steps (``flow.py``) and the
rule sections that push them name each other through their modules, so no import order may
break them (pure Python, in a fresh interpreter per game)."""

from __future__ import annotations

import os
import pkgutil
import subprocess
import sys

import pytest

import dinobox.games

GAMES = sorted(m.name for m in pkgutil.iter_modules(dinobox.games.__path__) if m.ispkg)

SCRIPT = """
import importlib, pkgutil, sys
package = sys.argv[1]
base = importlib.import_module(package)
names = sorted(m.name for m in pkgutil.iter_modules(base.__path__))
failed = []
for name in names:
    for loaded in [k for k in sys.modules if k.startswith(package)]:
        del sys.modules[loaded]
    try:
        importlib.import_module(package + "." + name)
    except ImportError as exc:
        failed.append(f"{name}: {exc}")
print("\\n".join(failed))
"""


@pytest.mark.parametrize("game", GAMES)
def test_every_module_of_a_game_imports_first(game: str) -> None:
    env = {**os.environ, "DINOBOX_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, f"dinobox.games.{game}"], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"modules that cannot be imported first:\n{done.stdout}"
