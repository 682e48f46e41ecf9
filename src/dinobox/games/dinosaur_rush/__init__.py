"""The Great Dinosaur Rush: dig for bones, build a dinosaur in secret, exhibit it."""

COMPILED_MODULES = (
    "actions",
    "events",
    "moves",
    "skeleton",
    "tuples",
    "flow",
    "set_up",
    "field_phase",
    "field_actions",
    "build_phase",
    "exhibit_phase",
    "scoring",
    "knowledge",
    "rules",
)
"""This package's modules compiled with mypyc (``setup.py`` reads this; see ``dinobox.engine.build``)."""
