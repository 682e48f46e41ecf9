"""Dino Race rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``); the kinds of step are in
``flow.py``. The rules themselves are functions over the state, one module per rulebook section:
``before_you_play.py``, ``game_turn.py`` (The game turn: draw, play and swap), ``event_die.py``
(Roll the event die, Eruption), ``finish_line.py`` (Finish line!, End of the game) and
``cards.py`` (where cards go, lava drops, and what each seat knows of the others' hands).
Rulebook sections are cited by their headings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dinobox.engine.flow import AUTOMATIC, Step
from dinobox.engine.state import CHANCE, State, sample_counts, sample_uniform
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import before_you_play, cards, event_die, finish_line, game_turn
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.cards import ONLY
from dinobox.games.dino_race.data import COLOURS, HOME, NUM_CARD_TYPES, TERRAINS, VOLCANO
from dinobox.games.dino_race.legal import play_actions

if TYPE_CHECKING:
    from dinobox.games.dino_race.game import DinoRaceGame

T: Final = NUM_CARD_TYPES


class DinoRaceState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: DinoRaceGame
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
        self.teams: bool = game.options["teams"]
        self.survive: bool = game.options["survive"]
        self.double: bool = game.options["double_match"]
        n = game.num_players
        self.dinos_per_player = 1 if self.teams else 2
        self.num_dinos = n * self.dinos_per_player
        self.track_length: int = data.track_length
        self.num_prizes = len(data.prize_values)
        self.erupt_base = A.erupt_egg_base(self.num_prizes)
        self.race = 0
        self.race_scores: tuple[tuple[int, ...], ...] = ()
        self.race_eggs: tuple[int, ...] = ()  # seat that brought the egg to safety, per finished race
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

    # ----- engine hooks ----------------------------------------------------------------------
    def _turn_count(self) -> int:
        return self.turns

    def clone(self) -> DinoRaceState:
        return DinoRaceState(self.game, self)

    def _copy_fields(self, new: State) -> None:
        """Every field, by name (a compiled state has no instance dict): the mutable ones copied."""
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

    def _chance(self) -> tuple[Sequence[int], Sequence[float]]:
        step = self.steps[-1]
        if isinstance(step, (F.Draw, F.SwapDraw)):
            deck = self.deck
            outs = [t for t in range(T) if deck[t]]
            return outs, [deck[t] for t in outs]
        if isinstance(step, F.Roll):
            return range(6), (1, 1, 1, 1, 1, 1)
        if isinstance(step, (F.RandomDiscard, F.Steal)):
            seat = step.seat if isinstance(step, F.RandomDiscard) else step.victim
            hand = self.hand
            base = seat * T
            outs = [t for t in range(T) if hand[base + t]]
            return outs, [hand[base + t] for t in outs]
        if isinstance(step, F.PlaceTile):
            outs = [t for t in range(len(TERRAINS)) if self.tiles_left[t]]
            return outs, [self.tiles_left[t] for t in outs]
        if isinstance(step, F.DrawPrizes):
            used = self.stack
            outs = [c for c in range(self.num_prizes) if not used >> c & 1]
            return outs, [1] * len(outs)
        if isinstance(step, F.DrawEggCounter):
            count = len(self.game.data.egg_values)
            return range(count), [1] * count
        raise AssertionError(f"no chance at {step!r}")  # pragma: no cover

    def _sample_chance(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` draws from ``_chance()``, drawn from the counts directly."""
        step = self.steps[-1]
        if isinstance(step, (F.Draw, F.SwapDraw)):
            return sample_counts(self.deck, 0, T, rng)
        if isinstance(step, F.Roll):
            return sample_uniform(6, rng)
        if isinstance(step, F.RandomDiscard):
            return sample_counts(self.hand, step.seat * T, T, rng)
        if isinstance(step, F.Steal):
            return sample_counts(self.hand, step.victim * T, T, rng)
        if isinstance(step, F.PlaceTile):
            return sample_counts(self.tiles_left, 0, len(TERRAINS), rng)
        if isinstance(step, F.DrawPrizes):
            used = self.stack
            free = [c for c in range(self.num_prizes) if not used >> c & 1]
            return free[sample_uniform(len(free), rng)]
        if isinstance(step, F.DrawEggCounter):
            return sample_uniform(len(self.game.data.egg_values), rng)
        raise AssertionError(f"no chance at {step!r}")  # pragma: no cover

    def _legal(self) -> list[int]:
        step = self.steps[-1]
        if isinstance(step, F.Play):
            return play_actions(self, step.seat)
        if isinstance(step, F.ChoosePrize):
            return [A.PRIZE + c for c in range(self.num_prizes) if self.stack >> c & 1]
        if isinstance(step, F.PassEgg):
            seat = step.seat
            return [self.erupt_base + p for p in range(self.num_players) if p != seat and self.is_racing(p)]
        raise AssertionError(f"no decision at {step!r}")  # pragma: no cover

    # ----- the flow ---------------------------------------------------------------------------
    def _due(self, step: Step) -> int:
        """Who the step on top waits for (see ``flow.py``), or ``AUTOMATIC``."""
        if isinstance(step, (F.Draw, F.SwapDraw)):
            if cards.is_empty(self.deck):
                cards.reshuffle_if_empty(self)
                if cards.is_empty(self.deck):
                    return AUTOMATIC  # no cards anywhere: nothing to draw
            return CHANCE
        if isinstance(step, F.Play):
            return step.seat
        if isinstance(step, F.RandomDiscard):
            return CHANCE if self.hand_size(step.seat) else AUTOMATIC
        if isinstance(step, (F.Roll, F.PlaceTile, F.DrawPrizes, F.DrawEggCounter, F.Steal)):
            return CHANCE
        if isinstance(step, (F.ChoosePrize, F.PassEgg)):
            return step.seat
        return AUTOMATIC

    def _run(self, step: Step) -> None:
        if isinstance(step, F.NextTurn):
            game_turn.next_turn(self)
        elif isinstance(step, F.StartTurn):
            game_turn.start_turn(self, step.seat)
        elif isinstance(step, F.CheckHome):
            finish_line.check_home(self, step.seat)
        elif isinstance(step, F.LavaFlows):
            event_die.lava_flows(self)
        elif isinstance(step, F.RandomDiscard):  # an empty hand: nothing to lose
            self._emit("no_card_to_lose", (step.seat,))
        elif isinstance(step, F.StartRace):
            before_you_play.start_race(self)
        elif isinstance(step, F.EndRace):
            finish_line.end_race(self)
        # a draw with no card anywhere is dropped

    def _apply(self, action: int) -> None:
        steps = self.steps
        step = steps[-1]
        if self._player == CHANCE:
            self._apply_chance(step, action)
        elif isinstance(step, F.Play):
            game_turn.play(self, step.seat, action)
        elif isinstance(step, F.ChoosePrize):
            steps.pop()
            finish_line.take_prize(self, step.seat, action - A.PRIZE)
        elif isinstance(step, F.PassEgg):
            steps.pop()
            target = action - self.erupt_base
            self.egg = target
            self._emit("egg_passed", (step.seat, target))
        self._advance()

    def _apply_chance(self, step: Step, outcome: int) -> None:
        steps = self.steps
        if isinstance(step, F.Draw):
            cards.card_drawn(self, step.seat, outcome)
            if step.count > 1:
                steps[-1] = F.Draw(step.seat, step.count - 1)
            else:
                steps.pop()
        elif isinstance(step, F.SwapDraw):
            steps.pop()
            cards.card_drawn(self, step.seat, outcome)
        elif isinstance(step, F.Roll):
            steps.pop()
            event_die.resolve_die(self, outcome)
        elif isinstance(step, F.RandomDiscard):
            steps.pop()
            cards.play_card(self, step.seat, outcome)
            self._emit("random_discard", (step.seat, outcome))
        elif isinstance(step, F.Steal):
            steps.pop()
            game_turn.stolen(self, step, outcome)
        elif isinstance(step, F.PlaceTile):
            steps.pop()
            self.tiles_left[outcome] -= 1
            self.tiles = (*self.tiles, outcome)
        elif isinstance(step, F.DrawPrizes):
            self.stack |= 1 << outcome
            if step.count > 1:
                steps[-1] = F.DrawPrizes(step.count - 1)
            else:
                steps.pop()
        elif isinstance(step, F.DrawEggCounter):
            steps.pop()
            self.egg_value = self.game.data.egg_values[outcome]
            self._emit("egg_counter", (step.seat, self.egg_value))

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
