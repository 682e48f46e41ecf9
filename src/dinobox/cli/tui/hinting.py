"""``h`` at the full-screen table: the coach's move for the person to act, asked in a worker so
the table stays responsive. The hint is noted in the log (for the seat that asked only), marked
and highlighted in the choices, and kept in the table's record (``Table.hints``)."""

from __future__ import annotations

import asyncio

from textual import work
from textual.widgets import RichLog

from dinobox.cli.hints import HintNote, hint_job, hint_words
from dinobox.cli.tui.panes import TablePanes, hint_line
from dinobox.coach import Hint


class Hinting(TablePanes):
    """The hint key and its worker (``PlayApp`` runs the game on top)."""

    busy: bool

    def __init__(self) -> None:
        super().__init__()
        self.hint: tuple[tuple[int, int], Hint] | None = None
        """The coach's hint for (seat, move number): the decision it is for."""
        self.hint_notes: list[tuple[int, int, str]] = []
        """The hints given, as (the log's length then, seat, words) for the log pane."""
        self.hint_pending: tuple[int, int] | None = None
        """The decision the coach is thinking about (one hint at a time)."""
        self.hint_seconds: float | None = None
        """The coach's thinking time per hint (None: ``cli.hints.HINT_SECONDS``)."""

    def action_hint(self) -> None:
        """``h``: the coach suggests a move for the person to act, from what they know (in a
        worker: the table stays responsive, and a hint that comes after the move is dropped)."""
        seat = self.table.human_to_act()
        if self.busy or self.choice_tree is None or seat is None:
            return
        key = (seat, self.table.state.move_number())
        if self.hint is not None and self.hint[0] == key:
            self.message = hint_words(self.hint[1])
            self.refresh_choices()
            return
        if self.hint_pending == key:
            return  # the coach is already thinking about this decision
        self.hint_pending = key
        self.message = "The coach is thinking about a hint…"
        self.refresh_preview()
        self.think_hint(key)

    @work(exclusive=True, group="hint")
    async def think_hint(self, key: tuple[int, int]) -> None:
        seat, move = key
        state = self.table.state
        job = hint_job(state, seat, seed=self.table.seed * 1000 + move, seconds=self.hint_seconds)
        try:
            hint = await asyncio.to_thread(job)
        except Exception as exc:  # a hint that fails must never end the game in play
            self.hint_pending = None
            if self.table.state is state:
                self.message = f"No hint: {exc}"
                self.refresh_preview()
            return
        self.hint_pending = None
        if self.table.state is not state or self.busy or self.table.human_to_act() != seat:
            return  # the person moved on: the hint is for a decision that is gone
        self.table.hints.append(HintNote(move, seat, hint.action, hint.text))
        words = hint_words(hint)
        self.hint = (key, hint)
        self.hint_notes.append((state.log_length(), seat, words))
        if self.log_seat == seat:
            self.table_screen.query_one("#log", RichLog).write(hint_line(words))
        here = any(hint.action in option.actions for option in self.shown)
        self.message = words if here else f"{words} · Esc goes back to the menu that has it"
        self.refresh_choices()
