"""Test-session set-up: the plug-in game in ``tests/plugin`` is registered for the whole run
through its entry-point metadata (``dino_eggs-0.1.0.dist-info``), exactly as a pip-installed
third-party game would be, so every test that walks the registry covers it too."""

from __future__ import annotations

import os
import sys
from pathlib import Path

PLUGIN_DIR = str(Path(__file__).with_name("plugin"))

if PLUGIN_DIR not in sys.path:
    sys.path.insert(0, PLUGIN_DIR)
# Child processes (the CLI, a served app) find it too.
os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (PLUGIN_DIR, os.environ.get("PYTHONPATH")) if p)
