"""Pangaea's world: every change of the stacks of tiles and the pieces on them.

The world itself (``World``, in ``board.py``) is plain data; these are functions over it. Changes
record what happened in ``World.events`` (typed events, ``events.WorldChange``); the game reads and clears
them. Rulebook sections are named in the docstrings.
"""

from __future__ import annotations

from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea.board import World as World
from dinobox.games.pangaea.board import holds as holds
from dinobox.games.pangaea.board import lists as lists
from dinobox.games.pangaea.board import owners as owners
from dinobox.games.pangaea.board import with_added as with_added
from dinobox.games.pangaea.board import with_item as with_item
from dinobox.games.pangaea.board import with_stack as with_stack
from dinobox.games.pangaea.tiles import (
    ADD,
    CHANGE_FLAT,
    DEBRIS_OP,
    DINO_OK,
    DOWN,
    L1,
    LAVA,
    LAVA_OP,
    MAX_EXPLORERS_PER_SPACE,
    NUM_DINOS,
    REMOVE,
    REMOVE_THEN_UP,
    SAND,
    SEA,
    SHELTER_OK,
    SHIFT,
    SNOW,
    SPECIAL_OK,
    STONE,
    TSUNAMI_OP,
    UP,
    VOLCANO,
    WARM,
    E,
    W,
    is_trex,
)


def _pop(world: World, s: int) -> int:
    st = world.stacks[s]
    t = st[-1]
    world.stacks[s] = st[:-1]
    world.supply = with_added(world.supply, t, 1)
    return t


def board_sources(world: World, tile: int, exclude: frozenset[int] | set[int]) -> list[int]:
    """Rules of Change: with none of a tile in the supply, one may be taken from the board: a
    space showing that tile on top, outside the spaces being changed, with no piece on it."""
    return [
        s for s, st in enumerate(world.stacks) if st and st[-1] == tile and s not in exclude and not world.occupied(s)
    ]


def _two_sources(world: World, tile: int, exclude: frozenset[int] | set[int]) -> bool:
    """``len(board_sources(...)) >= 2``, looking no further than the second."""
    found = 0
    for s, st in enumerate(world.stacks):
        if st and st[-1] == tile and s not in exclude and not world.occupied(s):
            found += 1
            if found >= 2:
                return True
    return False


def take_from_board(world: World, source: int, tile: int) -> None:
    """Move the top tile of ``source`` back to the supply (to be laid elsewhere at once)."""
    _pop(world, source)
    world.events.append(Ev.WTileFromBoard(source, tile))
    settle(world, source)


def _take_from_board(world: World, tile: int, plan: Plan) -> int:
    """The automatic fallback when nobody is asked (world-level use, look-ahead probes): the
    first suitable space in reading order, outside the spaces ``plan`` changes. In the game the
    player chooses (``board_sources``). Returns the source space or -1."""
    sources = board_sources(world, tile, plan_exclude(plan))
    if not sources:
        return -1
    take_from_board(world, sources[0], tile)
    return sources[0]


def change_of(world: World, s: int, top: int, op: int) -> tuple[int, int]:
    """The Rules of Change cell for a level up, level down or climate shift on ``s`` whose top
    tile is ``top``: a climate shift turns colder near the poles, warmer elsewhere
    (``tiles.is_cold_row``)."""
    column = WARM if op == SHIFT and not world.geo.cold[s] else op
    return CHANGE_FLAT[top * 4 + column]


def needed_tile(world: World, s: int, op: int) -> int:
    """The tile one operation would lay on ``s`` from the supply, or -1 if it lays none."""
    stack = world.stacks[s]
    top = stack[-1] if stack else SEA
    below = stack[-2] if len(stack) >= 2 else SEA
    if op in (LAVA_OP, DEBRIS_OP):
        if top in (VOLCANO, LAVA):
            return -1
        if top in (SAND, SNOW):
            top = below
        return L1 if top == SEA else LAVA
    if op == TSUNAMI_OP:
        return -1
    result, tile = change_of(world, s, top, op)
    if result == ADD:
        return tile
    if result == REMOVE_THEN_UP:
        result, tile = CHANGE_FLAT[below * 4 + UP]
        return tile if result == ADD else -1
    return -1


