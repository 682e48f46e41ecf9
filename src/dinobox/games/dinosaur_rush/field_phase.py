"""Field phase: the round's start, each turn (Collect bones, Move, Publicize, then the Actions
in ``field_actions.py``), and the End of the field phase."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush.board import DIRECTIONS, OUTER, SITE, TAR, Board
from dinobox.games.dinosaur_rush.data import NUM_COLOURS
from dinobox.games.dinosaur_rush.tuples import NO_BONES, add, put

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC = NUM_COLOURS


class StraightLines:
    """Move: from each cell, the dig sites a straight line reaches (``ends``, ascending) and the
    cells crossed to reach each, it included (``paths``), as if no other paleontologist stood
    on the board: they are passed over, never landed on. A line stops at the board's edge, a
    start space or a tar pit, unless ``cross_tar`` (the ability goes over tar pits, never onto
    one). Worked out once per board (``straight_lines``)."""

    def __init__(self, board: Board, cross_tar: bool) -> None:
        ends: list[tuple[int, ...]] = []
        paths: list[dict[int, tuple[int, ...]]] = []
        for here in range(board.size):
            found: dict[int, tuple[int, ...]] = {}
            for d in range(len(DIRECTIONS)):
                path: list[int] = []
                cell = board.neighbour[here][d]
                while cell >= 0:
                    kind = board.kinds[cell]
                    if kind == TAR and cross_tar:
                        path.append(cell)
                    elif kind in (SITE, OUTER):
                        path.append(cell)
                        found[cell] = tuple(path)
                    else:
                        break
                    cell = board.neighbour[cell][d]
            ends.append(tuple(sorted(found)))
            paths.append(found)
        self.ends: tuple[tuple[int, ...], ...] = tuple(ends)
        self.paths: tuple[dict[int, tuple[int, ...]], ...] = tuple(paths)


@lru_cache(maxsize=16)
def straight_lines(board: Board, cross_tar: bool) -> StraightLines:
    return StraightLines(board, cross_tar)


def start_round(st: DinosaurRushState) -> None:
    """Field phase: round 1 starts with the first player; later rounds with the leader."""
    n = st.num_players
    if st.round > 0:
        best = max(st.vp)
        st.starter = next(s for s in ((st.starter + i) % n for i in range(1, n + 1)) if st.vp[s] == best)
    st.order = tuple((st.starter + i) % n for i in range(n))
    st.field_turn = 0
    st.notorious_this_round = (0,) * n
    st._emit(E.Round, st.round, st.starter)
    st.steps.append(F.StartTurn(st.starter))


def start_turn(st: DinosaurRushState, seat: int) -> None:
    """Field phase: collect, move, publicize, act (and collect again the third time)."""
    st.turn_player = seat
    st.turns += 1
    st._emit(E.Turn, seat, st.round, st.field_turn)
    collect(st, seat)
    steps = st.steps
    steps.append(F.EndTurn(seat))
    steps.append(F.Act(seat))
    steps.append(F.Publicize(seat))
    steps.append(F.Move(seat, False))


def end_turn(st: DinosaurRushState, seat: int) -> None:
    """Field phase: the next player's turn, the next field turn, or the end of the field phase."""
    data = st.game.data
    if st.field_turn == data.field_turns - 1:
        collect(st, seat)
    order = st.order
    index = 0
    while order[index] != seat:
        index += 1
    if index + 1 < len(order):
        st.steps.append(F.StartTurn(order[index + 1]))
    elif st.field_turn + 1 < data.field_turns:
        st.field_turn += 1
        st.steps.append(F.StartTurn(st.order[0]))
    else:
        st.steps.append(F.END_FIELD)


def collect(st: DinosaurRushState, seat: int) -> None:
    """Collect bones: everything on the paleontologist's dig site goes to the pile."""
    cell = st.pos[seat]
    if cell < 0:
        return
    got = st.site[cell]  # only dig sites ever hold bones (NO_BONES elsewhere)
    if any(got):
        pile = list(st.pile)
        for c in range(NC):
            pile[seat * NC + c] = pile[seat * NC + c] + got[c]
        st.pile = tuple(pile)
        st.site[cell] = NO_BONES
        st._emit(E.Collect, seat, cell, got)


def move(st: DinosaurRushState, seat: int, action: int) -> None:
    """Move: a straight line; crossing or landing on a sabotage token takes it."""
    if action == st.layout.STAY:
        st._emit(E.Stay, seat)
        return
    target = action - A.MOVE
    path = st.lines_of(seat).paths[st.pos[seat]][target]
    st.pos = put(st.pos, seat, target)
    st._emit(E.Move, seat, target)
    if st.ability(seat) == "sabotage_immune":
        return
    for cell in path:
        for tok in st.board_tokens(cell):
            st.tok_where = put(st.tok_where, tok, seat)
            st.tok_known = put(st.tok_known, tok, st.tok_known[tok] | 1 << seat)
            st._emit_to((seat,), E.TokenTaken, seat, cell, st.tok_value[tok])


def publicize_actions(st: DinosaurRushState, seat: int) -> list[int]:
    """Publicize: each category marker one step up or down (or two, with the ability), within
    rows A to F, ascending."""
    base = st.layout.PUBLICIZE
    sizes = (1, 2) if st.ability(seat) == "publicize_two" else (1,)
    out = []
    for cat in range(5):
        row = st.rows[cat]
        for i, size in enumerate(sizes):
            if row - size >= 0:
                out.append(base + 4 * cat + 2 * i)
            if row + size <= 5:
                out.append(base + 4 * cat + 2 * i + 1)
    return sorted(out)


def publicize(st: DinosaurRushState, seat: int, action: int) -> None:
    """Publicize: one museum category marker one step (or two, with the ability) up or down."""
    cat, s = divmod(action - st.layout.PUBLICIZE, 4)
    step = (-1, 1, -2, 2)[s]
    st.rows = add(st.rows, cat, step)
    st._emit(E.Publicize, seat, cat, step)


def end_field(st: DinosaurRushState) -> None:
    """End of the field phase: refill empty dig sites (not under paleontologists), then Build."""
    data = st.game.data
    steps = st.steps
    steps.append(F.EXHIBIT)
    for seat in reversed(st.order):
        steps.append(F.BeginBuild(seat))
    if st.round < data.rounds - 1:
        count = data.refill[st.round]
        for cell in reversed(st.bone_sites):
            if not any(st.site[cell]) and cell not in st.pos and count > 0:
                steps.append(F.RefillSite(cell, count))
    st.built = (False,) * st.num_players


def bone_to_site(st: DinosaurRushState, cell: int, colour: int) -> None:
    """Setup 10 and End of the field phase: a bone drawn from the bag onto the dig site ``cell``."""
    st.bag = add(st.bag, colour, -1)
    st.site[cell] = add(st.site[cell], colour, 1)


def return_site(st: DinosaurRushState, cell: int) -> None:
    """Dynamite: the site's bones go back to the bag."""
    here = st.site[cell]
    st.bag = tuple([st.bag[c] + here[c] for c in range(NC)])
    st.site[cell] = NO_BONES
