"""Pangaea part 1: the world, its terrain and its catastrophes, rule by rule.

Each test is named after the rulebook section it checks. Worlds are built from small text maps
(the same symbols as the packaged world.json).
"""

from __future__ import annotations

import pytest

from dinobox.games.pangaea import events as Ev
from dinobox.games.pangaea import walks
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.rules import left_order
from dinobox.games.pangaea.tiles import (
    DOWN,
    L1,
    L2,
    LAVA,
    MOUNTAIN,
    NE,
    NUM_TILES,
    NW,
    QUAKE,
    SAND,
    SE,
    SEA,
    SHIFT,
    SNOW,
    STONE,
    SW,
    TILE_KEYS,
    UP,
    VOLCANO,
    WARM,
    E,
    W,
)
from dinobox.games.pangaea.world import World
from dinobox.games.pangaea.worldmap import WorldMap, load_map
from dinobox.games.pangaea.worldtext import render_world, world_view

FULL = (0, 50, 50, 20, 0, 20, 20, 30, 10)


def make(
    rows: list[str],
    players: int = 4,
    supply: tuple[int, ...] = FULL,
    sticks: int = 12,
    locator: tuple[int, int] = (0, 0),
) -> World:
    wm = WorldMap(rows=tuple(rows), stars=(), locator=locator, supply=supply, sticks=sticks)
    assert wm.validate() is None
    return World.from_map(wm, players)


def sea(rows: int = 10, cols: int = 8) -> list[str]:
    return ["." * cols for _ in range(rows)]


def put(rows: list[str], r: int, c: int, sym: str) -> list[str]:
    row = rows[r]
    rows[r] = row[:c] + sym + row[c + 1 :]
    return rows


def at(w: World, r: int, c: int) -> int:
    return w.geo.space(r, c)


def kinds(w: World) -> list[type[Ev.WorldChange]]:
    return [type(e) for e in w.events]


# ===== Starting positions / the packaged map ===================================================
def test_basic_game_setup_packaged_world_is_valid() -> None:
    wm = load_map()
    assert wm.validate() is None
    w = World.from_map(wm, 4)
    assert w.geo.rows == 10
    assert w.top(w.locator) == MOUNTAIN  # the Event Locator starts on the central Mountain
    assert len(wm.stars) >= 4
    assert all(w.explorer_ok(w.geo.space(r, c), 0) for r, c in wm.stars)
    assert sum(1 for s in range(w.geo.n) if w.top(s) == VOLCANO) >= 3


def test_world_map_validation_names_the_problem() -> None:
    bad = WorldMap(rows=("....", "..x.", "...."), stars=(), locator=(0, 0), supply=FULL, sticks=1)
    assert "unknown map symbols" in (bad.validate() or "")
    short = WorldMap(rows=("....", "...", "...."), stars=(), locator=(0, 0), supply=FULL, sticks=1)
    assert "same length" in (short.validate() or "")


# ===== Moving the Event locator ================================================================
def test_moving_the_event_locator_four_spaces_wrap_to_the_left_side() -> None:
    w = World.from_map(load_map(), 2)
    g = w.geo
    end, path = g.line(g.space(6, g.cols - 1), NE, 4)
    # move 1 leaves the right side and comes back on the left, one row higher; ends on row 2
    assert g.rc(path[0]) == (5, 0)
    assert g.rc(end)[0] == 2
    assert [g.rc(p)[0] for p in path] == [5, 4, 3, 2]


def test_moving_the_event_locator_off_the_left_side_continues_on_the_right() -> None:
    w = World.from_map(load_map(), 2)
    g = w.geo
    end, _ = g.line(g.space(3, 0), W, 1)
    assert g.rc(end) == (3, g.cols - 1)
    end, _path = g.line(g.space(3, 0), SW, 1)  # downwards: the other side, one row below
    assert g.rc(end) == (4, g.cols - 1)
    end, _ = g.line(g.space(2, 0), E, g.cols)  # a full lap comes back
    assert g.rc(end) == (2, 0)


