"""Which build runs: CI asks for the compiled one after the README's test command installed it
(``DINOBOX_EXPECT_COMPILED=1``), so a failed mypyc build never passes silently as pure Python."""

from __future__ import annotations

import os
import subprocess
import sys

from dinobox.engine.build import build_info, is_compiled


def test_version_names_the_running_build() -> None:
    out = subprocess.run([sys.executable, "-m", "dinobox", "--version"], capture_output=True, text=True, check=True)
    assert f"({build_info()['build']}" in out.stdout


def test_the_running_build_is_the_one_expected() -> None:
    assert is_compiled() == (build_info()["build"] == "compiled")
    if os.environ.get("DINOBOX_EXPECT_COMPILED", "") not in ("", "0"):
        assert is_compiled(), f"CI expected the compiled build: {build_info()['reason']}"
