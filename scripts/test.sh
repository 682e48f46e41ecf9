#!/usr/bin/env bash
# The README's test command: everything the test suite needs on a fresh machine, then the suite.
#
#   bash scripts/test.sh [pytest arguments]
#
# 1. Debian's chromium and firefox-esr (the browser tests) and postgresql (the server tests on
#    PostgreSQL), installed with apt-get as root or through sudo; where that cannot be done it
#    stops at once and prints the one command to run.
# 2. dinobox with its test extras (`pip install -e '.[test]'`; the engine and rules are compiled
#    with mypyc where a C compiler exists, DINOBOX_PURE_PYTHON=1 for pure Python).
# 3. The whole suite: `python -m pytest -n auto` (over every core), with any arguments given to
#    this script (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || [ -n "${DINOBOX_CHROMIUM:-}" ] || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || [ -n "${DINOBOX_FIREFOX:-}" ] \
  || missing+=(firefox-esr)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || [ -n "${DINOBOX_PG_BIN:-}" ] || missing+=(postgresql)

if [ ${#missing[@]} -gt 0 ]; then
  install=(apt-get install -y -qq "${missing[@]}")
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "scripts/test.sh: the tests need ${missing[*]} (Debian package names); install them, then run this again." >&2
    exit 1
  fi
  if [ "$(id -u)" -eq 0 ]; then
    sudo=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo)
  else
    echo "scripts/test.sh: the tests need ${missing[*]}; run this once, then run this script again:" >&2
    echo "  sudo apt-get update && sudo ${install[*]}" >&2
    exit 1
  fi
  echo "scripts/test.sh: installing ${missing[*]} with apt-get" >&2
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" "${install[@]}" >/dev/null
fi

# The install is skipped when this checkout is already installed and current: the same
# pyproject.toml, setup.py and compiled-module lists as at the last install here, and no compiled
# module older than its source (a fresh clone always installs; DINOBOX_REINSTALL=1 forces it).
stamp_file=build/test-install.stamp
stamp=$( (echo "pure=${DINOBOX_PURE_PYTHON:-}"; cat pyproject.toml setup.py src/dinobox/engine/build.py \
  src/dinobox/games/*/__init__.py) | sha256sum | cut -d' ' -f1)
if [ -z "${DINOBOX_REINSTALL:-}" ] && [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] \
  && python scripts/installed_here.py 2>/dev/null; then
  echo "scripts/test.sh: dinobox is installed from this checkout and current (DINOBOX_REINSTALL=1 reinstalls)" >&2
else
  echo "scripts/test.sh: installing dinobox with its test extras (compiling takes a few minutes on 2 cores)" >&2
  # pip shows the build's progress lines only with -v: keep those, and the whole log if it fails.
  log=$(mktemp)
  set +e
  pip install -v -e '.[test]' 2>&1 | tee "$log" | grep --line-buffered -E 'dinobox build:|^Successfully installed' >&2
  status=${PIPESTATUS[0]}
  set -e
  if [ "$status" -ne 0 ]; then
    tail -n 60 "$log" >&2
    echo "scripts/test.sh: pip install -e '.[test]' failed (whole log: $log)" >&2
    exit "$status"
  fi
  rm -f "$log"
  mkdir -p build && echo "$stamp" > "$stamp_file"
fi
# The tests spread over the cores (pytest-xdist, one worker a core; `-n 0` runs them in this
# process). docs/testing.md says which are slow and how to leave them out.
exec python -m pytest -n auto "$@"
