"""Choosing among the legal actions in steps, with keys that stay put while a player decides.

Shared by the full-screen app and the line-mode client. Generic over games: the steps come
from the fields that ``State.describe_action`` returns (``kind``, ``card``, ``dino``,
``target_seat``, ``space``, ...). A long list of choices is split by the first field, in
:data:`FIELD_ORDER`, whose values differ among them (the kind of move, then the card, then
the piece, then the target), and each group is one option that opens the next step.

Keys: a :class:`KeyBook` numbers the lines of a step in order, and gives the common actions
(roll, draw, end, pass) one letter for the whole game (``End buying`` is always ``e``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from dinobox.jsonvalue import JsonValue

FIELD_ORDER = (
    "kind",
    "card",
    "cards",
    "with",
    "evolution",
    "verb",
    "character",
    "dino",
    "die",
    "team",
    "slot",
    "part",
    "category",
    "target_seat",
    "target_dino",
    "target",
    "space",
    "cell",
    "label",
    "direction",
    "edge",
    "pile",
    "tile",
    "colour",
    "bones",
)
"""Fields that make a step, in the order they are asked; other fields come after, in the
order the game gives them. True/False flags never make a step (they describe, not choose)."""

FLAT_LIMIT = 9
"""At most this many choices are listed as they are, without a step."""

RESERVED_KEYS = frozenset("qulsbhnv?")
"""Keys the clients keep for themselves (quit, undo, log, save, back, hint, no more pauses,
view the board, help)."""
COMMON_KEYS = {"roll": "r", "draw": "d", "done": "e", "end": "e", "pass": "p", "continue": "g"}
"""The common actions, by their ``kind``: one key each for the whole game."""
KEY_ORDER = (
    "123456789"
    + "".join(k for k in "abcdefghijkmnoprtvwxyz" if k not in RESERVED_KEYS and k not in COMMON_KEYS.values())
    + "0"
)
STABLE = ("action", "player", "text")


@dataclass(frozen=True)
class Option:
    """One line of a step: either one action (``action`` set) or a group that opens a step."""

    label: str
    actions: tuple[int, ...]
    ident: str
    kind: str = ""
    """The ``kind`` all its actions share (``roll``, ``draw``, ...), else empty."""

    @property
    def action(self) -> int | None:
        return self.actions[0] if len(self.actions) == 1 else None

    @property
    def count(self) -> int:
        return len(self.actions)


def strip_actor(text: str) -> str:
    """``"Red: roll the die"`` -> ``"roll the die"``, and ``"Seat 1: ..."`` too (the pane already
    says who acts)."""
    head, sep, rest = text.partition(": ")
    words = head.strip().split(" ")
    named = len(words) == 1 or (len(words) == 2 and words[0] == "Seat" and words[1].isdigit())
    return rest if sep and named else text


def _step_fields(infos: Sequence[Mapping[str, JsonValue]]) -> list[str]:
    """The fields that may split these choices, in asking order (lists split position by position)."""
    seen: list[str] = []
    for info in infos:
        for key, value in info.items():
            if key in STABLE or isinstance(value, bool):
                continue
            names = [f"{key}.{i}" for i in range(len(value))] if isinstance(value, list) else [key]
            for name in names:
                if name not in seen:
                    seen.append(name)

    def rank(name: str) -> tuple[int, int]:
        base = name.split(".")[0]
        known = FIELD_ORDER.index(base) if base in FIELD_ORDER else len(FIELD_ORDER)
        return known, seen.index(name)

    return sorted(seen, key=rank)


def _value(info: Mapping[str, JsonValue], name: str) -> JsonValue:
    key, _, index = name.partition(".")
    value = info.get(key)
    if index and isinstance(value, list):
        position = int(index)
        return value[position] if position < len(value) else None
    return value


def _common_prefix(texts: Iterable[str]) -> str:
    """The words every text starts with."""
    words: list[str] | None = None
    for text in texts:
        parts = text.split(" ")
        if words is None:
            words = parts
            continue
        n = 0
        while n < min(len(words), len(parts)) and words[n] == parts[n]:
            n += 1
        words = words[:n]
    return " ".join(words or [])


def _common_letters(texts: Sequence[str]) -> str:
    """The characters every text starts with."""
    first = min(texts, default="")
    last = max(texts, default="")
    n = 0
    while n < len(first) and first[n] == last[n]:
        n += 1
    return first[:n]


def _common_suffix(texts: Sequence[str]) -> str:
    """The words every text ends with (never the whole of a text)."""
    reversed_words = [t.split(" ")[::-1] for t in texts]
    shortest = min((len(w) for w in reversed_words), default=0)
    n = 0
    while n < shortest - 1 and len({tuple(w[: n + 1]) for w in reversed_words}) == 1:
        n += 1
    return " ".join(reversed_words[0][:n][::-1]) if reversed_words else ""


def _hashable(value: JsonValue) -> object:
    return tuple(value) if isinstance(value, list) else value


def _action_of(info: Mapping[str, JsonValue]) -> int:
    """A described move's action id (``describe_action`` gives it as a whole number)."""
    action = info["action"]
    if not isinstance(action, int | float | str):
        raise TypeError(f"an action id is a whole number, not {action!r}")
    return int(action)


