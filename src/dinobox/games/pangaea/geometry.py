"""Pangaea's board geometry: the fixed shape of the hex board, shared by every world.

Board: rows 0..rows-1 (0 = the north pole), ``cols`` spaces per row, even rows drawn half a
space to the right. Left and right edges are joined; top and bottom are not (the Event locator
bounces there: Moving the Event locator, parts 1 and 2). Spaces are numbered row-major
(``row * cols + col``); directions are NE, E, SE, SW, W, NW (``tiles.DIRECTION_KEYS`` order).
"""

from __future__ import annotations

from functools import cache

from dinobox.games.pangaea.tiles import BOUNCE, RANGE_DIRS, SE, SW, E, is_cold_row


class Geometry:
    """The fixed shape of the board: neighbours, edges (crack places) and distances."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.n = rows * cols
        # per space: whether a climate shift there turns colder (near a pole; tiles.is_cold_row)
        self.cold: tuple[bool, ...] = tuple(is_cold_row(i // cols, rows) for i in range(self.n))
        nb: list[tuple[int, ...]] = []
        for i in range(self.n):
            r, c = divmod(i, cols)
            shifted = not r & 1  # even rows sit half a space to the right
            out = []
            steps = ((-1, 0, 1), (0, 1, 1), (1, 0, 1), (1, -1, 0), (0, -1, -1), (-1, -1, 0))
            for dr, dc_even, dc_odd in steps:
                rr = r + dr
                if not 0 <= rr < rows:
                    out.append(-1)
                    continue
                cc = (c + (dc_odd if shifted else dc_even)) % cols
                out.append(rr * cols + cc)
            nb.append(tuple(out))
        self.nb: tuple[tuple[int, ...], ...] = tuple(nb)
        # Edges between neighbours: id = space * 3 + k for the E, SE and SW sides.
        edge_of: dict[tuple[int, int], int] = {}
        ends: dict[int, tuple[int, int]] = {}
        for i in range(self.n):
            for k, d in enumerate((E, SE, SW)):
                j = nb[i][d]
                if j >= 0:
                    edge = i * 3 + k
                    edge_of[(i, j)] = edge
                    edge_of[(j, i)] = edge
                    ends[edge] = (i, j)
        self.edge_of = edge_of
        self.num_edges = self.n * 3
        # The same as flat tables (no tuple or dict lookup on the hot paths): the edge between
        # ``a`` and ``b`` at ``a * n + b`` (-1: not neighbours); per edge id its two ends and the
        # edges beside it (``(-1, -1)`` and ``()`` for the ids no edge has).
        code = [-1] * (self.n * self.n)
        for (a, b), e in edge_of.items():
            code[a * self.n + b] = e
        self.edge_code: tuple[int, ...] = tuple(code)
        self.edge_ends: tuple[tuple[int, int], ...] = tuple(ends.get(e, (-1, -1)) for e in range(self.num_edges))
        adj: list[tuple[int, ...]] = [()] * self.num_edges
        for edge, (a, b) in ends.items():
            common = set(nb[a]) & set(nb[b]) - {-1}
            near = []
            for c in sorted(common):
                near.append(edge_of[(a, c)])
                near.append(edge_of[(b, c)])
            adj[edge] = tuple(sorted(set(near)))
        self.edge_adj: tuple[tuple[int, ...], ...] = tuple(adj)
        self._walk_tables()
        self._dist: list[tuple[int, ...]] | None = None

    def _walk_tables(self) -> None:
        """The tables of a walk of 1 or 2 steps (Explorers and dinos, Players Turn step 6), per
        space: ``nb_edge``, per direction the edge crossed (-1: off the board); ``near2``, the
        other spaces at most 2 steps away, sorted; per such space, ``near2_dir``, the direction
        it lies in when it is a neighbour (else -1), and ``near2_via``, the directions of the
        neighbours beside it (the spaces a 2-step walk to it may pass), as a bitmask (bit ``d``:
        direction ``d``)."""
        nb, n = self.nb, self.n
        self.nb_edge: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.edge_code[s * n + j] if j >= 0 else -1 for j in nb[s]) for s in range(n)
        )
        near2, dirs, vias = [], [], []
        for s in range(n):
            around = sorted(set(self.within(s, 2)) - {s})
            near2.append(tuple(around))
            dirs.append(tuple(nb[s].index(k) if k in nb[s] else -1 for k in around))
            vias.append(tuple(sum(1 << d for d in range(6) if nb[s][d] >= 0 and nb[s][d] in nb[k]) for k in around))
        self.near2: tuple[tuple[int, ...], ...] = tuple(near2)
        self.near2_dir: tuple[tuple[int, ...], ...] = tuple(dirs)
        self.near2_via: tuple[tuple[int, ...], ...] = tuple(vias)

    def rc(self, space: int) -> tuple[int, int]:
        r, c = divmod(space, self.cols)
        return r, c

    def space(self, row: int, col: int) -> int:
        if not 0 <= row < self.rows:
            raise ValueError(f"row {row} is off the board (rows 0..{self.rows - 1})")
        return row * self.cols + col % self.cols

    def range_spaces(self, center: int, shape: int) -> list[int]:
        """The Range around ``center``: one of the five shapes (Earthquake - part 2)."""
        nb = self.nb[center]
        out = [center]
        for d in RANGE_DIRS[shape]:
            j = nb[d]
            if j >= 0:
                out.append(j)
        return out

    def line(self, start: int, direction: int, steps: int) -> tuple[int, list[int]]:
        """Moving the Event locator: ``steps`` spaces in a straight line, wrapping at the sides
        and bouncing at the top and bottom rows. Returns the end and the spaces passed."""
        pos = start
        d = direction
        path = []
        nb = self.nb
        for _ in range(steps):
            nxt = nb[pos][d]
            if nxt < 0:
                d = BOUNCE[d]
                nxt = nb[pos][d]
            pos = nxt
            path.append(pos)
        return pos, path

    def line_end(self, start: int, direction: int, steps: int) -> int:
        """Where ``line`` ends (without the spaces passed)."""
        pos = start
        d = direction
        nb = self.nb
        for _ in range(steps):
            nxt = nb[pos][d]
            if nxt < 0:
                d = BOUNCE[d]
                nxt = nb[pos][d]
            pos = nxt
        return pos

    def within(self, center: int, dist: int) -> list[int]:
        """Every space at most ``dist`` steps from ``center`` (itself first)."""
        seen = {center: 0}
        order = [center]
        frontier = [center]
        for step in range(1, dist + 1):
            nxt = []
            for s in frontier:
                for j in self.nb[s]:
                    if j >= 0 and j not in seen:
                        seen[j] = step
                        order.append(j)
                        nxt.append(j)
            frontier = nxt
        return order

    def ring(self, center: int, dist: int) -> list[int]:
        """The spaces exactly ``dist`` steps from ``center``."""
        inner = set(self.within(center, dist - 1)) if dist > 0 else set()
        return [s for s in self.within(center, dist) if s not in inner]

    def distance(self, a: int, b: int) -> int:
        """Steps between two spaces (round the world sideways; never over the poles)."""
        if self._dist is None:
            table = []
            for s in range(self.n):
                row = [0] * self.n
                seen = {s}
                frontier = [s]
                step = 0
                while frontier:
                    step += 1
                    nxt = []
                    for x in frontier:
                        for j in self.nb[x]:
                            if j >= 0 and j not in seen:
                                seen.add(j)
                                row[j] = step
                                nxt.append(j)
                    frontier = nxt
                table.append(tuple(row))
            self._dist = table
        return self._dist[a][b]

    def ray(self, start: int, direction: int, steps: int) -> list[int]:
        """Up to ``steps`` spaces in a straight line from ``start`` (not included), wrapping at the
        sides and stopping at the top or bottom row (no bounce)."""
        out = []
        pos = start
        for _ in range(steps):
            pos = self.nb[pos][direction]
            if pos < 0:
                break
            out.append(pos)
        return out


@cache
def geometry(rows: int, cols: int) -> Geometry:
    return Geometry(rows, cols)
