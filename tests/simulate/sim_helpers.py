"""Game rows and summaries built by hand for the simulator's tests: every field a row or a
summary always has, with neutral values, and the fields a test is about given."""

from __future__ import annotations

from typing import cast

from dinobox.simulate.documents import GameRow, RunSummary, Stats


def game_row(**fields: object) -> GameRow:
    """A game's row: no decisions, no winner, unless ``fields`` say otherwise (the code under test
    reads them as it reads a ``rows.jsonl`` line)."""
    row: dict[str, object] = {
        "index": 0,
        "seed": 0,
        "seats": [],
        "scores": [],
        "winners": [],
        "returns": [],
        "turns": 0,
        "decisions": 0,
        "choice_decisions": 0,
        "lead_changes": 0,
        "margin": 0,
        "capped": False,
        "actions": {},
        "seat_actions": [],
        **fields,
    }
    return cast(GameRow, row)


def run_summary(game: str, players: int, stats: Stats, seed: int = 0) -> RunSummary:
    """A run's summary as ``--compare`` reads it: ``stats`` with the default settings."""
    return {
        "game": game,
        "title": game,
        "players": players,
        "options": {},
        "data_overrides": {},
        "seed": seed,
        **stats,
    }
