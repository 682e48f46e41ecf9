"""The board geometry has one copy (``geometry.Geometry``): the heuristic bot and the encoder use
it. These tests pin that it agrees, on the whole map, with the offset-row hex arithmetic the
heuristic used to carry (Moving the Event locator: even rows sit half a space to the right,
left and right edges are joined, top and bottom are not)."""

from __future__ import annotations

import pytest

from dinobox.games.pangaea.geometry import geometry

# The offset neighbours per row parity, in direction order (NE, E, SE, SW, W, NW).
EVEN_STEPS = ((-1, 1), (0, 1), (1, 1), (1, 0), (0, -1), (-1, 0))
ODD_STEPS = ((-1, 0), (0, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def offset_neighbours(rows: int, cols: int, r: int, c: int) -> list[int]:
    steps = EVEN_STEPS if r % 2 == 0 else ODD_STEPS
    return [(r + dr) * cols + (c + dc) % cols if 0 <= r + dr < rows else -1 for dr, dc in steps]


def cube_distance(cols: int, r1: int, c1: int, r2: int, c2: int) -> int:
    """Hex steps through axial coordinates, trying the three copies of the wrapped board."""
    q1 = c1 - (r1 + (r1 & 1)) // 2
    best = 99
    for shift in (-cols, 0, cols):
        dq = c2 + shift - (r2 + (r2 & 1)) // 2 - q1
        dr = r2 - r1
        best = min(best, (abs(dq) + abs(dr) + abs(dq + dr)) // 2)
    return best


SHAPES = [(10, 12), (4, 4), (5, 6), (3, 8)]  # the packaged world first, then small even-width boards


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_moving_the_event_locator_neighbours_match_offset_rows(rows: int, cols: int) -> None:
    geo = geometry(rows, cols)
    for s in range(geo.n):
        r, c = divmod(s, cols)
        assert list(geo.nb[s]) == offset_neighbours(rows, cols, r, c)


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_moving_the_event_locator_distances_match_cube_arithmetic(rows: int, cols: int) -> None:
    geo = geometry(rows, cols)
    for a in range(geo.n):
        for d in range(rows + cols):
            for b in geo.ring(a, d):
                assert geo.distance(a, b) == d == cube_distance(cols, *divmod(a, cols), *divmod(b, cols)), (a, b)
        assert sum(len(geo.ring(a, d)) for d in range(rows + cols)) == geo.n


def test_moving_the_event_locator_rays_stop_at_the_poles() -> None:
    geo = geometry(10, 12)
    start = geo.space(2, 3)
    for d in range(6):
        ray = geo.ray(start, d, 6)
        expected = []
        s = start
        for _ in range(6):
            s = geo.nb[s][d]
            if s < 0:
                break
            expected.append(s)
        assert ray == expected
        assert all(geo.distance(start, s) == k for k, s in enumerate(ray, start=1))
