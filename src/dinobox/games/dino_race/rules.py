"""Dino Race rules: the state as flat data and the rules as functions over it.

The flow is a small stack of pending tasks: the top task says what happens next (a chance
draw, a player's decision, the play phase...). ``_advance`` runs the automatic tasks until one
needs a chance outcome or a decision. Rulebook sections are cited by their headings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dinobox.engine.state import CHANCE, TERMINAL, State, sample_counts, sample_uniform
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race.data import (
    DIE_TWO_CARDS,
    EGG,
    HOME,
    MAX_SEATS,
    NUM_CARD_TYPES,
    PUSH,
    STEAL,
    TERRAINS,
    VOLCANO,
    WILD,
)
from dinobox.games.dino_race.legal import play_actions

if TYPE_CHECKING:
    from dinobox.games.dino_race.game import DinoRaceGame

T: Final = NUM_CARD_TYPES

# Task kinds (top of ``tasks`` is next).
SETUP_TILE: Final = 0  # chance: terrain of the next track tile
DRAW: Final = 1  # chance: (DRAW, player, n) draw n cards
PRIZE_DRAW: Final = 2  # chance: (PRIZE_DRAW, 0, n) n prize counters into the stack
PLAY: Final = 3  # decision: (PLAY, player, 0) the play-and-swap phase
ROLL: Final = 4  # chance: the event die
RANDOM_DISCARD: Final = 5  # chance: (RANDOM_DISCARD, player, 0)
STEAL_DRAW: Final = 6  # chance: (STEAL_DRAW, thief, victim)
SWAP_DRAW: Final = 7  # chance: the card drawn by a swap (same as DRAW but named apart for the log)
PRIZE: Final = 8  # decision: (PRIZE, player, dino)
CHECK_HOME: Final = 9  # automatic: (CHECK_HOME, player, 0) after a dino finished
EGG_COUNTER: Final = 10  # chance: (EGG_COUNTER, player, 0)
END_RACE: Final = 11  # automatic
ERUPT_EGG: Final = 12  # decision: (ERUPT_EGG, egg owner, 0)
LAVA: Final = 13  # automatic: the lava river advances
START_TURN: Final = 14  # automatic: (START_TURN, player, 0)
START_RACE: Final = 15  # automatic: deal and begin

_ONLY: Final[tuple[tuple[int], ...]] = tuple((s,) for s in range(MAX_SEATS))  # an event's audience of one


def _less(counts: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``counts`` with one fewer ``card`` (unchanged when it holds none)."""
    if not counts[card]:
        return counts
    row = list(counts)
    row[card] -= 1
    return tuple(row)


def _is_empty(counts: list[int]) -> bool:
    return all(not c for c in counts)


