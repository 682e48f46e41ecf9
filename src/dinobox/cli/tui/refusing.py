"""A key that chooses nothing says why, in one line: the rule's reason for a common move (``r``
with a dino knocked over, with the rulebook's section), else the keys there are."""

from __future__ import annotations

from textual.binding import Binding

from dinobox.cli.choices import COMMON_KEYS
from dinobox.cli.tui.hinting import Hinting


class Refusing(Hinting):
    """Refused keys (``PlayApp`` runs the game on top)."""

    def active_keys(self) -> set[str]:
        """The letters the app's own bindings take (undo, hint, log, ...)."""
        return {key for binding in self.BINDINGS if isinstance(binding, Binding) for key in binding.key.split(",")}

    def refuse(self, key: str) -> None:
        """A key that chooses nothing now says why, in one line (the rule's section with it)."""
        seat = self.viewer
        kinds = [kind for kind, letter in COMMON_KEYS.items() if letter == key]
        reason = self.table.why_not(seat, kinds) if kinds and seat is not None else None
        if reason:
            self.message = f"{key}: not now: {reason}"
        else:
            self.message = f"{key} is no choice here: keys {', '.join(self.keymap)} (? help)"
        self.refresh_preview()