@pytest.mark.parametrize(
    ("start", "direction", "rows_passed"),
    [
        ((1, 3), NE, [0, 1, 2, 3]),
        ((1, 3), NW, [0, 1, 2, 3]),
        ((8, 3), SE, [9, 8, 7]),
        ((8, 3), SW, [9, 8, 7]),
    ],
)
def test_moving_the_event_locator_part_2_bounces_at_top_and_bottom(
    start: tuple[int, int], direction: int, rows_passed: list[int]
) -> None:
    w = World.from_map(load_map(), 2)
    g = w.geo
    s = g.space(*start)
    _end, path = g.line(s, direction, len(rows_passed))
    assert [g.rc(p)[0] for p in path] == rows_passed
    cols = [g.rc(p)[1] for p in path]
    # the horizontal sense is kept: right stays right, left stays left
    x = [c + (0.5 if r % 2 == 0 else 0) for (r, _), c in zip((g.rc(p) for p in path), cols, strict=True)]
    x0 = start[1] + (0.5 if start[0] % 2 == 0 else 0)
    steps = [b - a for a, b in zip([x0, *x], x, strict=False)]
    if direction in (NE, SE):
        assert all(d in (0.5, 0.5 - g.cols) for d in steps)
    else:
        assert all(d in (-0.5, g.cols - 0.5) for d in steps)


def test_moving_the_event_locator_zero_spaces_stays() -> None:
    w = World.from_map(load_map(), 2)
    assert w.geo.line(w.locator, NE, 0) == (w.locator, [])


def test_earthquake_part_2_five_range_shapes() -> None:
    w = World.from_map(load_map(), 2)
    g = w.geo
    s = g.space(5, 5)
    sizes = [len(g.range_spaces(s, shape)) for shape in range(5)]
    assert sizes == [1, 3, 3, 3, 7]
    left, right = g.range_spaces(s, 1)[1:]
    assert g.rc(left) == (5, 4) and g.rc(right) == (5, 6)
    assert len(g.range_spaces(g.space(0, 3), 4)) == 5  # cut off at the north pole


# ===== Asteroid recalculation (row counts) =====================================================
def test_asteroid_recalculation_counts_non_sea_spaces_on_a_row() -> None:
    w = World.from_map(load_map(), 2)
    assert w.non_sea_in_row(3) == 4  # "Counting 4 non sea level tiles on row 3"
    assert w.non_sea_in_row(7) == 3  # "Counting 3 non sea level tiles on row 7"
    assert w.non_sea_in_row(9) == 0  # an all-sea row (the game then takes 10)


# ===== Rules of Change: the complete table ======================================================
STACKS = {
    SEA: (),
    L1: (L1,),
    L2: (L1, L2),
    MOUNTAIN: (L1, L2, MOUNTAIN),
    VOLCANO: (L1, L2, VOLCANO),
    SAND: (L1, L2, SAND),
    SNOW: (SNOW,),
    LAVA: (L1, L2, LAVA),
    STONE: (L1, STONE),
}
# (top, column) -> stack afterwards; the columns are level up, level down, a climate shift in a
# cold row (SHIFT: row 1, near the north pole) and one in a warm row (WARM: row 4).
EXPECTED = {
    (SEA, UP): (L1,),
    (SEA, DOWN): (),
    (SEA, SHIFT): (SNOW,),
    (SEA, WARM): (),
    (L1, UP): (L1, L2),
    (L1, DOWN): (),
    (L1, SHIFT): (L1, SNOW),
    (L1, WARM): (L1, SAND),
    (L2, UP): (L1, L2, MOUNTAIN),
    (L2, DOWN): (L1,),
    (L2, SHIFT): (L1, L2, SNOW),
    (L2, WARM): (L1, L2, SAND),
    (MOUNTAIN, UP): (L1, L2, MOUNTAIN),
    (MOUNTAIN, DOWN): (L1, L2),
    (MOUNTAIN, SHIFT): (L1, L2, MOUNTAIN, SNOW),
    (MOUNTAIN, WARM): (L1, L2, MOUNTAIN, SAND),
    (VOLCANO, UP): (L1, L2, VOLCANO),
    (VOLCANO, DOWN): (L1, L2),
    (VOLCANO, SHIFT): (L1, L2, VOLCANO),
    (VOLCANO, WARM): (L1, L2, VOLCANO),
    (SAND, UP): (L1, L2, SAND),
    (SAND, DOWN): (L1, L2, SAND),
    (SAND, SHIFT): (L1, L2),
    (SAND, WARM): (L1, L2),
    (SNOW, UP): (SNOW,),
    (SNOW, DOWN): (SNOW,),
    (SNOW, SHIFT): (),
    (SNOW, WARM): (),
    (LAVA, UP): (L1, L2, MOUNTAIN),
    (LAVA, DOWN): (L1, L2),
    (LAVA, SHIFT): (L1, L2, LAVA),
    (LAVA, WARM): (L1, L2, LAVA),
    (STONE, UP): (L1,),
    (STONE, DOWN): (L1,),
    (STONE, SHIFT): (L1, STONE),
    (STONE, WARM): (L1, STONE),
}


