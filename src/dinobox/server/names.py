"""Names people choose (a seat's, a profile's): what they may hold and how two at one table are
told apart.

A name is shown beside moves and chat lines, so it must not pass itself off as something else:
terminal escape sequences, control characters, line breaks, bidirectional overrides (U+202E
turns "Bob" into "boB" on screen), zero-width and other invisible characters are taken out, runs
of spaces become one, and the name is cut to ``NAME_MAX`` characters. Two seats of one table
never share a name: the later one gets a suffix (``Ann (2)``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

NAME_MAX = 40

# ESC-introduced sequences (CSI ``ESC [ ... final``, OSC ``ESC ] ... BEL/ST``, two-byte ``ESC x``)
# and their 8-bit forms: taken out whole, so no printable half of one is left behind.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?"
    r"|(?:\x1b\]|\x9d).*?(?:\x07|\x1b\\|\x9c|$)"
    r"|\x1b[@-Z\\-_]?"
)
_BREAKS = re.compile(r"[\t\n\v\f\r\x85\u2028\u2029]")  # become spaces, not nothing
# Default-ignorable and invisible characters that are not format characters (Cf) already.
_INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u034f", "\u2800"}
_DROPPED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn"}


def _kept(c: str) -> bool:
    if c in _INVISIBLE or "\ufe00" <= c <= "\ufe0f":  # variation selectors
        return False
    category = unicodedata.category(c)
    if category == "Mn":  # combining marks are kept, but not stacked without limit (see clean)
        return True
    return category not in _DROPPED_CATEGORIES


def clean(text: str, limit: int = NAME_MAX) -> str:
    """``text`` as a name: escape sequences, control, bidi, invisible and line-breaking
    characters taken out, whitespace runs made one space, trimmed, at most ``limit``
    characters. May be empty: the caller decides what an empty name means."""
    text = unicodedata.normalize("NFC", _BREAKS.sub(" ", _ESCAPES.sub("", text)))
    out: list[str] = []
    marks = 0
    for c in text:
        if not _kept(c):
            continue
        if unicodedata.category(c) == "Mn":
            marks += 1
            if marks > 2 or not out:  # "Zalgo" stacks hide the letters around them
                continue
        else:
            marks = 0
        out.append(" " if c.isspace() else c)
    return " ".join("".join(out).split())[:limit].strip()


def unique(name: str, taken: Iterable[str], limit: int = NAME_MAX) -> str:
    """``name``, or ``name (2)``, ``name (3)``... so that it differs from every name in
    ``taken`` (compared without regard to case, width or look-alike compatibility forms)."""
    seen = {_fold(t) for t in taken}
    if _fold(name) not in seen:
        return name
    n = 2
    while True:
        suffix = f" ({n})"
        candidate = name[: limit - len(suffix)].rstrip() + suffix
        if _fold(candidate) not in seen:
            return candidate
        n += 1


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def hidden(text: str) -> bool:
    """Whether ``text`` holds anything ``clean`` takes out besides spaces: an escape sequence, a
    control, bidi, invisible or line-breaking character, a stack of combining marks."""
    if any(not c.isprintable() and c != " " for c in text):
        return True
    return clean(text, limit=len(text) + 1) != " ".join(unicodedata.normalize("NFC", text).split())
