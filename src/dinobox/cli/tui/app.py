"""The full-screen table: board, your hand and secrets, the players, the log and your choices,
all on one screen (Textual). Generic over games: everything comes from the engine registry,
``describe_action`` and the game's terminal renderer."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from dinobox.cli.choices import FLAT_LIMIT, ChoiceTree, KeyBook, Option, strip_actor
from dinobox.cli.digest import digest
from dinobox.cli.table import (
    Table,
    View,
    big_events,
    help_sections,
    plural,
)
from dinobox.cli.tui.panes import LOG_KEEP
from dinobox.cli.tui.refusing import Refusing
from dinobox.cli.tui.screens import BigEvents, ConfirmQuit, GameOver, Handover, HelpScreen, LogScreen, final_tables
from dinobox.engine.errors import DinoboxError

SHOW_EVERY = 0.3
"""Seconds between two pictures of the table while bots play."""
NARROW_BOARD = 46
"""A board pane narrower than this takes the whole width (the side column comes back with ``b``)."""
MIN_SIZE = (64, 18)
"""Below this many columns and rows the panes cannot show a game: the app says so."""


class PlayApp(Refusing):
    """``dinobox play`` in a terminal. ``table`` holds the game; ``save_path`` is where quitting saves."""

    TITLE = "dinobox"
    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $boost; padding: 0 1; }
    #middle { height: 1fr; }
    #board, #players, #you, #log, #choices, #preview {
        border: none; border-top: solid $primary; border-title-color: $text; border-title-style: bold;
        scrollbar-size: 1 1; padding: 0;
    }
    #board { width: 1fr; overflow: auto auto; margin-right: 1; }
    #board-text { width: auto; }
    #side { width: 34; }
    #players { height: auto; max-height: 10; border-top: solid $secondary; }
    #you { height: auto; max-height: 8; border-top: solid $accent; }
    #log { height: 1fr; border-top: solid $secondary; min-height: 3; overflow-x: hidden; }
    #bottom { height: 9; }
    #choices { width: 1fr; height: 100%; border-top: solid $success; margin-right: 1; }
    #preview { width: 34; }
    #too-small { display: none; layer: overlay; dock: top; width: 100%; height: 100%;
                 content-align: center middle; text-align: center; background: $error 30%; }
    """
    LAYERS = ("base", "overlay")
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "step_back", "back"),
        Binding("u", "undo", "undo"),
        Binding("h", "hint", "hint"),
        Binding("l", "full_log", "log"),
        Binding("question_mark,f1", "help", "help", key_display="?"),
        Binding("s", "save", "save"),
        Binding("b", "wide_board", "wide board", show=False),
        Binding("left_square_bracket", "scroll_board(-1)", "board ↑", key_display="[", show=False),
        Binding("right_square_bracket", "scroll_board(1)", "board ↓", key_display="]", show=False),
        Binding("less_than_sign", "scroll_preview(-1)", show=False),
        Binding("greater_than_sign", "scroll_preview(1)", show=False),
        Binding("left_curly_bracket", "scroll_you(-1)", show=False),
        Binding("right_curly_bracket", "scroll_you(1)", show=False),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+q", "quit_game", "quit", show=False, priority=True),
    ]

    def __init__(self, table: Table, save_path: Path | None = None, pause: bool = True) -> None:
        super().__init__()
        self.table = table
        self.pause = pause
        """Big events (an eruption, a scoring) wait for a key while people play (``--no-pause``: not)."""
        self.big_seen = table.state.log_length()
        """Big events already in the log (a resumed game's) do not pop up again."""
        self.wide_chosen: bool | None = None
        """The person's own choice of a wide board (``b``); None: by the terminal's width."""
        self.saved_to: Path | None = None
        """Where the record was last saved (said in the shell when the app closes)."""
        self.turn_mark: dict[int, tuple[int, int]] = {}
        """Per person: the log's length and the turn when they last decided (for the digest)."""
        self.digest = 0
        self.turn_view: dict[int, View] = {}
        """Per person: their view when they last decided (the digest compares it with today's)."""
        self.digest_lines: list[str] = []
        """What changed for the person since their last turn, shown as their turn starts."""
        self.board_title = "Board"
        self.previewing = False
        """The board shows the position after the highlighted choice once the person moves along
        the list; until then it shows today's position with the choice's places marked."""
        self.auto_highlight = False
        self.save_path = save_path or Path(f"dinobox-{table.game.id}-{table.seed}.json")
        self.keys = KeyBook()
        self.choice_tree: ChoiceTree | None = None
        self.shown: list[Option] = []
        self.keymap: dict[str, Option] = {}
        self.macros: list[tuple[str, list[int]]] = []
        self.viewer: int | None = table.narrator()
        self.last_human: int | None = None
        self.busy = True
        self.log_seat: int | str | None = "none"
        self.log_count = 0
        self.reasons: list[str] = []
        self.message = ""
        self.picture_cache: tuple[object, tuple[list[str], list[str]]] = (None, ([], []))
        self.drawn_width: int | None = None
        self.settled = asyncio.Event()
        """Set while the app waits on a person (or the game is over): for tests and scripts."""

    # ----- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="middle"):
            with ScrollableContainer(id="board"):
                yield Static(id="board-text")
            with Vertical(id="side"):
                yield Static(id="players")
                with ScrollableContainer(id="you"):
                    yield Static(id="you-text")
                yield RichLog(id="log", wrap=True, markup=False, max_lines=LOG_KEEP, min_width=10)
        with Horizontal(id="bottom"):
            yield OptionList(id="choices")
            with ScrollableContainer(id="preview"):
                yield Static(id="preview-text")
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        for pane, title in (
            ("#board", "Board"),
            ("#players", "Players"),
            ("#you", "You"),
            ("#log", "Log"),
            ("#choices", "Choose"),
            ("#preview", "Preview"),
        ):
            self.table_screen.query_one(pane).border_title = title
        for pane in ("#board", "#preview", "#you"):  # "N more" follows every change of layout
            widget = self.table_screen.query_one(pane)
            self.watch(widget, "virtual_size", self.note_overflow, init=False)
            self.watch(widget, "size", self.note_overflow, init=False)
        self.fit(self.size.width, self.size.height)
        if self.table.clock is not None:
            self.set_interval(0.25, self.tick_clock)
        self.advance()

    def tick_clock(self) -> None:
        """The players' times count down; when the person to act runs out, the clock's rule applies."""
        if not self.screen_stack or not self.table_screen.query("#players"):
            return  # the table's screen is gone: the app is closing, a last tick came late
        seat = self.table.to_act()
        if self.table.check_clock():
            lost = self.table.forfeit is not None
            what = "loses the game" if lost else "has a bot play their moves from now on (each move gets the increment)"
            self.message = "Time ran out."
            self.notify(
                f"{self.table.who(seat, markup=False)} ran out of time and {what}.", severity="warning", timeout=10
            )
            self.advance()
        elif self.table.clock is not None and self.table.clock.ticking is not None:
            self.refresh_players()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
        small = self.table_screen.query_one("#too-small", Static)
        width, height = event.size.width, event.size.height
        small.display = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        small.update(
            f"The terminal is too small: {width}×{height}.\n"
            f"dinobox needs {MIN_SIZE[0]}×{MIN_SIZE[1]} (80×24 or more is best): make the window larger."
        )
        self.call_after_refresh(self.redraw_board)

    def redraw_board(self) -> None:
        """Draw the board again if its pane's width changed (the renderer may lay it out anew)."""
        if self.board_width() == self.drawn_width:
            return
        if self.choice_tree is not None and not self.busy:
            self.refresh_preview()
        elif not self.busy or self.table.state.is_terminal():
            self.refresh_board()

    @staticmethod
    def pane_sizes(width: int, height: int) -> tuple[int, int]:
        """The bottom row's height (a third of the terminal) and the side column's width (a third)."""
        return max(9, height // 3), max(30, width * 32 // 100)

    def fit(self, width: int, height: int) -> None:
        """Panes grow with the terminal: the bottom a third of it, the side column a third. On a
        narrow terminal the board takes the whole width (a map is not folded), until ``b``."""
        bottom, side = self.pane_sizes(width, height)
        self.table_screen.query_one("#bottom").styles.height = bottom
        self.table_screen.query_one("#side").styles.width = side
        self.table_screen.query_one("#preview").styles.width = side
        if self.wide_chosen is None:
            self.table_screen.query_one("#side").display = width - side - 2 >= NARROW_BOARD

    # ----- the game moves on --------------------------------------------------------------
    def advance(self) -> None:
        """Let the game move on (at once marked busy, so no key lands on a stale choice)."""
        if self.viewer is not None and self.viewer == self.last_human:
            self.turn_mark[self.viewer] = (self.table.state.log_length(), self.table.state.turn_count())
            self.turn_view[self.viewer] = self.table.state.view(self.viewer)
        self.busy = True
        self.settled.clear()
        self.choice_tree = None
        self.run_automatic()

    @work(exclusive=True, group="advance")
    async def run_automatic(self) -> None:
        """Chance and bots play until a person decides; bots think in a thread."""
        table = self.table
        self.show_waiting()
        shown = time.monotonic()
        await self.pause_for_big_events()
        while table.automatic_pending():
            think = table.bot_choice()
            action = None if think is None else await asyncio.to_thread(think)
            table.step_automatic(action)
            if time.monotonic() - shown > SHOW_EVERY:  # a long run of bot moves is shown as it goes
                self.refresh_log()
                self.refresh_board()
                shown = time.monotonic()
            if await self.pause_for_big_events():
                shown = time.monotonic()
        self.refresh_log()
        self.busy = False
        seat = table.human_to_act()
        if seat is None:
            self.show_end()
            return
        if len(table.humans) > 1 and seat != self.last_human:
            self.viewer = None
            self.blank()
            self.push_screen(Handover(table.who(seat)), lambda _: self.begin_decision())
            self.settled.set()
            return
        self.begin_decision()

    async def pause_for_big_events(self) -> bool:
        """A big event (an eruption, a scoring, a strike) waits for a key while people play."""
        state = self.table.state
        if self.big_seen > state.log_length():
            self.big_seen = 0
        kinds = big_events(self.table.game)
        eyes = self.viewer if self.viewer is not None else self.table.narrator()
        found = [e for e in state.log(eyes, since=self.big_seen) if e.get("kind") in kinds]
        self.big_seen = state.log_length()
        if not (found and self.pause and self.table.humans and not state.is_terminal()):
            return False
        self.show_waiting()
        self.refresh_log()
        self.refresh_board()
        self.refresh_players()
        self.settled.set()
        answer = await self.push_screen_wait(BigEvents([str(e["text"]) for e in found]))
        self.settled.clear()
        if answer == "off":
            self.pause = False
            self.notify("Big events no longer wait for a key.")
        return True

    def begin_decision(self) -> None:
        seat = self.table.human_to_act()
        if seat is None:
            return
        mark, turn = self.turn_mark.get(seat, (0, -1))
        state = self.table.state
        fresh_turn = turn != state.turn_count() and seat in self.turn_view
        self.digest = len(state.log(seat, since=mark)) if fresh_turn and mark else 0
        self.digest_lines = (
            digest(self.table.game.id, self.turn_view[seat], state.view(seat), seat, self.digest) if fresh_turn else []
        )
        if self.digest:
            self.log_seat = "none"  # drawn afresh, the entries since the last turn marked
        self.viewer = seat
        self.last_human = seat
        self.keys.start((seat, self.table.state.turn_count()))
        described = self.table.described()
        self.choice_tree = ChoiceTree(described, self.flat_limit([str(i.get("text", "")) for i in described]))
        self.macros = self.table.macros(seat)
        self.reasons = self.table.not_offered(seat)
        self.refresh_all()
        self.settled.set()

    def flat_limit(self, texts: list[str]) -> int:
        """How many choices the choice pane shows whole, at one line each or two when they are
        long: a step with more comes in groups (fixed for the decision, so keys stay put)."""
        bottom, side = self.pane_sizes(self.size.width, self.size.height)
        lines, width = bottom - 1, self.size.width - side - 1 - 4  # the title; the margin, key and scrollbar
        if lines < 3 or width < 10 or not texts:
            return FLAT_LIMIT
        long = sum(len(strip_actor(t)) > width for t in texts) * 2 > len(texts)
        return max(3, min(FLAT_LIMIT, lines // (2 if long else 1)))

    def choose(self, option: Option) -> None:
        if self.choice_tree is None or self.busy:
            return
        self.message = ""
        if option.ident.startswith("macro:"):
            try:
                self.table.act_all(list(option.actions))
            except DinoboxError as exc:
                self.message = str(exc)
                self.refresh_choices()
                return
            self.advance()
            return
        action = self.choice_tree.open(option)
        if action is None:
            self.refresh_choices()
            return
        self.table.act(action)
        self.advance()

    # ----- actions ----------------------------------------------------------------------------
    TABLE_ONLY = frozenset({"step_back", "undo", "hint", "wide_board", "scroll_board", "scroll_you", "scroll_preview"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The table's own keys are hidden while another screen (help, log, scores) is up."""
        if action in self.TABLE_ONLY and len(self.screen_stack) > 1:
            return False
        if action == "full_log":
            return len(self.screen_stack) == 1 or isinstance(self.screen, GameOver)
        return not (action == "help" and isinstance(self.screen, HelpScreen))

    def action_step_back(self) -> None:
        if self.choice_tree is not None and self.choice_tree.back():
            self.refresh_choices()

    def action_undo(self) -> None:
        if self.busy or self.choice_tree is None:
            return
        if self.table.undo():
            self.message = "Your last step was taken back."
            self.begin_decision()
        else:
            self.message = "Nothing to undo: only your own steps this turn, before anything hidden was shown."
            self.refresh_preview()

    def action_full_log(self) -> None:
        """The whole log on the whole terminal (Esc comes back)."""
        if isinstance(self.screen, LogScreen) or (len(self.screen_stack) > 1 and not self.table.is_over()):
            return
        eyes = self.viewer if self.viewer is not None else self.table.narrator()
        who = "everyone's" if eyes is None else f"{self.table.names[eyes]}'s"
        count = plural(self.table.state.log_length(), "entry", "entries")
        title = f"[b]{self.table.game.title}[/b] · log ({who} eyes) · {count}"
        if self.digest and eyes is not None:
            title += f" · [b]bold[/b]: {self.digest} since your turn"
        self.push_screen(LogScreen(title, self.log_entries()))

    def action_help(self, start: str = "") -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.table.game.title, help_sections(self.table.game), start))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette (Ctrl-P): the table's own commands first, then Textual's."""
        if not isinstance(screen, HelpScreen | LogScreen | GameOver):
            yield SystemCommand("Hint", "The coach's move for you, from what you know (h)", self.action_hint)
            yield SystemCommand("Undo", "Take back your own steps this turn (u)", self.action_undo)
            yield SystemCommand(
                "Wide board", "Give the board the whole width, or the side column back (b)", self.action_wide_board
            )
        yield SystemCommand("Save", f"Save the record to {self.save_path} (s)", self.action_save)
        yield SystemCommand("Log", "The whole log on the whole screen (l)", self.action_full_log)
        yield SystemCommand("Help", "The keys, the board's legend and the rules (? or F1)", self.action_help)
        yield SystemCommand("Rules", "The game's rules, in the help", lambda: self.action_help("rules"))
        yield from super().get_system_commands(screen)

    def action_wide_board(self) -> None:
        """Give the board the whole width (again: bring the side column back)."""
        side = self.table_screen.query_one("#side")
        side.display = not side.display
        self.wide_chosen = not side.display
        self.call_after_refresh(self.redraw_board)

    def action_save(self) -> None:
        self.write_record()
        self.notify(f"Saved to {self.save_path}")

    async def action_quit(self) -> None:
        """Every way out (the command palette's Quit too) asks first and offers to save."""
        self.action_quit_game()

    def action_quit_game(self) -> None:
        if isinstance(self.screen, ConfirmQuit):
            return

        def answer(choice: str | None) -> None:
            if choice == "save":
                self.write_record()
                self.exit()
            elif choice == "quit":
                self.exit()

        self.push_screen(ConfirmQuit(self.save_path, self.table.state.is_terminal()), answer)

    def write_record(self) -> None:
        self.save_path.write_text(json.dumps(self.table.record(), indent=1))
        self.saved_to = self.save_path

    def on_key(self, event: events.Key) -> None:
        if self.busy or self.choice_tree is None or event.character is None or len(self.screen_stack) > 1:
            return
        option = self.keymap.get(event.character)
        if option is not None:
            event.stop()
            self.choose(option)
        elif event.character.isalnum() and event.character not in self.active_keys():
            event.stop()
            self.refuse(event.character)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "final":
            self.show_final()
            return
        index = event.option_index
        if 0 <= index < len(self.shown):
            self.choose(self.shown[index])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.auto_highlight:  # the list's own first highlight: the board stays as it is
            self.auto_highlight = False
        else:
            self.previewing = True  # the person moved along the list: the board shows the position after
        self.refresh_preview()

    def show_end(self) -> None:
        self.choice_tree = None
        self.viewer = None
        self.refresh_status()
        self.refresh_board()
        self.refresh_players()
        self.refresh_log()
        listing = self.table_screen.query_one("#choices", OptionList)
        listing.clear_options()
        listing.add_option(ListOption(Text("Show the final scores again (Enter)"), id="final"))
        listing.add_option(ListOption(Text("q leaves (it asks about saving), s saves, l the whole log"), disabled=True))
        listing.border_title = "Game over"
        listing.highlighted = 0
        listing.focus()
        self.table_screen.query_one("#preview-text", Static).update(Text(""))
        self.show_final()

    def show_final(self) -> None:
        """The game-over screen, on the whole terminal."""

        def then(choice: str | None) -> None:
            if choice == "save":
                self.action_save()
            elif choice == "quit":
                self.action_quit_game()
            elif choice == "log":
                self.action_full_log()

        headline = f"[b]{self.table.game.title}[/b] · game over\n{self.table.outcome()}"
        self.push_screen(GameOver(headline, final_tables(self.table)), then)
        self.settled.set()
