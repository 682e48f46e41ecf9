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
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from dinobox.cli.choices import FLAT_LIMIT, ChoiceTree, KeyBook, Option, strip_actor
from dinobox.cli.common import score_table
from dinobox.cli.table import Highlight, Table, plural, private_lines, render_takes, render_text
from dinobox.cli.tui.screens import ConfirmQuit, Handover
from dinobox.engine.errors import DinoboxError

SHOW_EVERY = 0.3
"""Seconds between two pictures of the table while bots play."""
LOG_KEEP = 400
"""Log entries kept in the log pane (it scrolls; the whole log is in the record)."""


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
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "step_back", "back a step"),
        Binding("u", "undo", "undo"),
        Binding("s", "save", "save"),
        Binding("b", "wide_board", "wide board"),
        Binding("q", "quit_game", "quit"),
    ]

    def __init__(self, table: Table, save_path: Path | None = None) -> None:
        super().__init__()
        self.table = table
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
            self.query_one(pane).border_title = title
        self.fit(self.size.width, self.size.height)
        if self.table.clock is not None:
            self.set_interval(0.25, self.tick_clock)
        self.advance()

    def tick_clock(self) -> None:
        """The players' times count down; when the person to act runs out, the clock's rule applies."""
        if self.table.check_clock():
            self.message = "Time ran out."
            self.advance()
        elif self.table.clock is not None and self.table.clock.ticking is not None:
            self.refresh_players()

    def on_resize(self, event: events.Resize) -> None:
        self.fit(event.size.width, event.size.height)
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
        self.query_one("#bottom").styles.height = bottom
        self.query_one("#side").styles.width = side
        self.query_one("#preview").styles.width = side

    # ----- the game moves on --------------------------------------------------------------
    def advance(self) -> None:
        """Let the game move on (at once marked busy, so no key lands on a stale choice)."""
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
        while table.automatic_pending():
            think = table.bot_choice()
            action = None if think is None else await asyncio.to_thread(think)
            table.step_automatic(action)
            if time.monotonic() - shown > SHOW_EVERY:  # a long run of bot moves is shown as it goes
                self.refresh_log()
                self.refresh_board()
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

    def begin_decision(self) -> None:
        seat = self.table.human_to_act()
        if seat is None:
            return
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

    def action_wide_board(self) -> None:
        """Give the board the whole width (again: bring the side column back)."""
        side = self.query_one("#side")
        side.display = not side.display
        self.call_after_refresh(self.redraw_board)

    def action_save(self) -> None:
        self.write_record()
        self.notify(f"Saved to {self.save_path}")

    def action_quit_game(self) -> None:
        def answer(choice: str | None) -> None:
            if choice == "save":
                self.write_record()
                self.exit()
            elif choice == "quit":
                self.exit()

        self.push_screen(ConfirmQuit(self.save_path, self.table.state.is_terminal()), answer)

    def write_record(self) -> None:
        self.save_path.write_text(json.dumps(self.table.state.to_record(), indent=1))

    def on_key(self, event: events.Key) -> None:
        if self.busy or self.choice_tree is None or event.character is None:
            return
        option = self.keymap.get(event.character)
        if option is not None:
            event.stop()
            self.choose(option)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        index = event.option_index
        if 0 <= index < len(self.shown):
            self.choose(self.shown[index])

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
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
            self.query_one(pane, Static).update("")
        self.query_one("#choices", OptionList).clear_options()
        self.query_one("#log", RichLog).clear()
        self.log_seat = "none"

    def refresh_status(self) -> None:
        table, state = self.table, self.table.state
        if table.forfeit is not None:
            text = f"[b]{table.game.title}[/b] · game over · {table.who(table.forfeit)} ran out of time and loses"
        elif state.is_terminal():
            winners = state.winners()
            who = " and ".join(table.who(w) for w in winners)
            text = f"[b]{table.game.title}[/b] · game over · " + (
                f"{who} {'wins' if len(winners) == 1 else 'win'}" if winners else "nobody wins"
            )
        else:
            player = state.current_player()
            actor = table.who(player) if player >= 0 else "chance"
            text = f"[b]{table.game.title}[/b] · {actor} to act · {plural(table.game.num_players, 'player')}"
        self.query_one("#status", Static).update(markup_line(text + f" · seed {table.seed}"))

    def board_width(self) -> int | None:
        """Columns the board pane shows (its scrollbar aside), None before it is laid out."""
        width = self.query_one("#board").size.width - 1
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
        board = self.query_one("#board")
        text = self.query_one("#board-text", Static)
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
            board.border_title = f"Board · preview: {count} marked" if highlight.view else f"Board · {count} marked"
        else:
            text.update(board_text(lines, wrap))
            board.border_title = "Board"
        you = self.query_one("#you")
        you.display = bool(secret)
        if self.viewer is not None:
            you.border_title = f"{self.table.names[self.viewer]}: only you see this"
        self.query_one("#you-text", Static).update(board_text(secret, wrap=True))

    def refresh_players(self) -> None:
        table, state = self.table, self.table.state
        pane = self.query_one("#players", Static)
        if state.is_terminal():
            pane.update(score_table(state))
            pane.border_title = "Final scores"
            return
        players = state.view(self.viewer).get("players")
        rows = players if isinstance(players, list) else []
        lines: list[RenderableType] = []
        text = Text()
        for seat in range(table.game.num_players):
            p: dict[str, Any] = rows[seat] if seat < len(rows) and isinstance(rows[seat], dict) else {}
            mark = "▸ " if seat == state.current_player() else "  "
            facts = []
            if isinstance(p.get("score"), int):
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
        log = self.query_one("#log", RichLog)
        state = self.table.state
        if self.log_seat != self.viewer or state.log_length() < self.log_count:
            log.clear()
            entries = state.log(self.viewer)[-LOG_KEEP:]
            self.log_seat = self.viewer
        else:
            entries = state.log(self.viewer, since=self.log_count)
        for entry in entries:
            log.write(Text("· " + str(entry["text"])))
        self.log_count = state.log_length()
        log.border_title = "Log" if self.viewer is None else f"Log ({self.table.names[self.viewer]}'s eyes)"

    def show_waiting(self) -> None:
        state = self.table.state
        player = state.current_player()
        self.refresh_status()
        if player >= 0 and player in self.table.bots:
            listing = self.query_one("#choices", OptionList)
            listing.clear_options()
            listing.add_option(ListOption(markup_line(f"{self.table.who(player)} is thinking…"), disabled=True))

    def refresh_choices(self) -> None:
        listing = self.query_one("#choices", OptionList)
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
        listing.highlighted = 0 if options else None
        listing.focus()
        self.refresh_preview()

    def refresh_preview(self) -> None:
        listing = self.query_one("#choices", OptionList)
        index = listing.highlighted
        text = Text()
        highlight = None
        if self.message:
            text.append(self.message + "\n\n", style="bold")
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
            else:
                text.append(option.label + "\n", style="bold")
                for action in option.actions[:8]:
                    text.append("  " + str(self.choice_tree.infos.get(action, {}).get("text", action)) + "\n")
                if option.count > 8:
                    text.append(f"  … {plural(option.count - 8, 'more choice')}\n")
                highlight = self.group_highlight(option)
        if self.reasons:
            text.append("\nNot offered now:\n", style="bold")
            for reason in self.reasons:
                text.append("  " + reason + "\n")
        self.query_one("#preview-text", Static).update(text)
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
        listing = self.query_one("#choices", OptionList)
        listing.clear_options()
        listing.add_option(ListOption(Text("The game is over: q leaves (it asks about saving), s saves.")))
        listing.border_title = "Game over"
        self.query_one("#preview-text", Static).update(Text(""))
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
