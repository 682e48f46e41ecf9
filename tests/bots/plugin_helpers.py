"""Bots from outside dinobox, for the plug-in tests: a module written to a folder put on
``sys.path``, and an installed distribution's metadata declaring ``dinobox.bots`` entry points
(a ``.dist-info`` folder on ``sys.path`` is what an installation leaves)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

MODULE = "dinobox_test_bots"

SOURCE = '''
import random


class First:
    """Always the first legal action."""

    def __init__(self, seed=None, mark="none"):
        self.rng = random.Random(seed)
        self.mark = mark

    def choose(self, state):
        return state.legal_actions()[0]


class NoSeed:
    def __init__(self):
        pass

    def choose(self, state):
        return state.legal_actions()[0]


class Silent:
    def __init__(self, seed=None):
        pass


not_a_class = 3
'''


def write_module(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``dinobox_test_bots`` importable from ``folder`` (and a module that fails on import)."""
    (folder / f"{MODULE}.py").write_text(SOURCE)
    (folder / "dinobox_test_broken.py").write_text("raise RuntimeError('this module is broken')\n")
    monkeypatch.syspath_prepend(str(folder))
    for name in (MODULE, "dinobox_test_broken"):
        monkeypatch.delitem(sys.modules, name, raising=False)


def install_entry_points(folder: Path, monkeypatch: pytest.MonkeyPatch, points: dict[str, str]) -> None:
    """A distribution in ``folder`` declaring ``points`` (name -> ``module:Class``) in the
    ``dinobox.bots`` group, found by ``importlib.metadata`` like an installed one."""
    info = folder / "dinobox_test_bots-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dinobox-test-bots\nVersion: 0.1\n")
    lines = "".join(f"{name} = {target}\n" for name, target in points.items())
    (info / "entry_points.txt").write_text(f"[dinobox.bots]\n{lines}")
    monkeypatch.syspath_prepend(str(folder))
