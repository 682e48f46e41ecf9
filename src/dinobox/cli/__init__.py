"""The ``dinobox`` command line (Typer + Rich)."""