@pytest.mark.parametrize(("top", "column"), sorted(EXPECTED), ids=lambda v: str(v))
def test_rules_of_change_table(top: int, column: int) -> None:
    w = make(sea())
    s = at(w, 1 if column == SHIFT else 4, 3)
    w.stacks = Wd.with_stack(w.stacks, s, STACKS[top])
    before = sum(w.supply) + sum(len(st) for st in w.stacks)
    action = SHIFT if column == WARM else column
    plan = Wd.plan_terrain(w, action, [s])
    Wd.apply_plan(w, plan)
    assert w.stacks[s] == EXPECTED[(top, column)], (TILE_KEYS[top], column)
    assert sum(w.supply) + sum(len(st) for st in w.stacks) == before  # tiles only move
    if top == VOLCANO and action == UP:
        assert Ev.WErupt in kinds(w)


def test_rules_of_change_every_cell_is_in_the_table() -> None:
    from dinobox.games.pangaea.tiles import CHANGE_TABLE

    assert len(CHANGE_TABLE) == NUM_TILES * 4 == len(EXPECTED)


def test_rules_of_change_example_water_climate_shift_snow_then_removed() -> None:
    w = make(sea())
    s = at(w, 2, 4)
    Wd.apply_plan(w, Wd.plan_terrain(w, SHIFT, [s]))
    assert w.stacks[s] == (SNOW,)
    assert w.is_sea(s)  # still sea underneath: frozen over
    Wd.apply_plan(w, Wd.plan_terrain(w, SHIFT, [s]))
    assert w.stacks[s] == ()


def test_rules_of_change_example_level_2_climate_shift_sand_destroys_shelter() -> None:
    w = make(put(sea(), 6, 3, "2"))
    s = at(w, 6, 3)
    Wd.build_shelter(w, 1, s, special=False)
    Wd.apply_plan(w, Wd.plan_terrain(w, SHIFT, [s]))
    assert w.top(s) == SAND
    assert w.shelters[s] == 0 and Ev.WShelterLost(1, s) in w.events
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [s]))  # sand ignores the level up
    assert w.stacks[s] == (L1, L2, SAND)


def test_rules_of_change_climate_shift_by_row_poles_cold_middle_warm() -> None:
    """Both hemispheres alike: rows 0-2 and 7-9 (three next to each pole) turn colder, rows 3-6
    (either side of the equator between the Tsunami's hemispheres 0-4 and 5-9) warmer."""
    for row in range(10):
        w = make(put(put(sea(), row, 2, "1"), row, 5, "."))
        land, water = at(w, row, 2), at(w, row, 5)
        Wd.apply_plan(w, Wd.plan_terrain(w, SHIFT, [land, water]))
        cold = row in (0, 1, 2, 7, 8, 9)
        assert w.stacks[land] == ((L1, SNOW) if cold else (L1, SAND)), row
        assert w.stacks[water] == ((SNOW,) if cold else ()), row


def test_rules_of_change_example_lava_on_level_2_level_up_becomes_mountain() -> None:
    w = make(put(sea(), 7, 3, "2"))
    s = at(w, 7, 3)
    w.stacks = Wd.with_stack(w.stacks, s, (L1, L2, LAVA))
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [s]))
    assert w.stacks[s] == (L1, L2, MOUNTAIN)


def test_some_general_basic_rules_lava_and_stone_ignore_climate_shift() -> None:
    w = make(sea())
    a, b = at(w, 3, 3), at(w, 3, 4)
    w.stacks = Wd.with_stack(w.stacks, a, (L1, LAVA))
    w.stacks = Wd.with_stack(w.stacks, b, (L1, STONE))
    Wd.apply_plan(w, Wd.plan_terrain(w, SHIFT, [a, b]))
    assert w.top(a) == LAVA and w.top(b) == STONE


