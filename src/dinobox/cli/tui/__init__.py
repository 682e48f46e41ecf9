"""The full-screen terminal client of ``dinobox play`` (Textual)."""