def _push(world: World, s: int, tile: int, plan: Plan) -> bool:
    if world.supply[tile] <= 0 and _take_from_board(world, tile, plan) < 0:
        world.events.append(Ev.WNoTile(s, tile))
        return False
    world.supply = with_added(world.supply, tile, -1)
    world.stacks[s] = (*world.stacks[s], tile)
    return True


def _change(world: World, s: int, op: int, plan: Plan) -> None:
    """One operation on one space's stack (no eruption here: the planner handles those), part of
    ``plan`` (no tile is taken from the spaces it changes)."""
    top = world.top(s)
    if op in (LAVA_OP, DEBRIS_OP):
        if top in (VOLCANO, LAVA):
            return
        if top in (SAND, SNOW):
            _pop(world, s)  # the cover melts or is buried first
            top = world.top(s)
        if top == SEA:
            _push(world, s, L1, plan)  # Volcano Eruption: sea turns into level 1
        else:
            if top == STONE:
                _pop(world, s)
            _push(world, s, LAVA, plan)
        return
    if op == TSUNAMI_OP:
        if top in (SAND, SNOW):
            _pop(world, s)
            top = world.top(s)
        op = DOWN
    result, tile = change_of(world, s, top, op)
    if result == ADD:
        _push(world, s, tile, plan)
    elif result == REMOVE:
        _pop(world, s)
    elif result == REMOVE_THEN_UP:
        _pop(world, s)
        result, tile = CHANGE_FLAT[world.top(s) * 4 + UP]
        if result == ADD:
            _push(world, s, tile, plan)


def apply_op(world: World, s: int, op: int, plan: Plan = ((), ())) -> None:
    """Apply one tile operation (of ``plan``: no tile is taken from the spaces it changes) and
    settle the pieces and cracks on that space."""
    before = world.top(s)
    was = world.stacks[s]
    _change(world, s, op, plan)
    if world.stacks[s] != was:
        world.events.append(Ev.WTile(s, before, world.top(s)))
    settle(world, s)


def settle(world: World, s: int) -> None:
    """Remove every piece the space can no longer hold, and cracks beside a sea space
    (Some General Basic Rules)."""
    t = world.top(s)
    ex = world.explorers
    for p in range(len(ex)):
        if ex[p] == s and not world.explorer_ok(s, p):
            world.explorers = with_item(world.explorers, p, -1)
            world.events.append(Ev.WExplorerLost(p, s))
    mask = world.shelters[s]
    if mask:
        special = world.special[s]
        keep = 0
        for p in range(len(ex)):
            bit = 1 << p
            if mask & bit:
                if SHELTER_OK[t] or (special & bit and SPECIAL_OK[t]):
                    keep |= bit
                else:
                    world.shelter_n = with_added(world.shelter_n, p, -1)
                    world.events.append(Ev.WShelterLost(p, s))
        if keep != mask:
            world.shelters = with_item(world.shelters, s, keep)
        if special & keep != special:
            world.special = with_item(world.special, s, special & keep)
    d = world.dino_at(s)
    if d >= 0 and not DINO_OK[t]:
        world.dinos = with_item(world.dinos, d, -1)
        world.events.append(Ev.WDinoLost(d, s))
    if world.cracks and world.is_sea(s):
        geo = world.geo
        gone = [e for e in world.cracks if s in geo.edge_ends[e]]
        if gone:
            world.cracks = tuple(e for e in world.cracks if e not in gone)
            world.sticks += len(gone)
            for e in gone:
                world.events.append(Ev.WCrackGone(e))