class DinoRaceState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: DinoRaceGame

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
        self._new_race()
        self._advance()

    # ----- setup -------------------------------------------------------------------------
    def _new_race(self) -> None:
        """Before you play: empty table, then the track, the deal and the prize stack."""
        data = self.game.data
        n = self.num_players
        self.tiles: tuple[int, ...] = ()
        self.tiles_left = [data.tiles_per_terrain] * len(TERRAINS)
        self.pos = [HOME] * self.num_dinos
        self.down = 0  # bitmask of tripped dinos
        self.hand = [0] * (n * T)
        self.deck = list(data.cards)
        self.discard = [0] * T
        self.drops: tuple[int, ...] = (0,) * n  # copy-on-write: clones share it
        self.drop_supply = 0 if self.survive else data.lava_drops
        self.volcano_active = False
        self.lava = 0  # terrain tiles flipped to lava (tiles 1..lava)
        self.egg = self.first_player
        self.egg_safe_by = -1
        self.egg_value = 0
        self.stack = 0  # bitmask of prize counters in the stack
        self.prizes: tuple[tuple[int, ...], ...] = ((),) * n
        self.prize_log: tuple[tuple[int, int, int], ...] = ()  # (seat, look stack mask, chosen)
        # (observer, holder) -> lower bounds of the holder's cards by kind; copy-on-write: a
        # change builds a new dict (and row), so clones share it
        self.known: dict[tuple[int, int], tuple[int, ...]] = {}
        self.home_order: tuple[int, ...] = ()
        self.turn_player = self.first_player
        self.passed = False
        self.tasks: list[tuple[int, int, int]] = [(START_RACE, 0, 0)]
        for _ in range(self.track_length):
            self.tasks.append((SETUP_TILE, 0, 0))

    def _start_race(self) -> None:
        data = self.game.data
        n = self.num_players
        # Dinos start on tiles 1 and 2 (one each in teams: alternate tiles 1 and 2 by team slot).
        for d in range(self.num_dinos):
            self.pos[d] = 1 + (d % 2 if not self.teams else (d // (n // 2)) % 2)
        size = data.team_hand_size if self.teams else data.hand_size
        tasks = self.tasks
        tasks.append((START_TURN, self.first_player, 0))
        if not self.survive:
            tasks.append((PRIZE_DRAW, 0, self.num_dinos))
        for seat in reversed(range(n)):
            if size:
                tasks.append((DRAW, seat, size))
        self._emit("race", (self.race,))

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
        new.tasks = self.tasks[:]
        new.teams = self.teams
        new.tiles = self.tiles
        new.tiles_left = self.tiles_left[:]
        new.track_length = self.track_length
        new.turn_player = self.turn_player
        new.turns = self.turns
        new.volcano_active = self.volcano_active

    def _chance(self) -> tuple[Sequence[int], Sequence[float]]:
        kind, a, b = self.tasks[-1]
        if kind in (DRAW, SWAP_DRAW):
            deck = self.deck
            outs = [t for t in range(T) if deck[t]]
            return outs, [deck[t] for t in outs]
        if kind == ROLL:
            return range(6), (1, 1, 1, 1, 1, 1)
        if kind in (RANDOM_DISCARD, STEAL_DRAW):
            seat = a if kind == RANDOM_DISCARD else b
            hand = self.hand
            base = seat * T
            outs = [t for t in range(T) if hand[base + t]]
            return outs, [hand[base + t] for t in outs]
        if kind == SETUP_TILE:
            outs = [t for t in range(len(TERRAINS)) if self.tiles_left[t]]
            return outs, [self.tiles_left[t] for t in outs]
        if kind == PRIZE_DRAW:
            used = self.stack
            outs = [c for c in range(self.num_prizes) if not used >> c & 1]
            return outs, [1] * len(outs)
        if kind == EGG_COUNTER:
            count = len(self.game.data.egg_values)
            return range(count), [1] * count
        raise AssertionError(f"no chance at task {kind}")  # pragma: no cover

    def _sample_chance(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` draws from ``_chance()``, drawn from the counts directly."""
        kind, a, b = self.tasks[-1]
        if kind in (DRAW, SWAP_DRAW):
            return sample_counts(self.deck, 0, T, rng)
        if kind == ROLL:
            return sample_uniform(6, rng)
        if kind == RANDOM_DISCARD:
            return sample_counts(self.hand, a * T, T, rng)
        if kind == STEAL_DRAW:
            return sample_counts(self.hand, b * T, T, rng)
        if kind == SETUP_TILE:
            return sample_counts(self.tiles_left, 0, len(TERRAINS), rng)
        if kind == PRIZE_DRAW:
            used = self.stack
            free = [c for c in range(self.num_prizes) if not used >> c & 1]
            return free[sample_uniform(len(free), rng)]
        if kind == EGG_COUNTER:
            return sample_uniform(len(self.game.data.egg_values), rng)
        raise AssertionError(f"no chance at task {kind}")  # pragma: no cover

    def _legal(self) -> list[int]:
        kind, seat, _ = self.tasks[-1]
        if kind == PLAY:
            return play_actions(self, seat)
        if kind == PRIZE:
            return [A.PRIZE + c for c in range(self.num_prizes) if self.stack >> c & 1]
        if kind == ERUPT_EGG:
            return [self.erupt_base + p for p in range(self.num_players) if p != seat and self.is_racing(p)]
        raise AssertionError(f"no decision at task {kind}")  # pragma: no cover

    # ----- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        tasks = self.tasks
        kind, a, b = tasks[-1]
        if self._player == CHANCE:
            self._apply_chance(kind, a, b, action)
        elif kind == PLAY:
            self._apply_play(a, action)
        elif kind == PRIZE:
            tasks.pop()
            self._take_prize(a, action - A.PRIZE)
        elif kind == ERUPT_EGG:
            tasks.pop()
            target = action - self.erupt_base
            self.egg = target
            self._emit("egg_passed", (a, target))
        self._advance()

    def _apply_chance(self, kind: int, a: int, b: int, outcome: int) -> None:
        tasks = self.tasks
        if kind in (DRAW, SWAP_DRAW):
            deck = self.deck
            deck[outcome] = deck[outcome] - 1
            hand = self.hand
            i = a * T + outcome
            hand[i] = hand[i] + 1
            self._emit("draw", (a, outcome), _ONLY[a])
            if kind == DRAW and b > 1:
                tasks[-1] = (DRAW, a, b - 1)
            else:
                tasks.pop()
        elif kind == ROLL:
            tasks.pop()
            self._resolve_die(outcome)
        elif kind == RANDOM_DISCARD:
            tasks.pop()
            self._lose_card(a, outcome)
            self._emit("random_discard", (a, outcome))
        elif kind == STEAL_DRAW:
            tasks.pop()
            self.hand[b * T + outcome] -= 1
            self.hand[a * T + outcome] += 1
            self._learn_steal(a, b, outcome)
            self._emit("stolen", (a, b, outcome), (a, b))
        elif kind == SETUP_TILE:
            tasks.pop()
            self.tiles_left[outcome] -= 1
            self.tiles = (*self.tiles, outcome)
        elif kind == PRIZE_DRAW:
            self.stack |= 1 << outcome
            if b > 1:
                tasks[-1] = (PRIZE_DRAW, 0, b - 1)
            else:
                tasks.pop()
        elif kind == EGG_COUNTER:
            tasks.pop()
            self.egg_value = self.game.data.egg_values[outcome]
            self._emit("egg_counter", (a, self.egg_value))

    def _apply_play(self, seat: int, action: int) -> None:
        hand = self.hand
        base = seat * T
        if action == A.ROLL:
            self.tasks[-1] = (ROLL, seat, 0)
            self._emit("roll", (seat,))
            return
        first = seat * self.dinos_per_player
        if action < A.MOVE_WILD:
            d = first + action - A.MOVE_MATCH
            card = self.tiles[self.pos[d]]
            self._play_card(seat, card)
            self._move_forward(d, "move", card)
        elif action < A.MOVE_TRIPLE:
            d = first + action - A.MOVE_WILD
            self._play_card(seat, WILD)
            self._move_forward(d, "move", WILD)
        elif action < A.PUSH:
            k, t = divmod(action - A.MOVE_TRIPLE, 8)
            d = first + k
            for _ in range(3):
                self._play_card(seat, t)
            self._move_forward(d, "triple", t)
        elif action < A.TRIP:
            self._play_card(seat, PUSH)
            self._push_back(seat, action - A.PUSH)
        elif action < A.GIVE_EGG:
            d = action - A.TRIP
            self._play_card(seat, EGG)
            self.down |= 1 << d
            self._emit("trip", (seat, d))
        elif action < A.STEAL:
            target = action - A.GIVE_EGG
            self._play_card(seat, EGG)
            self.egg = target
            self._emit("give_egg", (seat, target))
        elif action < A.SWAP:
            victim = action - A.STEAL
            self._play_card(seat, STEAL)
            self._emit("steal", (seat, victim))
            self.tasks.append((STEAL_DRAW, seat, victim))
        elif action < A.STAND_UP:
            x, y = A.PAIRS[action - A.SWAP]
            self._play_card(seat, x)
            self._play_card(seat, y)
            self._emit("swap", (seat, x, y))
            self.tasks.append((SWAP_DRAW, seat, 0))
        elif action < A.PASS:
            k, i = divmod(action - A.STAND_UP, 36)
            x, y = A.PAIRS[i]
            d = first + k
            self._play_card(seat, x)
            self._play_card(seat, y)
            self.down &= ~(1 << d)
            self._emit("stand_up", (seat, d, x, y))
        else:
            t = action - A.PASS
            mate = self.mate_of(seat)
            hand[base + t] -= 1
            hand[mate * T + t] += 1
            self.passed = True
            self._learn_pass(seat, mate, t)
            self._emit("pass_card", (seat, mate, t), (seat, mate))

    # ----- card movements -------------------------------------------------------------------
    def _play_card(self, seat: int, card: int) -> None:
        """A played or discarded card goes face up on the discard pile (Play and swap cards)."""
        hand = self.hand
        i = seat * T + card
        hand[i] = hand[i] - 1
        discard = self.discard
        discard[card] = discard[card] + 1
        if self.known:
            self._forget_one(seat, card)

    def _lose_card(self, seat: int, card: int) -> None:
        self._play_card(seat, card)

    def _discard_hand(self, seat: int) -> None:
        base = seat * T
        hand = self.hand
        for t in range(T):
            if hand[base + t]:
                self.discard[t] += hand[base + t]
                hand[base + t] = 0
        if self.known:
            self.known = {k: v for k, v in self.known.items() if k[1] != seat}

    def _reshuffle_if_empty(self) -> None:
        """1) Draw cards: an empty deck is rebuilt from the discards."""
        if _is_empty(self.deck):
            self.deck, self.discard = self.discard, [0] * T
            if not _is_empty(self.deck):
                self._emit("reshuffle", ())

    def _take_drop(self, seat: int) -> None:
        """A lava drop costs a point even once the supply is used up (Final scoring; rules.md)."""
        if self.survive:
            return
        from_supply = self.drop_supply > 0
        if from_supply:
            self.drop_supply -= 1
        drops = list(self.drops)
        drops[seat] += 1
        self.drops = tuple(drops)
        self._emit("drop", (seat, from_supply))

    # ----- knowledge of other hands (for resample) --------------------------------------------
    def _learn_steal(self, thief: int, victim: int, card: int) -> None:
        known: dict[tuple[int, int], tuple[int, ...]] = {}
        for (obs, holder), counts in self.known.items():
            if holder != victim:
                known[(obs, holder)] = counts
            elif obs == thief:  # the thief's bounds lose the card only if it was known there
                known[(obs, holder)] = _less(counts, card)
            elif obs == victim:
                known[(obs, holder)] = counts
            # another observer forgets what it knew of the victim's hand
        row = list(known.get((victim, thief), (0,) * T))
        row[card] += 1
        known[(victim, thief)] = tuple(row)
        self.known = known

    def _learn_pass(self, giver: int, mate: int, card: int) -> None:
        known: dict[tuple[int, int], tuple[int, ...]] = {}
        for (obs, holder), counts in self.known.items():
            if holder != giver:
                known[(obs, holder)] = counts
            elif obs == mate:
                known[(obs, holder)] = _less(counts, card)
        row = list(known.get((giver, mate), (0,) * T))
        row[card] += 1
        known[(giver, mate)] = tuple(row)
        self.known = known

    def _forget_one(self, seat: int, card: int) -> None:
        known = self.known
        changed = {key: _less(counts, card) for key, counts in known.items() if key[1] == seat and counts[card]}
        if changed:
            self.known = {**known, **changed}

    # ----- movement -------------------------------------------------------------------------
    def _move_forward(self, dino: int, kind: str, card: int) -> None:
        """Playing movement cards: one tile forward; the last tile is the finish line."""
        pos = self.pos
        pos[dino] = pos[dino] + 1
        self._emit(kind, (self.owner(dino), dino, card, pos[dino]))
        if pos[dino] >= self.track_length:
            self._finish(dino)

    def _finish(self, dino: int) -> None:
        """Finish line: the dino is safe and removed; its owner chooses a prize in secret."""
        seat = self.owner(dino)
        self.pos[dino] = HOME
        self.down &= ~(1 << dino)
        self.home_order = (*self.home_order, dino)
        self._emit("home", (seat, dino))
        self.tasks.append((CHECK_HOME, seat, 0))
        if not self.survive and self.stack:
            self.tasks.append((PRIZE, seat, dino))

    def prize_audience(self, seat: int) -> tuple[int, ...]:
        """Who sees ``seat``'s prize stack and choice: the chooser, and in Playing in Teams the
        team-mate too (team-mates may talk when they choose the prize counter)."""
        return (seat, self.mate_of(seat)) if self.teams else _ONLY[seat]

    def _take_prize(self, seat: int, counter: int) -> None:
        self.prize_log = (*self.prize_log, (seat, self.stack, counter))
        audience = self.prize_audience(seat)
        if self.teams:
            self._emit("prize_talk", (seat, self.mate_of(seat), self.stack), audience)
        self.stack &= ~(1 << counter)
        self.prizes = tuple((*p, counter) if s == seat else p for s, p in enumerate(self.prizes))
        self._emit("prize", (seat, counter), audience)

    def _check_home(self, seat: int) -> None:
        """Finish line: both dinos home -> discard the hand; with the egg, the egg is safe."""
        if self.is_racing(seat):
            return
        if any(self.hand[seat * T : seat * T + T]):
            self._discard_hand(seat)
            self._emit("hand_discarded", (seat,))
        if self.survive:
            if self.teams and self.is_racing(self.mate_of(seat)):
                return
            if self.egg_safe_by < 0:
                self.egg_safe_by = seat  # Survive!: first with every dino home wins
                self.tasks.clear()
                self.tasks.append((END_RACE, 0, 0))
            return
        if self.egg == seat:
            # End of the game: nothing else happens, except the prize choices of dinos that
            # reached the finish in the same moment (the lava can carry several at once).
            self.egg_safe_by = seat
            self._emit("egg_safe", (seat,))
            pending = [t for t in self.tasks if t[0] == PRIZE]
            self.tasks[:] = [(END_RACE, 0, 0), (EGG_COUNTER, seat, 0), *pending]

    def _push_back(self, seat: int, dino: int) -> None:
        """Push back: one tile back, unless that is lava or the active volcano."""
        owner = self.owner(dino)
        behind = self.pos[dino] - 1
        if self.is_lava(behind):
            self._emit("push_blocked", (seat, dino))
            self._take_drop(owner)
            self.tasks.append((RANDOM_DISCARD, owner, 0))
        else:
            self.pos[dino] = behind
            self._emit("push", (seat, dino, behind))

    # ----- the event die ----------------------------------------------------------------------
    def _resolve_die(self, face: int) -> None:
        """3) Roll the event die: the result applies to every player still racing."""
        seat = self.turn_player
        n = self.num_players
        order = [(seat + i) % n for i in range(n)]
        self._emit("die", (seat, face))
        draws: list[tuple[int, int, int]] = []
        if face < DIE_TWO_CARDS:
            k_per = self.dinos_per_player
            pos = self.pos
            tiles = self.tiles
            for p in order:
                count = 0
                for d in range(p * k_per, p * k_per + k_per):
                    at = pos[d]
                    if at != HOME and at != VOLCANO and tiles[at - 1] == face:
                        count += 1
                if count:
                    draws.append((DRAW, p, count))
        elif face == DIE_TWO_CARDS:
            per = 1 if self.teams else 2
            draws.extend((DRAW, p, per) for p in order if self.is_racing(p))
        else:
            self._eruption()
            return
        tasks = self.tasks
        for i in range(len(draws) - 1, -1, -1):
            tasks.append(draws[i])

    def _eruption(self) -> None:
        """The volcano erupts: the egg owner discards and passes the egg, then lava flows."""
        owner = self.egg
        self.tasks.append((LAVA, 0, 0))
        self._discard_hand(owner)
        self._emit("eruption_egg", (owner,))
        self._take_drop(owner)
        if any(self.is_racing(p) for p in range(self.num_players) if p != owner):
            self.tasks.append((ERUPT_EGG, owner, 0))

    def _lava_flows(self) -> None:
        if not self.volcano_active:
            self.volcano_active = True
            self._emit("volcano", ())
            flipped = VOLCANO
        elif self.lava < self.track_length:
            self.lava += 1
            flipped = self.lava
            self._emit("lava", (flipped,))
        else:
            return
        n = self.num_players
        moved = [
            d
            for p in ((self.turn_player + i) % n for i in range(n))
            for d in self.dinos_of(p)
            if self.pos[d] == flipped
        ]
        finishing: list[int] = []
        discards: list[tuple[int, int, int]] = []
        for d in moved:
            owner = self.owner(d)
            self.pos[d] += 1
            self._emit("carried", (owner, d, self.pos[d]))
            self._take_drop(owner)
            discards.append((RANDOM_DISCARD, owner, 0))
            if self.pos[d] >= self.track_length:
                finishing.append(d)
        # Order of what follows: the random discards, then each finisher's prize choice.
        tail = self.tasks
        for d in reversed(finishing):
            self._finish(d)
        tail.extend(reversed(discards))

    def _advance(self) -> None:
        """Run automatic tasks until a chance node or a decision is reached."""
        while True:
            tasks = self.tasks  # re-read: a new race replaces the list
            if not tasks:
                self._next_turn()
                continue
            kind, a, _ = tasks[-1]
            if kind in (DRAW, SWAP_DRAW):
                if _is_empty(self.deck):
                    self._reshuffle_if_empty()
                    if _is_empty(self.deck):
                        tasks.pop()  # no cards anywhere: nothing to draw
                        continue
                self._player = CHANCE
                return
            if kind == PLAY:
                self._player = a
                return
            if kind == RANDOM_DISCARD:
                if not self.hand_size(a):
                    tasks.pop()
                    self._emit("no_card_to_lose", (a,))
                    continue
                self._player = CHANCE
                return
            if kind in (ROLL, SETUP_TILE, PRIZE_DRAW, EGG_COUNTER, STEAL_DRAW):
                self._player = CHANCE
                return
            if kind in (PRIZE, ERUPT_EGG):
                self._player = a
                return
            tasks.pop()
            if kind == CHECK_HOME:
                self._check_home(a)
            elif kind == LAVA:
                self._lava_flows()
            elif kind == START_TURN:
                self._start_turn(a)
            elif kind == START_RACE:
                self._start_race()
            elif kind == END_RACE and self._end_race():
                self._player = TERMINAL
                return

    def _start_turn(self, seat: int) -> None:
        """The game turn: draw, play and swap, roll. A player with every dino home only rolls."""
        self.turn_player = seat
        self.turns += 1
        self.passed = False
        self._emit("turn", (seat,))
        if self.is_racing(seat):
            self.tasks.append((PLAY, seat, 0))
            self.tasks.append((DRAW, seat, self.dinos_on_track(seat)))
        else:
            self.tasks.append((ROLL, seat, 0))
            self._emit("roll", (seat,))

    def _next_turn(self) -> None:
        self.tasks.append((START_TURN, (self.turn_player + 1) % self.num_players, 0))

    def _end_race(self) -> bool:
        """End of the game (or of the first race in Double Match). True when the game is over."""
        self.race_scores = (*self.race_scores, tuple(self.race_score(p) for p in range(self.num_players)))
        self.race_eggs = (*self.race_eggs, self.egg_safe_by)
        self._emit("race_over", (self.race,))
        if self.double and self.race == 0:
            self.race = 1
            self.first_player = (self.first_player + 1) % self.num_players
            self._new_race()
            return False
        return True

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
