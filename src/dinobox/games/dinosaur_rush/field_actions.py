"""Actions of the field phase: the Standard actions (Publicize, Donate, Research), the Notorious
actions (Sabotage, Dynamite, Steal) and the family variant's Survey."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush.board import OUTER, SITE
from dinobox.games.dinosaur_rush.data import NUM_COLOURS
from dinobox.games.dinosaur_rush.flow import (
    DealBonus,
    DrawNotoriety,
    DrawSabotage,
    Move,
    PileBones,
    ReturnSite,
    StealMore,
)
from dinobox.games.dinosaur_rush.tuples import add, put, put_row

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

NC: Final = NUM_COLOURS
GONE: Final = -(10**6)  # a Notoriety token back in the bag
# per donation combo: (colour, how many of it) for each colour it holds
_COMBO_NEEDS: Final = tuple(tuple((c, combo.count(c)) for c in sorted(set(combo))) for combo in A.COMBOS)
# Donate: the combos a spare-bone count allows, by the counts capped at 3 (a combo takes at most
# 3 of a colour), filled in as met
_DONATABLE: Final[dict[int, tuple[int, ...]]] = {}


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


def field_actions(st: DinosaurRushState, seat: int) -> list[int]:
    """Actions: Publicize, Donate, Research, and Sabotage, Dynamite, Steal (or Survey)."""
    L = st.layout
    out = [
        L.ACT_PUBLICIZE + 2 * cat + s for cat in range(5) for s in (0, 1) if 0 <= st.rows[cat] + (1 if s else -1) <= 5
    ]
    out.extend(donations(st, seat))
    if st.deck:
        out.append(L.RESEARCH)
    here = st.pos[seat]
    board = st.board
    if st.family:
        if st.destinations(seat):
            out.append(L.SURVEY)
        return sorted(out)
    kinds = board.kinds
    around = board.neighbour[here]
    if sum(st.nbag):
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
    out.sort()
    return out


def donations(st: DinosaurRushState, seat: int) -> list[int]:
    """Donate: 1-3 bones that are not starting bones; points, or shed a token of that value."""
    L = st.layout
    spare = [st.pile[seat * NC + c] - st.start_bones[seat * NC + c] for c in range(NC)]
    if not any(spare):
        return []
    values = st.game.data.notoriety_values
    held = {st.tok_value[i] for i in st.tokens_of(seat)}
    any_token = st.ability(seat) == "donate_any_token"
    out = []
    for i in _donatable(spare):
        out.append(L.DONATE + 4 * i)
        k = len(A.COMBOS[i])
        for v in held:
            if values[v] == k or (any_token and values[v] <= k):
                out.append(L.DONATE + 4 * i + 1 + v)
    return out


def notorious(st: DinosaurRushState, seat: int) -> None:
    """Notorious actions: afterwards the player draws a secret Notoriety token."""
    first = st.notorious_this_round[seat] == 0
    st.notorious_this_round = add(st.notorious_this_round, seat, 1)
    if first and st.ability(seat) == "first_notorious_free":
        st._emit("no_notoriety", (seat,))
        return
    if sum(st.nbag):
        st.steps.append(DrawNotoriety(seat))


def act(st: DinosaurRushState, seat: int, action: int) -> None:
    """Actions: carry out the one ``seat`` chose."""
    L = st.layout
    here = st.pos[seat]
    steps = st.steps
    if action < L.DONATE:
        cat, s = divmod(action - L.ACT_PUBLICIZE, 2)
        step = 1 if s else -1
        st.rows = add(st.rows, cat, step)
        st._emit("publicize", (seat, cat, step))
    elif action < L.RESEARCH:
        donate(st, seat, action)
    elif action == L.RESEARCH:
        st._emit("research", (seat,))
        steps.append(DealBonus(seat, 1))
    elif action < L.DYNAMITE:
        cell = st.board.neighbour[here][action - L.SABOTAGE]
        st._emit("sabotage", (seat, cell))
        notorious(st, seat)
        steps.append(DrawSabotage(seat, cell))
    elif action == L.DYNAMITE:
        st._emit("dynamite", (seat,))
        notorious(st, seat)
        if st.ability(seat) != "dynamite_keep":
            steps.append(ReturnSite(here))
        count = 4 if st.ability(seat) == "dynamite_four" else 3
        if sum(st.bag):
            steps.append(PileBones(seat, min(count, sum(st.bag))))
    elif action < L.SURVEY:
        notorious(st, seat)
        cell = steal(st, seat, action)
        if st.ability(seat) == "steal_two" and any(st.site_bones(cell)):
            steps.append(StealMore(seat, cell))
    else:
        st._emit("survey", (seat,))
        steps.append(Move(seat, True))


def donate(st: DinosaurRushState, seat: int, action: int) -> None:
    """Donate: the bones go back to the bag, for points or to shed a Notoriety token."""
    i, reward = divmod(action - st.layout.DONATE, 4)
    combo = A.COMBOS[i]
    pile = list(st.pile)
    bag = list(st.bag)
    for c in combo:
        pile[seat * NC + c] -= 1
        bag[c] += 1
    st.pile = tuple(pile)
    st.bag = tuple(bag)
    if reward == 0:
        points = len(combo) + (1 if st.ability(seat) == "donate_bonus" else 0)
        st.vp = add(st.vp, seat, points)
        st._emit("donate", (seat, combo, points))
    else:
        value = reward - 1
        tok = next(t for t in st.tokens_of(seat) if st.tok_value[t] == value)
        st.tok_where = put(st.tok_where, tok, GONE)
        st.nbag = add(st.nbag, value, 1)
        st._emit("donate_token", (seat, combo, st.game.data.notoriety_values[value]))


def steal(st: DinosaurRushState, seat: int, action: int) -> int:
    """Steal: one bone from a neighbouring dig site to the pile; the site is returned."""
    d, colour = divmod(action - st.layout.STEAL, 5)
    cell = st.board.neighbour[st.pos[seat]][d]
    st.site = put_row(st.site, cell, add(st.site[cell], colour, -1))
    st.pile = add(st.pile, seat * NC + colour, 1)
    st._emit("steal", (seat, cell, colour))
    return cell


def notoriety_drawn(st: DinosaurRushState, seat: int, cell: int, value: int) -> None:
    """Notorious actions and Sabotage: the token drawn goes to ``seat`` (``cell`` < 0) or face
    down onto ``cell``; only ``seat`` knows its value."""
    st.nbag = add(st.nbag, value, -1)
    st.tok_value = (*st.tok_value, value)
    st.tok_known = (*st.tok_known, 1 << seat)
    if cell < 0:
        st.tok_where = (*st.tok_where, seat)
        st._emit("notoriety", (seat, value), (seat,))
    else:
        st.tok_where = (*st.tok_where, -(cell + 1))
        st._emit("sabotage_token", (seat, cell, value), (seat,))
