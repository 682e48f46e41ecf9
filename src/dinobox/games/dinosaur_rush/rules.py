"""The Great Dinosaur Rush rules: the state as flat data and the rules as functions over it.

The flow is a stack of pending tasks (top = next), as in Dino Race: ``_advance`` runs the
automatic tasks until one needs a chance outcome or a decision. Rulebook sections are cited
by their headings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dinobox.engine.state import CHANCE, TERMINAL, State
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import scoring
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import OUTER, SITE, START, START_BIG, TAR, parse_board
from dinobox.games.dinosaur_rush.data import (
    BLUE,
    NUM_COLOURS,
    parse_bonus_spec,
)
from dinobox.games.dinosaur_rush.viewtypes import BonusScored, CategoryScore, FinalTally, RoundSummary

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.game import DinosaurRushGame

NC: Final = NUM_COLOURS
SLOTS: Final = K.SIZE_OF_ALLOCATION
GONE: Final = -(10**6)  # a Notoriety token back in the bag
# per donation combo: (colour, how many of it) for each colour it holds
_NO_BONES: Final[tuple[int, ...]] = (0,) * NC
_COMBO_NEEDS: Final = tuple(tuple((c, combo.count(c)) for c in sorted(set(combo))) for combo in A.COMBOS)

# Task kinds.
DEAL_PALEO: Final = 0  # chance (seat)
PICK_PALEO: Final = 1  # decision (seat)
DEAL_BONUS: Final = 2  # chance (seat, n)
SITE_BONES: Final = 3  # chance (site, n)
PILE_BONES: Final = 4  # chance (seat, n)
NOTORIETY: Final = 5  # chance (seat, cell or -1 for the seat's own tokens)
PLACE_START: Final = 6  # decision (seat)
MOVE: Final = 7  # decision (seat, survey?)
PUBLICIZE: Final = 8  # decision (seat)
ACTION: Final = 9  # decision (seat)
STEAL_MORE: Final = 10  # decision (seat, site)
BUILD: Final = 11  # decision (seat, 0 choose keep/fresh | 1 placing)
START_ROUND: Final = 12  # automatic
START_TURN: Final = 13  # automatic (seat)
END_TURN: Final = 14  # automatic (seat)
END_FIELD: Final = 15  # automatic
BEGIN_BUILD: Final = 16  # automatic (seat)
EXHIBIT: Final = 17  # automatic
END_ROUND: Final = 18  # automatic
RETURN_SITE: Final = 19  # automatic (site): Dynamite sends the site's bones to the bag
FIRST: Final = 20  # chance: the starting player, drawn at random (option first=random)

DECISIONS: Final = (PICK_PALEO, PLACE_START, MOVE, PUBLICIZE, ACTION, STEAL_MORE, BUILD)
CHANCES: Final = (DEAL_PALEO, DEAL_BONUS, SITE_BONES, PILE_BONES, NOTORIETY, FIRST)
_DECISION_BITS: Final = sum(1 << k for k in DECISIONS)
_CHANCE_BITS: Final = sum(1 << k for k in CHANCES)
# Donate: the combos a spare-bone count allows, by the counts capped at 3 (a combo takes at most
# 3 of a colour), filled in as met
_DONATABLE: Final[dict[int, tuple[int, ...]]] = {}


def _put(items: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``items`` with item ``i`` replaced: how a copy-on-write field changes."""
    out = list(items)
    out[i] = value
    return tuple(out)