class ChoiceTree:
    """The legal actions of one decision, taken in steps. ``path`` is the groups opened so far;
    a step lists at most ``flat_limit`` choices as they are (more are grouped)."""

    def __init__(self, infos: Sequence[Mapping[str, JsonValue]], flat_limit: int = FLAT_LIMIT) -> None:
        self.flat_limit = flat_limit
        self.infos = {_action_of(i): i for i in infos}
        self.order = [_action_of(i) for i in infos]
        self.path: list[Option] = []

    def candidates(self) -> list[int]:
        return list(self.path[-1].actions) if self.path else list(self.order)

    def options(self) -> list[Option]:
        """The lines of the current step."""
        return self.split(self.candidates())

    def split(self, actions: list[int]) -> list[Option]:
        actions = self.best_first(actions)
        infos = [self.infos[a] for a in actions]
        if len(actions) <= self.flat_limit:
            return [self._leaf(a) for a in actions]
        for name in _step_fields(infos):
            groups: dict[object, list[int]] = {}
            for a in actions:
                groups.setdefault(_hashable(_value(self.infos[a], name)), []).append(a)
            if len(groups) > 1:
                return self._distinct([self._group(name, value, members) for value, members in groups.items()])
        return [self._leaf(a) for a in actions]

    def best_first(self, actions: list[int]) -> list[int]:
        """Choices of one kind that each carry a ``value`` (the points a prize is worth) are
        listed best first, so the first line (and Enter) is never the worst by mistake."""
        infos = [self.infos[a] for a in actions]
        values = [i.get("value") for i in infos]
        worth = [v for v in values if type(v) is int]
        if len({i.get("kind") for i in infos}) != 1 or len(worth) != len(values):
            return actions
        by_action = dict(zip(actions, worth, strict=True))
        return sorted(actions, key=lambda a: -by_action[a])

    def _leaf(self, action: int) -> Option:
        info = self.infos[action]
        text = strip_actor(str(info.get("text", action)))
        return Option(text, (action,), f"action:{text}", str(info.get("kind", "")))

    def _group(self, name: str, value: object, members: list[int]) -> Option:
        if len(members) == 1:
            return self._leaf(members[0])
        texts = [strip_actor(str(self.infos[a].get("text", ""))) for a in members]
        prefix = _common_prefix(texts)
        shown = str(value).replace("_", " ") if not isinstance(value, tuple) else " + ".join(map(str, value))
        if " " in prefix.strip():
            suffix = _common_suffix([t[len(prefix) :] for t in texts])
            letters = _common_letters(texts).rstrip()
            if name != "kind" and len(letters) > len(prefix) + 1:  # "move your Explorer to r1c…"
                label = f"{letters}… {suffix}".rstrip()
            else:
                label = f"{prefix} … {suffix}".rstrip()
        elif name == "kind":
            label = f"{shown} …"
        else:
            label = f"{name.split('.')[0].replace('_', ' ')}: {shown} …"
        label += f" ({len(members)} choices)"
        kinds = {str(self.infos[a].get("kind", "")) for a in members}
        return Option(label, tuple(members), f"{name}={value!r}", kinds.pop() if len(kinds) == 1 else "")

    def _distinct(self, options: list[Option]) -> list[Option]:
        """Groups whose lines would read the same say what tells them apart: the letters their
        texts share ("move your Explorer to r1c…"), else the value they share."""
        counts: dict[str, int] = {}
        for option in options:
            counts[option.label] = counts.get(option.label, 0) + 1
        out = []
        for option in options:
            if counts[option.label] > 1 and option.action is None:
                head, _, count = option.label.rpartition(" (")
                field, _, raw = option.ident.partition("=")
                head = f"{head} [{field.split('.')[0].replace('_', ' ')} {raw.strip(chr(39))}]"
                option = Option(f"{head} ({count}", option.actions, option.ident, option.kind)
            out.append(option)
        return out

    def open(self, option: Option) -> int | None:
        """Choose ``option``: its action if it is one, else None after opening its step."""
        if option.action is not None:
            return option.action
        self.path.append(option)
        return None

    def back(self) -> bool:
        """Go back one step (Esc); False when already at the first step."""
        if not self.path:
            return False
        self.path.pop()
        return True

    def breadcrumb(self) -> str:
        return " › ".join(o.label.split(" (")[0].rstrip(" …") for o in self.path)


@dataclass
class KeyBook:
    """Keys for the lines of a step: the common actions (roll, draw, end, pass, go on) keep one
    letter for the whole game (:data:`COMMON_KEYS`); every other line is numbered in order, 1 to
    9, then letters, so a menu always reads top to bottom and the same menu gets the same keys."""

    owner: object = None

    def start(self, owner: object) -> None:
        """Someone else decides (``owner``: e.g. the seat and its turn)."""
        self.owner = owner

    def assign(self, options: Sequence[Option]) -> list[str]:
        """A key per option: its common letter, else the next key in order."""
        out: list[str] = []
        used: set[str] = set()
        numbered = iter(KEY_ORDER)
        for option in options:
            key = COMMON_KEYS.get(option.kind, "")
            if not key or key in used:
                key = next((k for k in numbered if k not in used), "")
            used.add(key)
            out.append(key)
        return out
