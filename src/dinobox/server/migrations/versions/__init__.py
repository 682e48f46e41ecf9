"""One module per schema revision, oldest first (``0001_initial`` is the first release's schema)."""
