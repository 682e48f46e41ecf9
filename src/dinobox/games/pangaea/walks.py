"""Players Turn, step 6: where an Explorer or a dino may walk, 1 or 2 steps, never across a
crack (the 2-step table of ``geometry.Geometry`` in order: each list comes out sorted).

A playout asks this at every step 6, so it reads the board's fixed tables and short lists
made once per call, not a search over the board."""

from __future__ import annotations

from dinobox.games.pangaea.tiles import MAX_EXPLORERS_PER_SPACE, is_trex
from dinobox.games.pangaea.world import World, dino_space_ok, holds, lists


# ===== explorers =================================================================================
def explorer_moves(
    world: World, player: int, out: list[int] | None = None, base: int = 0
) -> tuple[list[int], list[int]]:
    """Step 6, option 1: the spaces 1 step away an Explorer may move to, then those 2 steps away
    (each list sorted): never across a crack, only through ground it can stand on, to fewer than
    3 Explorers. A destination it cannot stand on is allowed: the Explorer is then removed. A
    neighbour behind a crack may be 2 steps away, round the crack. With ``out``, ``base`` plus
    each of them is also appended to it, all in order (step 6's move actions, without a merge)."""
    start = world.explorers[player]
    if start < 0:
        return [], []
    geo = world.geo
    nbs = geo.nb[start]
    step_ok = _open_sides(world, start)
    hub_ok = [False] * 6  # per direction: the Explorer may walk on through that neighbour
    for d in range(6):
        if step_ok[d]:
            hub_ok[d] = world.explorer_ok(nbs[d], player)
    near, dirs, vias = geo.near2[start], geo.near2_dir[start], geo.near2_via[start]
    cracked = bool(world.cracks)
    full = crowded(world)
    ones: list[int] = []
    twos: list[int] = []
    for k, d, via in zip(near, dirs, vias):  # noqa: B905 (one length: compiled, a plain loop)
        if d >= 0 and step_ok[d]:
            if not (full and lists(full, k)):
                ones.append(k)
                if out is not None:
                    out.append(base + k)
            continue
        for v in via:
            if hub_ok[v] and not (cracked and world.blocked(nbs[v], k)):
                if not (full and lists(full, k)):
                    twos.append(k)
                    if out is not None:
                        out.append(base + k)
                break
    return ones, twos


def crowded(world: World) -> list[int]:
    """The spaces holding as many Explorers as a space may hold (never with fewer players)."""
    ex = world.explorers
    if len(ex) < MAX_EXPLORERS_PER_SPACE:
        return []
    return [s for s in ex if s >= 0 and world.explorers_at(s) >= MAX_EXPLORERS_PER_SPACE]


def trex_spaces(world: World, player: int) -> list[int]:
    """Where a T-Rex stands that would destroy ``player``'s Explorer arriving there (none while
    its protection card is active): ``explorer_safe_at`` is ``explorer_ok`` off these spaces."""
    if world.trex_guard >> player & 1:
        return []
    return [s for d, s in enumerate(world.dinos) if s >= 0 and is_trex(d)]


def _open_sides(world: World, s: int) -> list[bool]:
    """Per direction: a neighbour is there and no crack lies between it and ``s``."""
    nbs = world.geo.nb[s]
    out = [False] * 6
    if world.cracks:
        edges = world.geo.nb_edge[s]
        for d in range(6):
            out[d] = nbs[d] >= 0 and not holds(world.cracks, edges[d])
    else:
        for d in range(6):
            out[d] = nbs[d] >= 0
    return out


# ===== dinosaurs =================================================================================
def dino_moves(world: World, dino: int, max_steps: int = 2) -> list[int]:
    """Where a dino on the board may walk, sorted: up to ``max_steps`` spaces (assumed 2, like an
    Explorer) over dino ground, never across a crack or through another dino."""
    start = world.dinos[dino]
    if start < 0 or world.dino_moved >> dino & 1:
        return []
    if max_steps == 2:
        return _dino_moves_2(world, start)
    nb, cracked = world.geo.nb, bool(world.cracks)
    out: list[int] = []  # the spaces reached (the start is never one: another dino stands there)
    frontier = [start]
    for _ in range(max_steps):
        nxt: list[int] = []
        for s in frontier:
            for j in nb[s]:
                if j >= 0 and not lists(out, j) and not (cracked and world.blocked(s, j)) and dino_space_ok(world, j):
                    out.append(j)
                    nxt.append(j)
        frontier = nxt
    out.sort()
    return out


def _dino_moves_2(world: World, start: int) -> list[int]:
    """``dino_moves`` for 2 steps, from the table of the spaces 2 steps away (in order): a
    neighbour behind a crack may be reached round it."""
    geo = world.geo
    nbs = geo.nb[start]
    step_ok = _open_sides(world, start)
    hub_ok = [False] * 6  # per direction: the dino may walk on through that neighbour
    for d in range(6):
        if step_ok[d]:
            hub_ok[d] = dino_space_ok(world, nbs[d])
    near, dirs, vias = geo.near2[start], geo.near2_dir[start], geo.near2_via[start]
    cracked = bool(world.cracks)
    out: list[int] = []
    for k, d, via in zip(near, dirs, vias):  # noqa: B905 (one length: compiled, a plain loop)
        if d >= 0 and step_ok[d]:
            if hub_ok[d]:  # dino ground, free
                out.append(k)
            continue
        for v in via:
            if hub_ok[v] and not (cracked and world.blocked(nbs[v], k)):
                if dino_space_ok(world, k):
                    out.append(k)
                break
    return out
