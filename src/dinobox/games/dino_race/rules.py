"""Dino Race rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``); the kinds of step are in
``flow.py``. The rules themselves are functions over the state, one module per rulebook section:
``before_you_play.py``, ``game_turn.py`` (The game turn: draw, play and swap), ``event_die.py``
(Roll the event die, Eruption), ``finish_line.py`` (Finish line!, End of the game) and
``cards.py`` (where cards go, lava drops, and what each seat knows of the others' hands).
Rulebook sections are cited by their headings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.state import State
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import before_you_play
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.cards import ONLY
from dinobox.games.dino_race.data import COLOURS, HOME, NUM_CARD_TYPES, VOLCANO

if TYPE_CHECKING:
    from dinobox.games.dino_race.game import DinoRaceGame

T: Final = NUM_CARD_TYPES


class DinoRaceState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: DinoRaceGame
    # The options and sizes of the table (set once, in ``__init__``).
    teams: bool
    survive: bool
    double: bool
    dinos_per_player: int
    num_dinos: int
    track_length: int
    num_prizes: int
    erupt_base: int
    # The match: races played, their scores, whose turn.
    race: int
    race_scores: tuple[tuple[int, ...], ...]
    race_eggs: tuple[int, ...]  # seat that brought the egg to safety, per finished race
    turns: int
    first_player: int
    # The table of the race being played (set by ``before_you_play.new_race``).
    tiles: tuple[int, ...]
    tiles_left: list[int]
    pos: list[int]
    down: int  # bitmask of tripped dinos
    hand: list[int]
    deck: list[int]
    discard: list[int]
    drops: tuple[int, ...]  # copy-on-write: clones share it
    drop_supply: int
    volcano_active: bool
    lava: int  # terrain tiles flipped to lava (tiles 1..lava)
    egg: int
    egg_safe_by: int
    egg_value: int
    stack: int  # bitmask of prize counters in the stack
    prizes: tuple[tuple[int, ...], ...]
    prize_log: tuple[tuple[int, int, int], ...]  # (seat, look stack mask, chosen)
    # (observer, holder) -> lower bounds of the holder's cards by kind; copy-on-write: a
    # change builds a new dict (and row), so clones share it
    known: dict[tuple[int, int], tuple[int, ...]]
    home_order: tuple[int, ...]
    turn_player: int
    passed: bool

    def __init__(self, game: DinoRaceGame, copy_of: DinoRaceState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        self.teams = game.options["teams"]
        self.survive = game.options["survive"]
        self.double = game.options["double_match"]
        n = game.num_players
        self.dinos_per_player = 1 if self.teams else 2
        self.num_dinos = n * self.dinos_per_player
        self.track_length = data.track_length
        self.num_prizes = len(data.prize_values)
        self.erupt_base = A.erupt_egg_base(self.num_prizes)
        self.race = 0
        self.race_scores = ()
        self.race_eggs = ()
        self.turns = 0
        self.first_player = 0
        before_you_play.new_race(self)
        self._advance()

    # ----- small queries -------------------------------------------------------------------
    def owner(self, dino: int) -> int:
        return dino // self.dinos_per_player

    def dinos_of(self, seat: int) -> range:
        k = self.dinos_per_player
        return range(seat * k, seat * k + k)

    def team_of(self, seat: int) -> int:
        return seat % (self.num_players // 2) if self.teams else seat

    def mate_of(self, seat: int) -> int:
        half = self.num_players // 2
        return (seat + half) % self.num_players

    def is_opponent(self, seat: int, other: int) -> bool:
        return seat != other and (not self.teams or self.team_of(seat) != self.team_of(other))

    def dinos_on_track(self, seat: int) -> int:
        k = self.dinos_per_player
        pos = self.pos
        count = 0
        for d in range(seat * k, seat * k + k):
            if pos[d] != HOME:
                count += 1
        return count

    def is_racing(self, seat: int) -> bool:
        k = self.dinos_per_player
        pos = self.pos
        return any(pos[d] != HOME for d in range(seat * k, seat * k + k))

    def hand_size(self, seat: int) -> int:
        hand = self.hand
        total = 0
        for i in range(seat * T, seat * T + T):
            total += hand[i]
        return total

    def is_lava(self, position: int) -> bool:
        if position == VOLCANO:
            return self.volcano_active
        return position <= self.lava

    def terrain_at(self, position: int) -> int:
        return self.tiles[position - 1]

    def prize_audience(self, seat: int) -> tuple[int, ...]:
        """Who sees ``seat``'s prize stack and choice: the chooser, and in Playing in Teams the
        team-mate too (team-mates may talk when they choose the prize counter)."""
        return (seat, self.mate_of(seat)) if self.teams else ONLY[seat]

    def top_step(self) -> F.RaceStep | None:
        """The step on top of the flow (``None`` once the game is over)."""
        return cast("F.RaceStep", self.steps[-1]) if self.steps else None

    # ----- engine hooks ----------------------------------------------------------------------
    def _turn_count(self) -> int:
        return self.turns

    def clone(self) -> DinoRaceState:
        return DinoRaceState(self.game, self)

    # ----- clone: generated by scripts/state_fields.py from the field declarations; do not edit
    def _copy_fields(self, new: State) -> None:
        """Every declared field, by name: lists (and the types with their own ``copy()``)
        copied, the rest shared (immutable, or replaced rather than changed by the rules)."""
        assert isinstance(new, DinoRaceState)
        new.deck = self.deck[:]
        new.dinos_per_player = self.dinos_per_player
        new.discard = self.discard[:]
        new.double = self.double
        new.down = self.down
        new.drop_supply = self.drop_supply
        new.drops = self.drops
        new.egg = self.egg
        new.egg_safe_by = self.egg_safe_by
        new.egg_value = self.egg_value
        new.erupt_base = self.erupt_base
        new.first_player = self.first_player
        new.hand = self.hand[:]
        new.home_order = self.home_order
        new.known = self.known
        new.lava = self.lava
        new.num_dinos = self.num_dinos
        new.num_prizes = self.num_prizes
        new.passed = self.passed
        new.pos = self.pos[:]
        new.prize_log = self.prize_log
        new.prizes = self.prizes
        new.race = self.race
        new.race_eggs = self.race_eggs
        new.race_scores = self.race_scores
        new.stack = self.stack
        new.survive = self.survive
        new.teams = self.teams
        new.tiles = self.tiles
        new.tiles_left = self.tiles_left[:]
        new.track_length = self.track_length
        new.turn_player = self.turn_player
        new.turns = self.turns
        new.volcano_active = self.volcano_active

    # ----- end of the generated clone

    # ----- scoring ------------------------------------------------------------------------
    def score_parts(self, seat: int) -> dict[str, int]:
        """Final scoring for one seat in the current race (a team total in Playing in Teams)."""
        data = self.game.data
        if self.survive:
            return {"dinos_home": sum(1 for d in self.home_order if self.owner(d) == seat)}
        members = [seat, self.mate_of(seat)] if self.teams else [seat]
        counters = [c for m in members for c in self.prizes[m]]
        colours = [data.prize_colours[c] for c in counters]
        pair = any(colours.count(col) >= 2 for col in set(colours))
        return {
            "prizes": sum(data.prize_values[c] for c in counters),
            "egg": self.egg_value if self.egg_safe_by in members else 0,
            "lava_drops": -sum(self.drops[m] for m in members),
            "pair_bonus": data.pair_bonus if pair else 0,
        }

    def race_score(self, seat: int) -> int:
        return sum(self.score_parts(seat).values())

    def _scores(self) -> list[int]:
        n = self.num_players
        if self.race < len(self.race_scores):  # the game is over: every race is scored
            return [sum(r[p] for r in self.race_scores) for p in range(n)]
        return [sum(r[p] for r in self.race_scores) + self.race_score(p) for p in range(n)]

    def _end_reason(self) -> str | None:
        """End of the game: the egg is safe; in Survive!, a player (team) has every dino home."""
        return "all_home" if self.survive else "egg_safe"

    def seat_roles(self) -> dict[str, list[str | None]]:
        """Each seat's colour; in Playing in Teams, each seat's team (named by its colour). The
        first player is seat 0 (the default play order), in Double Match for the first race."""
        n = self.num_players
        if self.teams:
            return {"team": [COLOURS[self.team_of(seat) % len(COLOURS)] for seat in range(n)]}
        return {"colour": [COLOURS[seat] for seat in range(n)]}

    def _winners(self) -> list[int]:
        """Final scoring: most points; a tie goes to whoever brought the egg to safety."""
        n = self.num_players
        if self.survive:
            winner = self.race_eggs[-1]
            return sorted(p for p in range(n) if p == winner or (self.teams and self.mate_of(p) == winner))
        scores = self._scores()
        best = max(scores)
        tied = [p for p in range(n) if scores[p] == best]
        if len(tied) > 1:
            eggs = [sum(1 for e in self.race_eggs if e == p or (self.teams and self.mate_of(p) == e)) for p in tied]
            most = max(eggs)
            if most:
                tied = [p for p, e in zip(tied, eggs, strict=True) if e == most]
        return tied
