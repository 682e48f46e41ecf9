"""The Great Dinosaur Rush rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``); the kinds of step are in
``flow.py``. The rules themselves are functions over the state, one module per rulebook section:
``set_up.py`` (Setup), ``field_phase.py`` (Field phase: Collect bones, Move, Publicize, End of the
field phase), ``field_actions.py`` (Actions), ``build_phase.py`` (Build phase) and
``exhibit_phase.py`` (Exhibit phase, End of round, End of game). Rulebook sections are cited by
their headings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from dinobox.engine.state import State
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import field_actions, field_phase, scoring, set_up
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import OUTER, SITE, START, START_BIG, Board, parse_board
from dinobox.games.dinosaur_rush.data import NUM_COLOURS, parse_bonus_spec
from dinobox.games.dinosaur_rush.field_actions import GONE
from dinobox.games.dinosaur_rush.field_phase import StraightLines
from dinobox.games.dinosaur_rush.tuples import NO_BONES
from dinobox.games.dinosaur_rush.viewtypes import FinalTally, RoundSummary

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.game import DinosaurRushGame
    from dinobox.games.dinosaur_rush.viewtypes import Phase

NC: Final = NUM_COLOURS
SLOTS: Final = K.SIZE_OF_ALLOCATION


class DinosaurRushState(State):
    """The whole table. Public fields are data; only the contract methods are API."""

    game: DinosaurRushGame
    # The table, set once in ``__init__``: board, action layout, options and derived facts.
    board: Board
    layout: A.ActionLayout
    donation_menu: field_actions.DonationMenu
    family: bool
    two_player: bool
    num_bonus: int
    bonus_specs: tuple[dict[str, tuple[int, ...]], ...]
    bonus_needs: tuple[K.BonusNeeds, ...]
    bone_sites: tuple[int, ...]
    start_spaces: tuple[int, ...]
    lines: StraightLines
    lines_over_tar: StraightLines  # the cross_tar ability
    # Copy-on-write fields are tuples (clones share them; a change builds a new tuple). Only
    # the skeletons being built (``alloc``) and every cell's bones (``site``: its rows change
    # often, the list of them is short) are lists, copied by a clone.
    # Bones: the bag, every cell's bones (by colour), every pile, and the starting bones
    # (never lost).
    bag: tuple[int, ...]
    site: list[tuple[int, ...]]
    pile: tuple[int, ...]
    start_bones: tuple[int, ...]
    pos: tuple[int, ...]
    paleo: tuple[int, ...]
    abilities: tuple[str, ...]  # each seat's paleontologist ability key
    paleo_left: int  # bitmask of the paleontologists not yet dealt
    # Bonus cards: bitmasks of the deck, each hand, and the cards scored so far.
    deck: int
    hands: tuple[int, ...]
    scored_cards: tuple[int, ...]
    # Notoriety: the bag by denomination, and each drawn token (value, where, who knows).
    nbag: tuple[int, ...]
    tok_value: tuple[int, ...]
    tok_where: tuple[int, ...]  # seat >= 0, -(cell + 1) on the board, GONE in the bag
    tok_known: tuple[int, ...]
    notorious_this_round: tuple[int, ...]
    # Museum and scores.
    rows: tuple[int, ...]
    vp: tuple[int, ...]
    # Skeletons: the one being built (hidden) and the one last exhibited (public).
    alloc: list[int]
    shown: tuple[tuple[int, ...] | None, ...]
    built: tuple[bool, ...]
    # Rounds and turns.
    round: int
    field_turn: int
    order: tuple[int, ...]
    starter: int
    first_starter: int  # the starting player of round 1 (Setup 11), -1 until known
    turn_player: int
    turns: int
    round_log: tuple[RoundSummary, ...]
    final: FinalTally | None
    _placing: list[int] | None  # Build: the placements worked out by the last step

    def __init__(self, game: DinosaurRushGame, copy_of: DinosaurRushState | None = None) -> None:
        super().__init__(game, copy_of)
        if copy_of is not None:  # clone(): a compiled class is built by its constructor
            copy_of._copy_fields(self)
            return
        data = game.data
        n = game.num_players
        self.board = parse_board(data.board)
        self.layout = A.ActionLayout(self.board.size)
        self.donation_menu = field_actions.DonationMenu(self.layout.DONATE, tuple(data.notoriety_values))
        self.family = game.options["family"]
        self.two_player = game.options["two_player"]
        self.num_bonus = len(data.bonus_names)
        self.bonus_specs = tuple(parse_bonus_spec(s) for s in data.bonus_specs)
        self.bonus_needs = tuple(K.bonus_needs(spec) for spec in self.bonus_specs)
        in_play = (SITE, OUTER) if n >= 4 else (SITE,)
        self.bone_sites = tuple(c for c in range(self.board.size) if self.board.kinds[c] in in_play)
        starts = (START, START_BIG) if n >= 4 else (START,)
        self.start_spaces = tuple(c for c in range(self.board.size) if self.board.kinds[c] in starts)
        self.lines = field_phase.straight_lines(self.board, False)
        self.lines_over_tar = field_phase.straight_lines(self.board, True)  # the cross_tar ability
        self.bag = tuple(data.bones)
        self.site = [NO_BONES] * self.board.size  # a list: changed often
        self.pile = (0,) * (n * NC)
        self.start_bones = tuple(data.starting_bones) * n
        self.pos = (-1,) * n
        self.paleo = (-1,) * n
        self.abilities = ("",) * n  # each seat's paleontologist ability key
        self.paleo_left = (1 << len(data.paleontologist_names)) - 1
        # Bonus cards: bitmasks of the deck, each hand, and the cards scored so far.
        self.deck = (1 << self.num_bonus) - 1
        self.hands = (0,) * n
        self.scored_cards = (0,) * n
        # Notoriety: the bag by denomination, and each drawn token (value, where, who knows).
        self.nbag = tuple(0 if self.family else c for c in data.notoriety_counts)
        self.tok_value = ()
        self.tok_where = ()  # seat >= 0, -(cell + 1) on the board, GONE in the bag
        self.tok_known = ()
        self.notorious_this_round = (0,) * n
        # Museum and scores.
        start_row = data.two_player_start_row if self.two_player else 0
        self.rows = (start_row,) * 5
        self.vp = (0,) * n
        # Skeletons: the one being built (hidden) and the one last exhibited (public).
        self.alloc = [0] * (n * SLOTS)
        self.shown = (None,) * n
        self.built = (False,) * n
        self.round = 0
        self.field_turn = 0
        self.order = tuple(range(n))
        self.starter = 0
        self.first_starter = -1  # the starting player of round 1 (Setup 11), -1 until known
        self.turn_player = -1
        self.turns = 0
        self.round_log = ()
        self.final = None
        self._placing = None  # Build: the placements worked out by the last step
        first = game.options["first"]
        if first == "random":
            self.steps.append(F.DRAW_STARTER)  # Setup 11: the setup waits for the starting player
        else:
            set_up.set_starter(self, int(first))
        self._advance()

    # ----- small queries ---------------------------------------------------------------------
    def top_step(self) -> F.RushStep | None:
        """The step on top of the flow (``None`` once the game is over)."""
        return cast("F.RushStep", self.steps[-1]) if self.steps else None

    def phase(self) -> Phase:
        """Where the round stands (setup, field, build, exhibit, over): the step on top says."""
        steps = self.steps
        return cast("F.RushStep", steps[-1]).phase() if steps else "over"

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

    def destinations(self, seat: int) -> list[int]:
        """Move: the cells a straight line takes the paleontologist to, ascending (other
        paleontologists are passed over, never landed on)."""
        pos = self.pos
        return [cell for cell in self.lines_of(seat).ends[pos[seat]] if cell not in pos]

    def lines_of(self, seat: int) -> StraightLines:
        """Move: the straight lines ``seat``'s paleontologist moves along."""
        return self.lines_over_tar if self.ability(seat) == "cross_tar" else self.lines

    def remaining(self, seat: int) -> list[int]:
        """Bones of ``seat`` not yet placed in the skeleton being built."""
        return K.bones_left(self.alloc, seat * SLOTS, self.pile, seat * NC)

    def keepable(self, seat: int) -> bool:
        old = self.shown[seat]
        if old is None:
            return False
        used = K.colours_used(old)
        return all(used[c] <= self.pile[seat * NC + c] for c in range(NC))

    def category_points(self, counts: list[int], row: int) -> list[int]:
        """Points per seat for one category on museum row ``row`` (see ``scoring``)."""
        return scoring.category_points(counts, row, self.game.data, self.two_player)

    def notoriety_total(self, seat: int) -> int:
        """End of game: token values plus a penalty per bonus card never completed."""
        if self.family:
            return 0
        data = self.game.data
        per_card = 1 if self.ability(seat) == "bonus_penalty_one" else data.unscored_bonus_notoriety
        return self.notoriety_of(seat) + per_card * bin(self.hands[seat]).count("1")

    # ----- engine hooks ----------------------------------------------------------------------
    def clone(self) -> DinosaurRushState:
        return DinosaurRushState(self.game, self)

    # ----- clone: generated by scripts/state_fields.py from the field declarations; do not edit
    def _copy_fields(self, new: State) -> None:
        """Every declared field, by name: lists (and the types with their own ``copy()``)
        copied, the rest shared (immutable, or replaced rather than changed by the rules)."""
        assert isinstance(new, DinosaurRushState)
        new._placing = self._placing
        new.abilities = self.abilities
        new.alloc = self.alloc[:]
        new.bag = self.bag
        new.board = self.board
        new.bone_sites = self.bone_sites
        new.bonus_needs = self.bonus_needs
        new.bonus_specs = self.bonus_specs
        new.built = self.built
        new.deck = self.deck
        new.donation_menu = self.donation_menu
        new.family = self.family
        new.field_turn = self.field_turn
        new.final = self.final
        new.first_starter = self.first_starter
        new.hands = self.hands
        new.layout = self.layout
        new.lines = self.lines
        new.lines_over_tar = self.lines_over_tar
        new.nbag = self.nbag
        new.notorious_this_round = self.notorious_this_round
        new.num_bonus = self.num_bonus
        new.order = self.order
        new.paleo = self.paleo
        new.paleo_left = self.paleo_left
        new.pile = self.pile
        new.pos = self.pos
        new.round = self.round
        new.round_log = self.round_log
        new.rows = self.rows
        new.scored_cards = self.scored_cards
        new.shown = self.shown
        new.site = self.site[:]
        new.start_bones = self.start_bones
        new.start_spaces = self.start_spaces
        new.starter = self.starter
        new.tok_known = self.tok_known
        new.tok_value = self.tok_value
        new.tok_where = self.tok_where
        new.turn_player = self.turn_player
        new.turns = self.turns
        new.two_player = self.two_player
        new.vp = self.vp

    # ----- end of the generated clone

    def _scores(self) -> list[int]:
        if self.final is None:
            return list(self.vp)
        adjust = self.final["adjust"]
        return [self.vp[s] + adjust[s] for s in range(self.num_players)]

    def seat_roles(self) -> dict[str, list[str | None]]:
        names = self.game.data.paleontologist_names
        return {"paleontologist": [names[p] if p >= 0 else None for p in self.paleo]}

    def play_order(self) -> list[int]:
        """Setup 11: round 1 from the starting player (given, or drawn), clockwise."""
        first, n = self.first_starter, self.num_players
        return [] if first < 0 else [(first + i) % n for i in range(n)]

    def choice_order(self) -> list[int]:
        """Setup 7 with ``choose_paleontologists``: picked from the starting player on."""
        return self.play_order() if self.game.options["choose_paleontologists"] else []

    def _winners(self) -> list[int]:
        """The highest final score; ties go to the lowest Notoriety, then the victory is shared."""
        scores = self._scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        assert self.final is not None
        totals = self.final["notoriety"]
        low = min(totals[s] for s in tied)
        return [s for s in tied if totals[s] == low]


__all__ = ["GONE", "SLOTS", "DinosaurRushState"]
