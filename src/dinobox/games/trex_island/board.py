"""The board as fast lookup tables, derived once per game from the component data."""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from dinobox.games.trex_island.data import COLOURS, HELIPAD, REST, SPACE_KINDS, TRexIslandData

FAR = 1 << 20


class Paths(NamedTuple):
    """The links between spaces as lookup tables, derived from each space's ``next`` list (the
    board in a seat's view has them too, so a policy can build the same tables)."""

    prev: tuple[tuple[int, ...], ...]  # the spaces leading into each space
    back: tuple[int, ...]  # the way back: the first listed predecessor, -1 at the start
    depth: tuple[int, ...]  # spaces behind each space along ``back``
    to_helipad: tuple[int, ...]  # forward distance to the helipad
    neighbours: tuple[tuple[int, ...], ...]  # the T-Rex's links: both ways, never the helipad
    dist: tuple[tuple[int, ...], ...]  # the T-Rex's all-pairs distances over ``neighbours``


def _distances(links: list[list[int]], source: int, n: int) -> list[int]:
    row = [FAR] * n
    row[source] = 0
    queue = deque([source])
    while queue:
        x = queue.popleft()
        for y in links[x]:
            if row[y] == FAR:
                row[y] = row[x] + 1
                queue.append(y)
    return row


def paths(nxt: tuple[tuple[int, ...], ...], helipad: int) -> Paths:
    """The lookup tables of a board whose space ``s`` leads to ``nxt[s]``."""
    n = len(nxt)
    prev: list[list[int]] = [[] for _ in range(n)]
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        for t in nxt[s]:
            prev[t].append(s)
            if s != helipad and t != helipad:
                nbrs[s].append(t)
                nbrs[t].append(s)
    back = tuple(p[0] if p else -1 for p in prev)
    depth = []
    for s in range(n):
        d, x = 0, s
        while back[x] >= 0:
            x = back[x]
            d += 1
        depth.append(d)
    dist = tuple(tuple(_distances(nbrs, s, n)) if s != helipad else (FAR,) * n for s in range(n))
    return Paths(
        tuple(tuple(p) for p in prev),
        back,
        tuple(depth),
        tuple(_distances(prev, helipad, n)),
        tuple(tuple(sorted(x)) for x in nbrs),
        dist,
    )


class Board:
    """Spaces, links and distances. ``kind[s]`` is a colour 0..2, ``REST`` or ``HELIPAD``."""

    def __init__(self, data: TRexIslandData) -> None:
        n = len(data.space_kinds)
        self.size = n
        self.kind: tuple[int, ...] = tuple(SPACE_KINDS.index(k) for k in data.space_kinds)
        self.next: tuple[tuple[int, ...], ...] = data.space_next
        self.start = data.start_space
        self.helipad = self.kind.index(HELIPAD)
        self.rests: tuple[int, ...] = tuple(s for s in range(n) if self.kind[s] == REST)
        self.rest_index: tuple[int, ...] = tuple(self.rests.index(s) if s in self.rests else -1 for s in range(n))
        self.crossroads: tuple[int, ...] = tuple(s for s in range(n) if len(self.next[s]) > 1)
        links = paths(self.next, self.helipad)
        self.paths = links
        prev = links.prev
        # Moving a team: the way back is the first listed predecessor (used to place the T-Rex).
        self.back: tuple[int, ...] = links.back
        self.depth: tuple[int, ...] = links.depth
        # Forward distance to the helipad (who is "closest to the destination").
        self.to_helipad: tuple[int, ...] = links.to_helipad
        # Rest points strictly ahead of each space (bitmask over rest indices); index n = the
        # starting arrow, from where every rest point lies ahead.
        ahead = [0] * (n + 1)
        for s in _forward_last(self.next, prev):  # every space after all the spaces ahead of it
            mask = 0
            for t in self.next[s]:
                mask |= ahead[t]
                if self.rest_index[t] >= 0:
                    mask |= 1 << self.rest_index[t]
            ahead[s] = mask
        first = ahead[self.start] | (1 << self.rest_index[self.start] if self.rest_index[self.start] >= 0 else 0)
        ahead[n] = first
        self.rests_ahead: tuple[int, ...] = tuple(ahead)
        # The T-Rex walks the paths both ways, never onto the helipad: all-pairs distances.
        self.neighbours: tuple[tuple[int, ...], ...] = links.neighbours
        self.dist: tuple[tuple[int, ...], ...] = links.dist
        self.colour_names = COLOURS

    def is_rest(self, space: int) -> bool:
        return self.kind[space] >= REST


def _forward_last(nxt: tuple[tuple[int, ...], ...], prev: tuple[tuple[int, ...], ...]) -> list[int]:
    """The spaces ordered so that each comes after every space it links to."""
    out_left = [len(x) for x in nxt]
    ready = [s for s in range(len(nxt)) if not out_left[s]]
    order: list[int] = []
    while ready:
        s = ready.pop()
        order.append(s)
        for p in prev[s]:
            out_left[p] -= 1
            if not out_left[p]:
                ready.append(p)
    return order
