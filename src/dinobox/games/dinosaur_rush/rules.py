"""The Great Dinosaur Rush rules: the state as flat data, and the engine's hooks.

The flow is the engine's stack of steps (``dinobox.engine.flow``); the kinds of step are in
``flow.py``. The rules themselves are functions over the state, one module per rulebook section:
``set_up.py`` (Setup), ``field_phase.py`` (Field phase: Collect bones, Move, Publicize, End of the
field phase), ``field_actions.py`` (Actions), ``build_phase.py`` (Build phase) and
``exhibit_phase.py`` (Exhibit phase, End of round, End of game). Rulebook sections are cited by
their headings.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dinobox.engine.chance import sample_counts, sample_uniform, sample_weighted
from dinobox.engine.flow import AUTOMATIC, Step
from dinobox.engine.state import CHANCE, State
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import build_phase, exhibit_phase, field_actions, field_phase, scoring, set_up
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import OUTER, SITE, START, START_BIG, parse_board
from dinobox.games.dinosaur_rush.data import NUM_COLOURS, parse_bonus_spec
from dinobox.games.dinosaur_rush.field_actions import GONE
from dinobox.games.dinosaur_rush.field_phase import StraightLines
from dinobox.games.dinosaur_rush.tuples import NO_BONES, add, any_left
from dinobox.games.dinosaur_rush.viewtypes import FinalTally, RoundSummary

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.game import DinosaurRushGame

NC: Final = NUM_COLOURS
SLOTS: Final = K.SIZE_OF_ALLOCATION


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
        self.donation_menu = field_actions.DonationMenu(self.layout.DONATE, tuple(data.notoriety_values))
        self.family: bool = game.options["family"]
        self.two_player: bool = game.options["two_player"]
        self.num_bonus = len(data.bonus_names)
        self.bonus_specs = tuple(parse_bonus_spec(s) for s in data.bonus_specs)
        self.bonus_needs = tuple(K.bonus_needs(spec) for spec in self.bonus_specs)
        in_play = (SITE, OUTER) if n >= 4 else (SITE,)
        self.bone_sites = tuple(c for c in range(self.board.size) if self.board.kinds[c] in in_play)
        starts = (START, START_BIG) if n >= 4 else (START,)
        self.start_spaces = tuple(c for c in range(self.board.size) if self.board.kinds[c] in starts)
        self.lines = field_phase.straight_lines(self.board, False)
        self.lines_over_tar = field_phase.straight_lines(self.board, True)  # the cross_tar ability
        # Copy-on-write fields are tuples (clones share them; a change builds a new tuple). Only
        # the skeletons being built (``alloc``) and every cell's bones (``site``: its rows change
        # often, the list of them is short) are lists, copied by a clone.
        # Bones: the bag, every cell's bones (by colour), every pile, and the starting bones
        # (never lost).
        self.bag: tuple[int, ...] = tuple(data.bones)
        self.site: list[tuple[int, ...]] = [NO_BONES] * self.board.size  # a list: changed often
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
        self.first_starter = -1  # the starting player of round 1 (Setup 11), -1 until known
        self.turn_player = -1
        self.turns = 0
        self.phase = "setup"
        self.round_log: tuple[RoundSummary, ...] = ()
        self.final: FinalTally | None = None
        self._placing: list[int] | None = None  # Build: the placements worked out by the last step
        first = game.options["first"]
        if first == "random":
            self.steps.append(F.DRAW_STARTER)  # Setup 11: the setup waits for the starting player
        else:
            set_up.set_starter(self, int(first))
        self._advance()

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

    def _copy_fields(self, new: State) -> None:
        """Every field, by name (a compiled state has no instance dict): the lists copied, the
        tuples (copy-on-write) shared."""
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
        new.phase = self.phase
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
        new.first_starter = self.first_starter
        new.tok_known = self.tok_known
        new.tok_value = self.tok_value
        new.tok_where = self.tok_where
        new.turn_player = self.turn_player
        new.turns = self.turns
        new.two_player = self.two_player
        new.vp = self.vp

    def _chance(self) -> tuple[Sequence[int], Sequence[float]]:
        step = self.steps[-1]
        if isinstance(step, (F.SiteBones, F.PileBones)):
            outs = [c for c in range(NC) if self.bag[c]]
            return outs, [self.bag[c] for c in outs]
        if isinstance(step, (F.DrawNotoriety, F.DrawSabotage)):
            outs = [v for v in range(len(self.nbag)) if self.nbag[v]]
            return outs, [self.nbag[v] for v in outs]
        if isinstance(step, F.DealBonus):
            outs = [k for k in range(self.num_bonus) if self.deck >> k & 1]
            return outs, [1] * len(outs)
        if isinstance(step, F.DealPaleontologist):
            outs = [k for k in range(len(self.game.data.paleontologist_names)) if self.paleo_left >> k & 1]
            return outs, [1] * len(outs)
        if isinstance(step, F.DrawStarter):
            return list(range(self.num_players)), [1] * self.num_players
        raise AssertionError(f"no chance at {step!r}")  # pragma: no cover

    def _sample_chance(self, rng: random.Random) -> int:
        """The outcome ``sample_chance`` draws from ``_chance()``, drawn from the counts directly
        (the same draw, the same outcome: see ``dinobox.engine.state.sample_counts``)."""
        step = self.steps[-1]
        if isinstance(step, (F.SiteBones, F.PileBones)):
            return sample_counts(list(self.bag), 0, NC, rng)
        if isinstance(step, (F.DrawNotoriety, F.DrawSabotage)):
            return sample_counts(list(self.nbag), 0, len(self.nbag), rng)
        if isinstance(step, F.DealBonus):
            cards = [k for k in range(self.num_bonus) if self.deck >> k & 1]
            return cards[sample_uniform(len(cards), rng)]
        return sample_weighted(self._chance(), rng)

    def _legal(self) -> list[int]:
        step = self.steps[-1]
        L = self.layout
        if isinstance(step, F.Move):
            return [A.MOVE + c for c in self.destinations(step.seat)] or [L.STAY]
        if isinstance(step, F.Publicize):
            steps = (1, 2) if self.ability(step.seat) == "publicize_two" else (1,)
            out = []
            for cat in range(5):
                row = self.rows[cat]
                for i, size in enumerate(steps):
                    if row - size >= 0:
                        out.append(L.PUBLICIZE + 4 * cat + 2 * i)
                    if row + size <= 5:
                        out.append(L.PUBLICIZE + 4 * cat + 2 * i + 1)
            return sorted(out)
        if isinstance(step, F.Act):
            return field_actions.field_actions(self, step.seat)
        if isinstance(step, F.Build):
            if not step.placing:
                return [L.BUILD_FRESH, L.BUILD_KEEP]
            placing = self._placing
            return placing if placing is not None else build_phase.placements(self, step.seat)
        if isinstance(step, F.StealMore):
            bones = self.site_bones(step.cell)
            d = self.board.neighbour[self.pos[step.seat]].index(step.cell)
            return [L.STEAL + 5 * d + c for c in range(NC) if bones[c]]
        if isinstance(step, F.PlaceStart):
            return [A.MOVE + c for c in self.start_spaces if c not in self.pos]
        if isinstance(step, F.PickPaleontologist):
            names = self.game.data.paleontologist_names
            return [A.PICK + k for k in range(len(names)) if self.paleo_left >> k & 1]
        raise AssertionError(f"no decision at {step!r}")  # pragma: no cover

    # ----- the flow ---------------------------------------------------------------------------
    def _due(self, step: Step) -> int:
        """Who the step on top waits for (see ``flow.py``), or ``AUTOMATIC``; a draw from an
        empty bag or deck is dropped."""
        if isinstance(step, (F.Move, F.Publicize, F.Act, F.Build, F.StealMore, F.PlaceStart, F.PickPaleontologist)):
            return step.seat
        if isinstance(step, (F.SiteBones, F.PileBones)):
            return CHANCE if any_left(self.bag) else AUTOMATIC
        if isinstance(step, (F.DrawNotoriety, F.DrawSabotage)):
            return CHANCE if any_left(self.nbag) else AUTOMATIC
        if isinstance(step, F.DealBonus):
            return CHANCE if self.deck else AUTOMATIC
        if isinstance(step, (F.DealPaleontologist, F.DrawStarter)):
            return CHANCE
        return AUTOMATIC

    def _run(self, step: Step) -> None:
        if isinstance(step, F.StartTurn):
            field_phase.start_turn(self, step.seat)
        elif isinstance(step, F.EndTurn):
            field_phase.end_turn(self, step.seat)
        elif isinstance(step, F.StartRound):
            field_phase.start_round(self)
        elif isinstance(step, F.EndField):
            field_phase.end_field(self)
        elif isinstance(step, F.StartingBones):
            set_up.starting_bones(self)
        elif isinstance(step, F.BeginBuild):
            build_phase.begin_build(self, step.seat)
        elif isinstance(step, F.Exhibit):
            exhibit_phase.exhibit(self)
        elif isinstance(step, F.ReturnSite):
            field_phase.return_site(self, step.cell)
        elif isinstance(step, F.EndRound):
            exhibit_phase.end_round(self)
        # a draw from an empty bag or deck is dropped

    def _apply(self, action: int) -> None:
        self._placing = None
        steps = self.steps
        step = steps[-1]
        if self._player == CHANCE:
            self._apply_chance(step, action)
        elif isinstance(step, F.Move):
            steps.pop()
            field_phase.move(self, step.seat, action)
        elif isinstance(step, F.Publicize):
            steps.pop()
            field_phase.publicize(self, step.seat, action)
        elif isinstance(step, F.Act):
            steps.pop()
            field_actions.act(self, step.seat, action)
        elif isinstance(step, F.StealMore):
            steps.pop()
            field_actions.steal(self, step.seat, action)
        elif isinstance(step, F.Build):
            build_phase.build(self, step, action)
        elif isinstance(step, F.PlaceStart):
            steps.pop()
            set_up.start_space(self, step.seat, action - A.MOVE)
        elif isinstance(step, F.PickPaleontologist):
            steps.pop()
            set_up.give_paleontologist(self, step.seat, action - A.PICK)
        self._advance()

    def _apply_chance(self, step: Step, outcome: int) -> None:
        steps = self.steps
        if isinstance(step, F.SiteBones):
            self.bag = add(self.bag, outcome, -1)
            self.site[step.cell] = add(self.site[step.cell], outcome, 1)
            if step.count > 1:
                steps[-1] = F.SiteBones(step.cell, step.count - 1)
            else:
                steps.pop()
        elif isinstance(step, F.PileBones):
            self.bag = add(self.bag, outcome, -1)
            self.pile = add(self.pile, step.seat * NC + outcome, 1)
            self._emit("draw_bone", (step.seat, outcome))
            if step.count > 1:
                steps[-1] = F.PileBones(step.seat, step.count - 1)
            else:
                steps.pop()
        elif isinstance(step, F.DrawNotoriety):
            steps.pop()
            field_actions.notoriety_drawn(self, step.seat, -1, outcome)
        elif isinstance(step, F.DrawSabotage):
            steps.pop()
            field_actions.notoriety_drawn(self, step.seat, step.cell, outcome)
        elif isinstance(step, F.DealBonus):
            self.deck &= ~(1 << outcome)
            self.hands = tuple(h | 1 << outcome if s == step.seat else h for s, h in enumerate(self.hands))
            self._emit("bonus_card", (step.seat, outcome), (step.seat,))
            if step.count > 1:
                steps[-1] = F.DealBonus(step.seat, step.count - 1)
            else:
                steps.pop()
        elif isinstance(step, F.DealPaleontologist):
            steps.pop()
            set_up.give_paleontologist(self, step.seat, outcome)
        elif isinstance(step, F.DrawStarter):
            steps.pop()
            set_up.set_starter(self, outcome)

    # ----- outcome -----------------------------------------------------------------------------
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
