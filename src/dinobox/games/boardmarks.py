"""What the games' terminal renderers share for previews: how a marked place is drawn, and the
lines saying what a choice changes, from each place's facts before and after it.

A renderer takes the places to highlight as data (``render(view, marks=...)``) and says what
its places are (``places(view)``); nothing here knows who shows the drawing.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

OKABE_ITO = {
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""Okabe and Ito's colour-blind-safe palette (Color Universal Design): the players' colours in
the terminal, told apart under protanopia, deuteranopia and tritanopia; every piece also carries
its player's letter or name, so no colour is needed to read a board."""
SEAT_HUES = {
    "Red": OKABE_ITO["vermillion"],
    "Blue": OKABE_ITO["sky blue"],
    "Green": OKABE_ITO["bluish green"],
    "Yellow": OKABE_ITO["yellow"],
    "Orange": OKABE_ITO["orange"],
    "Teal": OKABE_ITO["blue"],
    "Pink": OKABE_ITO["reddish purple"],
}
"""A seat named after a colour, in the palette's nearest colour."""

MARK = "reverse"
"""A highlighted place: reverse video, readable on a terminal without colour."""

Places = Mapping[Hashable, tuple[str, list[str]]]
"""Each place of a board (its key, as ``marks`` name it): its name and what it holds, as facts."""


def escape(text: str) -> str:
    """``text`` shown as it is inside Rich markup: each ``[`` escaped, and a trailing backslash
    doubled so that it cannot escape the tag that follows (what ``rich.markup.escape`` does; the
    games import nothing from outside the standard library)."""
    text = text.replace("[", "\\[")
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


def in_words(places: Places) -> list[str]:
    """The board as a text list, for screen readers (``render(view, words=True)``): every place
    that holds something, with what it holds; nothing is told by a colour or a picture alone."""
    lines = ["In words:"]
    lines += [f"  {name}: {', '.join(facts)}" for name, facts in places.values() if facts]
    return lines if len(lines) > 1 else []


def mark(text: str, marked: bool) -> str:
    """``text`` (Rich markup) highlighted when ``marked``."""
    return f"[{MARK}]{text}[/{MARK}]" if marked else text


def changes(before: Places, after: Places) -> list[tuple[Hashable, str]]:
    """The places whose facts differ, each with a line: ``tile 2 (swamp): + Red dino 1``,
    ``Red: 7 cards → 6 cards`` (``+`` what comes, ``−`` what goes)."""
    out: list[tuple[Hashable, str]] = []
    for key, (name, new) in after.items():
        old = before.get(key, (name, []))[1]
        if old == new:
            continue
        gone = [f for f in old if f not in new]
        came = [f for f in new if f not in old]
        if gone and came:
            what = f"{', '.join(gone)} → {', '.join(came)}"
        elif came:
            what = "+ " + ", ".join(came)
        elif gone:
            what = "− " + ", ".join(gone)
        else:
            what = "reordered"
        out.append((key, f"{name}: {what}"))
    return out
