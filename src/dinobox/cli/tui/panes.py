"""The table's panes as the full-screen app draws them: the status line, the board, the players,
what only the viewer sees, the log, the choices and the preview. ``PlayApp`` (``app.py``) runs
the game and the keys on top of these."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

from rich.console import RenderableType
from rich.errors import MarkupError
from rich.text import Text
from textual.app import App
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from dinobox.cli.choices import ChoiceTree, KeyBook, Option
from dinobox.cli.table import Highlight, Table, View, plural, private_lines, render_takes, render_text
from dinobox.coach import Hint
from dinobox.jsonvalue import JsonValue

LOG_KEEP = 400
"""Log entries kept in the log pane (it scrolls; ``l`` shows the whole log)."""


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


class TablePanes(App[None]):
    """Drawing the table's panes from the game as it stands (the fields are set by ``PlayApp``)."""

    table: Table
    viewer: int | None
    board_title: str
    previewing: bool
    auto_highlight: bool
    digest: int
    digest_lines: list[str]
    turn_view: dict[int, View]
    keys: KeyBook
    choice_tree: ChoiceTree | None
    shown: list[Option]
    keymap: dict[str, Option]
    macros: list[tuple[str, list[int]]]
    log_seat: int | str | None
    log_count: int
    reasons: list[str]
    message: str
    picture_cache: tuple[object, tuple[list[str], list[str]]]
    drawn_width: int | None
    save_path: Path
    hint: tuple[tuple[int, int], Hint] | None
    hint_notes: list[tuple[int, int, str]]

    @property
    def table_screen(self) -> Screen[object]:
        """The table's own screen (the panes live there, whatever screen is on top of it)."""
        return self.screen_stack[0] if self.screen_stack else self.screen

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
        preview = self.table_screen.query_one("#preview")
        below, above = int(preview.max_scroll_y - preview.scroll_y), int(preview.scroll_y)
        notes = ["Preview"] + ([f"> {below} more ↓"] if below > 0 else []) + ([f"< {above} ↑"] if above > 0 else [])
        preview.border_title = " · ".join(notes)
        you = self.table_screen.query_one("#you")
        if self.viewer is not None:
            hidden = int(you.max_scroll_y - you.scroll_y)
            more = f" · }} {hidden} more ↓" if hidden > 0 else (" · { ↑" if you.scroll_y > 0 else "")
            you.border_title = f"{self.table.names[self.viewer]}: only you see this{more}"

    # ----- scrolling the panes from the keyboard ----------------------------------------------
    def action_scroll_board(self, pages: int) -> None:
        board = self.table_screen.query_one("#board")
        board.scroll_relative(y=pages * max(1, board.size.height - 2), animate=False)
        self.call_after_refresh(self.note_overflow)

    def action_scroll_preview(self, pages: int) -> None:
        preview = self.table_screen.query_one("#preview")
        preview.scroll_relative(y=pages * max(1, preview.size.height - 2), animate=False)
        self.call_after_refresh(self.note_overflow)

    def action_scroll_you(self, lines: int) -> None:
        self.table_screen.query_one("#you").scroll_relative(y=lines * 2, animate=False)
        self.call_after_refresh(self.note_overflow)

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
            self.follow_changes(lines, wrap)
        board.border_title = self.board_title
        self.call_after_refresh(self.note_overflow)
        you = self.table_screen.query_one("#you")
        you.display = bool(secret)
        if self.viewer is not None:
            you.border_title = f"{self.table.names[self.viewer]}: only you see this"
        self.table_screen.query_one("#you-text", Static).update(board_text(secret, wrap=True))

    def follow_changes(self, lines: list[str], wrap: bool) -> None:
        """With no choice's places to show, the board scrolls to what changed since the viewer's
        last decision (the teams in play), when that is out of view; at the first decision of a
        session (a resumed game), to what changed since the game began."""
        seat = self.viewer
        if seat is None or self.table.state.is_terminal():
            return
        before = self.turn_view.get(seat)
        if before is None:
            before = self.table.game.new_initial_state().view(seat)
        places = self.table.changed_places(seat, before)
        if not places:
            return
        width = self.board_width()
        marked = render_text(self.table.game, self.table.state.view(seat), places, width).splitlines()
        row = first_difference(marked, lines, width if wrap else None)
        board = self.table_screen.query_one("#board")
        if row is not None and not board.scroll_y <= row < board.scroll_y + board.size.height - 1:
            board.scroll_to(y=max(0, row - 2), animate=False)

    def refresh_players(self) -> None:
        table, state = self.table, self.table.state
        pane = self.table_screen.query_one("#players", Static)
        players = state.view(self.viewer).get("players")
        rows = players if isinstance(players, list) else []
        lines: list[RenderableType] = []
        text = Text()
        for seat in range(table.game.num_players):
            p: dict[str, JsonValue] = rows[seat] if seat < len(rows) and isinstance(rows[seat], dict) else {}
            mark = "▸ " if seat == state.current_player() else "  "
            facts = []
            score, hand = p.get("score"), p.get("hand_count")
            if state.is_terminal():
                facts.append(plural(int(state.scores()[seat]), "point"))
            elif isinstance(score, int):
                facts.append(plural(score, "point"))
            if isinstance(hand, int):
                facts.append(plural(hand, "card"))
            you = " (you)" if seat == self.viewer else (" bot" if seat in table.bots else "")
            text.append(mark)
            text.append(table.names[seat], style=f"bold {table.style(seat)}")
            text.append(f" [{table.mark(seat)}]")  # the letter its pieces carry: no colour needed
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
        notes: dict[int, list[str]] = {}
        if self.log_seat != self.viewer or state.log_length() < self.log_count:
            log.clear()
            entries = state.log(self.viewer)[-LOG_KEEP:]
            self.log_seat = self.viewer
            fresh = min(self.digest, len(entries)) if self.viewer is not None else 0
            notes = self.notes_among(self.viewer, len(entries))
        else:
            entries = state.log(self.viewer, since=self.log_count)
        for line in log_lines(entries, fresh, notes):
            log.write(line)
        self.log_count = state.log_length()
        title = "Log" if self.viewer is None else f"Log ({self.table.names[self.viewer]}'s eyes)"
        if self.digest and self.viewer is not None:
            title = f"Log · {self.digest} since your turn"
        log.border_title = title
        log.border_subtitle = "l: all"

    def log_entries(self) -> list[Text]:
        eyes = self.viewer if self.viewer is not None else self.table.narrator()
        entries = self.table.state.log(eyes)
        return log_lines(entries, self.digest if eyes is not None else 0, self.notes_among(eyes, len(entries)))

    def notes_among(self, eyes: int | None, kept: int) -> dict[int, list[str]]:
        """The hints given to ``eyes`` (only theirs: a hint speaks of their hand), by the index of
        the entry they come before among the last ``kept`` entries of the seat's log."""
        state = self.table.state
        total = len(state.log(eyes))
        found: dict[int, list[str]] = {}
        for length, seat, words in self.hint_notes:
            if seat != eyes:
                continue
            index = total - len(state.log(eyes, since=min(length, state.log_length()))) - (total - kept)
            if index >= 0:
                found.setdefault(index, []).append(words)
        return found

    def current_hint(self) -> Hint | None:
        """The coach's hint for the decision on the table now, if the person asked for one."""
        key = (self.viewer, self.table.state.move_number())
        return self.hint[1] if self.hint is not None and self.hint[0] == key else None

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
        hint = self.current_hint()
        hinted = next((i for i, o in enumerate(options) if hint is not None and hint.action in o.actions), None)
        for index, (key, option) in enumerate(zip(keys, options, strict=True)):
            label = Text.assemble((f"{key or ' '} ", "bold reverse"), " ", option.label)
            if index == hinted:
                label.append("  ◆ hint", style="bold magenta")
            listing.add_option(ListOption(label))
        seat = self.viewer
        who = self.table.names[seat] if seat is not None else ""
        crumb = tree.breadcrumb()
        listing.border_title = f"{who}, choose" + (f": {crumb}" if crumb else "")
        listing.border_subtitle = "Esc back" if tree.path else ("u undo" if self.table.can_undo() else "")
        self.previewing = False
        self.auto_highlight = bool(options)
        listing.highlighted = (hinted or 0) if options else None
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
                who = self.table.names[self.viewer]
                for line in mine_first(highlight.lines, who):
                    text.append("  " + line + "\n", style="bold" if touches(line, who) else "")
                if highlight.follows:
                    text.append("What follows:\n", style="bold")
                    for line in mine_first(highlight.follows, who):
                        text.append("  " + line + "\n", style="bold" if touches(line, who) else "")
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
        self.table_screen.query_one("#preview").scroll_home(animate=False)
        self.call_after_refresh(self.note_overflow)
        if not self.table.state.is_terminal():
            self.refresh_board(highlight)

    def group_highlight(self, option: Option) -> Highlight | None:
        """For a group of a few choices: every place one of them changes, on today's board."""
        if self.viewer is None or option.count > GROUP_PREVIEW or option.ident.startswith("macro:"):
            return None
        places: set[Hashable] = set()
        for action in option.actions:
            places |= self.table.highlight(self.viewer, action).places
        return Highlight(frozenset(places)) if places else None


