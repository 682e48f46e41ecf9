"""'Since your last turn': what changed for one seat, from its own two views.

Generic over games: two views of the same seat (at its last decision and now) are compared
field by field: numbers that changed, lists and counts that grew or shrank, the seat's own
pieces that moved. A game may add its own words (``GameEntry.digest``); a field it explains
is not repeated. Only the seat's own views are read, so nothing hidden can show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from dinobox.engine.registry import game_entry
from dinobox.jsonvalue import JsonValue

SKIP = frozenset({"seat", "turn", "turn_player", "to_act", "actions_done", "over", "move", "players_count"})
"""Fields that change every turn or say nothing about the seat's fortunes."""
LIMIT = 8
"""Lines at most (then a line saying how many more)."""


def _number(value: JsonValue) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _total(value: JsonValue) -> int | float | None:
    """A count for a collection of numbers (a dict of counts, a list of counts), else None."""
    items = list(value.values()) if isinstance(value, Mapping) else value if isinstance(value, list) else None
    if items is None or not items:
        return None
    numbers = [x for x in items if _number(x)]
    return sum(numbers) if len(numbers) == len(items) else None


def _size(value: JsonValue) -> int | None:
    """A list's length, when it is a list of things rather than of counts."""
    return len(value) if isinstance(value, list) and _total(value) is None else None


def _words(key: str) -> str:
    """A field's name in words, as far as a generic rule goes: ``deck_count`` -> ``deck size``."""
    if key.endswith("_count"):
        return key.removesuffix("_count").replace("_", " ") + " size"
    return key.replace("_", " ")


def _arrow(what: str, old: JsonValue, new: JsonValue) -> str:
    sign = f" ({new - old:+g})" if _number(old) and _number(new) else ""
    return f"{what}: {old} → {new}{sign}"


def _value(value: JsonValue) -> str:
    """A value in players' words: nothing is "none", a list is its items."""
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value) or "none"
    return str(value)


def _piece_change(key: str, old: JsonValue, new: JsonValue) -> str:
    """One field of a piece that changed, in words (``space 5 → none``, ``lost``, ``not lost``);
    empty when it did not change."""
    if old == new:
        return ""
    if isinstance(new, bool):
        return _words(key) if new else f"not {_words(key)}"
    return f"{_words(key)} {_value(old)} → {_value(new)}"


def field_changes(
    before: Mapping[str, JsonValue], after: Mapping[str, JsonValue], prefix: str = ""
) -> list[tuple[str, str]]:
    """(field, line) for each field of ``after`` whose number, total or length changed."""
    found: list[tuple[str, str]] = []
    for key, new in after.items():
        old = before.get(key)
        if key in SKIP or old is None or old == new:
            continue
        what = f"{prefix}{_words(key)}"
        if _number(new) and _number(old):
            found.append((key, _arrow(what, old, new)))
        elif (_total(new) is not None or not new) and (_total(old) is not None or not old):
            if (_total(old) or 0) != (_total(new) or 0):
                found.append((key, _arrow(what, _total(old) or 0, _total(new) or 0)))
        elif _size(new) is not None and _size(old) is not None and _size(new) != _size(old):
            found.append((key, _arrow(what, _size(old), _size(new))))
    return found


def own_pieces(before: Mapping[str, JsonValue], after: Mapping[str, JsonValue], seat: int) -> list[tuple[str, str]]:
    """The seat's own pieces (list items with ``owner`` the seat and a ``name``) that changed."""
    found: list[tuple[str, str]] = []
    for key, new in after.items():
        old = before.get(key)
        if not (isinstance(new, list) and isinstance(old, list) and len(new) == len(old)):
            continue
        for was, now in zip(old, new, strict=True):
            if not (isinstance(now, dict) and isinstance(was, dict) and now.get("owner") == seat and now != was):
                continue
            parts = [_piece_change(k, was.get(k), v) for k, v in now.items() if k not in ("name", "owner", "id")]
            parts = [part for part in parts if part]
            found.append((key, f"{now.get('name', key)}: " + ", ".join(parts)))
    return found


def changes(before: Mapping[str, JsonValue], after: Mapping[str, JsonValue], seat: int) -> list[tuple[str, str]]:
    """Every generic change for ``seat``: its own row of ``players`` (as ``players.FIELD``), its
    own pieces, then the table's counts (a deck, a countdown)."""
    found: list[tuple[str, str]] = []
    rows_before, rows_after = before.get("players"), after.get("players")
    if isinstance(rows_before, list) and isinstance(rows_after, list) and seat < min(len(rows_before), len(rows_after)):
        mine_before, mine_after = rows_before[seat], rows_after[seat]
        if isinstance(mine_before, dict) and isinstance(mine_after, dict):
            found += [(f"players.{k}", line) for k, line in field_changes(mine_before, mine_after, "your ")]
    found += own_pieces(before, after, seat)
    seats = len(rows_after) if isinstance(rows_after, list) else 0
    table: list[tuple[str, str]] = []
    for key, new in after.items():  # a number per seat (``scores``): the seat's own
        old = before.get(key)
        if seats and isinstance(new, list) and isinstance(old, list) and len(new) == len(old) == seats:
            if _number(new[seat]) and _number(old[seat]) and new[seat] != old[seat]:
                table.append((key, _arrow(f"your {_words(key)}", old[seat], new[seat])))
            before = {k: v for k, v in before.items() if k != key}
    table += [(k, line) for k, line in field_changes(before, after) if k != "players"]
    said = {k for k, _ in table} | {k.removeprefix("players.") for k, _ in found}
    # a public count (``hand_count``) gives way to the thing itself (``hand``), which is the seat's
    counted = {k[8:-6] for k, _ in found if k.startswith("players.") and k.endswith("_count")} & said
    found = [(k, line) for k, line in found if not (k.startswith("players.") and k[8:-6] in counted)]
    mine = [(k, f"your {line}") for k, line in table if k in counted]
    return found + mine + [(k, line) for k, line in table if k not in counted]


def digest(
    game_id: str, before: Mapping[str, JsonValue], after: Mapping[str, JsonValue], seat: int, logged: int
) -> list[str]:
    """The lines of the seat's digest: the game's own words first (``GameEntry.digest``), then
    the generic changes it did not explain, then how many log entries there are to read. (A
    game's empty line explains a field that needs no words.)"""
    hook = game_entry(game_id).digest
    own = list(hook(before, after)) if hook is not None else []
    explained = {key for key, _ in own}
    lines = [line for _, line in own if line]
    lines += [line for key, line in changes(before, after, seat) if key not in explained]
    if len(lines) > LIMIT:
        lines = [*lines[: LIMIT - 1], f"… and {len(lines) - LIMIT + 1} more changes (the board shows them)"]
    if logged:
        lines.append(f"{logged} new log {'entry' if logged == 1 else 'entries'} (l: the log)")
    return lines
