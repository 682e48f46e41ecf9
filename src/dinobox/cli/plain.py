"""``dinobox play --plain``: the line-mode client, for pipes, screen readers and scripts.

Same choices as the full-screen app: in steps, with keys that stay put while a player decides,
undo within a turn, reasons for missing moves, and a cleared screen *and* scrollback when the
device passes from one person to the next.
"""

from __future__ import annotations

from pathlib import Path

from dinobox.cli.choices import COMMON_KEYS, ChoiceTree, KeyBook, Option
from dinobox.cli.common import console, rounds_table, save_record, score_table
from dinobox.cli.digest import digest
from dinobox.cli.hints import HintNote, hint_job, hint_words
from dinobox.cli.table import Table, View, plural, render_text
from dinobox.coach import Hint
from dinobox.engine.errors import DinoboxError
from dinobox.engine.state import State

CLEAR_ALL = "\x1b[H\x1b[2J\x1b[3J\x1b[H"
"""Home the cursor, erase the screen (ESC[2J), then the scrollback (ESC[3J), then home again.
The order matters: tmux and some terminals push the erased screen into the scrollback on
``2J``, so ``3J`` must come after it to take that copy away too."""

HELP = "v board, b back, u undo, h hint, l log, s save, q quit"
LOG_PAGE = 30
"""Log entries per page of ``l``."""
RECAP = 4
"""At most this many new log entries are read out before a decision; more are summed up (what
changed for the person, the last few entries, and ``l`` for the rest)."""


def print_outcome(table: Table) -> None:
    """The end of a game in the shell: who won, the score table, the rounds where there are some."""
    if not table.is_over():
        return
    console.print(f"[bold]{table.game.title}[/] · game over · {table.outcome()}")
    lost = table.forfeit
    caption = None if lost is None else f"{table.names[lost]} lost on time; everyone else shares the win."
    console.print(score_table(table.state, [table.style(seat) for seat in range(table.game.num_players)], caption))
    rounds = rounds_table(table.state)
    if rounds is not None:
        console.print(rounds)


class Quit(Exception):
    """The person asked to leave."""