def test_some_general_basic_rules_stone_replaces_lava() -> None:
    w = make(sea())
    s = at(w, 3, 3)
    w.stacks = Wd.with_stack(w.stacks, s, (L1, LAVA))
    assert Wd.lava_to_stone(w, s)
    assert w.stacks[s] == (L1, STONE)
    assert not Wd.lava_to_stone(w, s)  # no lava there any more


def test_some_general_basic_rules_explorer_removed_when_its_space_cannot_hold_it() -> None:
    w = make(put(put(sea(), 4, 3, "1"), 4, 4, "2"))
    a, b = at(w, 4, 3), at(w, 4, 4)
    w.explorers = Wd.with_item(w.explorers, 0, a)
    w.explorers = Wd.with_item(w.explorers, 1, b)
    w.explorers = Wd.with_item(w.explorers, 2, a)
    w.ex_sea = 1 << 2  # seat 2 may use the sea (level 1 Evolution card)
    Wd.apply_plan(w, Wd.plan_terrain(w, DOWN, [a]))
    assert w.explorers[0] == -1 and w.explorers[2] == a
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [b]))  # level 2 -> mountain
    assert w.explorers[1] == -1
    w.ex_mountain = 1 << 1
    w.explorers = Wd.with_item(w.explorers, 1, b)
    Wd.settle(w, b)
    assert w.explorers[1] == b


def test_some_general_basic_rules_shelters_and_dinos_on_changed_spaces() -> None:
    w = make(put(sea(), 4, 3, "2"))
    s = at(w, 4, 3)
    Wd.build_shelter(w, 0, s, special=False)
    Wd.build_shelter(w, 1, s, special=True)
    w.dinos = Wd.with_item(w.dinos, 0, s)
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [s]))  # mountain: only the special shelter stays
    assert w.shelters[s] == 0b10
    assert w.dinos[0] == -1  # dinos do not stand on mountains


def test_some_general_basic_rules_shelter_limits() -> None:
    w = make(put(sea(), 4, 3, "2"))
    s = at(w, 4, 3)
    assert Wd.can_build(w, 0, s, False)
    for p in range(3):
        Wd.build_shelter(w, p, s, False)
    assert not Wd.can_build(w, 0, s, False)  # one per player
    assert not Wd.can_build(w, 3, s, False)  # three per space
    l1 = at(w, 0, 0)
    w.stacks = Wd.with_stack(w.stacks, l1, (L1,))
    assert not Wd.can_build(w, 0, l1, False) and Wd.can_build(w, 0, l1, True)


# ===== supply =====================================================================================
def test_rules_of_change_empty_supply_takes_a_tile_from_the_board_outside_the_range() -> None:
    rows = put(put(put(sea(), 1, 1, "2"), 8, 6, "2"), 4, 4, "1")
    w = make(rows, supply=(0, 10, 0, 0, 0, 0, 0, 0, 0))
    target, free, busy = at(w, 4, 4), at(w, 8, 6), at(w, 1, 1)
    w.explorers = Wd.with_item(w.explorers, 0, busy)  # occupied: cannot be taken
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [target]))
    assert w.stacks[target] == (L1, L2)
    assert w.stacks[free] == (L1,) and w.stacks[busy] == (L1, L2)
    assert Ev.WTileFromBoard(free, L2) in w.events


def test_rules_of_change_no_tile_anywhere_means_no_change() -> None:
    rows = put(put(sea(), 4, 4, "1"), 4, 5, "2")
    w = make(rows, supply=(0, 10, 0, 0, 0, 0, 0, 0, 0))
    a, b = at(w, 4, 4), at(w, 4, 5)
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [a, b]))  # the only level 2 is inside the range
    assert w.stacks[a] == (L1,)
    assert Ev.WNoTile(a, L2) in w.events


# ===== Volcano Eruption ============================================================================
def test_volcano_eruption_surroundings_turn_to_lava_and_pieces_are_destroyed() -> None:
    rows = sea()
    for c in range(2, 6):
        put(rows, 4, c, "2")
        put(rows, 3, c, "1")
        put(rows, 5, c, "1")
    put(rows, 4, 3, "V")
    put(rows, 5, 3, ".")
    w = make(rows)
    v = at(w, 4, 3)
    nb = [j for j in w.geo.nb[v]]
    land = [j for j in nb if not w.is_sea(j)]
    water = [j for j in nb if w.is_sea(j)]
    assert water
    w.explorers = Wd.with_item(w.explorers, 0, land[0])
    Wd.build_shelter(w, 1, land[1], False)
    w.dinos = Wd.with_item(w.dinos, 2, land[2])
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [v]))
    assert all(w.top(j) == LAVA for j in land)
    assert all(w.stacks[j] == (L1,) for j in water)  # sea turns to level 1
    assert w.explorers[0] == -1 and w.shelters[land[1]] == 0 and w.dinos[2] == -1
    assert w.top(v) == VOLCANO


