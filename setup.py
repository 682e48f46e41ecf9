"""Build: the engine's state and the games' rules compiled ahead of time with mypyc.

Everything else is declared in pyproject.toml. The compiled modules are declared where they
live: the engine's in ``src/dinobox/engine/build.py`` (``ENGINE_MODULES``), each game's in its
package's ``__init__.py`` (``COMPILED_MODULES``, relative names); both are read here with ``ast``,
without importing dinobox. They are compiled when mypyc and a C
compiler are available and ``DINOBOX_PURE_PYTHON`` is not set; otherwise the same sources are
installed as pure Python. The build records a digest of each source it compiled
(``dinobox/engine/compiled_sources.json``): at run time a source edited since then makes
dinobox run the sources (with a warning) instead of a stale compiled module.

    pip install -e '.[test]'                        # compiled when it can be
    DINOBOX_PURE_PYTHON=1 pip install -e '.[test]'  # pure Python (removes compiled files in src/)
    python setup.py build_ext --inplace             # rebuild the compiled modules in src/
"""

from __future__ import annotations

import ast
import hashlib
import itertools
import json
import os
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = HERE / "src"
BUILD_INFO = SRC / "dinobox" / "engine" / "build.py"
SOURCES_FILE = "compiled_sources.json"


def say(message: str) -> None:
    """A progress line (pip shows it with -v; scripts/test.sh shows these lines)."""
    print(f"dinobox build: {message}", file=sys.stderr, flush=True)


def _declared(path: Path, name: str) -> tuple[str, ...] | None:
    """The tuple of strings assigned to ``name`` at the top of ``path``, read without importing it."""
    targets: list[ast.expr]
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        elif isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            found = ast.literal_eval(value)
            if not isinstance(found, tuple) or not all(isinstance(v, str) for v in found):
                raise SystemExit(f"setup.py: {name} in {path} must be a tuple of module names")
            return found
    return None


def compiled_modules() -> list[str]:
    """The engine's ``ENGINE_MODULES`` and each game package's ``COMPILED_MODULES``."""
    engine = _declared(BUILD_INFO, "ENGINE_MODULES")
    if engine is None:
        raise SystemExit("setup.py: ENGINE_MODULES not found in src/dinobox/engine/build.py")
    modules = list(engine)
    for init in sorted((SRC / "dinobox" / "games").glob("*/__init__.py")):
        package = f"dinobox.games.{init.parent.name}"
        modules += [f"{package}.{name}" for name in _declared(init, "COMPILED_MODULES") or ()]
    return modules


def source_of(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def want_pure() -> str:
    """Why the build is pure Python ("" when it compiles)."""
    if os.environ.get("DINOBOX_PURE_PYTHON", "") not in ("", "0"):
        return "DINOBOX_PURE_PYTHON is set"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    return ""


def remove_inplace_builds() -> None:
    """A pure build must not leave compiled files of an earlier build in src/ to be imported."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    for module in compiled_modules():
        source_of(module).with_name(module.rpartition(".")[2] + suffix).unlink(missing_ok=True)
    for lib in SRC.glob("dinobox__mypyc*"):
        lib.unlink()
    (SRC / "dinobox" / "engine" / SOURCES_FILE).unlink(missing_ok=True)


BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"})
"""setup.py commands that compile; the others (egg_info, dist_info: pip asking for the project's
requirements and metadata, each in a process of its own) also finalize build_ext."""


def builds_extensions() -> bool:
    return not BUILD_COMMANDS.isdisjoint(sys.argv[1:])


PLACEHOLDER = Extension("dinobox__mypyc", sources=[])
"""What ``ext_modules()`` declares when it compiles: BuildExtMypyc makes the real extensions."""


class BuildExtMypyc(build_ext):
    """build_ext that runs mypyc only when extensions are really built (not each time setuptools
    asks the project's requirements or metadata) and records the digests of the sources it
    compiled, taken before compiling (a source edited during the build counts as edited)."""

    digests: dict[str, str]

    def finalize_options(self) -> None:
        if self.distribution.ext_modules == [PLACEHOLDER] and builds_extensions():  # once per build
            from mypyc.build import mypycify

            modules = compiled_modules()
            # mypyc type-checks with its own cache: never the one `mypy` keeps for the developer
            paths = [f"--cache-dir={HERE / 'build' / 'mypyc-cache'}"]
            paths += [str(source_of(m).relative_to(HERE)) for m in modules]
            say(f"translating {len(modules)} modules to C with mypyc (a CPU-minute or two)")
            digests = {m: hashlib.sha256(source_of(m).read_bytes()).hexdigest() for m in modules}
            # one C file per module (multi_file), so that build_extension compiles them side by side
            self.distribution.ext_modules = mypycify(
                paths, opt_level="3", debug_level="0", group_name="dinobox", multi_file=True
            )
            # setuptools makes several build_ext commands in one build: they share the translation
            self.distribution.dinobox_digests = digests  # type: ignore[attr-defined]
        self.digests = getattr(self.distribution, "dinobox_digests", {})
        super().finalize_options()

    def build_extension(self, ext: Extension) -> None:
        """Compile the extension's C files side by side, one per core, saying how far it got."""
        compile_sources = self.compiler.compile
        workers = max(1, min(len(ext.sources), os.cpu_count() or 1))
        if len(ext.sources) < 2 or workers < 2:
            super().build_extension(ext)
            return
        finished = itertools.count(1)

        def compile_one(source: str, *args: Any, **kwargs: Any) -> list[str]:
            objects = compile_sources([source], *args, **kwargs)
            say(f"compiled {next(finished)} of {len(ext.sources)} C files of {ext.name}")
            return objects

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            say(f"compiling {len(sources)} C files of {ext.name}, {workers} at a time")
            with ThreadPoolExecutor(workers) as pool:
                parts = pool.map(lambda source: compile_one(source, *args, **kwargs), sources)
                return [obj for objects in parts for obj in objects]

        self.compiler.compile = compile_all
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_sources

    def run(self) -> None:
        super().run()
        if not getattr(self, "digests", None):
            return
        text = json.dumps(self.digests, indent=1, sort_keys=True) + "\n"
        targets = [Path(self.build_lib) / "dinobox" / "engine"]
        if self.inplace or getattr(self, "editable_mode", False):
            targets.append(SRC / "dinobox" / "engine")
        for folder in targets:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / SOURCES_FILE).write_text(text)


def ext_modules() -> list[Extension]:
    reason = want_pure()
    if reason:
        say(f"pure Python ({reason})")
        remove_inplace_builds()
        return []
    return [PLACEHOLDER]


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExtMypyc})
