"""The small screens around the table: handing the device over, quitting, saving."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import ModalScreen, Screen
from textual.widgets import Static


class Handover(Screen[None]):
    """A blank screen between two people at one terminal: nothing of the last seat shows."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "I am ready", priority=True),
        Binding("space", "ready", show=False),
    ]
    DEFAULT_CSS = """
    Handover { align: center middle; background: $background; }
    Handover Static { width: auto; padding: 1 4; border: double $accent; text-align: center; }
    """

    def __init__(self, name_markup: str) -> None:
        super().__init__()
        self.name_markup = name_markup

    def compose(self) -> ComposeResult:
        text = Text.from_markup(
            f"Pass the device to {self.name_markup}.\n\n{self.name_markup}: press [b]Enter[/b] when you are ready."
        )
        yield Middle(Center(Static(text)))

    def action_ready(self) -> None:
        self.dismiss(None)


class ConfirmQuit(ModalScreen[str]):
    """Leaving asks first and offers to save: returns ``save``, ``quit`` or ``stay``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('save')", "save and quit"),
        Binding("y", "choose('quit')", "quit without saving"),
        Binding("escape,n", "choose('stay')", "keep playing"),
    ]
    DEFAULT_CSS = """
    ConfirmQuit { align: center middle; }
    ConfirmQuit Static { width: 60; max-width: 95%; padding: 1 2; border: thick $warning; background: $panel; }
    """

    def __init__(self, save_path: Path, finished: bool) -> None:
        super().__init__()
        self.save_path = save_path
        self.finished = finished

    def compose(self) -> ComposeResult:
        head = "Leave the finished game?" if self.finished else "Quit this game?"
        body = Text.assemble(
            (head, "bold"),
            "\n\n",
            ("s", "bold"),
            f"  save the record to {self.save_path} and quit\n",
            ("y", "bold"),
            "  quit without saving\n",
            ("Esc", "bold"),
            "  keep playing" if not self.finished else "  stay",
        )
        yield Static(body)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