def test_volcano_eruption_is_the_only_change_on_its_neighbours() -> None:
    rows = sea()
    for c in range(0, 8):
        put(rows, 4, c, "1")
    put(rows, 4, 3, "V")
    w = make(rows)
    v, left, far = at(w, 4, 3), at(w, 4, 2), at(w, 4, 5)
    w.stacks = Wd.with_stack(w.stacks, far, (L1,))
    # the range covers the volcano, its left neighbour and a space two away
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [left, v, far]))
    assert w.top(left) == LAVA  # lava instead of the level up
    assert w.stacks[far] == (L1, L2)  # not a neighbour: levelled up as usual


def test_volcano_eruption_chain_of_neighbouring_volcanoes() -> None:
    w = World.from_map(load_map(), 4)
    g = w.geo
    v1, v2 = g.space(2, 5), g.space(3, 5)  # two neighbouring volcanoes on the packaged map
    assert v2 in g.nb[v1]
    erupting, lava = Wd.plan_eruption(w, [v1])
    assert set(erupting) == {v1, v2}
    assert set(lava) == (set(g.nb[v1]) | set(g.nb[v2])) - {v1, v2, -1}
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [v1]))
    assert [e for e in w.events if isinstance(e, Ev.WErupt)] == [Ev.WErupt(v1), Ev.WErupt(v2)]
    assert all(w.top(s) in (LAVA, L1) for s in lava)


def test_volcano_eruption_lava_on_water_becomes_level_1_and_keeps_sea_explorers() -> None:
    rows = put(sea(), 4, 3, "V")
    w = make(rows)
    v = at(w, 4, 3)
    s = w.geo.nb[v][E]
    w.explorers = Wd.with_item(w.explorers, 0, s)
    w.ex_sea = 1
    Wd.apply_plan(w, Wd.plan_terrain(w, UP, [v]))
    assert w.stacks[s] == (L1,) and w.explorers[0] == s


def test_volcano_eruption_blocked_tile_keeps_its_terrain() -> None:
    rows = put(put(sea(), 4, 3, "V"), 4, 4, "2")
    w = make(rows)
    v, s = at(w, 4, 3), at(w, 4, 4)
    plan = Wd.plan_terrain(w, UP, [v])
    assert s in Wd.plan_changes(w, plan)
    Wd.apply_plan(w, plan, blocked={s})
    assert w.stacks[s] == (L1, L2)


# ===== Earthquake ====================================================================================
def quake_world() -> World:
    rows = sea()
    for r in range(3, 7):
        for c in range(1, 7):
            put(rows, r, c, "1")
    return make(rows)


def test_earthquake_crack_places_need_land_on_both_sides() -> None:
    w = quake_world()
    s = at(w, 4, 3)
    opts = Wd.crack_options(w, [s])
    assert len(opts) == 6
    edge = w.geo
    coast = at(w, 3, 1)
    assert all(not w.is_sea(a) and not w.is_sea(b) for a, b in (edge.edge_ends[e] for e in opts))
    assert len(Wd.crack_options(w, [coast])) < 6


def test_earthquake_cracks_must_be_connected() -> None:
    w = quake_world()
    g = w.geo
    s = at(w, 4, 3)
    first = Wd.crack_options(w, [s])[0]
    nxt = Wd.crack_options(w, [s], (first,))
    assert nxt and first not in nxt
    for e in nxt:
        a, b = g.edge_ends[e]
        fa, fb = g.edge_ends[first]
        assert len({a, b} & {fa, fb}) == 1  # shares a corner: one common space
        other = ({a, b} - {fa, fb}).pop()
        assert other in g.nb[fa] and other in g.nb[fb]