def touches(line: str, name: str) -> bool:
    """Does a preview line speak of the seat's own pieces (its name, "you", "your")?"""
    words = set(line.replace(":", " ").replace("'s", " ").replace(",", " ").lower().split())
    return name.lower() in words or bool(words & {"you", "your", "yours"})


def mine_first(lines: tuple[str, ...], name: str) -> list[str]:
    """The lines that touch the seat's own pieces first, each group in its order."""
    return [line for line in lines if touches(line, name)] + [line for line in lines if not touches(line, name)]


def clock_note(table: Table, seat: int) -> str:
    """`` · 4:07 left`` and what the clock did to the seat (nothing without a clock)."""
    left, clock = table.time_left(seat), table.clock
    if left is None or clock is None:
        return ""
    note = (
        " (lost on time)" if clock.forfeit == seat else " (out of time: a bot moves)" if clock.standin == seat else ""
    )
    return f" · ⏱ {left}{note}"


def log_lines(
    entries: Sequence[Mapping[str, JsonValue]], fresh: int = 0, notes: dict[int, list[str]] | None = None
) -> list[Text]:
    """Log entries as lines; the last ``fresh`` (those since the reader's last turn) in bold,
    after a rule saying so; ``notes`` (hints) before the entry of their index (or at the end)."""
    lines: list[Text] = []
    start = len(entries) - fresh
    notes = notes or {}
    for index, entry in enumerate(entries):
        lines += [hint_line(words) for words in notes.get(index, [])]
        if fresh and index == start:
            lines.append(Text("── since your last turn ──", style="bold"))
        lines.append(Text("· " + str(entry["text"]), style="bold" if fresh and index >= start else ""))
    lines += [hint_line(words) for words in notes.get(len(entries), [])]
    return lines


def hint_line(words: str) -> Text:
    """A hint in the log: only the seat that asked sees it."""
    return Text("? " + words, style="bold magenta")
