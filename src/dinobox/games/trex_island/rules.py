"""Escape from T-Rex Island rules: the state as flat data and the rules as functions over it.

The flow is a stack of pending tasks ``(kind, a, b)``: the top task says what happens next (a
chance draw, a decision, an automatic step). ``_advance`` runs automatic tasks until one needs a
chance outcome or a decision. Rulebook sections are cited by their headings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dinobox.engine.state import CHANCE, TERMINAL, State
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island.data import (
    ATTACK_PTERO,
    ATTACK_RAPTOR,
    ATTACK_SPINO,
    ATTACK_TREX,
    EXPLORER,
    FOOD1,
    FOOD2,
    FOOD3,
    HUNTER,
    JOURNALIST,
    NUM_CARD_TYPES,
    NUM_TOKEN_KINDS,
    RAPTOR,
    SCOUT,
    SHOTGUN,
    SMG,
    SPINO,
    SURVIVOR,
    TREX,
)

if TYPE_CHECKING:
    from dinobox.games.trex_island.board import Board
    from dinobox.games.trex_island.data import TRexIslandData
    from dinobox.games.trex_island.game import TRexIslandGame

T: Final = NUM_CARD_TYPES
K: Final = NUM_TOKEN_KINDS
START: Final = -1  # a team still behind the starting arrow
LOST: Final = -2  # a team with no crew left (out of the game)

# Task kinds (the top of ``tasks`` is next).
CHAR_PICK: Final = 0  # decision: (CHAR_PICK, seat, 0) Set-up 1
CHAR_RANDOM: Final = 1  # chance: (CHAR_RANDOM, seat, 0)
DEAL: Final = 2  # automatic: deal the opening hands
DRAW: Final = 3  # chance: (DRAW, seat, n) n cards from the draw deck
FIRST: Final = 4  # chance: the first player
TURN: Final = 5  # automatic: (TURN, seat, 0)
ACT: Final = 6  # decision: (ACT, seat, 0) one of the two actions of a turn
PILE: Final = 7  # decision: (PILE, seat, card) which discard pile takes the played card
TOKEN_ASK: Final = 8  # decision: (TOKEN_ASK, seat, die) draw a game token here?
TOKEN_DRAW: Final = 9  # chance: (TOKEN_DRAW, seat, die)
CARNIVORE: Final = 10  # automatic: (CARNIVORE, seat, card) the card's effect, if triggered
TREX_HUNT: Final = 11  # automatic: (TREX_HUNT, seat, steps) the T-Rex appears if need be and walks
TREX_WAY: Final = 12  # decision: (TREX_WAY, seat, steps) a tie in distance: the card's player chooses
ATTACK: Final = 13  # automatic or decision (defence): (ATTACK, die, amount * 8 + attack kind)
END_ACTION: Final = 14  # automatic: (END_ACTION, seat, 0)
CHOOSER: Final = 15  # chance: the seat that chooses a character first (Set-up 1), then clockwise

# Bits of ``perks[seat]``: what a character may still use once.
FREE_SHOTGUN: Final = 1
EVADE_RAPTOR: Final = 2
EVADE_PTERO: Final = 4


def _put(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with item ``i`` replaced: how a copy-on-write field changes."""
    out = list(items)
    out[i] = value
    return tuple(out)


