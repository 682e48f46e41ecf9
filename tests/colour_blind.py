"""Seat colours as colour-blind players see them: every pair, seen through the Machado, Brettel
and Viénot simulations of protanopia, deuteranopia and tritanopia (ColorAide's filters), and
the smallest CIEDE2000 distance between two of them. The page's palette
(``tests/browser/test_web_palette.py``) and the terminal's (``tests/cli/test_palettes.py``) are
held to the same stated thresholds."""

from __future__ import annotations

import itertools

from coloraide import Color

DEFICIENCIES = ("protan", "deutan", "tritan")
METHODS = ("machado", "brettel", "vienot")

MIN_FIRST_FIVE = 10.0
"""ΔE2000 between any two of the first five seats (every seat of a Dino Race, T-Rex Island,
Pangaea or Dinosaur Rush table) under every simulation: clearly told apart side by side (the old
palette's red and green were 4.6 apart under deuteranopia)."""
MIN_ANY = 7.5
"""ΔE2000 between any two of all eight seat colours, or of a game's own named colours (Dinosaur
Rush's five, whose Orange and Pink are 7.9 apart under tritanopia): told apart side by side, and
every piece carries its player's letter as well."""


def closest(colours: dict[str, str]) -> tuple[float, str]:
    """The smallest ΔE2000 between two of ``colours`` (CSS colours by name) under any
    simulation, and which pair it is."""
    worst = (1e9, "")
    for kind, method in itertools.product(DEFICIENCIES, METHODS):
        seen = {k: Color(v).filter(kind, method=method).convert("srgb").clip() for k, v in colours.items()}
        for a, b in itertools.combinations(seen, 2):
            d = float(seen[a].delta_e(seen[b], method="2000"))
            worst = min(worst, (d, f"{a} and {b} under {kind} ({method})"))
    return worst
