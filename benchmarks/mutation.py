"""Mutation run over one game's rule modules, with that game's own tests (mutmut 3).

    pip install -e '.[mutation]'
    nice -n 15 python benchmarks/mutation.py dino-race                   # every rule module
    nice -n 15 python benchmarks/mutation.py pangaea --modules end_game,rules
    python benchmarks/mutation.py dino-race --report                     # the last run's tally
    nice -n 10 python benchmarks/mutation.py trex-island --modules flow \
        --tests "tests/games/trex_island --ignore=tests/games/trex_island/test_trex_render.py"
    python benchmarks/mutation.py trex-island --modules flow --confirm  # survivors vs the whole folder

The rule modules are the ones that decide legality, effects, scoring, the end and the winners
(``RULE_MODULES``; never texts, views, renderers, heuristics, encoders or knowledge). The tests
are ``tests/games/<game>`` alone: the golden digests (``tests/engine/test_behaviour_golden.py``)
are not among them, so a mutant must be caught by a test that says what the rules do.

Each game runs in its own directory, ``.mutation/<game>/`` (ignored by git): links to ``src`` and
``tests`` and a copy of ``pyproject.toml`` with that game's ``[tool.mutmut]`` section, since mutmut
reads its configuration from the working directory. mutmut runs only the tests that reach each
mutated function, one mutant at a time (``--max-children 1``: the machine is shared). A rerun
reuses the results of mutants whose code and tests did not change. ``--tests`` gives mutmut a
faster subset of the game's tests for its pass (a changed selection means new stats); ``--confirm``
then runs each mutant left alive against the whole ``tests/games/<game>`` folder, each in a fresh
process, and reports those that still live (the true survivors). Survivors: ``cd
.mutation/<game> && mutmut show <name>``. Not a test: nothing asserts on the score. The figures are in
benchmarks/RESULTS.md, "Mutation score"; the survivors' explanations and the exact commands in
docs/mutation.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The modules that hold the rules, per game (docs/architecture.md, "A game's package").
RULE_MODULES: dict[str, tuple[str, ...]] = {
    "dino-race": (
        "rules",
        "flow",
        "legal",
        "cards",
        "before_you_play",
        "game_turn",
        "event_die",
        "finish_line",
    ),
    "trex-island": ("rules", "flow", "set_up", "turn", "carnivores", "tokens", "walks", "board"),
    "dinosaur-rush": (
        "rules",
        "flow",
        "set_up",
        "field_phase",
        "field_actions",
        "build_phase",
        "build",
        "skeleton",
        "exhibit_phase",
        "scoring",
    ),
    "pangaea": (
        "rules",
        "flow",
        "stepbase",
        "steps",
        "draws",
        "resolve",
        "lightning",
        "end_game",
        "walks",
        "tiles",
        "world",
    ),
}

# mutmut's exit-code statuses, as `mutmut results --all` prints them.
STATUSES = ("killed", "survived", "timeout", "suspicious", "no tests", "skipped", "segfault", "not checked")


def package(game: str) -> str:
    return game.replace("-", "_")


def config(game: str, modules: tuple[str, ...], tests: tuple[str, ...] = ()) -> str:
    """The ``[tool.mutmut]`` section for ``game``'s ``modules`` (``tests``: pytest arguments that
    select the tests, by default the game's whole test folder)."""
    pkg = package(game)
    only = ", ".join(f'"src/dinobox/games/{pkg}/{m}.py"' for m in modules)
    selection = ", ".join(json.dumps(x) for x in tests or (f"tests/games/{pkg}",))
    return (
        "\n[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = [{selection}]\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:randomly"]\n'
        "use_git_change_detection = false\n"
    )


def prepare(game: str, modules: tuple[str, ...], run: bool, tests: tuple[str, ...] = ()) -> Path:
    """``.mutation/<game>/``: links to the sources and tests, and the game's configuration."""
    where = ROOT / ".mutation" / game
    where.mkdir(parents=True, exist_ok=True)
    for name in ("src", "tests"):
        link = where / name
        if not link.exists():
            link.symlink_to(ROOT / name, target_is_directory=True)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (where / "pyproject.toml").write_text(text + config(game, modules, tests), encoding="utf-8")
    # mutmut maps tests to the functions they reach in the modules mutated when it collected its
    # stats; a module added since would have no tests, so other modules mean new stats.
    # and mutmut keeps its copy of a module it mutated once, even after a run that left it out
    # and put back the plain source: an added module's copy goes, to be mutated again.
    last = where / "modules.txt"  # the modules of the stats mutmut holds
    before = set(last.read_text(encoding="utf-8").split()) if last.exists() else set()
    mutants = where / "mutants"
    selected = where / "tests.txt"  # the test selection of the stats mutmut holds
    if run and (selected.read_text(encoding="utf-8") if selected.exists() else "") != " ".join(tests):
        (mutants / "mutmut-stats.json").unlink(missing_ok=True)
        selected.write_text(" ".join(tests), encoding="utf-8")
    if run and not set(modules) <= before:
        (mutants / "mutmut-stats.json").unlink(missing_ok=True)
        for module in set(modules) - before:
            copy = mutants / "src" / "dinobox" / "games" / package(game) / f"{module}.py"
            copy.unlink(missing_ok=True)
            copy.with_name(f"{module}.py.meta").unlink(missing_ok=True)
        last.write_text(" ".join(sorted(modules)), encoding="utf-8")
    return where