def test_earthquake_crack_blocks_explorers_and_dinos() -> None:
    w = quake_world()
    g = w.geo
    a, b = at(w, 4, 3), at(w, 4, 4)
    w.explorers = Wd.with_item(w.explorers, 0, a)
    w.dinos = Wd.with_item(w.dinos, 0, a)
    Wd.place_crack(w, g.edge_of[(a, b)])
    assert w.blocked(a, b)
    assert b not in walks.explorer_moves(w, 0)[0]
    assert b in walks.explorer_moves(w, 0)[1]  # still reachable around the crack
    assert b not in [s for s in walks.dino_moves(w, 0, max_steps=1)]


def test_earthquake_sticks_are_reused_when_the_stock_is_empty() -> None:
    w = quake_world()
    w.sticks = 1
    g = w.geo
    e1 = g.edge_of[(at(w, 4, 3), at(w, 4, 4))]
    e2 = g.edge_of[(at(w, 5, 3), at(w, 5, 4))]
    Wd.place_crack(w, e1)
    Wd.place_crack(w, e2)
    assert w.cracks == (e2,) and w.sticks == 0
    assert Ev.WCrackMoved(e1) in w.events


def test_some_general_basic_rules_crack_removed_when_a_side_becomes_sea() -> None:
    w = quake_world()
    g = w.geo
    a, b = at(w, 4, 3), at(w, 4, 4)
    e = g.edge_of[(a, b)]
    Wd.place_crack(w, e)
    Wd.apply_plan(w, Wd.plan_terrain(w, DOWN, [b]))
    assert w.cracks == () and w.sticks == 12
    assert Ev.WCrackGone(e) in w.events


def test_earthquake_crack_beside_a_volcano_erupts_it() -> None:
    w = quake_world()
    g = w.geo
    v = at(w, 4, 3)
    w.stacks = Wd.with_stack(w.stacks, v, (L1, L2, VOLCANO))
    e = g.edge_of[(v, at(w, 4, 4))]
    Wd.place_crack(w, e)
    plan = Wd.quake_eruption(w, [e])
    assert plan[0] == (v,)
    Wd.apply_plan(w, plan)
    assert w.top(at(w, 4, 4)) == LAVA


def test_earthquake_no_crack_place_means_no_earthquake() -> None:
    w = make(put(sea(), 4, 3, "1"))
    assert Wd.crack_options(w, [at(w, 4, 3)]) == []
    assert QUAKE == 3


# ===== Tsunami ========================================================================================
def test_tsunami_rolls_left_in_the_north_and_takes_a_mountain_to_level_2() -> None:
    rows = put(sea(), 2, 1, "M")
    w = make(rows)
    start = at(w, 2, 5)
    hit = Wd.tsunami_target(w, start)
    assert hit == at(w, 2, 1)
    Wd.apply_plan(w, Wd.tsunami_plan(w, start))
    assert w.stacks[hit] == (L1, L2)


def test_tsunami_rolls_right_in_the_south_round_the_world_and_removes_level_1() -> None:
    rows = put(sea(), 7, 1, "1")
    w = make(rows)
    start = at(w, 7, 5)
    hit = Wd.tsunami_target(w, start)
    assert hit == at(w, 7, 1)  # off the right side and on from the left
    Wd.apply_plan(w, Wd.tsunami_plan(w, start))
    assert w.stacks[hit] == ()


def test_tsunami_removes_sand_or_snow_first() -> None:
    rows = put(sea(), 3, 1, ":")
    w = make(rows)
    Wd.apply_plan(w, Wd.tsunami_plan(w, at(w, 3, 4)))
    assert w.stacks[at(w, 3, 1)] == (L1,)


def test_tsunami_dies_out_when_it_comes_back_to_its_start() -> None:
    w = make(sea())
    start = at(w, 5, 2)
    assert Wd.tsunami_target(w, start) == -1
    plan = Wd.tsunami_plan(w, start)
    assert plan == ((), ())
    assert Ev.WTsunami(start, -1) in w.events


# ===== Dinosaurs =====================================================================================
def test_dinosaurs_placement_from_stock_one_per_kind() -> None:
    w = quake_world()
    spaces = [at(w, 4, 3)]
    opts = Wd.dino_place_options(w, spaces)
    assert opts == [(0, spaces[0]), (2, spaces[0])]
    w.dinos = Wd.with_item(w.dinos, 0, at(w, 0, 0))
    w.dinos = Wd.with_item(w.dinos, 1, at(w, 0, 1))
    w.dinos = Wd.with_item(w.dinos, 2, at(w, 0, 2))
    assert Wd.dino_place_options(w, spaces) == [(3, spaces[0])]  # only one left in stock


