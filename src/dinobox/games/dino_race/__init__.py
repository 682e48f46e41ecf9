"""Dino Race (rulebook: shared/rules/dino-race.txt)."""

COMPILED_MODULES = (
    "actions",
    "events",
    "moves",
    "flow",
    "legal",
    "cards",
    "before_you_play",
    "game_turn",
    "event_die",
    "finish_line",
    "rules",
)
"""This package's modules compiled with mypyc (``setup.py`` reads this; see ``dinobox.engine.build``)."""
