"""Escape from T-Rex Island rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``); the kinds of step, each with
its own behaviour (who acts, the choices, the effect), are in ``flow.py``: the engine asks the
step on top, so this state overrides none of the engine's flow hooks. The rules themselves are
functions over the state, one module per rulebook section: ``set_up.py`` (SET-UP), ``turn.py``
(Turn sequence, Moving a team, Taking dino picture, Drawing card, Game Goal), ``carnivores.py``
(Carnivore cards, T-Rex meeple) and ``tokens.py`` (Game Tokens and the defences). Rulebook
sections are cited by their headings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.state import State
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island import tokens, turn
from dinobox.games.trex_island.data import (
    CHARACTER_NAMES,
    FOOD1,
    FOOD2,
    FOOD3,
    FREE_SHOTGUN,
    JOURNALIST,
    LOST,
    NUM_CARD_TYPES,
    NUM_TOKEN_KINDS,
    SCOUT,
    SHOTGUN,
    START,
)
from dinobox.games.trex_island.walks import Destinations, WalkPlan, plan_index, walk, walk_plans

WALK_MEMO_LIMIT: Final = 50_000
"""The most walks a game keeps the answers of (``Facts.walk_memo``); then it starts afresh."""

if TYPE_CHECKING:
    from dinobox.games.trex_island.board import Board
    from dinobox.games.trex_island.data import TRexIslandData
    from dinobox.games.trex_island.game import TRexIslandGame

T: Final = NUM_CARD_TYPES
K: Final = NUM_TOKEN_KINDS


class Facts:
    """The board's and the data's facts the hot paths read, in one compiled object that every
    state of a game shares (the board and the data are plain Python objects, slower to read),
    built once per game (``TRexIslandGame.facts``)."""

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
        self.to_helipad: tuple[int, ...] = board.to_helipad
        self.dist: tuple[tuple[int, ...], ...] = board.dist
        self.carnivore_icons: tuple[int, ...] = tuple(data.carnivore_icons)
        self.trex_steps: tuple[int, ...] = tuple(data.trex_steps)
        self.trex_bite: int = data.trex_bite
        self.spino_loss: int = data.spino_loss
        self.max_crew: int = data.max_crew
        self.arrival_vp: tuple[int, ...] = tuple(data.arrival_vp)
        self.trophy_vp: tuple[int, ...] = tuple(data.trophy_vp)
        self.walks: tuple[WalkPlan, ...] = walk_plans(self.kind, self.next, self.start)
        # the answers of the walks that the empty board's plans do not give, by plan and table
        # (``WalkPlan.table_key``): a cache shared by every state of the game
        self.walk_memo: dict[tuple[int, int, int], Destinations] = {}


class TRexIslandState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: TRexIslandGame
    # The table, set once in ``__init__``: the board and the facts worked out from it once a game.
    board: Board
    facts: Facts
    # Copy-on-write fields are tuples (clones share them; a change builds a new tuple): the
    # ones that change rarely. The lists (hand, deck, occ) change most steps (or are long).
    chars: tuple[int, ...]
    pos: tuple[int, ...]
    crew: tuple[int, ...]
    hand: list[int]
    deck: list[int]
    piles: tuple[tuple[int, ...], ...]
    trophies: tuple[int, ...]  # trophy cards by card type
    held: tuple[int, ...]
    pool: tuple[int, ...]
    rest_left: tuple[int, ...]
    perks: tuple[int, ...]
    trex: int
    arrivals: tuple[int, ...]
    turn_player: int
    first_player: int
    first_chooser: int  # drawn at random before the characters are chosen (Set-up 1)
    actions_done: int
    turns: int
    passes: int
    occ: list[int]  # teams on each space (follows ``pos``)

    def __init__(self, game: TRexIslandGame, copy_of: TRexIslandState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        board = game.board
        n = game.num_players
        self.board = board
        self.facts = game.facts
        self.chars = (-1,) * n
        crew = data.family_crew if game.options["family"] else data.start_crew
        self.pos = (START,) * (3 * n)
        self.crew = (crew,) * (3 * n)
        self.hand = [0] * (n * T)
        self.deck = list(data.cards)
        self.piles = ((), ())
        self.trophies = (0,) * (n * T)  # trophy cards by card type
        self.held = (0,) * (n * K)
        self.pool = tuple(data.token_sets[n - 2])
        self.rest_left = (data.tokens_per_rest[n - 2],) * len(board.rests)
        self.perks = (0,) * n
        self.trex = -1
        self.arrivals = ()
        self.turn_player = 0
        self.first_player = 0
        self.first_chooser = -1  # drawn at random before the characters are chosen (Set-up 1)
        self.actions_done = 0
        self.turns = 0
        self.passes = 0
        self.occ = [0] * board.size  # teams on each space (follows ``pos``)
        steps = self.steps
        steps.append(F.DEAL)
        if game.options["characters"] == "random":
            steps.extend(F.DealCharacter(seat) for seat in reversed(range(n)))
        else:
            steps.append(F.DRAW_CHOOSER)
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

    def _end_reason(self) -> str | None:
        """Game Goal: which end fired (``Game.end_conditions``)."""
        reason = turn.game_over(self)
        if reason == "deck" and any(self.rest_left):
            return "deck_unreachable"  # tokens left on the map, none within any team's reach
        return {"deck_stuck": "round_of_passes"}.get(reason, reason) or None

    def seat_roles(self) -> dict[str, list[str | None]]:
        return {"character": [CHARACTER_NAMES[c] if c >= 0 else None for c in self.chars]}

    def play_order(self) -> list[int]:
        """Set-up 4: from the first player (drawn after the characters), clockwise."""
        if not self.turns:
            return []
        first, n = self.first_player, self.num_players
        return [(first + i) % n for i in range(n)]

    def choice_order(self) -> list[int]:
        return list(self.choosing_order())

    def hand_limit(self, seat: int) -> int:
        facts = self.facts
        return facts.journalist_hand_size if self.chars[seat] == JOURNALIST else facts.hand_size

    def hand_count(self, seat: int) -> int:
        hand = self.hand
        count = 0
        for t in range(seat * T, seat * T + T):
            count += hand[t]
        return count

    def deck_empty(self) -> bool:
        """No card left in the draw deck."""
        return all(not left for left in self.deck)

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
        1 if the only way there passes the T-Rex (costing one man), else 0; by space, in order
        (see ``walks.py``). The answer may be shared: do not change it."""
        return self.reach(position, colour).answer

    def reach(self, position: int, colour: int) -> Destinations:
        """``destinations``, with the spaces and the T-Rex passes also as tuples (shared: never
        changed)."""
        facts = self.facts
        index = plan_index(position, colour)
        plan = facts.walks[index]
        occ = self.occ
        trex = self.trex
        if plan.holds(occ, trex):
            return plan.found
        met, teams = plan.table_key(occ, trex)
        key = (index, met, teams)
        memo = facts.walk_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= WALK_MEMO_LIMIT:
                memo.clear()
            found = Destinations(walk(facts.kind, facts.next, facts.start, occ, trex, position, colour))
            memo[key] = found
        return found

    def top_step(self) -> F.IslandStep | None:
        """The step on top of the flow (``None`` once the game is over)."""
        return cast("F.IslandStep", self.steps[-1]) if self.steps else None

    def _turn_count(self) -> int:
        return self.turns

    def clone(self) -> TRexIslandState:
        return TRexIslandState(self.game, self)

    # ----- clone: generated by scripts/state_fields.py from the field declarations; do not edit
    def _copy_fields(self, new: State) -> None:
        """Every declared field, by name: lists (and the types with their own ``copy()``)
        copied, the rest shared (immutable, or replaced rather than changed by the rules)."""
        assert isinstance(new, TRexIslandState)
        new.actions_done = self.actions_done
        new.arrivals = self.arrivals
        new.board = self.board
        new.chars = self.chars
        new.crew = self.crew
        new.deck = self.deck[:]
        new.facts = self.facts
        new.first_chooser = self.first_chooser
        new.first_player = self.first_player
        new.hand = self.hand[:]
        new.held = self.held
        new.occ = self.occ[:]
        new.passes = self.passes
        new.perks = self.perks
        new.piles = self.piles
        new.pool = self.pool
        new.pos = self.pos
        new.rest_left = self.rest_left
        new.trex = self.trex
        new.trophies = self.trophies
        new.turn_player = self.turn_player
        new.turns = self.turns

    # ----- end of the generated clone

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
        return tokens.defences(self, attack, die)

    def may_draw(self, seat: int) -> bool:
        """Drawing card: may ``seat`` draw now (see ``turn.may_draw``)?"""
        return turn.may_draw(self, seat)

    # ----- scoring ------------------------------------------------------------------------
    def score_parts(self, seat: int) -> dict[str, int]:
        """Game Score: teams at the helipad by arrival order, and trophies."""
        facts = self.facts
        vp = facts.arrival_vp
        teams = sum(vp[min(i, len(vp) - 1)] * self.crew[d] for i, d in enumerate(self.arrivals) if d // 3 == seat)
        pictures = sum(self.trophy_count(seat, h) * facts.trophy_vp[h] for h in range(3))
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
