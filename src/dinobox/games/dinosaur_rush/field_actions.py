"""Actions of the field phase: the Standard actions (Publicize, Donate, Research), the Notorious
actions (Sabotage, Dynamite, Steal) and the family variant's Survey."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import flow as F
from dinobox.games.dinosaur_rush.board import OUTER, SITE
from dinobox.games.dinosaur_rush.data import NUM_COLOURS
from dinobox.games.dinosaur_rush.tuples import add, any_left, put

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC: Final = NUM_COLOURS
GONE: Final = -(10**6)  # a Notoriety token back in the bag
# per donation combo: (colour, how many of it) for each colour it holds
_COMBO_NEEDS: Final = tuple(tuple((c, combo.count(c)) for c in sorted(set(combo))) for combo in A.COMBOS)
_COMBO_SIZE: Final[tuple[int, ...]] = tuple(len(combo) for combo in A.COMBOS)
_MOST_OF_A_COLOUR: Final = 3  # a combo takes at most 3 bones of a colour


class DonationMenu:
    """Donate: the donation actions for each case, worked out the first time it is met and kept
    (a playout meets the same few cases again and again; the lists are never changed).

    A case is numbered from the spare bones per colour (capped at 3: a combo takes at most 3 of
    a colour; base-4 digits), the Notoriety denominations the donor holds (a set of bits) and
    whether any smaller token may be shed too (the ``donate_any_token`` ability)."""

    def __init__(self, first: int, values: tuple[int, ...]) -> None:
        self.first = first  # the layout's DONATE
        self.values = values  # the Notoriety denominations' values
        self.known: dict[int, list[int]] = {}

    def actions(self, spare: int, held: int, any_token: bool) -> list[int]:
        """The donation actions, ascending, for the case (``spare``: the capped counts' number,
        ``held``: bit v set when a token of denomination v is held)."""
        case = (spare << len(self.values) | held) * 2 + (1 if any_token else 0)
        found = self.known.get(case)
        if found is None:
            found = self.known[case] = self._work_out(spare, held, any_token)
        return found

    def _work_out(self, spare: int, held: int, any_token: bool) -> list[int]:
        counts = [0] * NC
        for c in range(NC - 1, -1, -1):
            spare, counts[c] = divmod(spare, _MOST_OF_A_COLOUR + 1)
        values = self.values
        out: list[int] = []
        for i, needs in enumerate(_COMBO_NEEDS):
            if not all(n <= counts[c] for c, n in needs):
                continue
            out.append(self.first + 4 * i)
            k = _COMBO_SIZE[i]
            for v in range(len(values)):
                if held >> v & 1 and (values[v] == k or (any_token and values[v] <= k)):
                    out.append(self.first + 4 * i + 1 + v)
        return out


def field_actions(st: DinosaurRushState, seat: int) -> list[int]:
    """Actions: Publicize, Donate, Research, and Sabotage, Dynamite, Steal (or Survey). The
    action ranges follow one another in this order, so the list is built ascending."""
    L = st.layout
    out: list[int] = []
    rows = st.rows
    for cat in range(5):
        if 0 <= rows[cat] - 1 <= 5:
            out.append(L.ACT_PUBLICIZE + 2 * cat)
        if 0 <= rows[cat] + 1 <= 5:
            out.append(L.ACT_PUBLICIZE + 2 * cat + 1)
    out.extend(donations(st, seat))
    if st.deck:
        out.append(L.RESEARCH)
    if st.family:
        if st.destinations(seat):
            out.append(L.SURVEY)
        return out
    board = st.board
    kinds = board.kinds
    around = board.neighbour[st.pos[seat]]
    if any_left(st.nbag):
        pos = st.pos
        for d in range(6):
            cell = around[d]
            if cell >= 0 and kinds[cell] in (SITE, OUTER) and cell not in pos:
                out.append(L.SABOTAGE + d)
    out.append(L.DYNAMITE)
    site = st.site
    for d in range(6):
        cell = around[d]
        if cell >= 0 and kinds[cell] in (SITE, OUTER):
            bones = site[cell]
            for c in range(NC):
                if bones[c]:
                    out.append(L.STEAL + 5 * d + c)
    return out


def donations(st: DinosaurRushState, seat: int) -> list[int]:
    """Donate: 1-3 bones that are not starting bones; points, or shed a token of that value.
    (The list may be shared: never change it.)"""
    pile = st.pile
    start_bones = st.start_bones
    spare = 0  # the spare bones per colour, capped, as base-4 digits (see DonationMenu)
    for c in range(seat * NC, seat * NC + NC):
        count = pile[c] - start_bones[c]
        spare = spare * (_MOST_OF_A_COLOUR + 1) + max(0, min(count, _MOST_OF_A_COLOUR))
    if spare == 0:
        return []
    held = 0
    tok_where = st.tok_where
    tok_value = st.tok_value
    for i in range(len(tok_where)):
        if tok_where[i] == seat:
            held |= 1 << tok_value[i]
    return st.donation_menu.actions(spare, held, st.ability(seat) == "donate_any_token")


def notorious(st: DinosaurRushState, seat: int) -> None:
    """Notorious actions: afterwards the player draws a secret Notoriety token."""
    first = st.notorious_this_round[seat] == 0
    st.notorious_this_round = add(st.notorious_this_round, seat, 1)
    if first and st.ability(seat) == "first_notorious_free":
        st._emit(E.NoNotoriety, seat)
        return
    if any_left(st.nbag):
        st.steps.append(F.DrawNotoriety(seat))


def act(st: DinosaurRushState, seat: int, action: int) -> None:
    """Actions: carry out the one ``seat`` chose."""
    L = st.layout
    here = st.pos[seat]
    steps = st.steps
    if action < L.DONATE:
        cat, s = divmod(action - L.ACT_PUBLICIZE, 2)
        step = 1 if s else -1
        st.rows = add(st.rows, cat, step)
        st._emit(E.Publicize, seat, cat, step)
    elif action < L.RESEARCH:
        donate(st, seat, action)
    elif action == L.RESEARCH:
        st._emit(E.Research, seat)
        steps.append(F.Research(seat))
    elif action < L.DYNAMITE:
        cell = st.board.neighbour[here][action - L.SABOTAGE]
        st._emit(E.Sabotage, seat, cell)
        notorious(st, seat)
        steps.append(F.DrawSabotage(seat, cell))
    elif action == L.DYNAMITE:
        st._emit(E.Dynamite, seat)
        notorious(st, seat)
        if st.ability(seat) != "dynamite_keep":
            steps.append(F.ReturnSite(here))
        count = 4 if st.ability(seat) == "dynamite_four" else 3
        if sum(st.bag):
            steps.append(F.PileBones(seat, min(count, sum(st.bag))))
    elif action < L.SURVEY:
        notorious(st, seat)
        cell = steal(st, seat, action)
        if st.ability(seat) == "steal_two" and any(st.site_bones(cell)):
            steps.append(F.StealMore(seat, cell))
    else:
        st._emit(E.Survey, seat)
        steps.append(F.Move(seat, True))


def donate(st: DinosaurRushState, seat: int, action: int) -> None:
    """Donate: the bones go back to the bag, for points or to shed a Notoriety token."""
    i, reward = divmod(action - st.layout.DONATE, 4)
    combo = A.COMBOS[i]
    pile = list(st.pile)
    bag = list(st.bag)
    for c in combo:
        pile[seat * NC + c] = pile[seat * NC + c] - 1
        bag[c] = bag[c] + 1
    st.pile = tuple(pile)
    st.bag = tuple(bag)
    if reward == 0:
        points = len(combo) + (1 if st.ability(seat) == "donate_bonus" else 0)
        st.vp = add(st.vp, seat, points)
        st._emit(E.Donate, seat, combo, points)
    else:
        value = reward - 1
        tok = next(t for t in st.tokens_of(seat) if st.tok_value[t] == value)
        st.tok_where = put(st.tok_where, tok, GONE)
        st.nbag = add(st.nbag, value, 1)
        st._emit(E.DonateToken, seat, combo, st.game.data.notoriety_values[value])


def steal(st: DinosaurRushState, seat: int, action: int) -> int:
    """Steal: one bone from a neighbouring dig site to the pile; the site is returned."""
    d, colour = divmod(action - st.layout.STEAL, 5)
    cell = st.board.neighbour[st.pos[seat]][d]
    st.site[cell] = add(st.site[cell], colour, -1)
    st.pile = add(st.pile, seat * NC + colour, 1)
    st._emit(E.Steal, seat, cell, colour)
    return cell


def steal_more_actions(st: DinosaurRushState, seat: int, cell: int) -> list[int]:
    """Steal (the ``steal_two`` ability): a second bone of any colour left on ``cell``."""
    bones = st.site[cell]
    d = st.board.neighbour[st.pos[seat]].index(cell)
    base = st.layout.STEAL + 5 * d
    return [base + c for c in range(NC) if bones[c]]


def notoriety_drawn(st: DinosaurRushState, seat: int, cell: int, value: int) -> None:
    """Notorious actions and Sabotage: the token drawn goes to ``seat`` (``cell`` < 0) or face
    down onto ``cell``; only ``seat`` knows its value."""
    st.nbag = add(st.nbag, value, -1)
    st.tok_value = (*st.tok_value, value)
    st.tok_known = (*st.tok_known, 1 << seat)
    if cell < 0:
        st.tok_where = (*st.tok_where, seat)
        st._emit_to((seat,), E.Notoriety, seat, value)
    else:
        st.tok_where = (*st.tok_where, -(cell + 1))
        st._emit_to((seat,), E.SabotageToken, seat, cell, value)
