"""The built-in games: one package each, whole (rules, data, views, texts, heuristic, encoder,
terminal renderer, board script, How-to-play page and rules document).

Each package's ``entry.py`` declares its :class:`~dinobox.engine.registry.GameEntry`, and
``pyproject.toml`` lists it in the ``dinobox.games`` entry-point group, the same way a plug-in
game is declared; a package is imported only when its game is first used.
"""
