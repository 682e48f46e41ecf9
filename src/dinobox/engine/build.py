"""Which build is running: the hot modules compiled ahead of time by mypyc, or pure Python.

``setup.py`` compiles with mypyc, when a C compiler is there and ``DINOBOX_PURE_PYTHON`` is not
set, the engine's hot modules (``ENGINE_MODULES``) and the modules each game declares in its
package's ``__init__.py`` (``COMPILED_MODULES``, names relative to the package, read by
``setup.py`` without importing anything). It records a digest of each source it compiled
(``compiled_sources.json`` next to this file): that record is the list of compiled modules at
run time. At import, ``select()`` (called first thing by ``dinobox.engine``) keeps the compiled
modules only when every digest still matches its ``.py``:

- ``DINOBOX_PURE_PYTHON=1`` at run time: the ``.py`` sources are imported, compiled files ignored;
- a source edited since the build (an editable install being worked on): the whole set falls
  back to the sources, with a warning that says how to rebuild, so an edit is never hidden by
  a stale compiled file.

``build_info()`` says which build is running and why (``dinobox --version`` prints it).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENGINE_MODULES: tuple[str, ...] = (
    "dinobox.engine.state",
    "dinobox.engine.flow",
    "dinobox.engine.values",
    "dinobox.engine.runner",
    "dinobox.engine.chance",  # the draws of every chance step: each playout samples here
    "dinobox.bots.ismcts",  # the search's tree descent, the inner loop of every ISMCTS bot
)
"""The modules mypyc compiles besides the games' (setup.py reads this list; the games declare
their own): the engine's hot ones, and the search bot's loop over them. The engine's state
comes first (``select`` looks for it to tell a compiled install)."""

SOURCES_FILE = "compiled_sources.json"
"""Written by the build next to this module: ``{module: sha256 of the source compiled}``."""

REBUILD_HINT = (
    "rebuild with `pip install -e .` (or `python setup.py build_ext --inplace`), "
    "or set DINOBOX_PURE_PYTHON=1 to run the sources"
)

_ROOT = Path(__file__).resolve().parent.parent.parent  # the directory holding the dinobox package
_info: dict[str, str] = {}


def source_path(module: str, root: Path = _ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension_exists(module: str) -> bool:
    folder = source_path(module).parent
    stem = module.rpartition(".")[2]
    return any((folder / (stem + suffix)).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def recorded_sources(folder: Path = Path(__file__).parent) -> dict[str, str] | None:
    """``{module: digest}`` of the last compiled build (its record), None when there is none."""
    try:
        recorded = json.loads((folder / SOURCES_FILE).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or not all(isinstance(v, str) for v in recorded.values()):
        return None
    return {str(module): digest for module, digest in recorded.items()}


def stale_modules(recorded: dict[str, str], root: Path = _ROOT) -> list[str]:
    """The compiled modules whose source changed (or went) since the build."""
    stale = []
    for module, digest in recorded.items():
        path = source_path(module, root)
        if not path.is_file():
            continue  # an installed wheel without sources: the compiled module is all there is
        if digest != source_digest(path):
            stale.append(module)
    return stale


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their ``.py`` sources, ignoring compiled files."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("dinobox.") or not _extension_exists(fullname):
            return None
        stem = fullname.rpartition(".")[2]
        for entry in path if path is not None else sys.path:
            candidate = os.path.join(entry, stem + ".py")
            if os.path.isfile(candidate):
                return importlib.util.spec_from_file_location(fullname, candidate)
        return None


def _use_sources(build: str, reason: str) -> None:
    if not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst())
    _info.update(build=build, reason=reason)


def select() -> None:
    """Decide once, before any compiled module is imported, which build this process runs."""
    if _info:
        return
    if os.environ.get("DINOBOX_PURE_PYTHON", "") not in ("", "0"):
        _use_sources("pure", "DINOBOX_PURE_PYTHON is set")
        return
    recorded = recorded_sources()
    if recorded is None and not _extension_exists(ENGINE_MODULES[0]):
        _use_sources("pure", "not compiled (installed with DINOBOX_PURE_PYTHON=1, or where no C compiler was found)")
        return
    if recorded is None:
        _use_sources("pure", f"compiled files without a record of their sources: {REBUILD_HINT}")
        warnings.warn(f"dinobox: running the Python sources; {_info['reason']}", stacklevel=2)
        return
    if not all(_extension_exists(m) for m in recorded):
        _use_sources("pure", f"compiled files missing since the build: {REBUILD_HINT}")
        warnings.warn(f"dinobox: running the Python sources; {_info['reason']}", stacklevel=2)
        return
    stale = stale_modules(recorded)
    if stale:
        names = ", ".join(m.removeprefix("dinobox.") for m in stale)
        _use_sources("pure", f"sources edited since the compiled build ({names}): {REBUILD_HINT}")
        warnings.warn(f"dinobox: running the Python sources; {_info['reason']}", stacklevel=2)
        return
    _info.update(build="compiled", reason="engine and rules compiled with mypyc")


def build_info() -> dict[str, str]:
    """``{"build": "compiled" | "pure", "reason": ...}`` for this process."""
    select()
    return dict(_info)


def is_compiled() -> bool:
    """Is the running engine the compiled one (checked on the loaded module, not the files)?"""
    from dinobox.engine import state

    return not str(getattr(state, "__file__", "")).endswith(".py")
