"""The layering is kept: the import-linter contracts in ``pyproject.toml`` (the engine at the
bottom, the games above it, the services on top; no service names a game; no game imports
another; no import circle between dinobox's folders) hold for the code as it is. CI runs
``lint-imports`` too; this test makes the README's test command check them as well."""

from __future__ import annotations

from pathlib import Path

import pytest
from importlinter.cli import lint_imports

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    status = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert status == 0, report