def test_dinosaurs_all_out_relocate_one_in_range_only() -> None:
    w = quake_world()
    rng = w.geo.range_spaces(at(w, 4, 3), 1)
    for d in range(4):
        w.dinos = Wd.with_item(w.dinos, d, at(w, 6, d + 1))
    opts = Wd.dino_place_options(w, rng)
    assert {d for d, _ in opts} == {0, 1, 2, 3}
    w.dinos = Wd.with_item(w.dinos, 2, rng[1])
    opts = Wd.dino_place_options(w, rng)
    assert {d for d, _ in opts} == {2} and rng[1] not in {s for _, s in opts}


def test_dinosaurs_only_on_their_ground_and_one_per_space() -> None:
    rows = put(put(sea(), 4, 3, "M"), 4, 4, "1")
    w = make(rows)
    a, b = at(w, 4, 3), at(w, 4, 4)
    assert Wd.dino_place_options(w, [a, b, at(w, 0, 0)]) == [(0, b), (2, b)]
    w.dinos = Wd.with_item(w.dinos, 0, b)
    assert Wd.dino_place_options(w, [b]) == []


def test_dinosaurs_t_rex_destroys_explorers_and_protection_removes_it() -> None:
    w = quake_world()
    s = at(w, 4, 3)
    w.explorers = Wd.with_item(w.explorers, 0, s)
    w.explorers = Wd.with_item(w.explorers, 1, s)
    Wd.dino_arrive(w, 0, s)
    assert w.explorers[:2] == (-1, -1) and w.dinos[0] == s
    w.dinos = Wd.with_item(w.dinos, 0, -1)
    w.explorers = Wd.with_item(w.explorers, 0, s)
    w.explorers = Wd.with_item(w.explorers, 1, s)
    w.trex_guard = 0b10
    Wd.dino_arrive(w, 1, s)
    assert w.explorers[0] == -1 and w.explorers[1] == s  # only the card holder is protected
    assert w.dinos[1] == -1 and Ev.WGuard(1, 1) in w.events and w.trex_guard == 0


def test_dinosaurs_brontosaurus_destroys_shelters() -> None:
    rows = put(sea(), 4, 3, "2")
    w = make(rows)
    s = at(w, 4, 3)
    Wd.build_shelter(w, 0, s, False)
    Wd.build_shelter(w, 2, s, False)
    w.bronto_guard = 0b100
    Wd.dino_arrive(w, 2, s)
    assert w.shelters[s] == 0b100 and w.dinos[2] == -1


def test_dinosaurs_move_once_per_round() -> None:
    w = quake_world()
    w.dinos = Wd.with_item(w.dinos, 0, at(w, 4, 3))
    moves = walks.dino_moves(w, 0)
    assert moves
    Wd.move_dino(w, 0, moves[0])
    assert walks.dino_moves(w, 0) == []
    w.dino_moved = 0  # a new round
    assert walks.dino_moves(w, 0)


# ===== Re-enter the game ==============================================================================
def test_re_enter_the_game_on_the_event_locator_space() -> None:
    w = quake_world()
    w.locator = at(w, 4, 3)
    assert Wd.reenter(w, [1, 2]) == [(1, w.locator), (2, w.locator)]


def test_re_enter_the_game_first_suitable_neighbour_clockwise_from_top_right() -> None:
    rows = sea()
    w = make(rows)
    g = w.geo
    loc = at(w, 5, 3)
    w.locator = loc
    fourth = g.nb[loc][SW]  # the picture's 4th space: NE, E, SE are sea, SW is land
    w.stacks = Wd.with_stack(w.stacks, fourth, (L1,))
    w.stacks = Wd.with_stack(w.stacks, g.nb[loc][W], (L1,))
    assert Wd.reentry_space(w, 0) == fourth
    w.ex_sea = 1  # a sea-going Explorer re-enters on the locator's own space
    assert Wd.reentry_space(w, 0) == loc


