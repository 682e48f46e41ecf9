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
    hub_ok = 0  # bit d: the Explorer may walk on through the neighbour in direction d
    for d in range(6):
        if step_ok >> d & 1 and world.explorer_ok(nbs[d], player):
            hub_ok |= 1 << d
    near, dirs, vias = geo.near2[start], geo.near2_dir[start], geo.near2_via[start]
    cracked = bool(world.cracks)
    full = crowded(world)
    ones: list[int] = []
    twos: list[int] = []
    for i in range(len(near)):
        k = near[i]
        d = dirs[i]
        if d >= 0 and step_ok >> d & 1:
            if not (full and lists(full, k)):
                ones.append(k)
                if out is not None:
                    out.append(base + k)
            continue
        through = vias[i] & hub_ok
        if through and (not cracked or _round_crack(world, nbs, through, k)) and not (full and lists(full, k)):
            twos.append(k)
            if out is not None:
                out.append(base + k)
    return ones, twos


def _round_crack(world: World, nbs: tuple[int, ...], through: int, k: int) -> bool:
    """Whether no crack lies between ``k`` and one of the neighbours in the directions
    ``through`` (bit d: direction d)."""
    return any(through >> v & 1 and not world.blocked(nbs[v], k) for v in range(6))  # compiled: a plain loop


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


def _open_sides(world: World, s: int) -> int:
    """Bit d: a neighbour lies in direction d and no crack lies between it and ``s``."""
    nbs = world.geo.nb[s]
    out = 0
    if world.cracks:
        edges = world.geo.nb_edge[s]
        for d in range(6):
            if nbs[d] >= 0 and not holds(world.cracks, edges[d]):
                out |= 1 << d
    else:
        for d in range(6):
            if nbs[d] >= 0:
                out |= 1 << d
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
    hub_ok = 0  # bit d: the dino may walk on through the neighbour in direction d
    for d in range(6):
        if step_ok >> d & 1 and dino_space_ok(world, nbs[d]):
            hub_ok |= 1 << d
    near, dirs, vias = geo.near2[start], geo.near2_dir[start], geo.near2_via[start]
    cracked = bool(world.cracks)
    out: list[int] = []
    for i in range(len(near)):
        k = near[i]
        d = dirs[i]
        if d >= 0 and step_ok >> d & 1:
            if hub_ok >> d & 1:  # dino ground, free
                out.append(k)
            continue
        through = vias[i] & hub_ok
        if through and (not cracked or _round_crack(world, nbs, through, k)) and dino_space_ok(world, k):
            out.append(k)
    return out
