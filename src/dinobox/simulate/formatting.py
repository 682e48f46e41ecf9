"""What the simulator's pages and the terminal share to show numbers and settings: p-values,
settings as a designer writes them, and matplotlib set up for files (from the ``sim`` extra,
imported only when a page draws a plot)."""

from __future__ import annotations

import json
from types import ModuleType


def fmt_p(p: float) -> str:
    """A p-value to three places, or ``<0.001``."""
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def show_value(value: object) -> str:
    """A setting as a designer writes it on the command line (JSON, strings bare)."""
    if isinstance(value, str):
        return value
    return json.dumps(value)


def pyplot() -> ModuleType:
    """matplotlib's pyplot drawing to files (the Agg backend), or a ``RuntimeError`` naming the extra."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - the sim extra is installed in development
        raise RuntimeError("the simulator's pages need matplotlib: pip install 'dinobox[sim]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt
