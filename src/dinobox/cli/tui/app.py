"""The full-screen table: board, your hand and secrets, the players, the log and your choices,
all on one screen (Textual). Generic over games: everything comes from the engine registry,
``describe_action`` and the game's terminal renderer."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.errors import MarkupError
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from dinobox.cli.choices import FLAT_LIMIT, ChoiceTree, KeyBook, Option, strip_actor
from dinobox.cli.common import rounds_table, score_table
from dinobox.cli.digest import digest
from dinobox.cli.table import (
    Highlight,
    Table,
    big_events,
    help_sections,
    plural,
    private_lines,
    render_takes,
    render_text,
)
from dinobox.cli.tui.screens import BigEvents, ConfirmQuit, GameOver, Handover, HelpScreen, LogScreen
from dinobox.engine.errors import DinoboxError

SHOW_EVERY = 0.3
"""Seconds between two pictures of the table while bots play."""
LOG_KEEP = 400
"""Log entries kept in the log pane (it scrolls; ``l`` shows the whole log)."""
MIN_SIZE = (64, 18)
"""Below this many columns and rows the panes cannot show a game: the app says so."""


def markup_line(line: str) -> Text:
    try:
        return Text.from_markup(line)
    except MarkupError:
        return Text(line)


def board_text(lines: list[str], wrap: bool = False) -> Text:
    """The renderer's lines as one text (``wrap``: long lines fold at the pane's edge)."""
    out = Text(no_wrap=not wrap, overflow="fold" if wrap else "crop")
    for i, line in enumerate(lines):
        out.append_text(markup_line(line))
        if i < len(lines) - 1:
            out.append("\n")
    return out


def first_difference(lines: list[str], others: list[str], width: int | None) -> int | None:
    """The screen row (lines wrapped at ``width``) of the first line that differs, or None."""
    row = 0
    for line, other in zip(lines, others, strict=False):
        if line != other:
            return row
        row += 1 if width is None else max(1, -(-markup_line(line).cell_len // max(1, width)))
    return None


GROUP_PREVIEW = 16
"""A group of at most this many choices marks on the board every place one of them changes."""


class PlayApp(App[None]):
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
        Binding("escape", "step_back", "back a step"),
        Binding("u", "undo", "undo"),
        Binding("l", "full_log", "log"),
        Binding("question_mark,f1", "help", "help", key_display="?"),
        Binding("s", "save", "save"),
        Binding("b", "wide_board", "wide board"),
        Binding("left_square_bracket", "scroll_board(-1)", "board ↑", key_display="["),
        Binding("right_square_bracket", "scroll_board(1)", "board ↓", key_display="]"),
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
        self.big_seen = 0
        self.turn_mark: dict[int, tuple[int, int]] = {}
        """Per person: the log's length and the turn when they last decided (for the digest)."""
        self.digest = 0
        self.turn_view: dict[int, dict[str, Any]] = {}
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

    @property
    def table_screen(self) -> Screen[Any]:
        """The table's own screen (the panes live there, whatever screen is on top of it)."""
        return self.screen_stack[0] if self.screen_stack else self.screen

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
        self.fit(self.size.width, self.size.height)
        if self.table.clock is not None:
            self.set_interval(0.25, self.tick_clock)
        self.advance()

    def tick_clock(self) -> None:
        """The players' times count down; when the person to act runs out, the clock's rule applies."""
        if not self.screen_stack:
            return
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
        """Panes grow with the terminal: the bottom a third of it, the side column a third."""
        bottom, side = self.pane_sizes(width, height)
        self.table_screen.query_one("#bottom").styles.height = bottom
        self.table_screen.query_one("#side").styles.width = side
        self.table_screen.query_one("#preview").styles.width = side

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
    TABLE_ONLY = frozenset({"step_back", "undo", "wide_board", "scroll_board", "scroll_you"})

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

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.table.game.title, help_sections(self.table.game)))

    def action_scroll_board(self, pages: int) -> None:
        board = self.table_screen.query_one("#board")
        board.scroll_relative(y=pages * max(1, board.size.height - 2), animate=False)
        self.call_after_refresh(self.note_overflow)

    def action_scroll_you(self, lines: int) -> None:
        self.table_screen.query_one("#you").scroll_relative(y=lines * 2, animate=False)
        self.call_after_refresh(self.note_overflow)

    def note_overflow(self) -> None:
        """A pane that holds more than it shows says so, and which keys scroll it."""
        board = self.table_screen.query_one("#board")
        below, above = int(board.max_scroll_y - board.scroll_y), int(board.scroll_y)
        notes = [self.board_title]
        if below > 0:
            notes.append(f"] {below} more ↓")
        if above > 0:
            notes.append(f"[ {above} ↑")
        board.border_title = " · ".join(notes)
        you = self.table_screen.query_one("#you")
        if self.viewer is not None:
            hidden = int(you.max_scroll_y - you.scroll_y)
            more = f" · }} {hidden} more ↓" if hidden > 0 else (" · { ↑" if you.scroll_y > 0 else "")
            you.border_title = f"{self.table.names[self.viewer]}: only you see this{more}"

    def action_wide_board(self) -> None:
        """Give the board the whole width (again: bring the side column back)."""
        side = self.table_screen.query_one("#side")
        side.display = not side.display
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

    def on_key(self, event: events.Key) -> None:
        if self.busy or self.choice_tree is None or event.character is None or len(self.screen_stack) > 1:
            return
        option = self.keymap.get(event.character)
        if option is not None:
            event.stop()
            self.choose(option)

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

    # ----- drawing ----------------------------------------------------------------------------
    def refresh_all(self) -> None:
        self.refresh_status()
        self.refresh_players()
        self.refresh_log()
        self.refresh_choices()  # and the board, through the preview of the highlighted choice

    def blank(self) -> None:
        """Nothing of anyone's hand on the table screen (before a handover)."""
        for pane in ("#board-text", "#you-text", "#preview-text", "#players"):
            self.table_screen.query_one(pane, Static).update("")
        self.table_screen.query_one("#choices", OptionList).clear_options()
        self.table_screen.query_one("#log", RichLog).clear()
        self.log_seat = "none"

    def refresh_status(self) -> None:
        table, state = self.table, self.table.state
        if table.is_over():
            text = f"[b]{table.game.title}[/b] · game over · {table.outcome()}"
        else:
            player = state.current_player()
            actor = table.who(player) if player >= 0 else "chance"
            text = f"[b]{table.game.title}[/b] · {actor} to act · {plural(table.game.num_players, 'player')}"
        self.table_screen.query_one("#status", Static).update(markup_line(text + f" · seed {table.seed}"))

    def board_width(self) -> int | None:
        """Columns the board pane shows (its scrollbar aside), None before it is laid out."""
        width = self.table_screen.query_one("#board").size.width - 1
        return width if width >= 20 else None

    def pictures(self) -> tuple[list[str], list[str]]:
        """The board as the viewer sees it, and the lines of it a spectator would not see."""
        state, game = self.table.state, self.table.game
        width = self.board_width()
        key = (id(state), state.move_number(), self.viewer, width)
        if self.picture_cache[0] == key:
            return self.picture_cache[1]
        public = render_text(game, state.view(None), width=width)
        if self.viewer is None:
            found: tuple[list[str], list[str]] = (public.splitlines(), [])
        else:
            mine = render_text(game, state.view(self.viewer), width=width)
            found = (mine.splitlines(), private_lines(mine, public))
        self.picture_cache = (key, found)
        return found

    def refresh_board(self, highlight: Highlight | None = None) -> None:
        """The board; with a choice's ``highlight``, as it would be after the choice (when that
        shows nothing hidden) with the places it changes marked, scrolled into view."""
        lines, secret = self.pictures()
        game, width = self.table.game, self.board_width()
        self.drawn_width = width
        wrap = width is not None and render_takes(game, "width")
        board = self.table_screen.query_one("#board")
        text = self.table_screen.query_one("#board-text", Static)
        text.styles.width = "100%" if wrap else "auto"
        if highlight is not None and highlight.places and self.viewer is not None:
            view = highlight.view if highlight.view is not None else self.table.state.view(self.viewer)
            plain = render_text(game, view, width=width).splitlines()
            marked = render_text(game, view, highlight.places, width).splitlines()
            text.update(board_text(marked, wrap))
            row = first_difference(marked, plain, width if wrap else None)
            if row is not None and not board.scroll_y <= row < board.scroll_y + board.size.height - 1:
                board.scroll_to(y=max(0, row - 2), animate=False)
            count = plural(len(highlight.places), "place")
            self.board_title = f"Board · preview: {count} marked" if highlight.view else f"Board · {count} marked"
        else:
            text.update(board_text(lines, wrap))
            self.board_title = "Board"
        board.border_title = self.board_title
        self.call_after_refresh(self.note_overflow)
        you = self.table_screen.query_one("#you")
        you.display = bool(secret)
        if self.viewer is not None:
            you.border_title = f"{self.table.names[self.viewer]}: only you see this"
        self.table_screen.query_one("#you-text", Static).update(board_text(secret, wrap=True))

    def refresh_players(self) -> None:
        table, state = self.table, self.table.state
        pane = self.table_screen.query_one("#players", Static)
        players = state.view(self.viewer).get("players")
        rows = players if isinstance(players, list) else []
        lines: list[RenderableType] = []
        text = Text()
        for seat in range(table.game.num_players):
            p: dict[str, Any] = rows[seat] if seat < len(rows) and isinstance(rows[seat], dict) else {}
            mark = "▸ " if seat == state.current_player() else "  "
            facts = []
            if state.is_terminal():
                facts.append(plural(int(state.scores()[seat]), "point"))
            elif isinstance(p.get("score"), int):
                facts.append(plural(p["score"], "point"))
            if isinstance(p.get("hand_count"), int):
                facts.append(plural(p["hand_count"], "card"))
            you = " (you)" if seat == self.viewer else (" bot" if seat in table.bots else "")
            text.append(mark)
            text.append(table.names[seat], style=f"bold {table.style(seat)}")
            text.append(you, style="dim")
            if facts:
                text.append(": " + ", ".join(facts))
            text.append(clock_note(table, seat), style="bold" if seat == state.current_player() else "dim")
            if seat < table.game.num_players - 1:
                text.append("\n")
        lines.append(text)
        pane.update(text)
        pane.border_title = "Players"

    def refresh_log(self) -> None:
        log = self.table_screen.query_one("#log", RichLog)
        state = self.table.state
        fresh = 0
        if self.log_seat != self.viewer or state.log_length() < self.log_count:
            log.clear()
            entries = state.log(self.viewer)[-LOG_KEEP:]
            self.log_seat = self.viewer
            fresh = min(self.digest, len(entries)) if self.viewer is not None else 0
        else:
            entries = state.log(self.viewer, since=self.log_count)
        for line in log_lines(entries, fresh):
            log.write(line)
        self.log_count = state.log_length()
        title = "Log" if self.viewer is None else f"Log ({self.table.names[self.viewer]}'s eyes)"
        if self.digest and self.viewer is not None:
            title = f"Log · {self.digest} since your turn"
        log.border_title = title
        log.border_subtitle = "l: all"

    def log_entries(self) -> list[Text]:
        eyes = self.viewer if self.viewer is not None else self.table.narrator()
        return log_lines(self.table.state.log(eyes), self.digest if eyes is not None else 0)

    def show_waiting(self) -> None:
        state = self.table.state
        player = state.current_player()
        self.refresh_status()
        listing = self.table_screen.query_one("#choices", OptionList)
        listing.clear_options()
        self.table_screen.query_one("#preview-text", Static).update("")
        if player >= 0 and player in self.table.bots:
            listing.add_option(ListOption(markup_line(f"{self.table.who(player)} is thinking…"), disabled=True))

    def refresh_choices(self) -> None:
        listing = self.table_screen.query_one("#choices", OptionList)
        listing.clear_options()
        tree = self.choice_tree
        if tree is None:
            return
        options = tree.options()
        if not tree.path:
            options += [
                Option(f"suggested: {label}", tuple(actions), f"macro:{label}") for label, actions in self.macros
            ]
        keys = self.keys.assign(options)
        self.shown = options
        self.keymap = {k: o for k, o in zip(keys, options, strict=True) if k}
        for key, option in zip(keys, options, strict=True):
            listing.add_option(ListOption(Text.assemble((f"{key or ' '} ", "bold reverse"), " ", option.label)))
        seat = self.viewer
        who = self.table.names[seat] if seat is not None else ""
        crumb = tree.breadcrumb()
        listing.border_title = f"{who}, choose" + (f": {crumb}" if crumb else "")
        listing.border_subtitle = "Esc back" if tree.path else ("u undo" if self.table.can_undo() else "")
        self.previewing = False
        self.auto_highlight = bool(options)
        listing.highlighted = 0 if options else None
        listing.focus()
        self.refresh_preview()

    def refresh_preview(self) -> None:
        listing = self.table_screen.query_one("#choices", OptionList)
        index = listing.highlighted
        text = Text()
        highlight = None
        if self.message:
            text.append(self.message + "\n\n", style="bold")
        if self.digest_lines and not self.previewing:
            text.append("Since your last turn:\n", style="bold")
            for line in self.digest_lines:
                text.append("  " + line + "\n")
            text.append("\n")
        if self.choice_tree is not None and index is not None and 0 <= index < len(self.shown):
            option = self.shown[index]
            if option.action is not None and self.viewer is not None:
                text.append(str(self.choice_tree.infos[option.action].get("text", "")) + "\n", style="bold")
                highlight = self.table.highlight(self.viewer, option.action)
                if highlight.view is None:
                    text.append("(no preview: this step shows you something new)\n", style="italic")
                for line in highlight.lines[:8]:
                    text.append("  " + line + "\n")
                if len(highlight.lines) > 8:
                    text.append(f"  … {plural(len(highlight.lines) - 8, 'more place')}\n")
                if highlight.follows:
                    text.append("What follows:\n", style="bold")
                    for line in highlight.follows[:8]:
                        text.append("  " + line + "\n")
            else:
                text.append(option.label + "\n", style="bold")
                for action in option.actions[:8]:
                    text.append("  " + str(self.choice_tree.infos.get(action, {}).get("text", action)) + "\n")
                if option.count > 8:
                    text.append(f"  … {plural(option.count - 8, 'more choice')}\n")
                highlight = self.group_highlight(option)
        if highlight is not None and highlight.view is not None and not self.previewing:
            highlight = Highlight(highlight.places, highlight.lines, follows=highlight.follows)  # today's board
        if self.reasons:
            text.append("\nNot offered now:\n", style="bold")
            for reason in self.reasons:
                text.append("  " + reason + "\n")
        self.table_screen.query_one("#preview-text", Static).update(text)
        if not self.table.state.is_terminal():
            self.refresh_board(highlight)

    def group_highlight(self, option: Option) -> Highlight | None:
        """For a group of a few choices: every place one of them changes, on today's board."""
        if self.viewer is None or option.count > GROUP_PREVIEW or option.ident.startswith("macro:"):
            return None
        places: set[Any] = set()
        for action in option.actions:
            places |= self.table.highlight(self.viewer, action).places
        return Highlight(frozenset(places)) if places else None

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

    def final_tables(self) -> list[RenderableType]:
        """The score table with its breakdown, and the rounds where the game has them."""
        state = self.table.state
        styles = [self.table.style(seat) for seat in range(self.table.game.num_players)]
        lost = self.table.forfeit
        caption = None if lost is None else f"{self.table.names[lost]} lost on time; everyone else shares the win."
        tables: list[RenderableType] = [score_table(state, styles, caption)]
        rounds = rounds_table(state)
        if rounds is not None:
            tables += [Text(""), rounds]
        return tables

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
        self.push_screen(GameOver(headline, self.final_tables()), then)
        self.settled.set()


def clock_note(table: Table, seat: int) -> str:
    """`` · 4:07 left`` and what the clock did to the seat (nothing without a clock)."""
    left, clock = table.time_left(seat), table.clock
    if left is None or clock is None:
        return ""
    note = (
        " (lost on time)" if clock.forfeit == seat else " (out of time: a bot moves)" if clock.standin == seat else ""
    )
    return f" · ⏱ {left}{note}"


def log_lines(entries: list[dict[str, Any]], fresh: int = 0) -> list[Text]:
    """Log entries as lines; the last ``fresh`` (those since the reader's last turn) in bold,
    after a rule saying so."""
    lines: list[Text] = []
    start = len(entries) - fresh
    for index, entry in enumerate(entries):
        if fresh and index == start:
            lines.append(Text("── since your last turn ──", style="bold"))
        lines.append(Text("· " + str(entry["text"]), style="bold" if fresh and index >= start else ""))
    return lines