def _put_pile(piles: tuple[tuple[int, ...], ...], i: int, pile: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (pile, piles[1]) if i == 0 else (piles[0], pile)


class Facts:
    """The board's and the data's facts the hot paths read, in one compiled object that every
    state of a game shares (the board and the data are plain Python objects, slower to read)."""

    def __init__(self, board: Board, data: TRexIslandData) -> None:
        self.helipad: int = board.helipad
        self.start: int = board.start
        self.size: int = board.size
        self.kind: tuple[int, ...] = board.kind
        self.next: tuple[tuple[int, ...], ...] = board.next
        self.rest_index: tuple[int, ...] = board.rest_index
        self.rests_ahead: tuple[int, ...] = board.rests_ahead
        self.picture_needs: tuple[int, ...] = tuple(data.picture_needs)
        self.hand_size: int = data.hand_size
        self.journalist_hand_size: int = data.journalist_hand_size
        self.scout_free_survivors: int = data.scout_free_survivors
        self.survivors_per_can: int = data.survivors_per_can


class TRexIslandState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: TRexIslandGame

    def __init__(self, game: TRexIslandGame, copy_of: TRexIslandState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        board = game.board
        n = game.num_players
        self.board = board
        self.facts = Facts(board, data)
        # Copy-on-write fields are tuples (clones share them; a change builds a new tuple): the
        # ones that change rarely. The lists (hand, deck, tasks) change most steps.
        self.chars: tuple[int, ...] = (-1,) * n
        crew = data.family_crew if game.options["family"] else data.start_crew
        self.pos: tuple[int, ...] = (START,) * (3 * n)
        self.crew: tuple[int, ...] = (crew,) * (3 * n)
        self.occ: tuple[int, ...] = (0,) * board.size
        self.hand = [0] * (n * T)
        self.deck = list(data.cards)
        self.piles: tuple[tuple[int, ...], ...] = ((), ())
        self.trophies: tuple[int, ...] = (0,) * (n * T)  # trophy cards by card type
        self.held: tuple[int, ...] = (0,) * (n * K)
        self.pool: tuple[int, ...] = tuple(data.token_sets[n - 2])
        self.rest_left: tuple[int, ...] = (data.tokens_per_rest[n - 2],) * len(board.rests)
        self.perks: tuple[int, ...] = (0,) * n
        self.trex = -1
        self.arrivals: tuple[int, ...] = ()
        self.turn_player = 0
        self.first_player = 0
        self.first_chooser = -1  # drawn at random before the characters are chosen (Set-up 1)
        self.actions_done = 0
        self.turns = 0
        self.passes = 0
        self.tasks: list[tuple[int, int, int]] = [(DEAL, 0, 0)]
        self._dcache: dict[int, dict[int, int]] | None = None  # destinations at this position
        if game.options["characters"] == "random":
            for seat in reversed(range(n)):
                self.tasks.append((CHAR_RANDOM, seat, 0))
        else:
            self.tasks.append((CHOOSER, 0, 0))
        self._advance()

    # ----- small queries -------------------------------------------------------------------
    def choosing_order(self) -> tuple[int, ...]:
        """Set-up 1: the seats in the order they choose their characters (the seat drawn first,
        then clockwise); empty before that draw and when characters are dealt at random."""
        first = self.first_chooser
        if first < 0:
            return ()
        n = self.num_players
        return tuple((first + i) % n for i in range(n))

    def hand_limit(self, seat: int) -> int:
        facts = self.facts
        return facts.journalist_hand_size if self.chars[seat] == JOURNALIST else facts.hand_size

    def hand_count(self, seat: int) -> int:
        base = seat * T
        return sum(self.hand[base : base + T])

    def on_map(self, die: int) -> bool:
        """A team on the island: past the arrow, not at the helipad, not lost."""
        p = self.pos[die]
        return p >= 0 and p != self.facts.helipad

    def cans(self, seat: int) -> int:
        base = seat * K
        held = self.held
        return held[base + FOOD1] + 2 * held[base + FOOD2] + 3 * held[base + FOOD3]

    def food_capacity(self, seat: int) -> int:
        """Food token: survivors this seat can feed (the Boy Scout feeds some for free)."""
        facts = self.facts
        free = facts.scout_free_survivors if self.chars[seat] == SCOUT else 0
        return self.cans(seat) * facts.survivors_per_can + free

    def rescued(self, seat: int) -> int:
        """Survivors of this seat's teams at the helipad."""
        return sum(self.crew[d] for d in self.arrivals if d // 3 == seat)

    def trophy_count(self, seat: int, herbivore: int) -> int:
        base = seat * T + herbivore * 3
        return self.trophies[base] + self.trophies[base + 1] + self.trophies[base + 2]

    def tops(self, kind: int) -> int:
        """How many of the two discard piles show a card of this kind on top."""
        return sum(1 for pile in self.piles if pile and pile[-1] // 3 == kind)

    def can_rebuild(self) -> bool:
        return any(len(pile) > 1 for pile in self.piles)

    def tokens_within_reach(self) -> int:
        """Face-down tokens at rest points some team on the island (or at the start) can still reach."""
        facts = self.facts
        mask = 0
        helipad = facts.helipad
        ahead = facts.rests_ahead
        size = facts.size
        for p in self.pos:
            if p == START:
                mask |= ahead[size]
            elif p >= 0 and p != helipad:
                mask |= ahead[p]
        return sum(left for i, left in enumerate(self.rest_left) if mask >> i & 1)

    # ----- movement -------------------------------------------------------------------------
    def destinations(self, position: int, colour: int) -> dict[int, int]:
        """Moving a team: where a card of ``colour`` may take a die from ``position``, each with
        1 if the only way there passes the T-Rex (costing one man), else 0."""
        key = position * 4 + colour
        cache = self._dcache
        if cache is None:
            cache = self._dcache = {}
        else:
            hit = cache.get(key)
            if hit is not None:
                return hit
        facts = self.facts
        kind = facts.kind
        nxt = facts.next
        occ = self.occ
        trex = self.trex
        helipad = facts.helipad
        out: dict[int, int] = {}
        # stack entries: space * 2 + (1 if the way so far passed the T-Rex)
        stack = [facts.start * 2] if position == START else [t * 2 for t in nxt[position]]
        while stack:
            code = stack.pop()
            s = code >> 1
            passed = code & 1
            if s == trex:  # no die may stop on the T-Rex; going beyond costs a man
                for t in nxt[s]:
                    stack.append(t * 2 + 1)
                continue
            k = kind[s]
            if k == colour:
                if not occ[s]:
                    if passed < out.get(s, 2):
                        out[s] = passed
                    continue
            elif k >= 3:  # a rest point (any number of dice) or the helipad
                if passed < out.get(s, 2):
                    out[s] = passed
                if s == helipad:
                    continue
            for t in nxt[s]:
                stack.append(t * 2 + passed)
        cache[key] = out
        return out

    # ----- engine hooks ----------------------------------------------------------------------
    def _turn_count(self) -> int:
        return self.turns

    def clone(self) -> TRexIslandState:
        return TRexIslandState(self.game, self)

    def _copy_fields(self, new: State) -> None:
        """Every field, by name (a compiled state has no instance dict): the lists copied, the
        tuples (copy-on-write) shared."""
        assert isinstance(new, TRexIslandState)
        new._dcache = None
        new.actions_done = self.actions_done
        new.arrivals = self.arrivals
        new.board = self.board
        new.facts = self.facts
        new.chars = self.chars
        new.crew = self.crew
        new.deck = self.deck[:]
        new.first_chooser = self.first_chooser
        new.first_player = self.first_player
        new.hand = self.hand[:]
        new.held = self.held
        new.occ = self.occ
        new.passes = self.passes
        new.perks = self.perks
        new.piles = self.piles
        new.pool = self.pool
        new.pos = self.pos
        new.rest_left = self.rest_left
        new.tasks = self.tasks[:]
        new.trex = self.trex
        new.trophies = self.trophies
        new.turn_player = self.turn_player
        new.turns = self.turns

    def _chance(self) -> tuple[Sequence[int], Sequence[float]]:
        kind = self.tasks[-1][0]
        if kind == DRAW:
            deck = self.deck
            outs = [t for t in range(T) if deck[t]]
            return outs, [deck[t] for t in outs]
        if kind == TOKEN_DRAW:
            pool = self.pool
            outs = [t for t in range(K) if pool[t]]
            return outs, [pool[t] for t in outs]
        if kind in (FIRST, CHOOSER):
            return range(self.num_players), [1] * self.num_players
        if kind == CHAR_RANDOM:
            outs = [c for c in range(4) if c not in self.chars]
            return outs, [1] * len(outs)
        raise AssertionError(f"no chance at task {kind}")  # pragma: no cover

    def _legal(self) -> list[int]:
        kind, a, b = self.tasks[-1]
        if kind == ACT:
            return self._act_actions(a)
        if kind == PILE:
            return [A.PILE, A.PILE + 1]
        if kind == TOKEN_ASK:
            return [A.TOKEN_TAKE, A.TOKEN_LEAVE]
        if kind == ATTACK:
            return [A.REACT + r for r in self.defences(b & 7, a)]
        if kind == TREX_WAY:
            return [A.TREX_WAY + s for s in self.trex_ends(b)[0]]
        if kind == CHAR_PICK:
            return [A.CHARACTER + c for c in range(4) if c not in self.chars]
        raise AssertionError(f"no decision at task {kind}")  # pragma: no cover

    def _act_actions(self, seat: int) -> list[int]:
        """Turn sequence: every action open to ``seat`` now (moves, pictures, draw; else pass)."""
        base = seat * T
        mine = self.hand[base : base + T]
        out: list[int] = []
        # card types held, per colour, as their MOVE offsets (t * 192)
        by_colour = [[t * 192 for t in range(c, T, 3) if mine[t]] for c in range(3)]
        if by_colour[0] or by_colour[1] or by_colour[2]:
            helipad = self.facts.helipad
            pos = self.pos
            crew = self.crew
            capacity = -1
            started = False
            for k in range(3):
                d = seat * 3 + k
                p = pos[d]
                if p in (LOST, helipad):
                    continue
                if p == START:
                    if started:  # the teams behind the arrow are alike: offer the first only
                        continue
                    started = True
                men = crew[d]
                for c in range(3):
                    offsets = by_colour[c]
                    if not offsets:
                        continue
                    for s, passed in self.destinations(p, c).items():
                        if passed and men < 2:
                            continue  # passing the T-Rex would cost the last man
                        if s == helipad:
                            if capacity < 0:
                                capacity = self.food_capacity(seat) - self.rescued(seat)
                            if men - passed > capacity:
                                continue  # Food token: not enough food for this crew
                        code = A.MOVE + k * 64 + s
                        out.extend([code + off for off in offsets])
        piles = self.piles
        top0 = piles[0][-1] // 3 if piles[0] else -1
        top1 = piles[1][-1] // 3 if piles[1] else -1
        if top0 < 3 or top1 < 3:
            needs = self.facts.picture_needs
            for h in range(3):
                m = (top0 == h) + (top1 == h)
                if not m:
                    continue
                need = max(1, needs[h] - m)
                hb = h * 3
                base_a = A.PICTURE + h * A.PICTURE_WAYS
                if need == 1:
                    out.extend(base_a + c for c in range(3) if mine[hb + c])
                else:
                    for j, (x, y) in enumerate(A.PAIRS):
                        if mine[hb + x] and mine[hb + y] and (x != y or mine[hb + x] >= 2):
                            out.append(base_a + 3 + j)
        if self.may_draw(seat):
            out.append(A.DRAW)
        shots = self.shots(seat)
        if not out:
            return [A.PASS, *shots]
        out.sort()
        out.extend(shots)
        return out

    def may_draw(self, seat: int) -> bool:
        """Drawing card: the first action may always draw (while a card is left to draw), even
        past the hand size; the second action only below it (Turn sequence)."""
        if not (any(self.deck) or self.can_rebuild()):
            return False
        return self.actions_done == 0 or self.hand_count(seat) < self.hand_limit(seat)

    def shots(self, seat: int) -> list[int]:
        """Shotgun token: the Shotguns ``seat`` may fire at the T-Rex on the map now."""
        if self.trex < 0:
            return []
        out = []
        if self.held[seat * K + SHOTGUN]:
            out.append(A.SHOOT + A.SHOOT_TOKEN)
        if self.perks[seat] & FREE_SHOTGUN:
            out.append(A.SHOOT + A.SHOOT_FREE)
        return out

    def defences(self, attack: int, die: int) -> list[int]:
        """Ways the owner of ``die`` may answer this attack (always including taking it)."""
        seat = die // 3
        held = self.held
        out = [A.TAKE_IT]
        beast = attack in (ATTACK_RAPTOR, ATTACK_PTERO)
        if beast and held[seat * K + SMG]:
            out.append(A.USE_SMG)
        if held[seat * K + SHOTGUN]:
            out.append(A.USE_SHOTGUN)
        if self.perks[seat] & FREE_SHOTGUN:
            out.append(A.USE_FREE_SHOTGUN)
        if beast and self.perks[seat] & (EVADE_RAPTOR if attack == ATTACK_RAPTOR else EVADE_PTERO):
            out.append(A.EVADE)
        return out

    def trex_targets(self, start: int) -> list[int]:
        """T-Rex: spaces of teams it may hunt (teams in its starting space are immune)."""
        helipad = self.facts.helipad
        return sorted({p for p in self.pos if p >= 0 and p != helipad and p != start})

    def trex_ends(self, steps: int) -> tuple[list[int], int]:
        """T-Rex: the spaces it may end on walking ``steps`` toward the nearest team (more than
        one on a tie), and the distance to that team."""
        start = self.trex
        targets = self.trex_targets(start)
        if not targets:
            return [], 0
        dist = self.board.dist
        row = dist[start]
        near = min(row[t] for t in targets)
        nearest = [t for t in targets if row[t] == near]
        j = min(steps, near)
        left = near - j
        ends = [u for u in range(self.board.size) if row[u] == j and any(dist[u][t] == left for t in nearest)]
        return ends, near

    # ----- applying ------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        tasks = self.tasks
        kind, a, b = tasks[-1]
        if self._player == CHANCE:
            self._apply_chance(kind, a, b, action)
        elif kind == ACT and action >= A.SHOOT:
            self._shoot(a, action - A.SHOOT)  # a free action: the turn's action is still to come
        elif kind == ACT:
            tasks.pop()
            self._apply_act(a, action)
        elif kind == PILE:
            tasks.pop()
            self._discard(a, b, action - A.PILE)
        elif kind == TOKEN_ASK:
            if action == A.TOKEN_TAKE:
                tasks[-1] = (TOKEN_DRAW, a, b)
            else:
                tasks.pop()
                self._emit("token_left", (a, b))
        elif kind == ATTACK:
            tasks.pop()
            self._defend(a, b >> 3, b & 7, action - A.REACT)
        elif kind == TREX_WAY:
            tasks.pop()
            self._trex_to(a, action - A.TREX_WAY, b)
        elif kind == CHAR_PICK:
            tasks.pop()
            self._take_character(a, action - A.CHARACTER)
        self._dcache = None
        self._advance()

    def _apply_chance(self, kind: int, a: int, b: int, outcome: int) -> None:
        tasks = self.tasks
        if kind == DRAW:
            self.deck[outcome] -= 1
            self.hand[a * T + outcome] += 1
            self._emit("draw", (a, outcome), (a,))
            if b > 1:
                tasks[-1] = (DRAW, a, b - 1)
            else:
                tasks.pop()
        elif kind == TOKEN_DRAW:
            tasks.pop()
            self._token(a, b, outcome)
        elif kind == FIRST:
            tasks.pop()
            self.first_player = outcome
            self._emit("first", (outcome,))
            tasks.append((TURN, outcome, 0))
        elif kind == CHAR_RANDOM:
            tasks.pop()
            self._take_character(a, outcome)
        elif kind == CHOOSER:
            tasks.pop()
            self.first_chooser = outcome
            order = self.choosing_order()
            self._emit("choosers", order)
            for seat in reversed(order):
                tasks.append((CHAR_PICK, seat, 0))

    def _take_character(self, seat: int, character: int) -> None:
        """Set-up 1: the character card and the dice of its colour."""
        self.chars = _put(self.chars, seat, character)
        if character == HUNTER:
            self.perks = _put(self.perks, seat, FREE_SHOTGUN)
        elif character == EXPLORER:
            self.perks = _put(self.perks, seat, EVADE_RAPTOR | EVADE_PTERO)
        self._emit("character", (seat, character))

    def _apply_act(self, seat: int, action: int) -> None:
        tasks = self.tasks
        tasks.append((END_ACTION, seat, 0))
        if action == A.PASS:
            self.passes += 1
            self._emit("pass", (seat,))
            return
        self.passes = 0
        if action == A.DRAW:
            self._emit("draws", (seat,))
            tasks.append((DRAW, seat, 1))
        elif action < A.PICTURE:
            card, slot, space = A.split_move(action)
            self._move(seat, seat * 3 + slot, card, space)
        else:
            self._picture(seat, *A.split_picture(action))

    def _move(self, seat: int, die: int, card: int, space: int) -> None:
        """Moving a team: the die jumps to ``space``; passing the T-Rex costs one man."""
        passed = self.destinations(self.pos[die], card % 3)[space]
        self.hand[seat * T + card] -= 1
        old = self.pos[die]
        if old >= 0:
            self.occ = _put(self.occ, old, self.occ[old] - 1)
        self.pos = _put(self.pos, die, space)
        self.occ = _put(self.occ, space, self.occ[space] + 1)
        if passed:
            self.crew = _put(self.crew, die, self.crew[die] - 1)
        self._emit("move", (seat, die, card, space, passed))
        board = self.facts
        tasks = self.tasks
        # Tasks run last pushed first: the discard, then the carnivore effect (Carnivore cards: it
        # triggers right after the move), then the token draw at a rest point (Game Tokens).
        if space == board.helipad:
            self.arrivals = (*self.arrivals, die)
            self._emit("arrive", (seat, die, self.crew[die], len(self.arrivals)))
        elif board.kind[space] >= 3 and self.rest_left[board.rest_index[space]]:
            tasks.append((TOKEN_ASK, seat, die))
        if card // 3 >= RAPTOR:
            tasks.append((CARNIVORE, seat, card))
        tasks.append((PILE, seat, card))

    def _discard(self, seat: int, card: int, pile: int) -> None:
        """Moving a team: the played card goes face up on the discard pile of the player's choice."""
        self.piles = _put_pile(self.piles, pile, (*self.piles[pile], card))
        self._emit("discard", (seat, card, pile))

    def _picture(self, seat: int, herbivore: int, colours: tuple[int, ...]) -> None:
        """Taking dino picture: one played card becomes the trophy; the other cards of the kind
        (matching pile tops, a second played card) go to the bottom of the discard piles."""
        base = seat * T + herbivore * 3
        for c in colours:
            self.hand[base + c] -= 1
        slot = seat * T + herbivore * 3 + colours[0]
        self.trophies = _put(self.trophies, slot, self.trophies[slot] + 1)
        piles = list(self.piles)
        first = -1
        for i in (0, 1):
            pile = piles[i]
            if pile and pile[-1] // 3 == herbivore:
                piles[i] = (pile[-1], *pile[:-1])
                if first < 0:
                    first = i
        if len(colours) > 1:
            piles[first] = (herbivore * 3 + colours[1], *piles[first])
        self.piles = tuple(piles)
        self._emit("picture", (seat, herbivore, len(colours)))

    def _token(self, seat: int, die: int, token: int) -> None:
        """Game Tokens: the token is revealed at once and takes effect."""
        self.pool = _put(self.pool, token, self.pool[token] - 1)
        rest = self.board.rest_index[self.pos[die]]
        self.rest_left = _put(self.rest_left, rest, self.rest_left[rest] - 1)
        self._emit("token", (seat, die, token))
        if token == SPINO:
            self.tasks.append((ATTACK, die, self.game.data.spino_loss * 8 + ATTACK_SPINO))
        elif token == SURVIVOR:
            self.crew = _put(self.crew, die, min(self.game.data.max_crew, self.crew[die] + 1))
        else:
            self.held = _put(self.held, seat * K + token, self.held[seat * K + token] + 1)

    # ----- carnivores ----------------------------------------------------------------------
    def _carnivore(self, seat: int, card: int) -> None:
        """Carnivore cards: the effect triggers when enough of the kind are on the table (the
        tops of the two discard piles)."""
        kind = card // 3
        data = self.game.data
        count = self.tops(kind)
        if count < data.carnivore_icons[kind - RAPTOR]:
            return
        if kind == TREX:
            self.tasks.append((TREX_HUNT, seat, data.trex_steps[min(count, 2) - 1]))
            return
        live = [d for d in self._table_order(seat) if self.on_map(d)]
        if not live:
            self._emit("no_prey", (seat, kind))
            return
        if kind == RAPTOR:
            home = self.board.to_helipad
            best = min(home[self.pos[d]] for d in live)
            hit = [d for d in live if home[self.pos[d]] == best]
            attack = ATTACK_RAPTOR
        else:
            best = max(self.crew[d] for d in live)
            hit = [d for d in live if self.crew[d] == best]
            attack = ATTACK_PTERO
        self._emit("strike", (seat, kind, tuple(hit)))
        self.tasks.extend((ATTACK, d, 8 + attack) for d in reversed(hit))

    def _table_order(self, seat: int) -> list[int]:
        """Every die, from the acting seat's first team clockwise."""
        n = self.num_players
        return [((seat + i) % n) * 3 + k for i in range(n) for k in range(3)]

    def _place_trex(self) -> None:
        """T-Rex meeple: it appears the set number of spaces behind the slowest team, or next to
        the starting arrow when there are fewer spaces behind that team."""
        board = self.board
        home = board.to_helipad
        live = [self.pos[d] for d in range(len(self.pos)) if self.on_map(d)]
        behind = self.game.data.trex_behind
        space = board.start
        if live:
            slowest = min(live, key=lambda s: (-home[s], s))
            if board.depth[slowest] >= behind:
                space = slowest
                for _ in range(behind):
                    space = board.back[space]
        self.trex = space
        self._emit("trex_appears", (space,))

    def _trex_hunt(self, seat: int, steps: int) -> None:
        if self.trex < 0:
            self._place_trex()
        ends, _ = self.trex_ends(steps)
        if not ends:
            self._emit("trex_idle", ())
            return
        if len(ends) > 1:
            self.tasks.append((TREX_WAY, seat, steps))
            return
        self._trex_to(seat, ends[0], steps)

    def _trex_to(self, seat: int, space: int, steps: int) -> None:
        """The T-Rex walks to ``space``; if a team is there it stops and devours."""
        self.trex = space
        prey = [d for d in self._table_order(seat) if self.pos[d] == space]
        self._emit("trex_moves", (seat, space, tuple(prey)))
        if not prey:
            return
        bite = self.game.data.trex_bite if len(prey) == 1 else 1
        self.tasks.extend((ATTACK, d, bite * 8 + ATTACK_TREX) for d in reversed(prey))

    def _defend(self, die: int, amount: int, attack: int, reaction: int) -> None:
        """An attack on one team: its owner takes the loss or cancels it (SMG, Shotgun, the
        Hunter's free Shotgun, the Explorer's evasion)."""
        seat = die // 3
        if self.chars[seat] == EXPLORER and attack in (ATTACK_RAPTOR, ATTACK_PTERO):
            # Character Cards: the evasion covers the first attack of each kind only.
            self.perks = _put(
                self.perks, seat, self.perks[seat] & ~(EVADE_RAPTOR if attack == ATTACK_RAPTOR else EVADE_PTERO)
            )
        if reaction == A.TAKE_IT:
            self._lose(die, amount, attack)
            return
        if reaction == A.USE_SMG:
            self.held = _put(self.held, seat * K + SMG, self.held[seat * K + SMG] - 1)
        elif reaction == A.USE_SHOTGUN:
            self.held = _put(self.held, seat * K + SHOTGUN, self.held[seat * K + SHOTGUN] - 1)
        elif reaction == A.USE_FREE_SHOTGUN:
            self.perks = _put(self.perks, seat, self.perks[seat] & ~FREE_SHOTGUN)
        self._emit("defend", (seat, die, attack, reaction))
        if reaction == A.EVADE:
            self._evade_rest_of_strike(seat, attack)
        if attack == ATTACK_TREX and reaction in (A.USE_SHOTGUN, A.USE_FREE_SHOTGUN) and self.trex >= 0:
            self.trex = -1
            self._emit("trex_gone", (seat,))

    def _evade_rest_of_strike(self, seat: int, attack: int) -> None:
        """Character Cards: one card's strike is one attack, so the Explorer's evasion covers
        every one of the Explorer's teams it hits (a tie strikes several teams at once)."""
        tasks = self.tasks
        i = len(tasks) - 1
        while i >= 0 and tasks[i][0] == ATTACK and tasks[i][2] & 7 == attack:
            die = tasks[i][1]
            if die // 3 == seat:
                del tasks[i]
                if self.on_map(die):
                    self._emit("defend", (seat, die, attack, A.EVADE))
            i -= 1

    def _shoot(self, seat: int, weapon: int) -> None:
        """Shotgun token: used whenever its owner wants; fired at the T-Rex, it drives the meeple
        off the map (the Hunter's free Shotgun likewise, once per game)."""
        if weapon == A.SHOOT_TOKEN:
            self.held = _put(self.held, seat * K + SHOTGUN, self.held[seat * K + SHOTGUN] - 1)
        else:
            self.perks = _put(self.perks, seat, self.perks[seat] & ~FREE_SHOTGUN)
        self.passes = 0
        self.trex = -1
        self._emit("shoot", (seat, weapon))
        self._emit("trex_gone", (seat,))

    def _lose(self, die: int, amount: int, attack: int) -> None:
        crew = self.crew[die] - amount
        self._emit("loss", (die // 3, die, attack, min(amount, self.crew[die])))
        if crew <= 0:
            self.crew = _put(self.crew, die, 0)
            self.occ = _put(self.occ, self.pos[die], self.occ[self.pos[die]] - 1)
            self.pos = _put(self.pos, die, LOST)
            self._emit("team_lost", (die // 3, die))
        else:
            self.crew = _put(self.crew, die, crew)

    # ----- the flow -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Run automatic tasks until a chance node or a decision is reached."""
        tasks = self.tasks
        while True:
            kind, a, b = tasks[-1]
            if kind == TOKEN_ASK and not self.on_map(b):  # the team fell to the carnivore effect
                tasks.pop()
                continue
            if kind in (ACT, TOKEN_ASK, CHAR_PICK, TREX_WAY):
                self._player = a
                return
            if kind == DRAW:
                if not any(self.deck):
                    self._rebuild()
                    if not any(self.deck):
                        tasks.pop()
                        continue
                self._player = CHANCE
                return
            if kind == PILE:
                if self.piles[0] == self.piles[1]:  # both piles alike: no choice to make
                    tasks.pop()
                    self._discard(a, b, 0)
                    continue
                self._player = a
                return
            if kind in (TOKEN_DRAW, FIRST, CHAR_RANDOM, CHOOSER):
                self._player = CHANCE
                return
            if kind == ATTACK:
                if not self.on_map(a):
                    tasks.pop()
                    continue
                if len(self.defences(b & 7, a)) == 1:
                    tasks.pop()
                    self._lose(a, b >> 3, b & 7)
                    continue
                self._player = a // 3
                return
            tasks.pop()
            if kind == END_ACTION:
                if self._end_action(a):
                    self._player = TERMINAL
                    return
            elif kind == CARNIVORE:
                self._carnivore(a, b)
            elif kind == TREX_HUNT:
                self._trex_hunt(a, b)
            elif kind == TURN:
                self._start_turn(a)
            elif kind == DEAL:
                self._deal()

    def _deal(self) -> None:
        """Set-up 3 and 4: deal the opening hands (the Journalist gets more), then pick the
        first player at random."""
        tasks = self.tasks
        tasks.append((FIRST, 0, 0))
        for seat in reversed(range(self.num_players)):
            tasks.append((DRAW, seat, self.hand_limit(seat)))

    def _rebuild(self) -> None:
        """Drawing card: an empty draw deck is rebuilt from the discard piles but their tops, at
        the end of the action that emptied it (or, if the piles had nothing to give then, of the
        first action after which they have). A deck that runs out once no token is left to draw
        stays empty: that is the end of the game (Game Goal)."""
        moved = 0
        for pile in self.piles:
            for card in pile[:-1]:
                self.deck[card] += 1
                moved += 1
        self.piles = (self.piles[0][-1:], self.piles[1][-1:])
        if moved:
            self._emit("rebuild", (moved,))

    def _start_turn(self, seat: int) -> None:
        self.turn_player = seat
        self.actions_done = 0
        self.turns += 1
        self._emit("turn", (seat,))
        self.tasks.append((ACT, seat, 0))

    def _end_action(self, seat: int) -> bool:
        """After an action: the end of the game (Game Goal), the next action or the next turn."""
        self.actions_done += 1
        if not any(self.deck) and self.tokens_within_reach():
            self._rebuild()  # Drawing card: the moment the deck runs out (unless that ends the game)
        reason = self._game_over()
        if reason:
            self._emit("game_over", (reason,))
            self.tasks.clear()
            return True
        if self.actions_done < 2:
            self.tasks.append((ACT, seat, 0))
        else:
            self.tasks.append((TURN, (seat + 1) % self.num_players, 0))
        return False

    def _game_over(self) -> str:
        helipad = self.facts.helipad
        pos = self.pos
        for seat in range(self.num_players):
            if pos[seat * 3] == helipad and pos[seat * 3 + 1] == helipad and pos[seat * 3 + 2] == helipad:
                return "helipad"
        if not any(self.deck) and not self.tokens_within_reach():
            return "deck"
        if self.passes >= 2 * self.num_players:
            # A whole round of passes, first actions included: a first action passes only when
            # the deck is empty and the piles cannot refill it (it may always draw otherwise).
            # Nothing can change any more, so no token left can ever be drawn: the deck end.
            return "deck_stuck"
        return ""

    # ----- scoring ------------------------------------------------------------------------
    def score_parts(self, seat: int) -> dict[str, int]:
        """Game Score: teams at the helipad by arrival order, and trophies."""
        data = self.game.data
        vp = data.arrival_vp
        teams = sum(vp[min(i, len(vp) - 1)] * self.crew[d] for i, d in enumerate(self.arrivals) if d // 3 == seat)
        pictures = sum(self.trophy_count(seat, h) * data.trophy_vp[h] for h in range(3))
        return {"teams": teams, "trophies": pictures}

    def _scores(self) -> list[int]:
        return [sum(self.score_parts(p).values()) for p in range(self.num_players)]

    def _winners(self) -> list[int]:
        """Game Goal: most VP; a tie goes to the player with more survivors."""
        scores = self._scores()
        best = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == best]
        most = max(self.rescued(p) for p in tied)
        return [p for p in tied if self.rescued(p) == most]


__all__ = ["LOST", "START", "TRexIslandState"]
