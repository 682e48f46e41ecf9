"""Pangaea rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``), and the engine asks the step on
top: the kinds of step and what each does are in ``flow.py`` (``stepbase.py`` for what they share,
``draws.py`` for the chance steps). The decisions of a turn live in ``steps.py``; the automatic
steps in ``resolve.py`` (Players Turn, the Actions), ``lightning.py`` (the Lightning Bolt Tile)
and ``end_game.py`` (The End Game). Rulebook sections are cited by their headings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.state import State
from dinobox.games.pangaea import end_game
from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea.actions import Fixed, Layout
from dinobox.games.pangaea.data import (
    ALL_SYMBOLS,
    EVO_BRONTO,
    EVO_LEVEL,
    EVO_MOUNTAIN,
    EVO_SEA,
    EVO_TREX,
    NUM_EVO,
)
from dinobox.games.pangaea.draws import draw_from_pile
from dinobox.games.pangaea.events import Asteroid, Reshuffle, Score, Setup, TokenMoves
from dinobox.games.pangaea.world import Plan, World, holds, with_added, with_item

if TYPE_CHECKING:
    from dinobox.games.pangaea.data import PangaeaData
    from dinobox.games.pangaea.game import PangaeaGame
    from dinobox.games.pangaea.stepbase import PangaeaStep

_LAYOUTS: Final[dict[tuple[int, int], Fixed]] = {}


def layout_for(n: int, k: int) -> Fixed:
    fixed = _LAYOUTS.get((n, k))
    if fixed is None:
        fixed = _LAYOUTS[(n, k)] = Fixed(Layout(n, k))
    return fixed


def left_order(current: int, players: int) -> list[int]:
    """Seats from the current player's left, the current player last."""
    return [(current + k) % players for k in range(1, players + 1)]


_WORLDS: Final[dict[tuple[object, ...], World]] = {}


def starting_world(data: PangaeaData, players: int) -> World:
    """The starting world of ``data``'s map, a copy of one read once per map and player count
    (a playout starts many games; reading the map looks up every space's symbols)."""
    key: tuple[object, ...] = (data.world_rows, data.locator, data.tile_supply, data.crack_sticks, players)
    world = _WORLDS.get(key)
    if world is None:
        if len(_WORLDS) >= 64:  # maps being designed: keep a few
            _WORLDS.clear()
        world = _WORLDS[key] = World.from_map(data.world_map(), players)
    return world.copy()


def held_kinds(counts: list[int]) -> tuple[int, ...]:
    """The kinds of a pile with a card in it, in order."""
    return tuple([k for k in range(len(counts)) if counts[k]])


