"""Which build runs: CI asks for the compiled one after the README's test command installed it
(``DINOBOX_EXPECT_COMPILED=1``), so a failed mypyc build never passes silently as pure Python."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import dinobox
from dinobox.engine.build import (
    ENGINE_MODULES,
    SOURCES_FILE,
    build_info,
    is_compiled,
    recorded_sources,
    source_digest,
    source_path,
    stale_modules,
)


def test_version_names_the_running_build() -> None:
    out = subprocess.run([sys.executable, "-m", "dinobox", "--version"], capture_output=True, text=True, check=True)
    assert f"({build_info()['build']}" in out.stdout


def test_the_running_build_is_the_one_expected() -> None:
    assert is_compiled() == (build_info()["build"] == "compiled")
    if os.environ.get("DINOBOX_EXPECT_COMPILED", "") not in ("", "0"):
        assert is_compiled(), f"CI expected the compiled build: {build_info()['reason']}"


def test_a_source_edited_since_the_build_is_found_stale(tmp_path: Path) -> None:
    """The build's record (module -> digest of the source compiled) is the list of compiled
    modules: a source whose digest changed is stale; one absent (a wheel without sources) is not."""
    package = tmp_path / "dinobox" / "games" / "toy"
    package.mkdir(parents=True)
    rules = package / "rules.py"
    rules.write_text("X = 1\n")
    recorded = {"dinobox.games.toy.rules": source_digest(rules), "dinobox.games.toy.gone": "0" * 64}
    (tmp_path / SOURCES_FILE).write_text(json.dumps(recorded))
    assert recorded_sources(tmp_path) == recorded
    assert stale_modules(recorded, tmp_path) == []
    rules.write_text("X = 2\n")
    assert stale_modules(recorded, tmp_path) == ["dinobox.games.toy.rules"]
    (tmp_path / SOURCES_FILE).write_text("not json")
    assert recorded_sources(tmp_path) is None


def test_each_game_declares_its_compiled_modules_and_they_exist() -> None:
    """setup.py compiles the engine's ENGINE_MODULES and each game package's COMPILED_MODULES."""
    root = Path(dinobox.__file__).resolve().parent
    for module in ENGINE_MODULES:
        assert source_path(module, root.parent).is_file(), module
    for init in sorted((root / "games").glob("*/__init__.py")):
        declared = importlib.import_module(f"dinobox.games.{init.parent.name}").COMPILED_MODULES
        assert "rules" in declared and "flow" in declared, init
        for name in declared:
            assert (init.parent / f"{name}.py").is_file(), f"{init.parent.name}.{name}"
