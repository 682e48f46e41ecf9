"""One exception per kind of failure. All are ``ValueError`` subclasses so callers can
catch broadly, but each says precisely what went wrong."""

from __future__ import annotations


class DinoboxError(ValueError):
    """Base class of every error dinobox raises on bad input."""


class UnknownGameError(DinoboxError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError quotes its message; we want plain text
        return str(self.args[0]) if self.args else ""


class InvalidOptionError(DinoboxError):
    """An unknown option, an option value of the wrong type or out of range, or a bad player count."""


class IllegalActionError(DinoboxError):
    """An action that is not legal in the current state. The state is unchanged."""

    def __init__(self, message: str, action: object = None, player: int | None = None) -> None:
        super().__init__(message)
        self.action = action
        self.player = player


class RecordError(DinoboxError):
    """A malformed game record (wrong shape, unknown game, illegal action in its history)."""


class DataError(DinoboxError):
    """A component-data override that does not fit the game's data schema."""


class PluginError(DinoboxError):
    """A game's entry point (in the ``dinobox.games`` group, built-in or plug-in) that cannot be
    loaded or does not declare a proper ``GameEntry``, or an installation that declares no games."""
