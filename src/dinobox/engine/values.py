"""Typed values a game's rules produce: its events and the descriptions of its actions.

Each game declares them once, as small frozen dataclasses: its events in ``events.py`` (what
happened, for the log) and its action descriptions in ``moves.py`` (what a legal action would
do, for bots, texts and the web). One class per kind::

    @dataclass(frozen=True)
    class PushBlocked(Event):
        seat: int
        dino: int

The kind is the class name in snake case (``PushBlocked`` is ``"push_blocked"``): it is the
``kind`` of the log entry and of ``describe_action``, the names the web, the probes
(``probe:prefer=KIND``) and the docs use. Python code never compares kind strings: it matches
on the class (``match info: case Move(dino=d): ...`` or ``isinstance``).

``fields_of`` turns a value into the JSON fields the web reads, leaving out fields that are
``None`` (an optional detail the action does not have). A field whose JSON name is a Python
keyword is spelt with a trailing underscore, as PEP 8 says (``with_`` is the field ``"with"``).

The bases allow subclasses the build does not compile, so a plug-in game's values need no
compiler; the games' own ``events`` and ``moves`` modules are compiled with their rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from keyword import iskeyword

from mypy_extensions import mypyc_attr

__all__ = ["ActionInfo", "Event", "fields_of", "kind_of"]


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Event:
    """Something that happened, for the log. A game's events subclass it, one class per kind;
    the game's ``event_text(state, event, private)`` words it, ``private`` when the reader may
    see its hidden part. The rules record it by class and fields, ``State._emit(Class, ...)``,
    or ``State._emit_to(audience, Class, ...)`` for one only ``audience`` sees whole."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class ActionInfo:
    """What one action would do at a position, named by what it touches (ids, not words). A
    game's descriptions subclass it, one class per kind of action; ``State.action_info`` gives
    it, ``State.describe_action`` gives it as JSON with the action's id, its player and text."""


_KINDS: dict[type, str] = {}
_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def kind_of(value: object) -> str:
    """The kind of a typed value: its class name in snake case (``PushBlocked`` ->
    ``"push_blocked"``)."""
    cls = type(value)
    kind = _KINDS.get(cls)
    if kind is None:
        kind = _CAMEL.sub("_", cls.__name__).lower()
        _KINDS[cls] = kind
    return kind


def fields_of(value: Event | ActionInfo) -> dict[str, object]:
    """The value's fields as JSON-able data: ``kind`` first, then each field not ``None``
    (tuples become lists; ``with_`` is named ``with``)."""
    out: dict[str, object] = {"kind": kind_of(value)}
    for f in fields(value):
        v = getattr(value, f.name)
        if v is None:
            continue
        name = f.name
        if name[-1] == "_" and iskeyword(name[:-1]):
            name = name[:-1]
        out[name] = list(v) if isinstance(v, tuple) else v
    return out
