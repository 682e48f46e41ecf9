"""Escape from T-Rex Island: lead three teams across the island to the helipad."""

COMPILED_MODULES = (
    "actions",
    "events",
    "moves",
    "tuples",
    "flow",
    "walks",
    "set_up",
    "turn",
    "carnivores",
    "tokens",
    "rules",
    "knowledge",
)
"""This package's modules compiled with mypyc (``setup.py`` reads this; see ``dinobox.engine.build``)."""