def _add(items: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    out = list(items)
    out[i] += delta
    return tuple(out)


def _put_row(rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    out = list(rows)
    out[i] = row
    return tuple(out)


def _donatable(spare: list[int]) -> tuple[int, ...]:
    """Donate: the combos (indexes into ``A.COMBOS``) that ``spare`` bones per colour can pay."""
    key = 0
    for c in range(NC):
        key = key * 4 + max(0, min(spare[c], 3))
    found = _DONATABLE.get(key)
    if found is None:
        found = _DONATABLE[key] = tuple(
            i for i, needs in enumerate(_COMBO_NEEDS) if all(n <= spare[c] for c, n in needs)
        )
    return found


class DinosaurRushState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: DinosaurRushGame

    def __init__(self, game: DinosaurRushGame, copy_of: DinosaurRushState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        n = game.num_players
        self.board = parse_board(data.board)
        self.layout = A.ActionLayout(self.board.size)
        self.family: bool = game.options["family"]
        self.two_player: bool = game.options["two_player"]
        self.num_bonus = len(data.bonus_names)
        self.bonus_specs = tuple(parse_bonus_spec(s) for s in data.bonus_specs)
        in_play = (SITE, OUTER) if n >= 4 else (SITE,)
        self.bone_sites = tuple(c for c in range(self.board.size) if self.board.kinds[c] in in_play)
        starts = (START, START_BIG) if n >= 4 else (START,)
        self.start_spaces = tuple(c for c in range(self.board.size) if self.board.kinds[c] in starts)
        # Copy-on-write fields are tuples (clones share them; a change builds a new tuple). Only
        # the skeletons being built (``alloc``) and the flow (``tasks``) are lists.
        # Bones: the bag, every cell's bones (by colour), every pile, and the starting bones
        # (never lost).
        self.bag: tuple[int, ...] = tuple(data.bones)
        self.site: tuple[tuple[int, ...], ...] = (_NO_BONES,) * self.board.size
        self.pile: tuple[int, ...] = (0,) * (n * NC)
        self.start_bones: tuple[int, ...] = tuple(data.starting_bones) * n
        self.pos: tuple[int, ...] = (-1,) * n
        self.paleo: tuple[int, ...] = (-1,) * n
        self.abilities: tuple[str, ...] = ("",) * n  # each seat's paleontologist ability key
        self.paleo_left = (1 << len(data.paleontologist_names)) - 1
        # Bonus cards: bitmasks of the deck, each hand, and the cards scored so far.
        self.deck = (1 << self.num_bonus) - 1
        self.hands: tuple[int, ...] = (0,) * n
        self.scored_cards: tuple[int, ...] = (0,) * n
        # Notoriety: the bag by denomination, and each drawn token (value, where, who knows).
        self.nbag: tuple[int, ...] = tuple(0 if self.family else c for c in data.notoriety_counts)
        self.tok_value: tuple[int, ...] = ()
        self.tok_where: tuple[int, ...] = ()  # seat >= 0, -(cell + 1) on the board, GONE in the bag
        self.tok_known: tuple[int, ...] = ()
        self.notorious_this_round: tuple[int, ...] = (0,) * n
        # Museum and scores.
        start_row = data.two_player_start_row if self.two_player else 0
        self.rows: tuple[int, ...] = (start_row,) * 5
        self.vp: tuple[int, ...] = (0,) * n
        # Skeletons: the one being built (hidden) and the one last exhibited (public).
        self.alloc = [0] * (n * SLOTS)
        self.shown: tuple[tuple[int, ...] | None, ...] = (None,) * n
        self.built: tuple[bool, ...] = (False,) * n
        self.round = 0
        self.field_turn = 0
        self.order: tuple[int, ...] = tuple(range(n))
        self.starter = 0
        self.turn_player = -1
        self.turns = 0
        self.phase = "setup"
        self.round_log: tuple[RoundSummary, ...] = ()
        self.final: FinalTally | None = None
        self.tasks: list[tuple[int, int, int]] = []
        self._placing: list[int] | None = None  # Build: the placements worked out by the last step
        self._moves: list[tuple[int, tuple[int, ...]]] | None = None  # Move: destinations here
        first = game.options["first"]
        if first == "random":
            self.tasks.append((FIRST, 0, 0))  # Setup 11: the setup waits for the starting player
        else:
            self._set_starter(int(first))
        self._advance()

    # ----- setup -------------------------------------------------------------------------------
    def _set_starter(self, seat: int) -> None:
        """Setup 11: the starting player (option ``first``); the setup then runs from that seat."""
        n = self.num_players
        self.starter = seat
        self.order = tuple((seat + i) % n for i in range(n))
        self._emit("first", (seat, self.game.options["first"] == "random"))
        self._setup()

    def _setup(self) -> None:
        """Setup: paleontologist cards, bonus cards, starting bones, bones on the dig sites,
        then the paleontologists on their start spaces in clockwise order."""
        data = self.game.data
        tasks = self.tasks
        tasks.append((START_ROUND, 0, 0))
        for seat in reversed(self.order):
            tasks.append((PLACE_START, seat, 0))
        for cell in reversed(self.bone_sites):
            tasks.append((SITE_BONES, cell, data.bones_per_site))
        tasks.append((BEGIN_BUILD, -1, 0))  # marker: starting bones and bonus deals (see _deal_bonus)
        pick = PICK_PALEO if self.game.options["choose_paleontologists"] else DEAL_PALEO
        for seat in reversed(self.order):
            tasks.append((pick, seat, 0))

    def _after_paleontologists(self) -> None:
        """Setup 8-9: bonus cards and starting bones, once the paleontologists are known."""
        data = self.game.data
        start_bones = list(self.start_bones)
        bag = list(self.bag)
        pile = list(self.pile)
        for seat in range(self.num_players):
            if self.ability(seat) == "blue_start":
                start_bones[seat * NC + BLUE] += 1
            for c in range(NC):
                take = min(start_bones[seat * NC + c], bag[c])
                bag[c] -= take
                pile[seat * NC + c] += take
        self.start_bones = tuple(start_bones)
        self.bag = tuple(bag)
        self.pile = tuple(pile)
        for seat in reversed(self.order):
            count = data.bonus_dealt + (1 if self.ability(seat) == "three_bonus" else 0)
            self.tasks.append((DEAL_BONUS, seat, count))

    # ----- small queries ---------------------------------------------------------------------
    def ability(self, seat: int) -> str:
        return self.abilities[seat]

    def bones_of(self, seat: int) -> list[int]:
        return list(self.pile[seat * NC : seat * NC + NC])

    def site_bones(self, cell: int) -> list[int]:
        return list(self.site[cell])

    def tokens_of(self, seat: int) -> list[int]:
        return [i for i, w in enumerate(self.tok_where) if w == seat]

    def notoriety_of(self, seat: int) -> int:
        values = self.game.data.notoriety_values
        return sum(values[self.tok_value[i]] for i in self.tokens_of(seat))

    def board_tokens(self, cell: int) -> list[int]:
        """The sabotage tokens lying face down on ``cell`` (Sabotage lets them pile up)."""
        where = -(cell + 1)
        return [i for i, w in enumerate(self.tok_where) if w == where]

    def occupied(self, cell: int) -> bool:
        return cell in self.pos

    def _turn_count(self) -> int:
        return self.turns

    def destinations(self, seat: int) -> list[tuple[int, tuple[int, ...]]]:
        """Move: straight lines from the paleontologist; (destination, cells crossed incl. it)."""
        board = self.board
        kinds = board.kinds
        neighbour = board.neighbour
        cross_tar = self.ability(seat) == "cross_tar"
        pos = self.pos
        here = pos[seat]
        out: list[tuple[int, tuple[int, ...]]] = []
        for d in range(6):
            path: list[int] = []
            cell = here
            while True:
                cell = neighbour[cell][d]
                if cell < 0:
                    break
                kind = kinds[cell]
                if kind == TAR:
                    if not cross_tar:
                        break
                    path.append(cell)
                    continue
                if kind not in (SITE, OUTER):
                    break
                path.append(cell)
                if cell not in pos:
                    out.append((cell, tuple(path)))
        out.sort()
        return out

    # ----- engine hooks ----------------------------------------------------------------------
    def clone(self) -> DinosaurRushState:
        return DinosaurRushState(self.game, self)

    def _copy_fields(self, new: State) -> None:
        """Every field, by name (a compiled state has no instance dict): the lists copied, the
        tuples (copy-on-write) shared."""
        assert isinstance(new, DinosaurRushState)
        new._moves = self._moves
        new._placing = self._placing
        new.abilities = self.abilities
        new.alloc = self.alloc[:]
        new.bag = self.bag
        new.board = self.board
        new.bone_sites = self.bone_sites
        new.bonus_specs = self.bonus_specs
        new.built = self.built
        new.deck = self.deck
        new.family = self.family
        new.field_turn = self.field_turn
        new.final = self.final
        new.hands = self.hands
        new.layout = self.layout
        new.nbag = self.nbag
        new.notorious_this_round = self.notorious_this_round
        new.num_bonus = self.num_bonus
        new.order = self.order
        new.paleo = self.paleo
        new.paleo_left = self.paleo_left
        new.phase = self.phase
        new.pile = self.pile
        new.pos = self.pos
        new.round = self.round
        new.round_log = self.round_log
        new.rows = self.rows
        new.scored_cards = self.scored_cards
        new.shown = self.shown
        new.site = self.site
        new.start_bones = self.start_bones
        new.start_spaces = self.start_spaces
        new.starter = self.starter
        new.tasks = self.tasks[:]
        new.tok_known = self.tok_known
        new.tok_value = self.tok_value
        new.tok_where = self.tok_where
        new.turn_player = self.turn_player
        new.turns = self.turns
        new.two_player = self.two_player
        new.vp = self.vp

    def _chance(self) -> tuple[Sequence[int], Sequence[float]]:
        kind, _a, _ = self.tasks[-1]
        if kind in (SITE_BONES, PILE_BONES):
            outs = [c for c in range(NC) if self.bag[c]]
            return outs, [self.bag[c] for c in outs]
        if kind == NOTORIETY:
            outs = [v for v in range(len(self.nbag)) if self.nbag[v]]
            return outs, [self.nbag[v] for v in outs]
        if kind == DEAL_BONUS:
            outs = [k for k in range(self.num_bonus) if self.deck >> k & 1]
            return outs, [1] * len(outs)
        if kind == DEAL_PALEO:
            outs = [k for k in range(len(self.game.data.paleontologist_names)) if self.paleo_left >> k & 1]
            return outs, [1] * len(outs)
        if kind == FIRST:
            return list(range(self.num_players)), [1] * self.num_players
        raise AssertionError(f"no chance at task {kind}")  # pragma: no cover

    def _legal(self) -> list[int]:
        kind, seat, extra = self.tasks[-1]
        L = self.layout
        if kind == MOVE:
            dests = self._moves = self.destinations(seat)  # kept for the move itself
            return [A.MOVE + c for c, _ in dests] or [L.STAY]
        if kind == PUBLICIZE:
            steps = (1, 2) if self.ability(seat) == "publicize_two" else (1,)
            out = []
            for cat in range(5):
                row = self.rows[cat]
                for i, step in enumerate(steps):
                    if row - step >= 0:
                        out.append(L.PUBLICIZE + 4 * cat + 2 * i)
                    if row + step <= 5:
                        out.append(L.PUBLICIZE + 4 * cat + 2 * i + 1)
            return sorted(out)
        if kind == ACTION:
            return self._field_actions(seat)
        if kind == BUILD:
            if extra == 0:
                return [L.BUILD_FRESH, L.BUILD_KEEP]
            placing = self._placing
            return placing if placing is not None else self._placements(seat)
        if kind == STEAL_MORE:
            bones = self.site_bones(extra)
            d = self.board.neighbour[self.pos[seat]].index(extra)
            return [L.STEAL + 5 * d + c for c in range(NC) if bones[c]]
        if kind == PLACE_START:
            return [A.MOVE + c for c in self.start_spaces if c not in self.pos]
        if kind == PICK_PALEO:
            return [A.PICK + k for k in range(len(self.game.data.paleontologist_names)) if self.paleo_left >> k & 1]
        raise AssertionError(f"no decision at task {kind}")  # pragma: no cover

    def _field_actions(self, seat: int) -> list[int]:
        """Actions: Publicize, Donate, Research, and Sabotage, Dynamite, Steal (or Survey)."""
        L = self.layout
        out = [
            L.ACT_PUBLICIZE + 2 * cat + s
            for cat in range(5)
            for s in (0, 1)
            if 0 <= self.rows[cat] + (1 if s else -1) <= 5
        ]
        out.extend(self._donations(seat))
        if self.deck:
            out.append(L.RESEARCH)
        here = self.pos[seat]
        board = self.board
        if self.family:
            if self.destinations(seat):
                out.append(L.SURVEY)
            return sorted(out)
        kinds = board.kinds
        around = board.neighbour[here]
        if sum(self.nbag):
            pos = self.pos
            for d in range(6):
                cell = around[d]
                if cell >= 0 and kinds[cell] in (SITE, OUTER) and cell not in pos:
                    out.append(L.SABOTAGE + d)
        out.append(L.DYNAMITE)
        site = self.site
        for d in range(6):
            cell = around[d]
            if cell >= 0 and kinds[cell] in (SITE, OUTER):
                bones = site[cell]
                for c in range(NC):
                    if bones[c]:
                        out.append(L.STEAL + 5 * d + c)
        out.sort()
        return out

    def _donations(self, seat: int) -> list[int]:
        """Donate: 1-3 bones that are not starting bones; points, or shed a token of that value."""
        L = self.layout
        spare = [self.pile[seat * NC + c] - self.start_bones[seat * NC + c] for c in range(NC)]
        if not any(spare):
            return []
        values = self.game.data.notoriety_values
        held = {self.tok_value[i] for i in self.tokens_of(seat)}
        any_token = self.ability(seat) == "donate_any_token"
        out = []
        for i in _donatable(spare):
            out.append(L.DONATE + 4 * i)
            k = len(A.COMBOS[i])
            for v in held:
                if values[v] == k or (any_token and values[v] <= k):
                    out.append(L.DONATE + 4 * i + 1 + v)
        return out

    def remaining(self, seat: int) -> list[int]:
        """Bones of ``seat`` not yet placed in the skeleton being built."""
        base = seat * SLOTS
        used = K.colours_used(self.alloc[base : base + SLOTS])
        return [self.pile[seat * NC + c] - used[c] for c in range(NC)]

    def _placements(self, seat: int) -> list[int]:
        """Build phase: every bone placement that still leaves a complete dinosaur possible."""
        base = seat * SLOTS
        alloc = self.alloc[base : base + SLOTS]
        used = K.colours_used(alloc)
        pile = self.pile
        left = [pile[seat * NC + c] - used[c] for c in range(NC)]
        place = self.layout.PLACE
        return [place + s for s in K.open_slots(alloc, left)]

    # ----- applying ----------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        moves = self._moves  # the destinations at this position, if worked out
        self._moves = None
        self._placing = None
        tasks = self.tasks
        kind, a, b = tasks[-1]
        if self._player == CHANCE:
            self._apply_chance(kind, a, b, action)
        elif kind == MOVE:
            tasks.pop()
            self._move(a, action, moves)
        elif kind == PUBLICIZE:
            tasks.pop()
            cat, s = divmod(action - self.layout.PUBLICIZE, 4)
            step = (-1, 1, -2, 2)[s]
            self.rows = _add(self.rows, cat, step)
            self._emit("publicize", (a, cat, step))
        elif kind == ACTION:
            tasks.pop()
            self._act(a, action)
        elif kind == STEAL_MORE:
            tasks.pop()
            self._steal(a, action)
        elif kind == BUILD:
            self._build(a, b, action)
        elif kind == PLACE_START:
            tasks.pop()
            self.pos = _put(self.pos, a, action - A.MOVE)
            self._emit("start_space", (a, self.pos[a]))
        elif kind == PICK_PALEO:
            tasks.pop()
            self._give_paleo(a, action - A.PICK)
        self._advance()

    def _apply_chance(self, kind: int, a: int, b: int, outcome: int) -> None:
        tasks = self.tasks
        if kind in (SITE_BONES, PILE_BONES):
            self.bag = _add(self.bag, outcome, -1)
            if kind == SITE_BONES:
                self.site = _put_row(self.site, a, _add(self.site[a], outcome, 1))
            else:
                self.pile = _add(self.pile, a * NC + outcome, 1)
                self._emit("draw_bone", (a, outcome))
            self._count_down(b)
        elif kind == NOTORIETY:
            tasks.pop()
            self.nbag = _add(self.nbag, outcome, -1)
            self.tok_value = (*self.tok_value, outcome)
            self.tok_known = (*self.tok_known, 1 << a)
            if b < 0:
                self.tok_where = (*self.tok_where, a)
                self._emit("notoriety", (a, outcome), (a,))
            else:
                self.tok_where = (*self.tok_where, -(b + 1))
                self._emit("sabotage_token", (a, b, outcome), (a,))
        elif kind == DEAL_BONUS:
            self.deck &= ~(1 << outcome)
            self.hands = _put(self.hands, a, self.hands[a] | 1 << outcome)
            self._emit("bonus_card", (a, outcome), (a,))
            self._count_down(b)
        elif kind == DEAL_PALEO:
            tasks.pop()
            self._give_paleo(a, outcome)
        elif kind == FIRST:
            tasks.pop()
            self._set_starter(outcome)

    def _count_down(self, b: int) -> None:
        kind, a, _ = self.tasks[-1]
        if b > 1:
            self.tasks[-1] = (kind, a, b - 1)
        else:
            self.tasks.pop()

    def _give_paleo(self, seat: int, card: int) -> None:
        self.paleo = _put(self.paleo, seat, card)
        abilities = list(self.abilities)
        abilities[seat] = self.game.data.paleontologist_abilities[card]
        self.abilities = tuple(abilities)
        self.paleo_left &= ~(1 << card)
        self._emit("paleontologist", (seat, card))

    # ----- field phase -------------------------------------------------------------------------
    def _collect(self, seat: int) -> None:
        """Collect bones: everything on the paleontologist's dig site goes to the pile."""
        cell = self.pos[seat]
        if cell < 0 or not self.board.is_site(cell):
            return
        got = self.site[cell]
        if any(got):
            pile = list(self.pile)
            for c in range(NC):
                pile[seat * NC + c] += got[c]
            self.pile = tuple(pile)
            self.site = _put_row(self.site, cell, _NO_BONES)
            self._emit("collect", (seat, cell, got))

    def _move(self, seat: int, action: int, moves: list[tuple[int, tuple[int, ...]]] | None) -> None:
        """Move: a straight line; crossing or landing on a sabotage token takes it."""
        if action == self.layout.STAY:
            self._emit("stay", (seat,))
            return
        target = action - A.MOVE
        dests = moves if moves is not None else self.destinations(seat)
        path = next(p for c, p in dests if c == target)
        self.pos = _put(self.pos, seat, target)
        self._emit("move", (seat, target))
        if self.ability(seat) == "sabotage_immune":
            return
        for cell in path:
            for tok in self.board_tokens(cell):
                self.tok_where = _put(self.tok_where, tok, seat)
                self.tok_known = _put(self.tok_known, tok, self.tok_known[tok] | 1 << seat)
                self._emit("token_taken", (seat, cell, self.tok_value[tok]), (seat,))

    def _notorious(self, seat: int) -> None:
        """Notorious actions: afterwards the player draws a secret Notoriety token."""
        first = self.notorious_this_round[seat] == 0
        self.notorious_this_round = _add(self.notorious_this_round, seat, 1)
        if first and self.ability(seat) == "first_notorious_free":
            self._emit("no_notoriety", (seat,))
            return
        if sum(self.nbag):
            self.tasks.append((NOTORIETY, seat, -1))

    def _act(self, seat: int, action: int) -> None:
        L = self.layout
        data = self.game.data
        here = self.pos[seat]
        if action < L.DONATE:
            cat, s = divmod(action - L.ACT_PUBLICIZE, 2)
            step = 1 if s else -1
            self.rows = _add(self.rows, cat, step)
            self._emit("publicize", (seat, cat, step))
        elif action < L.RESEARCH:
            i, reward = divmod(action - L.DONATE, 4)
            combo = A.COMBOS[i]
            pile = list(self.pile)
            bag = list(self.bag)
            for c in combo:
                pile[seat * NC + c] -= 1
                bag[c] += 1
            self.pile = tuple(pile)
            self.bag = tuple(bag)
            if reward == 0:
                points = len(combo) + (1 if self.ability(seat) == "donate_bonus" else 0)
                self.vp = _add(self.vp, seat, points)
                self._emit("donate", (seat, combo, points))
            else:
                value = reward - 1
                tok = next(t for t in self.tokens_of(seat) if self.tok_value[t] == value)
                self.tok_where = _put(self.tok_where, tok, GONE)
                self.nbag = _add(self.nbag, value, 1)
                self._emit("donate_token", (seat, combo, data.notoriety_values[value]))
        elif action == L.RESEARCH:
            self._emit("research", (seat,))
            self.tasks.append((DEAL_BONUS, seat, 1))
        elif action < L.DYNAMITE:
            cell = self.board.neighbour[here][action - L.SABOTAGE]
            self._emit("sabotage", (seat, cell))
            self._notorious(seat)
            self.tasks.append((NOTORIETY, seat, cell))
        elif action == L.DYNAMITE:
            self._emit("dynamite", (seat,))
            self._notorious(seat)
            if self.ability(seat) != "dynamite_keep":
                self.tasks.append((RETURN_SITE, here, 0))
            count = 4 if self.ability(seat) == "dynamite_four" else 3
            if sum(self.bag):
                self.tasks.append((PILE_BONES, seat, min(count, sum(self.bag))))
        elif action < L.SURVEY:
            self._notorious(seat)
            cell = self._steal(seat, action)
            if self.ability(seat) == "steal_two" and any(self.site_bones(cell)):
                self.tasks.append((STEAL_MORE, seat, cell))
        else:
            self._emit("survey", (seat,))
            self.tasks.append((MOVE, seat, 1))

    def _steal(self, seat: int, action: int) -> int:
        d, colour = divmod(action - self.layout.STEAL, 5)
        cell = self.board.neighbour[self.pos[seat]][d]
        self.site = _put_row(self.site, cell, _add(self.site[cell], colour, -1))
        self.pile = _add(self.pile, seat * NC + colour, 1)
        self._emit("steal", (seat, cell, colour))
        return cell

    def _start_turn(self, seat: int) -> None:
        """Field phase: collect, move, publicize, act (and collect again the third time)."""
        self.turn_player = seat
        self.turns += 1
        self._emit("turn", (seat, self.round, self.field_turn))
        self._collect(seat)
        self.tasks.append((END_TURN, seat, 0))
        self.tasks.append((ACTION, seat, 0))
        self.tasks.append((PUBLICIZE, seat, 0))
        self.tasks.append((MOVE, seat, 0))

    def _end_turn(self, seat: int) -> None:
        data = self.game.data
        if self.field_turn == data.field_turns - 1:
            self._collect(seat)
        index = self.order.index(seat)
        if index + 1 < len(self.order):
            self.tasks.append((START_TURN, self.order[index + 1], 0))
        elif self.field_turn + 1 < data.field_turns:
            self.field_turn += 1
            self.tasks.append((START_TURN, self.order[0], 0))
        else:
            self.tasks.append((END_FIELD, 0, 0))

    def _start_round(self) -> None:
        """Field phase: round 1 starts with the first player; later rounds with the leader."""
        n = self.num_players
        if self.round > 0:
            best = max(self.vp)
            self.starter = next(s for s in ((self.starter + i) % n for i in range(1, n + 1)) if self.vp[s] == best)
        self.order = tuple((self.starter + i) % n for i in range(n))
        self.field_turn = 0
        self.phase = "field"
        self.notorious_this_round = (0,) * n
        self._emit("round", (self.round, self.starter))
        self.tasks.append((START_TURN, self.starter, 0))

    def _end_field(self) -> None:
        """End of the field phase: refill empty dig sites (not under paleontologists), then Build."""
        data = self.game.data
        self.tasks.append((EXHIBIT, 0, 0))
        for seat in reversed(self.order):
            self.tasks.append((BEGIN_BUILD, seat, 0))
        if self.round < data.rounds - 1:
            count = data.refill[self.round]
            for cell in reversed(self.bone_sites):
                if not any(self.site_bones(cell)) and cell not in self.pos and count > 0:
                    self.tasks.append((SITE_BONES, cell, count))
        self.phase = "build"
        self.built = (False,) * self.num_players

    # ----- build phase -------------------------------------------------------------------------
    def keepable(self, seat: int) -> bool:
        old = self.shown[seat]
        if old is None:
            return False
        used = K.colours_used(old)
        return all(used[c] <= self.pile[seat * NC + c] for c in range(NC))

    def _begin_build(self, seat: int) -> None:
        """Build phase: keep last round's dinosaur as a start, or start again."""
        base = seat * SLOTS
        self.alloc[base : base + SLOTS] = [0] * SLOTS
        self._emit("building", (seat,))
        self.tasks.append((BUILD, seat, 0 if self.keepable(seat) else 1))

    def _build(self, seat: int, stage: int, action: int) -> None:
        L = self.layout
        base = seat * SLOTS
        if stage == 0:
            if action == L.BUILD_KEEP:
                old = self.shown[seat]
                assert old is not None
                self.alloc[base : base + SLOTS] = list(old)
            self.tasks[-1] = (BUILD, seat, 1)
        else:
            self.alloc[base + action - L.PLACE] += 1
        placing = self._placements(seat)
        if placing:
            self._placing = placing  # the next decision's legal actions
        else:
            self.tasks.pop()
            self.built = (*self.built[:seat], True, *self.built[seat + 1 :])
            self._emit("built", (seat,))

    # ----- exhibit phase -----------------------------------------------------------------------
    def _exhibit(self) -> None:
        """Exhibit phase: score every category from its row, then completed bonus cards."""
        n = self.num_players
        data = self.game.data
        skeletons = [tuple(self.alloc[s * SLOTS : s * SLOTS + SLOTS]) for s in range(n)]
        self.shown = tuple(skeletons)
        cats = [K.categories(skeletons[s], self.ability(s)) for s in range(n)]
        summary = RoundSummary(round=self.round + 1, categories=[], bonus=[])
        for cat in range(5):
            counts = [cats[s][cat] for s in range(n)]
            points = self.category_points(counts, self.rows[cat])
            self.vp = tuple(v + p for v, p in zip(self.vp, points, strict=True))
            summary["categories"].append(CategoryScore(rows=self.rows[cat], counts=counts, points=points))
            self._emit("exhibit", (cat, tuple(counts), tuple(points)))
        for s in range(n):
            for card in range(self.num_bonus):
                if self.hands[s] >> card & 1 and K.matches_bonus(skeletons[s], self.bonus_specs[card]):
                    self.hands = _put(self.hands, s, self.hands[s] & ~(1 << card))
                    self.scored_cards = _put(self.scored_cards, s, self.scored_cards[s] | 1 << card)
                    self.vp = _add(self.vp, s, data.bonus_points[card])
                    summary["bonus"].append(BonusScored(seat=s, card=card))
                    self._emit("bonus_scored", (s, card))
        self.round_log = (*self.round_log, summary)
        self.phase = "exhibit"
        self.tasks.append((END_ROUND, 0, 0))

    def category_points(self, counts: Sequence[int], row: int) -> list[int]:
        """Points per seat for one category on museum row ``row`` (see ``scoring``)."""
        return scoring.category_points(counts, row, self.game.data, self.two_player)

    def _end_round(self) -> bool:
        """End of round: markers rise; after the last round, the end of the game."""
        data = self.game.data
        if self.round < data.rounds - 1:
            rise = data.museum_rise[self.round]
            self.rows = tuple(max(0, r - rise) for r in self.rows)
            self.round += 1
            self.tasks.append((START_ROUND, 0, 0))
            return False
        self._end_game()
        return True

    def notoriety_total(self, seat: int) -> int:
        """End of game: token values plus a penalty per bonus card never completed."""
        if self.family:
            return 0
        data = self.game.data
        per_card = 1 if self.ability(seat) == "bonus_penalty_one" else data.unscored_bonus_notoriety
        return self.notoriety_of(seat) + per_card * bin(self.hands[seat]).count("1")

    def _end_game(self) -> None:
        """End of game: Notoriety revealed and applied (see ``notoriety_adjustments``)."""
        n = self.num_players
        totals = [self.notoriety_total(s) for s in range(n)]
        adjust = [0] * n
        if not self.family:
            adjust = scoring.notoriety_adjustments(totals, self.two_player)
        self.final = FinalTally(notoriety=totals, adjust=adjust, field_points=list(self.vp))
        self.phase = "over"
        self._emit("game_over", (tuple(totals), tuple(adjust)))

    # ----- the loop ----------------------------------------------------------------------------
    def _advance(self) -> None:
        tasks = self.tasks
        while True:
            kind, a, _b = tasks[-1]
            if _CHANCE_BITS >> kind & 1:
                if kind in (SITE_BONES, PILE_BONES) and not sum(self.bag):
                    tasks.pop()  # the bag is empty: nothing to draw
                    continue
                if kind == NOTORIETY and not sum(self.nbag):
                    tasks.pop()
                    continue
                if kind == DEAL_BONUS and not self.deck:
                    tasks.pop()
                    continue
                self._player = CHANCE
                return
            if _DECISION_BITS >> kind & 1:
                self._player = a
                return
            tasks.pop()
            if kind == START_TURN:
                self._start_turn(a)
            elif kind == END_TURN:
                self._end_turn(a)
            elif kind == START_ROUND:
                self._start_round()
            elif kind == END_FIELD:
                self._end_field()
            elif kind == BEGIN_BUILD:
                if a < 0:
                    self._after_paleontologists()
                else:
                    self._begin_build(a)
            elif kind == EXHIBIT:
                self._exhibit()
            elif kind == RETURN_SITE:
                here = self.site[a]
                self.bag = tuple(b + h for b, h in zip(self.bag, here, strict=True))
                self.site = _put_row(self.site, a, _NO_BONES)
            elif kind == END_ROUND and self._end_round():
                self._player = TERMINAL
                return

    # ----- outcome -----------------------------------------------------------------------------
    def _scores(self) -> list[int]:
        if self.final is None:
            return list(self.vp)
        return [v + a for v, a in zip(self.vp, self.final["adjust"], strict=True)]

    def _winners(self) -> list[int]:
        """The highest final score; ties go to the lowest Notoriety, then the victory is shared."""
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        assert self.final is not None
        totals = self.final["notoriety"]
        low = min(totals[s] for s in tied)
        return [s for s in tied if totals[s] == low]
