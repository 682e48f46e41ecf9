"""Exit 0 when the dinobox that imports is this checkout's, in the build asked for and current.

scripts/test.sh asks before reinstalling: the compiled build must be running (no source edited
since it was compiled), unless DINOBOX_PURE_PYTHON is set or the install found no compiler.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dinobox
from dinobox.engine.build import build_info

HERE = Path(__file__).resolve().parent.parent / "src" / "dinobox"


def is_current() -> bool:
    if Path(dinobox.__file__).resolve().parent != HERE:
        return False
    info = build_info()
    if os.environ.get("DINOBOX_PURE_PYTHON", "") not in ("", "0"):
        return info["build"] == "pure"
    return info["build"] == "compiled" or info["reason"].startswith("not compiled")


if __name__ == "__main__":
    sys.exit(0 if is_current() else 1)