class PangaeaState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: PangaeaGame
    # The table, set once in ``__init__``: card kinds, the world, options and derived facts.
    K: int  # numbered kinds; WILD = K, RESHUFFLE = K + 1
    WILD: int
    RESHUFFLE: int
    cards: tuple[tuple[int, int, int, int], ...]
    world: World
    A: Fixed
    advanced: bool
    novice_range: int
    alliances: bool
    R: int
    hand_size: int  # read on the hot paths: kept as native ints
    shelter_cap: int
    lefts: tuple[tuple[int, ...], ...]  # ``left_of``, shared
    first: int  # the start player (Kick-off the game), -1 until drawn
    finish_round: bool  # a designer's option, off by default
    # Copy-on-write fields are tuples (clones share them; a change builds a new tuple): all
    # but the STAR card piles and the world's busiest lists (``World.copy``).
    # cards: per kind, the STAR cards in the pile and on the discard pile: lists changed in place
    # (every draw and discard changes them; a clone copies them)
    deck: list[int]
    deck_size: int  # kept with ``deck`` (``reshuffle``, ``deal``)
    deck_kinds: tuple[int, ...]  # the kinds with a card in the pile, in order (kept with ``deck``)
    discard: list[int]
    hands: list[tuple[int, ...]]  # per seat, sorted
    dir_deck: tuple[int, ...]
    dir_discard: tuple[int, ...]
    evo: tuple[tuple[int, ...], ...]  # per seat: type * 2 + active
    evo_supply: tuple[int, ...]
    # The asteroid board and countdown.
    ring: tuple[int, ...]  # slot 0 is the lightning space A
    centre: int
    token_pool: tuple[int, ...]
    ring_pos: int
    asteroid: int
    points: tuple[int, ...]
    # The turn.
    turn: int
    turns: int
    round: int
    sel: tuple[int, ...]  # (dist card, distance, action card, action, range card, range)
    played: tuple[int, ...]
    interrupted: bool
    direction: int
    activated: bool  # this turn
    wild2: bool
    extra_used: bool
    act_spaces: tuple[int, ...]
    quake_edges: tuple[int, ...]
    plan: Plan | None
    blocked: frozenset[int]
    ctx: int
    decider: int
    pending_dino: tuple[int, ...]  # (dino, space) about to land, awaiting decisions
    guard_use: int  # players who decided to use their protection card against it
    drawn: int  # the STAR card drawn for the lightning / debris
    # the legal choices of the decision on top (``Decision.due``): a list never changed in place,
    # declared a Sequence so that clones share it (as the engine's cache of legal actions does)
    offered: Sequence[int]
    # The end.
    impact_sum: int
    impact: int
    end_player: int
    ending: int | None
    final: int | None
    finished: bool
    won: tuple[int, ...]
    start_stars: tuple[int, ...]  # per seat, the starting star chosen (a space)
    end_bonus: tuple[int, ...]
    score_parts: tuple[tuple[int, ...], ...]  # per seat, the points each source brought

    def __init__(self, game: PangaeaGame, copy_of: PangaeaState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        n = game.num_players
        self.K = len(data.star_cards)  # numbered kinds; WILD = K, RESHUFFLE = K + 1
        self.WILD, self.RESHUFFLE = self.K, self.K + 1
        self.cards = data.star_cards
        self.world = starting_world(data, n)
        self.A = layout_for(self.world.geo.n, self.K)
        self.advanced = game.options["ranges"] == "cards"
        self.novice_range = 1 if game.options["ranges"] == "horizontal" else 0
        self.alliances = n >= 3
        self.R = data.asteroid_ring
        self.hand_size = data.hand_size  # read on the hot paths: kept as native ints
        self.shelter_cap = data.shelters_per_player
        self.lefts = tuple(tuple(left_order(seat, n)) for seat in range(n))  # ``left_of``, shared
        self.deck = [1] * self.K + [data.wild_cards, data.reshuffle_cards]
        self.deck_size = sum(self.deck)  # kept with ``deck`` (``reshuffle``, ``deal``)
        self.deck_kinds = held_kinds(self.deck)  # a card draw's outcomes (``draws.CardDraw.outcomes``)
        self.discard = [0] * (self.K + 2)
        self.hands = [()] * n  # per seat, sorted (a list: a clone copies it)
        self.dir_deck = tuple(data.direction_cards)
        self.dir_discard = (0,) * 6
        self.evo = ((),) * n  # per seat: type * 2 + active
        self.evo_supply = tuple(data.evolution_cards)
        # asteroid board and countdown
        self.ring = (-1,) * self.R  # slot 0 is the lightning space A
        self.centre = -1
        self.token_pool = tuple(data.symbol_tokens)
        self.ring_pos = 0
        self.asteroid = data.countdown_start or game.options["length"]
        self.points = (0,) * n
        # turn
        self.turn = 0
        self.turns = 0
        self.round = 1
        self.sel = ()  # (dist card, distance, action card, action, range card, range)
        self.played = ()
        self.interrupted = False
        self.direction = -1
        self.activated = self.wild2 = self.extra_used = False  # this turn
        self.act_spaces = ()
        self.quake_edges = ()
        self.plan = None
        self.blocked = frozenset()
        self.ctx = F.CTX_TURN
        self.decider = 0
        self.pending_dino = ()  # (dino, space) about to land, awaiting decisions
        self.guard_use = 0  # players who decided to use their protection card against it
        self.drawn = -1  # the STAR card drawn for the lightning / debris
        self.impact_sum = 0
        self.impact = -1
        self.end_player = -1
        self.ending = None
        self.final = None
        self.finished = False
        self.won = ()
        self.start_stars = (-1,) * n  # per seat, the starting star chosen (a space)
        self.end_bonus = (0,) * n
        # per seat, the points each source brought (SCORE_PARTS order): they sum to the score
        self.score_parts = ((0,) * len(F.SCORE_PARTS),) * n
        first = game.options["first"]
        self.first = -1 if first == "random" else int(first)  # the start player (Kick-off the game)
        self.finish_round = bool(game.options["finish_round"])  # a designer's option, off by default
        self.offered = []  # the legal choices of the decision on top (``Decision.due``)
        self.steps.extend(F.first_steps(n, self.R, self.hand_size, self.first < 0))
        self._emit(Setup, n)
        self._advance()

    # ----- small queries ---------------------------------------------------------------------------
    def evo_types(self, seat: int) -> list[int]:
        return [c >> 1 for c in self.evo[seat]]

    def has_active(self, seat: int, etype: int) -> bool:
        return holds(self.evo[seat], etype * 2 + 1)

    def evo_level(self, seat: int) -> int:
        return max((EVO_LEVEL[c >> 1] for c in self.evo[seat]), default=0)

    def allies(self, seat: int) -> int:
        """Alliances: seats sharing a Shelter space with ``seat`` (3+ players only)."""
        if not self.alliances or not self.world.shelter_n[seat]:
            return 0  # no Shelter of its own: no space shared
        bit = 1 << seat
        out = 0
        for m in self.world.shelters:
            if m & bit:
                out |= m
        return out & ~bit

    def restriction(self) -> int:
        """Asteroid board, Symbol Cards: the symbol the first card must show (ALL = none)."""
        if self.ring_pos == 0:
            return ALL_SYMBOLS
        sym = self.ring[self.ring_pos]
        return ALL_SYMBOLS if sym < 0 else sym

    def hand_limit(self, seat: int) -> int:
        extra = 1 if self.world.shelter_n[seat] else 0
        return self.hand_size + extra

    def shelters_left(self, seat: int) -> int:
        return self.shelter_cap - self.world.shelter_n[seat]

    def left_of(self, seat: int) -> tuple[int, ...]:
        """Seats from ``seat``'s left, ``seat`` last."""
        return self.lefts[seat]

    # ----- scores and the countdown (Score Chart) -------------------------------------------------------
    def gain(self, seat: int, points: int, part: int) -> None:
        """Move a score cube (``part``: where the points come from or go, an index into
        flow.SCORE_PARTS); a cube landing on the asteroid's number pushes it down."""
        new = max(0, self.points[seat] + points)
        parts = list(self.score_parts)
        parts[seat] = with_added(parts[seat], part, new - self.points[seat])
        self.score_parts = tuple(parts)
        self.points = with_item(self.points, seat, new)
        if points and not self._quiet:  # a playout keeps no log: no event built
            self._emit(Score, seat, points, new)
        if self.ending is None and self.final is None and new == self.asteroid and self.asteroid > 0:
            a = self.asteroid - 1
            while a > 0 and a in self.points:
                a -= 1
            self.asteroid = a
            self._emit(Asteroid, a)
            if a <= 0:
                self.ending = a

    def sync_evo(self) -> None:
        """Evolution card abilities as world flags (sea/mountain Explorers, protections)."""
        w = self.world
        w.ex_sea = w.ex_mountain = w.trex_guard = w.bronto_guard = 0
        for p, cards in enumerate(self.evo):
            bit = 1 << p
            for c in cards:
                t = c >> 1
                if t == EVO_SEA:
                    w.ex_sea |= bit
                elif t == EVO_MOUNTAIN:
                    w.ex_mountain |= bit
                elif c & 1 and t == EVO_TREX:
                    w.trex_guard |= bit
                elif c & 1 and t == EVO_BRONTO:
                    w.bronto_guard |= bit

    def set_active(self, seat: int, etype: int, active: bool) -> None:
        cards = list(self.evo[seat])
        src, dst = (etype * 2, etype * 2 + 1) if active else (etype * 2 + 1, etype * 2)
        cards[cards.index(src)] = dst
        self.set_evo(seat, tuple(sorted(cards)))
        self.sync_evo()

    def set_evo(self, seat: int, cards: tuple[int, ...]) -> None:
        evo = list(self.evo)
        evo[seat] = cards
        self.evo = tuple(evo)

    def drain(self) -> None:
        """Turn the world's events into log events and react to used protection cards (the
        world's ability flags then follow the cards again: ``sync_evo`` follows every other
        change of the cards, and the world changes its flags only when it uses a card)."""
        w = self.world
        if not w.events:
            return
        events = w.events
        w.events = []
        logged = not self._quiet  # a spent playout state keeps no log
        guarded = False
        for ev in events:
            if isinstance(ev, Ev.WGuard):
                guarded = True
                p, dino = ev.seat, ev.dino
                etype = EVO_TREX if dino < 2 else EVO_BRONTO
                if (etype * 2 + 1) in self.evo[p]:
                    cards = list(self.evo[p])
                    cards[cards.index(etype * 2 + 1)] = etype * 2
                    self.set_evo(p, tuple(sorted(cards)))
            if logged:
                self._record(ev)
        if guarded:
            self.sync_evo()

    # ----- cards -----------------------------------------------------------------------------------------
    def reshuffle(self) -> None:
        """The Reshuffle card: everything not on a player board goes back into the pile."""
        deck, discard = self.deck, self.discard
        for k in range(len(deck)):
            deck[k] += discard[k]
            self.deck_size += discard[k]
            discard[k] = 0
        self.deck_kinds = held_kinds(deck)
        self._emit(Reshuffle)

    def deal(self, kind: int) -> None:
        """A STAR card of ``kind`` leaves the pile."""
        deck = self.deck
        deck[kind] -= 1
        self.deck_size -= 1
        if not deck[kind]:  # the last of its kind: no longer an outcome of a draw
            kinds = self.deck_kinds
            i = 0
            while kinds[i] != kind:
                i += 1
            self.deck_kinds = kinds[:i] + kinds[i + 1 :]

    def take_card(self, seat: int, kind: int) -> None:
        hand = list(self.hands[seat])
        hand.remove(kind)
        self._set_hand(seat, tuple(hand))

    def take_cards(self, seat: int, kinds: tuple[int, ...]) -> None:
        """``take_card`` of each of ``kinds``, in order."""
        hand = list(self.hands[seat])
        for kind in kinds:
            hand.remove(kind)
        self._set_hand(seat, tuple(hand))

    def give_card(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]  # sorted: the card goes in before the first higher one
        i = 0
        while i < len(hand) and hand[i] <= kind:
            i += 1
        new = list(hand)
        new.insert(i, kind)
        self._set_hand(seat, tuple(new))

    def _set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        self.hands[seat] = hand

    def discard_card(self, kind: int) -> None:
        """A STAR card onto the discard pile."""
        self.discard[kind] += 1

    # ----- engine hooks ----------------------------------------------------------------------------------
    def _turn_count(self) -> int:
        return self.turns

    def clone(self) -> PangaeaState:
        return PangaeaState(self.game, self)

    # ----- clone: generated by scripts/state_fields.py from the field declarations; do not edit
    def _copy_fields(self, new: State) -> None:
        """Every declared field, by name: lists (and the types with their own ``copy()``)
        copied, the rest shared (immutable, or replaced rather than changed by the rules)."""
        assert isinstance(new, PangaeaState)
        new.A = self.A
        new.K = self.K
        new.R = self.R
        new.RESHUFFLE = self.RESHUFFLE
        new.WILD = self.WILD
        new.act_spaces = self.act_spaces
        new.activated = self.activated
        new.advanced = self.advanced
        new.alliances = self.alliances
        new.asteroid = self.asteroid
        new.blocked = self.blocked
        new.cards = self.cards
        new.centre = self.centre
        new.ctx = self.ctx
        new.decider = self.decider
        new.deck = self.deck[:]
        new.deck_kinds = self.deck_kinds
        new.deck_size = self.deck_size
        new.dir_deck = self.dir_deck
        new.dir_discard = self.dir_discard
        new.direction = self.direction
        new.discard = self.discard[:]
        new.drawn = self.drawn
        new.end_bonus = self.end_bonus
        new.end_player = self.end_player
        new.ending = self.ending
        new.evo = self.evo
        new.evo_supply = self.evo_supply
        new.extra_used = self.extra_used
        new.final = self.final
        new.finish_round = self.finish_round
        new.finished = self.finished
        new.first = self.first
        new.guard_use = self.guard_use
        new.hand_size = self.hand_size
        new.hands = self.hands[:]
        new.impact = self.impact
        new.impact_sum = self.impact_sum
        new.interrupted = self.interrupted
        new.lefts = self.lefts
        new.novice_range = self.novice_range
        new.offered = self.offered
        new.pending_dino = self.pending_dino
        new.plan = self.plan
        new.played = self.played
        new.points = self.points
        new.quake_edges = self.quake_edges
        new.ring = self.ring
        new.ring_pos = self.ring_pos
        new.round = self.round
        new.score_parts = self.score_parts
        new.sel = self.sel
        new.shelter_cap = self.shelter_cap
        new.start_stars = self.start_stars
        new.token_pool = self.token_pool
        new.turn = self.turn
        new.turns = self.turns
        new.wild2 = self.wild2
        new.won = self.won
        new.world = self.world.copy()

    # ----- end of the generated clone

    def advance_token(self, steps_: int) -> None:
        """The asteroid token walks clockwise, never past the lightning space A."""
        for _ in range(steps_):
            if self.ring_pos == 0:
                break
            self.ring_pos = (self.ring_pos + 1) % self.R
            if not self._quiet:
                self._emit(TokenMoves, self.ring_pos)
            if self.ring_pos == 0:
                break

    def top_step(self) -> PangaeaStep | None:
        """The step on top of the flow (``None`` once the game is over)."""
        return cast("PangaeaStep", self.steps[-1]) if self.steps else None

    def begin_end(self) -> None:
        """The End Game takes over the flow (``PangaeaStep.takes_over``)."""
        end_game.begin_end(self)

    # ----- scoring -------------------------------------------------------------------------------------
    def _scores(self) -> list[int]:
        return list(self.points)

    def _winners(self) -> list[int]:
        return list(self.won)

    def _end_reason(self) -> str | None:  # The End Game: no Shelter left is its own reason
        return "impact" if self.won else "nobody_survives"

    def seat_roles(self) -> dict[str, list[str | None]]:
        cols = self.world.geo.cols
        return {"star": [f"r{s // cols}c{s % cols}" if s >= 0 else None for s in self.start_stars]}

    def play_order(self) -> list[int]:  # Kick-off: from the start player; stars are chosen so too
        return [] if self.first < 0 else [(self.first + k) % self.num_players for k in range(self.num_players)]

    def choice_order(self) -> list[int]:
        return self.play_order()


__all__ = ["NUM_EVO", "PangaeaState", "draw_from_pile", "layout_for"]