class PlainClient:
    """Reads choices line by line from stdin; prints to the console."""

    def __init__(self, table: Table, save: Path | None) -> None:
        self.table = table
        self.save = save
        self.keys = KeyBook()
        self.seen: dict[int | None, int] = {}
        self.last_human: int | None = None
        self.decided: dict[int, tuple[View, int, int]] = {}
        """Per person: their view, the turn and the log's length when they last decided."""
        self.hint: tuple[tuple[int, int], Hint] | None = None
        """The coach's hint for (seat, move number): the decision it is for."""

    def clear_all(self) -> None:
        console.file.write(CLEAR_ALL)
        console.file.flush()

    def show_events(self, seat: int | None, limit: int | None = None) -> None:
        """The log entries ``seat`` has not read yet: at most ``limit`` of them (the last ones,
        after a line saying how many more ``l`` shows)."""
        state = self.table.state
        start = self.seen.get(seat, 0)
        if start > state.log_length():
            start = 0
        entries = state.log(seat, since=start)
        if limit is not None and len(entries) > limit:
            console.print(f"  … {len(entries) - limit} earlier (l: the log)", markup=False)
            entries = entries[-limit:]
        for entry in entries:
            console.print(f"  · {entry['text']}", markup=False)
        self.seen[seat] = state.log_length()

    def run(self) -> State:
        table = self.table
        try:
            while not table.is_over():
                if table.automatic_pending():
                    table.step_automatic()
                    if not table.humans:
                        self.show_events(None)
                    continue
                seat = table.human_to_act()
                assert seat is not None
                self.decide(seat)
        except (KeyboardInterrupt, EOFError, Quit) as exc:
            if not isinstance(exc, Quit):
                console.print("\n[yellow]game abandoned[/]")
            if self.save:
                save_record(table.record(), self.save)
            raise
        self.show_events(table.narrator())
        console.print(render_text(table.game, table.state.view(None)))
        print_outcome(table)
        if self.save:
            save_record(table.record(), self.save)
        return table.state

    def handover(self, seat: int) -> None:
        self.clear_all()
        console.input(f"Pass the device to {self.table.who(seat)} and press Enter ")
        self.clear_all()

    def decide(self, seat: int) -> None:
        table = self.table
        if len(table.humans) > 1 and seat != self.last_human:
            self.handover(seat)
        self.last_human = seat
        self.keys.start((seat, table.state.turn_count()))
        first = seat not in self.decided
        self.recap(seat)
        left = table.time_left(seat)
        console.rule(f"{table.who(seat)} to act" + (f" · {left} left" if left is not None else ""))
        if first:
            self.show_board(seat)
        for reason in table.not_offered(seat):
            console.print(f"  [dim]not offered now: {reason}[/]", soft_wrap=True)
        tree = ChoiceTree(table.described())
        macros = table.macros(seat)
        while True:
            options = tree.options()
            if not tree.path:
                options += [Option(f"suggested: {lab}", tuple(acts), f"macro:{lab}") for lab, acts in macros]
            keys = self.keys.assign(options)
            keymap = {k: o for k, o in zip(keys, options, strict=True) if k}
            crumb = tree.breadcrumb()
            if crumb:
                console.print(f"[bold]{crumb}[/] (b = back)")
            follows = self.follows(seat, options)
            for key, option in zip(keys, options, strict=True):
                console.print(f"  [bold]{key:>2}[/] ", end="")
                console.print(option.label, markup=False, highlight=False)
                if follows.get(option.ident):
                    console.print("       then: " + " ".join(follows[option.ident]), markup=False, style="dim")
            console.print(f"  [dim]({self.help_text()})[/]")
            if self.answer(tree, keymap):
                state = table.state
                self.decided[seat] = (state.view(seat), state.turn_count(), state.log_length())
                return

    def recap(self, seat: int) -> None:
        """What the person has not read yet, short: a few new log entries are read out whole;
        more are summed up as what changed for the seat since its last turn (``cli.digest``, at
        most :data:`RECAP` lines) and the last entries, ``l`` giving the rest."""
        state = self.table.state
        start = self.seen.get(seat, 0)
        fresh = len(state.log(seat, since=start)) if start <= state.log_length() else state.log_length()
        if fresh <= RECAP or seat not in self.decided or self.decided[seat][1] == state.turn_count():
            self.show_events(seat, limit=RECAP)
            return
        view = self.decided[seat][0]
        lines = digest(self.table.game.id, view, state.view(seat), seat, 0)
        if len(lines) > RECAP:
            lines = [*lines[: RECAP - 1], f"… {plural(len(lines) - RECAP + 1, 'more change')} (v: the board)"]
        if lines:
            console.print("[bold]Since your last turn:[/]")
            for line in lines:
                console.print(f"  {line}", markup=False)
        self.show_events(seat, limit=2)

    def show_board(self, seat: int) -> None:
        """``v``: the board as the seat sees it, in words where the game has them."""
        table = self.table
        console.print(render_text(table.game, table.state.view(seat), words=True))

    def follows(self, seat: int, options: list[Option]) -> dict[str, tuple[str, ...]]:
        """What each choice of a short step sets off (after the line restating it), when that
        tells the choices apart (T-Rex Island's piles: which one sets the Raptors off)."""
        leaves = [o for o in options if o.action is not None]
        if not 1 < len(leaves) <= 4:
            return {}
        found = {o.ident: self.table.highlight(seat, o.action).follows[1:] for o in leaves if o.action is not None}
        return found if len(set(found.values())) > 1 else {}

    def help_text(self) -> str:
        """The keys there are besides the choices (undo only when there is a step to take back)."""
        return HELP if self.table.can_undo() else HELP.replace(", u undo", "")

    def answer(self, tree: ChoiceTree, keymap: dict[str, Option]) -> bool:
        """Read one answer; True when the decision is made (or undone)."""
        table = self.table
        while True:
            raw = console.input("your choice: ").strip().lower()
            if raw in ("b", "esc"):
                if not tree.back():
                    console.print("[dim]already at the first step[/]")
                    continue
                return False
            if raw == "q":
                self.confirm_quit()
                continue
            if raw == "h":
                self.show_hint(tree, keymap)
                continue
            if raw == "s":
                if self.save is None:
                    self.save = Path(f"dinobox-{table.game.id}-{table.seed}.json")
                save_record(table.record(), self.save)
                continue
            if raw == "v":
                seat = table.human_to_act()
                if seat is not None:
                    self.show_board(seat)
                continue
            if raw in ("l", "l all"):
                self.page_log(table.human_to_act(), everything=raw == "l all")
                return False
            if raw == "u":
                if table.undo():
                    console.print("[dim]taken back[/]")
                    return True
                console.print(
                    "[yellow]nothing to undo: only your own steps this turn, before anything hidden was shown[/]"
                )
                continue
            option = keymap.get(raw)
            if option is not None and table.check_clock():
                what = "you lose the game" if table.forfeit is not None else "a bot plays your moves from now on"
                console.print(f"[yellow]time ran out before that choice: {what}[/]")
                return True
            if option is None:
                self.refuse(raw, keymap)
                continue
            if option.ident.startswith("macro:"):
                try:
                    table.act_all(list(option.actions))
                except DinoboxError as exc:
                    console.print(f"[red]{exc}[/]")
                    continue
                return True
            action = tree.open(option)
            if action is None:
                return False
            table.act(action)
            return True

    def refuse(self, raw: str, keymap: dict[str, Option]) -> None:
        """An answer that is no choice says why in one line: the rule's reason for a common move
        (``r`` with a dino knocked over), else the keys there are."""
        seat = self.table.human_to_act()
        kinds = [kind for kind, letter in COMMON_KEYS.items() if letter == raw]
        reason = self.table.why_not(seat, kinds) if kinds and seat is not None else None
        if reason:
            console.print(f"{raw}: not now: {reason}", markup=False, soft_wrap=True)
        else:
            console.print(f"'{raw}' is not a choice: type one of {', '.join(keymap)}", markup=False, soft_wrap=True)

    def show_hint(self, tree: ChoiceTree, keymap: dict[str, Option]) -> None:
        """``h``: the coach's move for the person to act, from what they know, and its key."""
        table = self.table
        seat = table.human_to_act()
        if seat is None:
            return
        key = (seat, table.state.move_number())
        if self.hint is None or self.hint[0] != key:
            console.print("[dim]the coach is thinking…[/]")
            try:
                hint = hint_job(table.state, seat, seed=table.seed * 1000 + key[1])()
            except (DinoboxError, ValueError) as exc:
                console.print(f"[yellow]no hint: {exc}[/]", soft_wrap=True)
                return
            table.hints.append(HintNote(key[1], seat, hint.action, hint.text))
            self.hint = (key, hint)
        hint = self.hint[1]
        where = next((k for k, o in keymap.items() if hint.action in o.actions), None)
        key_words = f" · key {where}" if where else (" · b goes back to the menu that has it" if tree.path else "")
        console.print(hint_words(hint) + key_words, markup=False, style="bold magenta")

    def page_log(self, seat: int | None, everything: bool = False) -> None:
        """The seat's whole log: the last page first, then earlier pages on Enter (or ``more``)
        until the first entry or any other answer; ``l all`` prints it all at once."""
        entries = self.table.state.log(seat)
        end = len(entries)
        while end > 0:
            start = 0 if everything else max(0, end - LOG_PAGE)
            console.print(f"[dim]log entries {start + 1}-{end} of {len(entries)}[/]")
            for entry in entries[start:end]:
                console.print(f"  · {entry['text']}", markup=False)
            end = start
            if not end:
                break
            more = console.input(f"[dim]Enter or 'more': the {min(LOG_PAGE, end)} before; anything else: back[/] ")
            if more.strip().lower() not in ("", "more", "m"):
                break
        if not entries:
            console.print("[dim]the log is empty[/]")

    def confirm_quit(self) -> None:
        where = self.save or Path(f"dinobox-{self.table.game.id}-{self.table.seed}.json")
        reply = console.input(f"Quit? s = save to {where} and quit, y = quit without saving, Enter = keep playing: ")
        reply = reply.strip().lower()
        if reply == "s":
            self.save = where
            raise Quit
        if reply == "y":
            self.save = None
            raise Quit
