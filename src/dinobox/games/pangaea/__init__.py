"""Pangaea: survive the asteroid on a changing supercontinent."""

COMPILED_MODULES = (
    "actions",
    "events",
    "moves",
    "stepbase",
    "board",
    "draws",
    "flow",
    "geometry",
    "tiles",
    "world",
    "walks",
    "steps",
    "resolve",
    "lightning",
    "end_game",
    "rules",
    "worldtext",
    "view",
    "text",
    "heuristic",
    "knowledge",
)
"""This package's modules compiled with mypyc (``setup.py`` reads this; see ``dinobox.engine.build``)."""
