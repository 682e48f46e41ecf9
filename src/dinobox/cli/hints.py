"""Hints at the terminal table: the coach's move for the person to act (``h``), and the notes a
record keeps of them so that a replay shows where hints were used.

A hint comes from :func:`dinobox.coach.suggest`, which reads only what the seat knows. The
terminal's games are unrated, so hints are always allowed there."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict, TypeGuard

from dinobox.cli.choices import strip_actor
from dinobox.coach import Hint, suggest
from dinobox.engine.errors import RecordError
from dinobox.engine.state import State

HINT_SECONDS = 0.8
"""The coach's thinking time for one hint (the issue asks for an answer within a second)."""


class HintJson(TypedDict):
    """A hint as a record keeps it: the decision it was asked at and the move suggested."""

    move: int
    seat: int
    action: int
    text: str


@dataclass(frozen=True, slots=True)
class HintNote:
    """A hint given during a game: before ``history[move]``, to ``seat``, naming ``action``."""

    move: int
    seat: int
    action: int
    text: str

    def to_json(self) -> HintJson:
        return {"move": self.move, "seat": self.seat, "action": self.action, "text": self.text}


def hint_job(state: State, seat: int, seed: int, seconds: float | None = None) -> Callable[[], Hint]:
    """A call that asks the coach on a copy of ``state`` (safe in a thread while play goes on)."""
    snapshot = state.clone()
    budget = HINT_SECONDS if seconds is None else seconds
    return lambda: suggest(snapshot, seat, seconds=budget, seed=seed)


def hint_words(hint: Hint) -> str:
    """``Hint: <move>`` with the coach's estimate of the win chance after it, when it gives one."""
    chance = "" if hint.win_chance is None else f" (win chance {percent(hint.win_chance)})"
    return f"Hint: {strip_actor(hint.text)}{chance}"


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def parse_hints(record: object, history_length: int, players: int) -> list[HintNote]:
    """The ``hints`` a record keeps (none when it has no such key); ``RecordError`` when damaged."""
    raw = record.get("hints", []) if isinstance(record, dict) else []
    if not isinstance(raw, list):
        raise RecordError("'hints' must be a list")
    notes = []
    for index, item in enumerate(raw):
        if not isinstance(item, dict):
            raise RecordError(f"hints[{index}] must be an object")
        move, seat, action, text = (item.get(k) for k in ("move", "seat", "action", "text"))
        if not (whole(move) and whole(seat) and whole(action) and isinstance(text, str)):
            raise RecordError(f"hints[{index}] needs whole numbers 'move', 'seat', 'action' and a 'text'")
        if not 0 <= move <= history_length or not 0 <= seat < players:
            raise RecordError(f"hints[{index}] names move {move} of seat {seat}: the game has no such decision")
        notes.append(HintNote(move, seat, action, text[:500]))
    return notes


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
