"""Dino Race (rulebook: shared/rules/dino-race.txt)."""

COMPILED_MODULES = ("actions", "legal", "rules")
"""This package's modules compiled with mypyc (``setup.py`` reads this; see ``dinobox.engine.build``)."""