def test_re_enter_the_game_three_per_space_then_the_next_space() -> None:
    w = quake_world()
    w.locator = at(w, 4, 3)
    w.explorers = (-1, -1, -1, -1, -1)  # a fifth explorer (as if five seats) to overflow the space
    order = left_order(1, 5)
    assert order == [2, 3, 4, 0, 1]
    placed = Wd.reenter(w, order)
    assert [s for _, s in placed[:3]] == [w.locator] * 3
    assert placed[3][1] == w.geo.nb[w.locator][NE] and placed[4][1] == placed[3][1]


def test_re_enter_the_game_fails_when_no_space_fits() -> None:
    w = make(sea())
    w.locator = at(w, 4, 3)
    assert Wd.reenter(w, [0]) == [] and w.explorers[0] == -1


# ===== Explorer moves =================================================================================
def _moves(w: Wd.World, player: int) -> dict[int, int]:
    """Where the Explorer may move: space -> steps."""
    ones, twos = walks.explorer_moves(w, player)
    assert not set(ones) & set(twos)
    return {**dict.fromkeys(twos, 2), **dict.fromkeys(ones, 1)}


def test_players_turn_step_6_explorer_moves_one_or_two_spaces() -> None:
    w = quake_world()
    s = at(w, 4, 3)
    w.explorers = Wd.with_item(w.explorers, 0, s)
    moves = _moves(w, 0)
    assert sorted(k for k, v in moves.items() if v == 1) == sorted(w.geo.nb[s])
    assert all(v in (1, 2) for v in moves.values())
    assert len(moves) == 18
    sea_space = at(w, 2, 3)
    assert moves.get(sea_space) == 2 or sea_space not in moves
    coast = at(w, 3, 1)
    w.explorers = Wd.with_item(w.explorers, 0, coast)
    west = w.geo.nb[coast][W]
    assert _moves(w, 0)[west] == 1  # may walk into the sea ...
    assert not Wd.move_explorer(w, 0, west)  # ... and is removed
    assert w.explorers[0] == -1


def test_players_turn_step_6_explorer_meets_a_t_rex() -> None:
    w = quake_world()
    a, b = at(w, 4, 3), at(w, 4, 4)
    w.explorers = Wd.with_item(w.explorers, 0, a)
    w.dinos = Wd.with_item(w.dinos, 1, b)
    assert not Wd.explorer_safe_at(w, 0, b)
    assert not Wd.move_explorer(w, 0, b)


def test_level_4_shelter_move_targets_within_two_spaces() -> None:
    w = quake_world()
    s = at(w, 4, 3)
    for r in range(3, 7):
        for c in range(1, 7):
            w.stacks = Wd.with_stack(w.stacks, at(w, r, c), (L1, L2))
    Wd.build_shelter(w, 0, s, False)
    targets = Wd.shelter_targets(w, 0, s)
    assert s not in targets and len(targets) == len(
        set(w.geo.within(s, 2)) - {s} & {at(w, r, c) for r in range(3, 7) for c in range(1, 7)}
    )
    Wd.move_shelter(w, 0, s, targets[0])
    assert w.shelters[s] == 0 and w.shelters[targets[0]] == 1


# ===== display ========================================================================================
def test_text_rendering_of_the_world() -> None:
    w = World.from_map(load_map(), 2)
    w.explorers = Wd.with_item(w.explorers, 0, w.geo.space(2, 3))
    Wd.build_shelter(w, 1, w.geo.space(4, 3), False)
    w.dinos = Wd.with_item(w.dinos, 0, w.geo.space(4, 4))
    text = render_world(world_view(w))
    lines = text.splitlines()
    assert len(lines) == 11
    assert "1a" in lines[3] and "2B" in lines[5] and "2R" in lines[5] and "M@" in lines[6]
    assert lines[1].startswith(" 0     ")  # row 0 shifted half a space
    assert not lines[2].startswith(" 1     ")
    assert "[" in render_world(world_view(w), markup=True)


def test_world_copy_is_independent() -> None:
    w = World.from_map(load_map(), 2)
    c = w.copy()
    Wd.apply_plan(c, Wd.plan_terrain(c, UP, [c.locator]))
    c.explorers = Wd.with_item(c.explorers, 0, 5)
    assert w.stacks != c.stacks or w.explorers != c.explorers
    assert w.explorers[0] == -1


def test_some_general_basic_rules_directions_clockwise() -> None:
    assert (NE, E, SE, SW, W, NW) == (0, 1, 2, 3, 4, 5)
