"""One game at the terminal, whatever draws it: seats, bots, chance, undo, previews, reasons.

The full-screen app (``cli/tui``) and the line-mode client (``cli/plain``) both drive a
:class:`Table`; neither names a game.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import random
import re
import time
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cache

from rich.text import Text

from dinobox.bots import Bot, check_bot_for_game, make_bot
from dinobox.cli.hints import HintNote, parse_hints
from dinobox.clocks import ClockState, TimeControl, format_seconds
from dinobox.engine.errors import DinoboxError, RecordError
from dinobox.engine.game import Game
from dinobox.engine.record import from_record
from dinobox.engine.registry import game_entry
from dinobox.engine.state import CHANCE, State
from dinobox.jsonvalue import JsonValue

View = dict[str, JsonValue]
"""A seat's view of the game, as ``State.view`` gives it."""
Combo = tuple[tuple[str, object], ...]
"""What a described move acts with (``_acts_with``): its fields but places and flags."""

HUMAN = "human"
PALETTE = ("#D55E00", "#56B4E9", "#009E73", "#F0E442", "#CC79A7", "#E69F00", "#0072B2", "bright_white")
"""Seats of a game that names no colours: Okabe and Ito's colour-blind-safe palette (vermillion,
sky blue, bluish green, yellow, reddish purple, orange, blue), then white."""
COLOUR_NAMES = {
    "red": "#D55E00",
    "blue": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "orange": "#E69F00",
    "pink": "#CC79A7",
    "purple": "medium_purple1",
    "white": "bright_white",
    "black": "grey50",
    "magenta": "magenta",
    "cyan": "cyan",
    "brown": "orange4",
    "grey": "grey62",
    "gray": "grey62",
}
"""Rich styles for players named after a colour (a name that is no colour gets the palette)."""