def destroy_pieces(world: World, s: int) -> None:
    """Everything on the space is destroyed (lava, the asteroid, the toxic ring)."""
    ex = world.explorers
    for p in range(len(ex)):
        if ex[p] == s:
            world.explorers = with_item(world.explorers, p, -1)
            world.events.append(Ev.WExplorerLost(p, s))
    mask = world.shelters[s]
    for p in range(len(ex)):
        if mask >> p & 1:
            world.shelter_n = with_added(world.shelter_n, p, -1)
            world.events.append(Ev.WShelterLost(p, s))
    if mask:
        world.shelters = with_item(world.shelters, s, 0)
    if world.special[s]:
        world.special = with_item(world.special, s, 0)
    d = world.dino_at(s)
    if d >= 0:
        world.dinos = with_item(world.dinos, d, -1)
        world.events.append(Ev.WDinoLost(d, s))


# ===== planning an action over a range ==========================================================
Plan = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]  # (erupting volcanoes, (space, op)...)


def plan_eruption(world: World, volcanoes: list[int] | tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Volcano Eruption: each erupting volcano sets off its neighbouring volcanoes (a chain);
    every other space around them turns to lava. Returns (erupting, lava spaces)."""
    nb = world.geo.nb
    erupting: list[int] = []
    seen = set()
    todo = list(volcanoes)
    while todo:
        v = todo.pop(0)
        if v in seen:
            continue
        seen.add(v)
        erupting.append(v)
        for j in nb[v]:
            if j >= 0 and j not in seen and world.top(j) == VOLCANO:
                todo.append(j)
    lava: list[int] = []
    taken = set(erupting)
    for v in erupting:
        for j in nb[v]:
            if j >= 0 and j not in taken:
                taken.add(j)
                lava.append(j)
    return erupting, lava


def plan_terrain(world: World, action: int, spaces: list[int]) -> Plan:
    """Level up, Level down or Climate shift on every space of the range (Rules of Change).
    A level up on a volcano erupts it; an eruption is then the only change on its
    neighbours (Volcano Eruption)."""
    volcanoes = [s for s in spaces if action == UP and world.top(s) == VOLCANO]
    if not volcanoes:
        return (), tuple((s, action) for s in spaces)
    erupting, lava = plan_eruption(world, volcanoes)
    skip = set(erupting) | set(lava)
    ops = [(s, action) for s in spaces if s not in skip]
    ops.extend((s, LAVA_OP) for s in lava)
    return tuple(erupting), tuple(ops)


def plan_lava(world: World, spaces: list[int] | tuple[int, ...]) -> Plan:
    """Lava placed directly (the asteroid's debris): on a volcano it erupts instead (assumed)."""
    volcanoes = [s for s in spaces if world.top(s) == VOLCANO]
    ops = [(s, DEBRIS_OP) for s in spaces if s not in volcanoes]
    if not volcanoes:
        return (), tuple(ops)
    erupting, lava = plan_eruption(world, volcanoes)
    done = {s for s, _ in ops}
    ops.extend((s, LAVA_OP) for s in lava if s not in done)
    return tuple(erupting), tuple(ops)


def plan_exclude(plan: Plan) -> set[int]:
    """The spaces a plan changes (no tile may be taken from them when a supply runs out)."""
    out = set(plan[0])
    for s, _ in plan[1]:
        out.add(s)
    return out


def apply_plan(world: World, plan: Plan, blocked: frozenset[int] | set[int] = frozenset()) -> None:
    """Carry out a plan; spaces in ``blocked`` keep their tile (level 4 Evolution card)."""
    for v in plan[0]:
        world.events.append(Ev.WErupt(v))
    apply_plan_from(world, plan, blocked, 0, False)


def apply_plan_from(world: World, plan: Plan, blocked: frozenset[int] | set[int], start: int, ask: bool) -> int:
    """Carry out the plan's operations from index ``start``. With ``ask``, stop before an
    operation needing a tile the supply lacks when the board offers two or more sources (the
    player chooses, Rules of Change) and return its index; otherwise return len(ops)."""
    ops = plan[1]
    for i in range(start, len(ops)):
        s, op = ops[i]
        if s in blocked:
            continue
        if ask:
            tile = needed_tile(world, s, op)
            if tile >= 0 and world.supply[tile] <= 0 and _two_sources(world, tile, plan_exclude(plan)):
                return i
        if op == DEBRIS_OP and world.top(s) != VOLCANO:
            destroy_pieces(world, s)  # debris destroys everything on its space, even at sea
        elif op == LAVA_OP and world.top(s) != VOLCANO and not world.is_sea(s):
            destroy_pieces(world, s)  # covered by lava (sea spaces become level 1 instead)
        apply_op(world, s, op, plan)
    return len(ops)


def plan_changes(world: World, plan: Plan) -> list[int]:
    """The spaces whose tiles a plan changes (the spaces a block card may protect)."""
    probe = world.copy()
    apply_plan(probe, plan)
    return sorted({e.space for e in probe.events if isinstance(e, Ev.WTile)} & {s for s, _ in plan[1]})


# ===== earthquakes and tsunamis ==================================================================
def crack_options(world: World, spaces: list[int], chosen: tuple[int, ...] = ()) -> list[int]:
    """Earthquake: crack places touching the range, both sides land, not cracked yet, and
    connected to the cracks chosen so far in this earthquake."""
    geo = world.geo
    cand: list[int] = []  # each edge once
    if chosen:
        for e in chosen:
            for near in geo.edge_adj[e]:
                if not lists(cand, near):
                    cand.append(near)
    else:
        for s in spaces:  # (a crack place needs land on both sides)
            if not world.is_sea(s):
                nbs, edges = geo.nb[s], geo.nb_edge[s]
                for d in range(6):
                    j = nbs[d]
                    if j >= 0 and not world.is_sea(j) and not lists(cand, edges[d]):
                        cand.append(edges[d])
    out = []
    for e in cand:
        a, b = geo.edge_ends[e]
        if (
            (lists(spaces, a) or lists(spaces, b))
            and not holds(chosen, e)
            and not holds(world.cracks, e)
            and not world.is_sea(a)
            and not world.is_sea(b)
        ):
            out.append(e)
    out.sort()
    return out


def place_crack(world: World, edge: int, reuse: int = -1) -> None:
    """Place one crack stick. With none left in stock a crack on the board is moved: ``reuse``
    (the player's choice in the game), else the oldest one."""
    if world.sticks <= 0:
        if not world.cracks:
            return
        old = reuse if reuse >= 0 else world.cracks[0]
        world.cracks = tuple(e for e in world.cracks if e != old)
        world.events.append(Ev.WCrackMoved(old))
    else:
        world.sticks -= 1
    world.cracks = (*world.cracks, edge)
    world.events.append(Ev.WCrack(edge))


def quake_eruption(world: World, edges: tuple[int, ...] | list[int]) -> Plan:
    """Earthquake, Important: a crack beside a volcano makes it erupt."""
    geo = world.geo
    volcanoes: list[int] = []
    for e in edges:
        for s in geo.edge_ends[e]:
            if world.top(s) == VOLCANO and s not in volcanoes:
                volcanoes.append(s)
    if not volcanoes:
        return (), ()
    erupting, lava = plan_eruption(world, volcanoes)
    return tuple(erupting), tuple((s, LAVA_OP) for s in lava)


def tsunami_target(world: World, start: int) -> int:
    """Tsunami: from the Event locator's sea space the wave rolls west in rows 0-4 and east in
    rows 5-9, round the world, until it meets land; -1 if it comes back to its start."""
    geo = world.geo
    row = start // geo.cols
    d = W if row < geo.rows // 2 else E
    nb = geo.nb
    pos = nb[start][d]
    while pos != start:
        if not world.is_sea(pos):
            return pos
        pos = nb[pos][d]
    return -1


def tsunami_plan(world: World, start: int) -> Plan:
    hit = tsunami_target(world, start)
    world.events.append(Ev.WTsunami(start, hit))
    if hit < 0:
        return (), ()
    return (), ((hit, TSUNAMI_OP),)


# ===== dinosaurs =================================================================================
def dino_space_ok(world: World, s: int) -> bool:
    return DINO_OK[world.top(s)] and not holds(world.dinos, s)


def dino_place_options(world: World, spaces: list[int]) -> list[tuple[int, int]]:
    """Dinosaurs: (dino, space) choices for a Dinosaur action over the range. A dino from the
    stock if any (one per kind); with all four out, any dino, except that a dino already in the
    range may only be moved within it."""
    stock = [d for d in range(NUM_DINOS) if world.dinos[d] < 0]
    if stock:
        kinds = []
        seen_kind = set()
        for d in stock:
            k = is_trex(d)
            if k not in seen_kind:
                seen_kind.add(k)
                kinds.append(d)
        return [(d, s) for d in kinds for s in spaces if dino_space_ok(world, s)]
    inside = [d for d in range(NUM_DINOS) if world.dinos[d] in spaces]
    movers = inside or list(range(NUM_DINOS))
    return [(d, s) for d in movers for s in spaces if dino_space_ok(world, s)]


def dino_arrive(world: World, dino: int, s: int, use: int | None = None) -> None:
    """A dino lands on ``s``: a T-Rex destroys every Explorer there, a Brontosaurus every
    Shelter; a player with an active protection card who uses it (``use``: a bitmask of the
    players who decided to; None = everyone holding one) keeps theirs and the dino is removed."""
    was = world.dinos[dino]
    trex_guard = world.trex_guard if use is None else world.trex_guard & use
    bronto_guard = world.bronto_guard if use is None else world.bronto_guard & use
    world.dinos = with_item(world.dinos, dino, s)
    world.events.append(Ev.WDino(dino, was, s))
    ex = world.explorers
    protected = False
    if is_trex(dino):
        for p in range(len(ex)):
            if ex[p] == s:
                if trex_guard >> p & 1:
                    world.trex_guard &= ~(1 << p)
                    world.events.append(Ev.WGuard(p, dino))
                    protected = True
                else:
                    world.explorers = with_item(world.explorers, p, -1)
                    world.events.append(Ev.WExplorerLost(p, s))
    else:
        mask = world.shelters[s]
        for p in range(len(ex)):
            if mask >> p & 1:
                if bronto_guard >> p & 1:
                    world.bronto_guard &= ~(1 << p)
                    world.events.append(Ev.WGuard(p, dino))
                    protected = True
                else:
                    remove_shelter(world, p, s)
                    world.events.append(Ev.WShelterLost(p, s))
    if protected:
        world.dinos = with_item(world.dinos, dino, -1)
        world.events.append(Ev.WDinoLost(dino, s))


def move_dino(world: World, dino: int, s: int) -> None:
    world.dino_moved |= 1 << dino
    dino_arrive(world, dino, s)


# ===== explorers =================================================================================
def move_explorer(world: World, player: int, s: int, use_guard: bool | None = None) -> bool:
    """Move an Explorer; it is removed if the space cannot hold it or a T-Rex waits there
    (unless its active protection card is used: ``use_guard``, None = whenever held).
    Returns whether it is still on the board."""
    world.explorers = with_item(world.explorers, player, s)
    if not world.explorer_ok(s, player):
        world.explorers = with_item(world.explorers, player, -1)
        world.events.append(Ev.WExplorerLost(player, s))
        return False
    d = world.dino_at(s)
    if d >= 0 and is_trex(d):
        if world.trex_guard >> player & 1 and use_guard is not False:
            world.trex_guard &= ~(1 << player)
            world.events.append(Ev.WGuard(player, d))
            world.dinos = with_item(world.dinos, d, -1)
            world.events.append(Ev.WDinoLost(d, s))
        else:
            world.explorers = with_item(world.explorers, player, -1)
            world.events.append(Ev.WExplorerLost(player, s))
            return False
    return True


def explorer_safe_at(world: World, player: int, s: int) -> bool:
    """Would an Explorer survive arriving on ``s``?"""
    if not world.explorer_ok(s, player):
        return False
    d = world.dino_at(s)
    return not (d >= 0 and is_trex(d) and not world.trex_guard >> player & 1)


def reentry_space(world: World, player: int) -> int:
    """Re-enter the game: the Event locator's space, else the first neighbour clockwise from
    the top right, that holds this Explorer, has room (3 at most) and no T-Rex (assumed)."""
    loc = world.locator
    if loc >= 0 and _reentry_ok(world, player, loc):
        return loc
    for s in world.geo.nb[loc]:
        if s >= 0 and _reentry_ok(world, player, s):
            return s
    return -1


def _reentry_ok(world: World, player: int, s: int) -> bool:
    if world.explorers_at(s) >= MAX_EXPLORERS_PER_SPACE:
        return False
    d = world.dino_at(s)
    return world.explorer_ok(s, player) and not (d >= 0 and is_trex(d))


def reenter(world: World, players: list[int] | tuple[int, ...]) -> list[tuple[int, int]]:
    """Several Explorers return in the given order (from the current player's left)."""
    placed = []
    for p in players:
        if world.explorers[p] >= 0:
            continue
        s = reentry_space(world, p)
        if s >= 0:
            world.explorers = with_item(world.explorers, p, s)
            world.events.append(Ev.WReenter(p, s))
            placed.append((p, s))
    return placed


# ===== shelters ==================================================================================
def can_build(world: World, player: int, s: int, special: bool) -> bool:
    """A Shelter goes on level 2, or with the level 3 card on level 1, a mountain or the sea;
    at most one per player and three per space."""
    mask = world.shelters[s]
    if mask >> player & 1 or owners(mask) >= 3:
        return False
    t = world.top(s)
    return SPECIAL_OK[t] if special else SHELTER_OK[t]


def build_shelter(world: World, player: int, s: int, special: bool) -> None:
    bit = 1 << player
    mask = world.shelters[s]
    if not mask & bit:
        world.shelter_n = with_added(world.shelter_n, player, 1)
        world.shelters = with_item(world.shelters, s, mask | bit)
    if special and not world.special[s] & bit:
        world.special = with_item(world.special, s, world.special[s] | bit)


def remove_shelter(world: World, player: int, s: int) -> None:
    bit = 1 << player
    mask = world.shelters[s]
    if mask & bit:
        world.shelter_n = with_added(world.shelter_n, player, -1)
        world.shelters = with_item(world.shelters, s, mask & ~bit)
    if world.special[s] & bit:
        world.special = with_item(world.special, s, world.special[s] & ~bit)


def shelter_targets(world: World, player: int, s: int) -> list[int]:
    """Level 4 card: where a Shelter on ``s`` may move, within 2 spaces, obeying the rules."""
    special = bool(world.special[s] >> player & 1)
    return [t for t in world.geo.within(s, 2)[1:] if can_build(world, player, t, special)]


def move_shelter(world: World, player: int, src: int, dst: int) -> None:
    special = bool(world.special[src] >> player & 1)
    remove_shelter(world, player, src)
    build_shelter(world, player, dst, special)


def lava_to_stone(world: World, s: int) -> bool:
    """Some General Basic Rules: a Stone bought for 1 point replaces a lava tile."""
    if world.top(s) != LAVA or world.supply[STONE] <= 0:
        return False
    _pop(world, s)
    world.supply = with_added(world.supply, STONE, -1)
    world.stacks[s] = (*world.stacks[s], STONE)
    world.events.append(Ev.WTile(s, LAVA, STONE))
    return True
