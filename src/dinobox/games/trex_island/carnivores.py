"""Carnivore cards and the T-Rex meeple: the effect of a Raptor, Pterosaur or T-Rex card played
to move a team, and where the T-Rex appears and walks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dinobox.games.trex_island import events as E
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island.board import Paths
from dinobox.games.trex_island.data import ATTACK_PTERO, ATTACK_RAPTOR, ATTACK_TREX, RAPTOR, TREX

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState


def carnivore(st: TRexIslandState, seat: int, card: int) -> None:
    """Carnivore cards: the effect triggers when enough of the kind are on the table (the tops
    of the two discard piles)."""
    kind = card // 3
    facts = st.facts
    count = st.tops(kind)
    if count < facts.carnivore_icons[kind - RAPTOR]:
        return
    if kind == TREX:
        st.steps.append(F.TRexHunt(seat, facts.trex_steps[min(count, 2) - 1]))
        return
    live = [d for d in table_order(st, seat) if st.on_map(d)]
    if not live:
        st._emit(E.NoPrey, seat, kind)
        return
    if kind == RAPTOR:
        home = facts.to_helipad
        best = min([home[st.pos[d]] for d in live])
        hit = [d for d in live if home[st.pos[d]] == best]
        attack = ATTACK_RAPTOR
    else:
        best = max([st.crew[d] for d in live])
        hit = [d for d in live if st.crew[d] == best]
        attack = ATTACK_PTERO
    st._emit(E.Strike, seat, kind, tuple(hit))
    st.steps.extend(F.Attack(d, 1, attack) for d in reversed(hit))


def table_order(st: TRexIslandState, seat: int) -> list[int]:
    """Every die, from the acting seat's first team clockwise."""
    n = st.num_players
    return [((seat + i) % n) * 3 + k for i in range(n) for k in range(3)]


def place_trex(st: TRexIslandState) -> None:
    """T-Rex meeple: it appears where ``appear_space`` says."""
    board = st.board
    live = [st.pos[d] for d in range(len(st.pos)) if st.on_map(d)]
    space = appear_space(board.paths, board.start, live, st.game.data.trex_behind)
    st.trex = space
    st._emit(E.TrexAppears, space)


def appear_space(links: Paths, start: int, live: Sequence[int], behind: int) -> int:
    """T-Rex meeple: the space ``behind`` spaces back from the slowest team (the one farthest
    from the helipad, of the teams on ``live`` spaces), or next to the starting arrow ``start``
    when there are fewer spaces behind that team."""
    if live:
        slowest = min(live, key=lambda s: (-links.to_helipad[s], s))
        if links.depth[slowest] >= behind:
            space = slowest
            for _ in range(behind):
                space = links.back[space]
            return space
    return start


def trex_hunt(st: TRexIslandState, seat: int, steps: int) -> None:
    """T-Rex meeple: it appears if need be, then walks toward the nearest team (the card's player
    chooses the way on a tie)."""
    if st.trex < 0:
        place_trex(st)
    ends, _ = trex_ends(st, steps)
    if not ends:
        st._emit(E.TrexIdle)
        return
    if len(ends) > 1:
        st.steps.append(F.TRexWay(seat, steps))
        return
    trex_to(st, seat, ends[0])


def trex_to(st: TRexIslandState, seat: int, space: int) -> None:
    """The T-Rex walks to ``space``; if a team is there it stops and devours."""
    st.trex = space
    prey = [d for d in table_order(st, seat) if st.pos[d] == space]
    st._emit(E.TrexMoves, seat, space, tuple(prey))
    if not prey:
        return
    bite = st.facts.trex_bite if len(prey) == 1 else 1
    st.steps.extend(F.Attack(d, bite, ATTACK_TREX) for d in reversed(prey))


def trex_targets(st: TRexIslandState, start: int) -> list[int]:
    """T-Rex meeple: spaces of teams it may hunt (teams in its starting space are immune)."""
    helipad = st.facts.helipad
    return sorted({p for p in st.pos if p >= 0 and p != helipad and p != start})


def trex_ends(st: TRexIslandState, steps: int) -> tuple[list[int], int]:
    """T-Rex meeple: the spaces it may end on walking ``steps`` toward the nearest team (more
    than one on a tie), and the distance to that team."""
    targets = trex_targets(st, st.trex)
    if not targets:
        return [], 0
    return walk_ends(st.facts.dist, st.trex, targets, steps)


def walk_ends(
    dist: tuple[tuple[int, ...], ...], start: int, targets: Sequence[int], steps: int
) -> tuple[list[int], int]:
    """The spaces a T-Rex on ``start`` may end on walking ``steps`` toward the nearest of the
    ``targets`` (spaces with teams, at least one), and the distance to that nearest team."""
    row = dist[start]
    near = min([row[t] for t in targets])
    nearest = [t for t in targets if row[t] == near]
    j = min(steps, near)
    left = near - j
    ends = [u for u in range(len(row)) if row[u] == j and any(dist[u][t] == left for t in nearest)]
    return ends, near
