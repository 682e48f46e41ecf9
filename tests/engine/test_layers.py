"""The layering is kept: the import-linter contracts in ``pyproject.toml`` (the engine at the
bottom, the games above it, the services on top; no service names a game; no game imports
another; no import circle between dinobox's folders; the service folders apart; inside each game,
the rules below its views, texts and renderers) hold for the code as it is. CI runs
``lint-imports`` too; this test makes the README's test command check them as well."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_import_contracts_are_kept() -> None:
    # in a process of its own, as a developer runs `lint-imports`: it configures logging with
    # dictConfig, which closes the handlers of the process it runs in (pytest's among them)
    run = subprocess.run(
        [sys.executable, "-c", RUN_LINT, str(PYPROJECT)], capture_output=True, text=True, check=False, timeout=600
    )
    assert run.returncode == 0, run.stdout + run.stderr


RUN_LINT = """
import sys
from importlinter.cli import lint_imports
sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))
"""


SRC = PYPROJECT.parent / "src" / "dinobox"

# What the engine and the games may import from outside the standard library, and why: NumPy
# only where an RL encoder is written (loaded on demand through ``GameEntry.encoder``, the `rl`
# extra); mypy_extensions for the compiled build's class attributes (a core dependency).
ALLOWED_OUTSIDE_STDLIB = {
    "numpy": ("engine/encoding.py", "encoder.py", "encoder_layout.py"),
    "mypy_extensions": ("engine/flow.py", "engine/state.py", "engine/values.py"),
}


def _outside_imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {n for n in names if n not in sys.stdlib_module_names and n != "dinobox"}


def test_the_engine_and_the_games_import_nothing_from_outside_the_standard_library() -> None:
    found = []
    for path in sorted([*SRC.joinpath("engine").rglob("*.py"), *SRC.joinpath("games").rglob("*.py")]):
        where = path.relative_to(SRC).as_posix()
        for name in _outside_imports(path):
            if not where.endswith(ALLOWED_OUTSIDE_STDLIB.get(name, ())):
                found.append(f"{where} imports {name}")
    assert found == []


def test_every_module_of_a_game_is_either_rules_or_above_them() -> None:
    """Each built-in game's rules-below-presentation contract names every module of the game once:
    a new module must be placed on one side or the other."""
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    for contract in contracts:
        if not contract["id"].startswith("rules-below-presentation-"):
            continue
        package = contract["source_modules"][0].rsplit(".", 1)[0]
        folder = SRC.joinpath(*package.split(".")[1:])
        modules = {f"{package}.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}
        named = [*contract["source_modules"], *contract["forbidden_modules"]]
        assert sorted(named) == sorted(modules), package