def plural(count: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` -> ``"1 card"``; ``plural(2, "man", "men")`` -> ``"2 men"``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def first_letters(names: list[str]) -> list[str]:
    """Each name's first letter (a team's second seat, ``Red+``, shares ``Red``'s), or the seat
    numbers where two players' names start alike ("Player 1", "Player 2")."""
    letters = [(name.strip()[:1] or "?").upper() for name in names]
    stems = {name.rstrip("+") for name in names}
    return letters if len(set(letters)) == len(stems) else [str(seat + 1) for seat in range(len(names))]


@cache
def _keywords(render: Callable[..., str]) -> frozenset[str]:
    try:
        return frozenset(inspect.signature(render).parameters)
    except (TypeError, ValueError):
        return frozenset()


def render_takes(game: Game[object], keyword: str) -> bool:
    """Does the game's renderer take ``keyword`` (``marks``, ``width``)?"""
    render = game_entry(game.id).render
    return render is not None and keyword in _keywords(render)


def render_text(
    game: Game[object],
    view: Mapping[str, JsonValue],
    marks: Collection[Hashable] = (),
    width: int | None = None,
    words: bool = False,
) -> str:
    """The view drawn by the game's terminal renderer (plain lines of the JSON when it has none),
    with ``marks`` (places highlighted), ``width`` (columns there are) and ``words`` (text lists
    of what its pictures show, for screen readers) if it takes them."""
    render = game_entry(game.id).render
    if render is None:
        return json.dumps(view, indent=1)
    keywords = _keywords(render)
    extra: dict[str, object] = {}
    if marks and "marks" in keywords:
        extra["marks"] = frozenset(marks)
    if width is not None and "width" in keywords:
        extra["width"] = width
    if words and "words" in keywords:
        extra["words"] = True
    return render(view, **extra)


def big_events(game: Game[object]) -> frozenset[str]:
    """The log kinds that stop the table until a key is pressed (an eruption, a scoring)."""
    return game_entry(game.id).big_events


def help_sections(game: Game[object]) -> list[tuple[str, str]]:
    """The help screen's pages as (title, Markdown): the keys, the board's legend, the rules."""
    keys = "| key | what it does |\n|---|---|\n" + "\n".join(f"| {key} | {what} |" for key, what in HELP_KEYS)
    entry = game_entry(game.id)
    legend_md = "\n".join(f"- {Text.from_markup(line).plain}" for line in entry.legend) or "The board explains itself."
    rules = players_rules(entry.read_resource("rules.md") or f"# {game.title}\n\nThis game ships no rules summary.")
    return [("Keys", "# Keys\n\n" + keys), ("Board", f"# The board\n\n{legend_md}"), ("Rules", rules)]


CODE_PATH = re.compile(r"`[^`]*(?:\.py|\.json|\.txt|src/|tests/|games/)[^`]*`")


def players_rules(text: str) -> str:
    """A game's rules document as the help shows it to players: its opening without the
    paragraphs that point at source files (those are for developers)."""
    head, sep, rest = text.partition("\n## ")
    blocks = head.strip().split("\n\n")
    dropped = [bool(CODE_PATH.search(block)) for block in blocks] + [False]
    kept = [
        block
        for i, block in enumerate(blocks)
        if not dropped[i] and not (block.rstrip().endswith(":") and dropped[i + 1])  # "... in one place:"
    ]
    return "\n\n".join(kept) + ("\n\n## " + rest if sep else "")


HELP_KEYS = (
    ("1-9, a-z", "choose the line with that key (a choice keeps its key while you decide)"),
    ("↑ ↓, Enter", "move along the choices (the board previews the highlighted one), choose it"),
    ("Esc", "back a step in a long menu"),
    ("u", "undo your own steps this turn, while nothing hidden or random was shown"),
    ("h", "a hint: the coach's move for you, from what you know (the record notes it)"),
    ("l", "the whole log on the whole screen (bold: what happened since your last turn)"),
    ("[ ]", "scroll the board up and down (its pane says when there is more)"),
    ("{ }", "scroll the pane of what only you see"),
    ("< >", "scroll the preview (what the highlighted choice does; your own pieces first)"),
    ("b", "give the board the whole width (again: bring the side column back)"),
    ("s", "save the record (dinobox play --resume FILE continues it)"),
    ("q, Ctrl-Q", "quit: asks first and offers to save"),
    ("?, F1", "this help; Ctrl-P the command palette"),
    ("n", "on a big event's pause: stop pausing for big events (or play with --no-pause)"),
)


@dataclass(frozen=True)
class Highlight:
    """What a choice does on the board before it is confirmed: the places it changes or names
    (the renderer's ``marks``), a line for each saying what happens there, and the seat's view
    after it (None when the step would show something hidden: then the board stays as it is)."""

    places: frozenset[Hashable] = frozenset()
    lines: tuple[str, ...] = ()
    view: View | None = field(default=None, compare=False)
    follows: tuple[str, ...] = ()
    """What the choice sets off, as the seat's log would tell it (a carnivore striking, a
    scoring), and who decides next if it is someone else."""


def private_lines(text_seat: str, text_public: str) -> list[str]:
    """The lines of the seat's picture that a spectator's picture lacks: its hand and secrets."""
    public = set(text_public.splitlines())
    return [line for line in text_seat.splitlines() if line not in public and line.strip()]


@dataclass
class UndoPoint:
    seat: int
    before: State
    after: State


def step_reveals(state: State, seat: int, action: int) -> bool:
    """Would ``action`` show ``seat`` something it does not know now (a chance outcome, a
    private event, a hidden part of its view)? The engine's answer, the same the web server's
    undo follows."""
    return state.reveals_to(seat, action)


class Table:
    """A game in progress at one terminal. ``seats`` holds one spec per seat (``human`` or a bot).
    With a ``clock`` (``dinobox.clocks``, the server's rules) people's time runs while they
    decide, measured by ``now`` (seconds)."""

    def __init__(
        self,
        game: Game[object],
        seats: list[str],
        seed: int,
        clock: TimeControl | None = None,
        now: Callable[[], float] = time.monotonic,
        state: State | None = None,
        clock_state: ClockState | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise DinoboxError(f"{len(seats)} seats given for {game.num_players} players")
        self.game = game
        self.seats = seats
        self.seed = seed
        self.humans = [i for i, s in enumerate(seats) if s == HUMAN]
        self.state: State = game.new_initial_state() if state is None else state
        # a resumed game draws its chance from a stream of its own, fixed by the seed and the moves made
        moves = len(self.state.history())
        self.rng = random.Random(seed if not moves else f"{seed}:{moves}")
        self.bots: dict[int, Bot] = {i: make_bot(s, seed * 1000 + i) for i, s in enumerate(seats) if s != HUMAN}
        self.undo_stack: list[UndoPoint] = []
        self.last_legal: dict[int, list[int]] = {}
        self.legal_turn: dict[int, int] = {}
        self.last_combos: dict[int, set[Combo]] = {}
        self._names_at: tuple[State | None, int, list[str]] = (None, -1, [])
        self._marks_at: tuple[State | None, int, list[str]] = (None, -1, [])
        self.now = now
        self.clock: ClockState | None = ClockState.new(clock, game.num_players) if clock is not None else clock_state
        self.standin: Bot | None = None  # the bot that plays a seat's move when its time ran out
        self.hints: list[HintNote] = []
        """The hints people asked for (``h``), kept in the record so a replay shows them."""
        self._sync_clock()

    # ----- records ---------------------------------------------------------------------
    def record(self) -> dict[str, object]:
        """The game's record (``State.to_record``) plus what resuming it needs: the seats, the
        seed and each seat's time left (``dinobox play --resume``)."""
        record: dict[str, object] = self.state.to_record()
        record["seats"] = list(self.seats)
        record["seed"] = self.seed
        if self.clock is not None:
            now = self.now()
            left = tuple(self.clock.left(seat, now) for seat in range(self.game.num_players))
            stopped = dataclasses.replace(self.clock, remaining=left, ticking=None, since=None)
            record["clock"] = stopped.to_json()
        if self.hints:
            record["hints"] = [note.to_json() for note in self.hints]
        return record

    @classmethod
    def resume(
        cls, record: Mapping[str, object], seats: list[str] | None = None, now: Callable[[], float] = time.monotonic
    ) -> Table:
        """The table a record left off (``DinoboxError`` saying what is wrong): its game and
        moves, its seats (or ``seats``), its seed and clocks. A record without seats (written
        before they were kept) seats a person first and heuristic bots after."""
        state = from_record(record)
        count = state.game.num_players
        if seats is None:
            stored = record.get("seats")
            if stored is None:
                stored = [HUMAN] + ["heuristic"] * (count - 1)
            if not isinstance(stored, list) or not all(isinstance(x, str) and x for x in stored):
                raise RecordError("'seats' must be a list of bot specs or 'human'")
            seats = list(stored)
        if len(seats) != count:
            raise RecordError(f"the record has {count} players but {len(seats)} seats")
        seed = record.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 62:
            raise RecordError("'seed' must be a whole number")
        clock = record.get("clock")
        if clock is not None and not isinstance(clock, dict):
            raise RecordError("'clock' must be an object")
        clock_state = ClockState.from_json(clock) if clock is not None else None
        if clock_state is not None and len(clock_state.remaining) != count:
            raise RecordError(f"the record's clock has {len(clock_state.remaining)} seats, not {count}")
        table = cls(state.game, seats, seed, now=now, state=state, clock_state=clock_state)
        table.hints = parse_hints(record, len(state.history()), count)
        return table

    # ----- who is who --------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The players' names as the game calls them now (a name may change, e.g. a character)."""
        state, move, names = self._names_at
        if state is not self.state or move != self.state.move_number():
            names = self._read_names()
            self._names_at = (self.state, self.state.move_number(), names)
        return names

    def _read_names(self) -> list[str]:
        players = self.state.view(None).get("players")
        names = [f"Seat {i + 1}" for i in range(self.game.num_players)]
        if isinstance(players, list):
            for i, p in enumerate(players[: len(names)]):
                if isinstance(p, dict) and p.get("name"):
                    names[i] = str(p["name"])
        return names

    def mark(self, seat: int) -> str:
        """The letter the seat's pieces carry on the board (the game's ``seat_marks``, else the
        name's first letter, or the seat's number where two players' names start alike)."""
        state, move, marks = self._marks_at
        if state is not self.state or move != self.state.move_number():
            hook = game_entry(self.game.id).seat_marks
            found = list(hook(self.state.view(None))) if hook is not None else []
            marks = found if len(found) == self.game.num_players else first_letters(self.names)
            self._marks_at = (self.state, self.state.move_number(), marks)
        return marks[seat]

    def style(self, seat: int) -> str:
        """The seat's colour: the game's own (its entry's ``player_styles``), else by its name."""
        name = self.names[seat]
        styles = game_entry(self.game.id).player_styles
        if name in styles:
            return str(styles[name])
        return COLOUR_NAMES.get(name.lower(), PALETTE[seat % len(PALETTE)])

    def who(self, seat: int, markup: bool = True) -> str:
        """A seat's name, coloured, with ``(bot)`` for a bot."""
        name = self.names[seat]
        tag = "" if seat not in self.bots else f" ({self.seats[seat].split(':')[0]} bot)"
        return f"[bold {self.style(seat)}]{name}[/]{tag}" if markup else name + tag

    def outcome(self) -> str:
        """Who won and with how many points (markup), or who lost on time; empty while playing."""
        if self.forfeit is not None:
            return f"{self.who(self.forfeit)} ran out of time and loses; everyone else shares the win"
        if not self.state.is_terminal():
            return ""
        winners, scores = self.state.winners(), self.state.scores()
        if not winners:
            return "Nobody wins"
        who = " and ".join(self.who(w) for w in winners)
        points = plural(int(scores[winners[0]]), "point") if scores else ""
        return f"{who} {'wins' if len(winners) == 1 else 'win'}" + (f" with {points}" if points else "")

    def narrator(self) -> int | None:
        """Whose eyes the table shows while nobody decides: the one person, else a spectator's."""
        return self.humans[0] if len(self.humans) == 1 else None

    # ----- moving on ---------------------------------------------------------------------
    def to_act(self) -> int:
        return self.state.current_player()

    def human_to_act(self) -> int | None:
        player = self.state.current_player()
        if self.is_over() or player < 0 or player in self.bots or self._stood_in(player):
            return None
        return player

    def is_over(self) -> bool:
        """The game ended, or a seat lost on time."""
        return self.state.is_terminal() or self.forfeit is not None

    @property
    def forfeit(self) -> int | None:
        """The seat that ran out of time and lost (the "lose" rule), else ``None``."""
        return None if self.clock is None else self.clock.forfeit

    def _stood_in(self, player: int) -> bool:
        return self.clock is not None and self.clock.standin == player

    def _bot_for(self, player: int) -> Bot | None:
        if player in self.bots:
            return self.bots[player]
        if self._stood_in(player):
            if self.standin is None:
                try:
                    check_bot_for_game("heuristic", self.game.id)
                    spec = "heuristic"
                except DinoboxError:
                    spec = "random"
                self.standin = make_bot(spec, self.seed * 1000 + 999)
            return self.standin
        return None

    def automatic_pending(self) -> bool:
        """Chance or a bot must move next (a bot also for a person out of time)."""
        player = self.state.current_player()
        return not self.is_over() and (player == CHANCE or self._bot_for(player) is not None)

    def bot_choice(self) -> Callable[[], int] | None:
        """For a bot's turn: a call that thinks on a copy (safe in a thread), else None."""
        player = self.state.current_player()
        bot = self._bot_for(player) if player >= 0 else None
        if bot is None:
            return None
        snapshot = self.state.clone()
        return lambda: int(bot.choose(snapshot))

    def step_automatic(self, action: int | None = None) -> None:
        """One chance outcome, or the bot's move (``action``, or chosen now)."""
        player = self.state.current_player()
        bot = self._bot_for(player) if player >= 0 else None
        if player == CHANCE:
            self.state.apply_action(self.state.sample_chance(self.rng))
        elif bot is not None:
            self.state.apply_action(bot.choose(self.state) if action is None else action)
        else:
            raise DinoboxError("no automatic move: a person decides now")
        self.undo_stack.clear()
        self._sync_clock()

    # ----- clocks ------------------------------------------------------------------------
    def _sync_clock(self) -> None:
        if self.clock is not None:
            player = self.state.current_player()
            person = player >= 0 and player not in self.bots and not self.state.is_terminal()
            self.clock = self.clock.passed(player if person else None, self.now())

    def check_clock(self) -> bool:
        """Apply the clock's rule if the person to act ran out of time; True if it did."""
        if self.clock is None or not self.clock.expired(self.now()):
            return False
        self.clock = self.clock.time_out(self.now())
        self.undo_stack.clear()
        return True

    def time_left(self, seat: int) -> str | None:
        """The seat's time as ``4:07`` (``None`` without a clock)."""
        return None if self.clock is None else format_seconds(self.clock.left(seat, self.now()))

    def run_automatic(self) -> None:
        while self.automatic_pending():
            self.step_automatic()

    # ----- a person decides --------------------------------------------------------------
    def described(self) -> list[dict[str, JsonValue]]:
        return [self.state.describe_action(a) for a in self.state.legal_actions()]

    def macros(self, seat: int) -> list[tuple[str, list[int]]]:
        suggest = game_entry(self.game.id).macros
        if suggest is None:
            return []
        return list(suggest(self.state.view(seat), self.described()))

    def act(self, action: int) -> None:
        """The person to act takes ``action`` (an ``IllegalActionError`` changes nothing)."""
        seat = self.state.current_player()
        before = self.state
        turn = before.turn_count()
        if self.legal_turn.get(seat) != turn:  # what the seat could do at the start of its turn
            self.legal_turn[seat] = turn
            self.last_legal[seat] = before.legal_actions()
            self.last_combos[seat] = {_acts_with(before.describe_action(a)) for a in self.last_legal[seat]}
        reveals = step_reveals(before, seat, action) if action in before.legal_actions() else True
        after = before.clone()
        after.apply_action(action)
        self.state = after
        self._sync_clock()
        if not reveals and after.current_player() == seat:
            self.undo_stack.append(UndoPoint(seat, before, after))
        else:
            self.undo_stack.clear()

    def act_all(self, actions: list[int]) -> None:
        """A macro: several steps in a row, all or nothing."""
        keep, stack, clock = self.state, list(self.undo_stack), self.clock
        try:
            for action in actions:
                self.act(action)
        except DinoboxError:
            self.state, self.undo_stack, self.clock = keep, stack, clock
            raise

    def can_undo(self) -> bool:
        """Only the seat's own steps this turn, and only when none showed it anything hidden."""
        if not self.undo_stack:
            return False
        top = self.undo_stack[-1]
        return top.after is self.state and self.state.current_player() == top.seat

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.state = self.undo_stack.pop().before
        self.hints = [note for note in self.hints if note.move <= self.state.move_number()]
        return True

    # ----- previews and reasons ----------------------------------------------------------
    def after(self, seat: int, action: int) -> State | None:
        """The game after ``action`` (on a copy), or None when the step would show ``seat``
        something hidden: only what the seat's own view and log say of it is ever read."""
        if action not in self.state.legal_actions() or step_reveals(self.state, seat, action):
            return None
        after = self.state.clone()
        after.apply_action(action)
        return after

    def preview(self, seat: int, action: int) -> View | None:
        """The seat's view after ``action``, or None when the step would show it something hidden."""
        after = self.after(seat, action)
        return None if after is None else after.view(seat)

    def follows(self, seat: int, after: State) -> tuple[str, ...]:
        """What the last step set off, in the seat's log's words, and who decides next when
        that is someone else (e.g. a team struck by a carnivore answering it)."""
        lines = [str(entry["text"]) for entry in after.log(seat, since=self.state.log_length())]
        player = after.current_player()
        if player >= 0 and player != seat and not after.is_terminal():
            lines.append(f"then {self.names[player]} decides")
        return tuple(lines)

    def highlight(self, seat: int, action: int) -> Highlight:
        """What ``action`` would do on the board, as the seat may see it (see :class:`Highlight`)."""
        state = self.after(seat, action)
        after = None if state is None else state.view(seat)
        follows = () if state is None else self.follows(seat, state)
        hook = game_entry(self.game.id).preview
        if hook is None or action not in self.state.legal_actions():
            return Highlight(view=after, follows=follows)
        found = hook(self.state.view(seat), after, self.state.describe_action(action))
        return Highlight(frozenset(key for key, _ in found), tuple(line for _, line in found), after, follows)

    def changed_places(self, seat: int, before: View) -> frozenset[Hashable]:
        """The board's places that changed since the seat saw ``before`` (its own earlier view):
        where the teams in play are now, for a board that follows them."""
        hook = game_entry(self.game.id).preview
        if hook is None:
            return frozenset()
        found = hook(before, self.state.view(seat), {})
        return frozenset(key for key, _ in found if not (isinstance(key, tuple) and key[:1] == ("player",)))

    def not_offered(self, seat: int, limit: int = 3) -> list[str]:
        """At the start of the seat's turn: why moves it might expect are missing (a full hand, not
        enough food, ...), as the engine words it, one line per reason.

        Expected: what the seat could do at the start of its last turn, by what a move acts with
        (its kind, card, piece: every field but places and flags). For each such combination no
        offered move has now, its moves are probed: a lone move gives its reason; of several (one
        per place), a reason only some share is a rule holding one back (the others are places out
        of reach); a reason all share (the piece is gone) says nothing the board does not."""
        before = self.last_combos.get(seat)
        if not before or self.legal_turn.get(seat) == self.state.turn_count() or self.state.current_player() != seat:
            return []
        legal = set(self.state.legal_actions())
        combos = {_acts_with(self.state.describe_action(a)) for a in legal}
        if not {dict(c).get("kind") for c in combos} & {dict(c).get("kind") for c in before}:
            return []  # another kind of decision (set-up, a pending choice): nothing to compare
        missing = before - combos
        if not missing:
            return []
        probed: dict[Combo, list[tuple[str, str]]] = {}
        for action in range(self.game.num_distinct_actions()):
            if action in legal:
                continue
            try:
                info = self.state.describe_action(action, seat)
            except (ValueError, DinoboxError):
                continue
            combo = _acts_with(info)
            if combo not in missing:
                continue
            try:
                self.state.apply_action(action)  # not legal: refused, and nothing changes
            except DinoboxError as exc:
                reason = str(exc).split("refused: ", 1)[-1]
                probed.setdefault(combo, []).append((reason, _short(str(info.get("text", action)))))
        reasons: dict[str, str] = {}
        for found in probed.values():
            counts: dict[str, int] = {}
            for reason, _ in found:
                counts[reason] = counts.get(reason, 0) + 1
            for reason, text in found:
                if (len(found) == 1 or counts[reason] < max(counts.values())) and "not one of the legal" not in reason:
                    reasons.setdefault(reason, f"{text}: {reason}")
        return list(reasons.values())[:limit]

    def why_not(self, seat: int, kinds: Collection[str]) -> str | None:
        """Why the seat cannot take a move of one of these ``kinds`` now (the engine's reason,
        with the rule's section), or None when it is not a move the game has."""
        legal = set(self.state.legal_actions())
        for action in range(self.game.num_distinct_actions()):
            if action in legal:
                continue
            try:
                info = self.state.describe_action(action, seat)
            except (ValueError, DinoboxError):
                continue
            if info.get("kind") in kinds:
                return self.state.why_illegal(action)
        return None


PLACE_FIELDS = frozenset({"space", "spaces", "cell", "label", "tile", "edge", "direction", "target", "dir", "to"})


def _acts_with(info: Mapping[str, JsonValue]) -> Combo:
    """What a described move acts with: its fields but the stable ones, places and flags."""
    return tuple(
        (key, tuple(value) if isinstance(value, list) else value)
        for key, value in sorted(info.items())
        if key not in ("action", "player", "text") and key not in PLACE_FIELDS and not isinstance(value, bool)
    )


def _short(text: str) -> str:
    head, sep, rest = text.partition(": ")
    return rest if sep and " " not in head else text
