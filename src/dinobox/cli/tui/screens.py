"""The small screens around the table: handing the device over, quitting, saving."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, MarkdownViewer, RichLog, Static, TabbedContent, TabPane

from dinobox.cli.common import rounds_table, score_table
from dinobox.cli.table import Table


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


def final_tables(table: Table) -> list[RenderableType]:
    """The score table with its breakdown, and the rounds where the game has them."""
    state = table.state
    styles = [table.style(seat) for seat in range(table.game.num_players)]
    lost = table.forfeit
    caption = None if lost is None else f"{table.names[lost]} lost on time; everyone else shares the win."
    tables: list[RenderableType] = [score_table(state, styles, caption)]
    rounds = rounds_table(state)
    if rounds is not None:
        tables += [Text(""), rounds]
    return tables


class GameOver(Screen[str]):
    """The end of the game on the whole terminal: who won, the score table with its breakdown
    and, where the game has rounds, the rounds. Returns what to do next: ``board``, ``log``,
    ``save`` or ``quit``."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "choose('board')", "the board"),
        Binding("l", "choose('log')", "log"),
        Binding("s", "choose('save')", "save"),
        Binding("q", "choose('quit')", "quit"),
        Binding("up,k", "scroll(-1)", show=False),
        Binding("down,j", "scroll(1)", show=False),
    ]
    DEFAULT_CSS = """
    GameOver { background: $background; }
    GameOver #headline { width: 100%; padding: 0 1; border: double $success; text-align: center; }
    GameOver VerticalScroll { height: 1fr; align-horizontal: center; }
    GameOver #tables { width: auto; max-width: 100%; }
    """

    def __init__(self, headline: str, tables: list[RenderableType]) -> None:
        super().__init__()
        self.headline = headline
        self.tables = tables

    def compose(self) -> ComposeResult:
        yield Static(Text.from_markup(self.headline), id="headline")
        with VerticalScroll():
            yield Static(Group(*self.tables), id="tables")
        yield Footer()

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class LogScreen(Screen[None]):
    """The whole log on the whole terminal, as the seat may see it: arrows, PgUp/PgDn, Home and
    End scroll it; the entries since the seat's last turn stand out. Esc (or ``l``) goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,l,q", "close", "back to the game"),
        Binding("home", "top", "first"),
        Binding("end", "bottom", "last"),
    ]
    DEFAULT_CSS = """
    LogScreen { background: $background; }
    LogScreen #log-title { height: 1; background: $boost; padding: 0 1; }
    LogScreen RichLog { height: 1fr; padding: 0 1; scrollbar-size: 1 1; }
    """

    def __init__(self, title: str, lines: list[Text]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static(Text.from_markup(self.title_text), id="log-title")
        yield RichLog(wrap=True, markup=False, auto_scroll=True)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        for line in self.lines:
            log.write(line)
        log.focus()

    def action_top(self) -> None:
        self.query_one(RichLog).scroll_home(animate=False)

    def action_bottom(self) -> None:
        self.query_one(RichLog).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class BigEvents(ModalScreen[str]):
    """A big event (an eruption, a scoring, a strike) waits for a key: returns ``go`` or ``off``
    (``n``: stop pausing for big events)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "choose('go')", "go on", priority=True),
        Binding("n", "choose('off')", "stop pausing for big events"),
    ]
    DEFAULT_CSS = """
    BigEvents { align: center middle; }
    BigEvents VerticalScroll { width: 70; max-width: 95%; height: auto; max-height: 90%;
                               padding: 0 2; border: thick $warning; background: $panel; }
    """

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        body = Text("\n".join(self.lines) + "\n\n")
        body.append("Enter", "bold")
        body.append(" go on · ")
        body.append("n", "bold")
        body.append(" stop pausing for big events")
        with VerticalScroll() as box:
            box.border_title = "Meanwhile"
            yield Static(body)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class HelpScreen(Screen[None]):
    """``?`` and F1: the keys, the board's legend and the game's rules summary (its sections
    named after the rulebook's headings, listed on the left), in tabs. Esc goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1,q", "close", "back to the game"),
        Binding("1", "tab('keys')", "keys"),
        Binding("2", "tab('board')", "board"),
        Binding("3", "tab('rules')", "rules"),
    ]
    DEFAULT_CSS = """
    HelpScreen { background: $background; }
    HelpScreen TabbedContent { height: 1fr; }
    HelpScreen TabPane { padding: 0 1; }
    HelpScreen MarkdownViewer { height: 1fr; }
    HelpScreen MarkdownTableOfContents { max-width: 40%; }
    """

    def __init__(self, title: str, sections: list[tuple[str, str]], start: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.sections = sections
        self.start = start or sections[0][0].lower()
        """The tab it opens on (``keys``, ``board`` or ``rules``)."""

    def compose(self) -> ComposeResult:
        with TabbedContent(initial=self.start):
            for name, text in self.sections:
                with TabPane(name, id=name.lower()):
                    if name == "Rules":
                        yield MarkdownViewer(text, show_table_of_contents=True)
                    else:
                        with VerticalScroll():
                            yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.focus_page)

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.call_after_refresh(self.focus_page)

    def focus_page(self) -> None:
        """The page on show takes the keys: ↓, PgDn, Home and End scroll it at once."""
        pane = self.query_one(TabbedContent).active_pane
        if pane is not None:
            scroller = pane.query_one(MarkdownViewer) if pane.id == "rules" else pane.query_one(VerticalScroll)
            scroller.focus()

    def action_tab(self, name: str) -> None:
        if any(n.lower() == name for n, _ in self.sections):
            self.query_one(TabbedContent).active = name

    def action_close(self) -> None:
        self.dismiss(None)