def mutmut() -> str:
    found = shutil.which("mutmut", path=str(Path(sys.executable).parent)) or shutil.which("mutmut")
    if found is None:
        sys.exit("mutmut is not installed: pip install -e '.[mutation]'")
    return found


def tally(where: Path) -> dict[str, str]:
    """Every mutant's status, by name (``dinobox.games.<game>.<module>.<function>__mutmut_<n>``)."""
    out = subprocess.run(
        [mutmut(), "results", "--all", "true"], cwd=where, capture_output=True, text=True, check=True
    ).stdout
    return {name: status for name, _, status in (x.strip().rpartition(": ") for x in out.splitlines()) if name}


def change(where: Path, name: str) -> str:
    """A mutant's one-line change, as ``- old / + new``."""
    shown = subprocess.run([mutmut(), "show", name], cwd=where, capture_output=True, text=True, check=False)
    if shown.returncode:
        return "(not shown: its module is not mutated in the last run's configuration)"
    diff = shown.stdout
    lines = [x for x in diff.splitlines() if x[:1] in "+-" and x[:3] not in ("+++", "---")]
    return " / ".join(" ".join(x.split()) for x in lines)


def report(game: str, where: Path, diffs: bool) -> dict[str, object]:
    """Per module: the mutants checked and their statuses, the score over those checked (killed or
    timed out, out of all but the unchecked and skipped), and the mutants left alive."""
    statuses = tally(where)
    by_module: dict[str, Counter[str]] = {}
    for name, status in statuses.items():
        by_module.setdefault(name.split(".")[3], Counter())[status] += 1
    modules: dict[str, dict[str, object]] = {}
    for module, counts in sorted(by_module.items()):
        checked = sum(counts.values()) - counts["not checked"] - counts["skipped"]
        if checked:
            row: dict[str, object] = {"checked": checked, **{s: counts[s] for s in STATUSES if counts[s]}}
            row["score"] = round(100 * (counts["killed"] + counts["timeout"]) / checked, 1)
            modules[module] = row
    alive = {
        name: f"{status}: {change(where, name)}" if diffs else status
        for name, status in statuses.items()
        if status in ("survived", "no tests", "timeout", "suspicious", "segfault")
    }
    return {"game": game, "modules": modules, "alive": alive}


def confirm(game: str, where: Path, modules: tuple[str, ...]) -> dict[str, str]:
    """Each mutant of ``modules`` left alive run against the game's whole test folder in a fresh
    process: the ones still alive, with their change (the others count as killed; a run over 10
    minutes as a timeout)."""
    alive = [
        name
        for name, status in tally(where).items()
        if status in ("survived", "no tests") and name.split(".")[3] in modules
    ]
    left = {}
    for name in alive:
        env = {**os.environ, "MUTANT_UNDER_TEST": name, "PYTHONPATH": str(where / "mutants" / "src")}
        args = [
            "-m",
            "pytest",
            "-x",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            f"tests/games/{package(game)}",
        ]
        try:
            code = subprocess.run(
                [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, timeout=600
            ).returncode
        except subprocess.TimeoutExpired:
            code = -1
        if code == 0:
            left[name] = change(where, name)
        print(f"{name}: {'survived' if code == 0 else 'killed'}", file=sys.stderr, flush=True)
    return left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(RULE_MODULES))
    parser.add_argument("--modules", help="comma-separated rule modules (default: all of the game's)")
    parser.add_argument("--max-children", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only tally the last run")
    parser.add_argument("--diffs", action="store_true", help="show each mutant left alive as its change")
    parser.add_argument("--tests", help="pytest arguments selecting mutmut's tests (default: the game's folder)")
    parser.add_argument("--confirm", action="store_true", help="run the last run's survivors vs the whole folder")
    parser.add_argument(
        "--deselect",
        action="append",
        default=[],
        metavar="NODEID",
        help="leave this test out of the pass (repeatable): a cheaper first pass, its survivors then "
        "run against the whole folder (docs/mutation.md)",
    )
    parser.add_argument("mutants", nargs="*", help="only these mutants (names as mutmut prints them)")
    args = parser.parse_intermixed_args()
    modules = tuple(args.modules.split(",")) if args.modules else RULE_MODULES[args.game]
    unknown = [m for m in modules if not (ROOT / "src/dinobox/games" / package(args.game) / f"{m}.py").is_file()]
    if unknown:
        sys.exit(f"no such module in {args.game}: {', '.join(unknown)}")
    tests = tuple(args.tests.split()) if args.tests else ()
    if args.deselect:  # the game's folder (or --tests) less these tests
        tests = (*(tests or (f"tests/games/{package(args.game)}",)), *(f"--deselect={t}" for t in args.deselect))
    where = prepare(args.game, modules, run=not (args.report or args.confirm), tests=tests)
    if args.confirm:
        print(json.dumps(confirm(args.game, where, modules), indent=1, ensure_ascii=False))
        return
    if not args.report:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        command = [mutmut(), "run", "--max-children", str(args.max_children), *args.mutants]
        subprocess.run(command, cwd=where, env=env, check=False)
    print(json.dumps(report(args.game, where, args.diffs), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
