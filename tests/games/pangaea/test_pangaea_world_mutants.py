"""Pangaea's world rules the mutation run of ``world`` and ``walks`` found untested
(benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score", docs/mutation.md): each test kills
surviving mutants and is named after the rulebook section it pins. The world is built from a map
and changed through the world module's functions, as in test_pangaea_world.py."""

from __future__ import annotations

from dinobox.games.pangaea import walks
from dinobox.games.pangaea import world as Wd
from dinobox.games.pangaea.tiles import L1, L2, LAVA, STONE, UP
from dinobox.games.pangaea.world import World
from dinobox.games.pangaea.worldmap import WorldMap

FULL = (0, 50, 50, 20, 0, 20, 20, 30, 10)


def make(rows: list[str], players: int = 4, supply: tuple[int, ...] = FULL) -> World:
    wm = WorldMap(rows=tuple(rows), stars=(), locator=(0, 0), supply=supply, sticks=12)
    assert wm.validate() is None
    return World.from_map(wm, players)


def land(cells: dict[tuple[int, int], str], supply: tuple[int, ...] = FULL) -> World:
    grid = [["."] * 8 for _ in range(10)]
    for (r, c), sym in cells.items():
        grid[r][c] = sym
    return make(["".join(row) for row in grid], supply=supply)


# ===== Tsunami ===================================================================================
def test_tsunami_rolls_left_on_row_4_and_right_on_row_5() -> None:
    """Rows 0-4 roll to the left, rows 5-9 to the right: from column 4, the level 1 tile on
    column 2 is hit on row 4, the one on column 6 on row 5."""
    w = land({(4, 2): "1", (4, 6): "1", (5, 2): "1", (5, 6): "1"})
    g = w.geo
    assert Wd.tsunami_target(w, g.space(4, 4)) == g.space(4, 2)
    assert Wd.tsunami_target(w, g.space(5, 4)) == g.space(5, 6)
    Wd.apply_plan(w, Wd.tsunami_plan(w, g.space(5, 4)))
    assert w.stacks[g.space(5, 6)] == () and w.stacks[g.space(5, 2)] == (L1,)


# ===== Earthquake: a crack blocks the Dinosaurs ===================================================
def test_earthquake_a_dino_walks_round_a_crack_but_never_across_one() -> None:
    """A dino walks 2 spaces, never across a crack: on a strip of land (row 4) a crack between
    columns 3 and 4 stops a dino on column 2 at column 3; on a block of land the neighbour behind
    a crack is still reached round it, in 2 steps."""
    w = land({(4, c): "1" for c in range(1, 7)})
    g = w.geo
    a = g.space(4, 2)
    w.dinos = Wd.with_item(w.dinos, 2, a)
    assert walks.dino_moves(w, 2) == sorted(g.space(4, c) for c in (1, 3, 4))
    Wd.place_crack(w, g.edge_of[(g.space(4, 3), g.space(4, 4))])
    assert walks.dino_moves(w, 2) == sorted(g.space(4, c) for c in (1, 3))
    w = land({(4, c): "1" for c in range(1, 7)})
    w.dinos = Wd.with_item(w.dinos, 2, a)
    Wd.place_crack(w, g.edge_of[(a, g.space(4, 3))])
    assert walks.dino_moves(w, 2) == [g.space(4, 1)]  # nothing beyond the crack
    block = land({(r, c): "2" for r in (3, 4, 5) for c in range(1, 7)})
    block.dinos = Wd.with_item(block.dinos, 2, a)
    b = g.space(4, 3)
    Wd.place_crack(block, g.edge_of[(a, b)])
    moves = walks.dino_moves(block, 2)
    assert b in moves  # round the crack, through row 3 or row 5
    assert block.stacks[b] == (L1, L2)


# ===== Some General Basic Rules ===================================================================
def test_some_general_basic_rules_one_shelter_per_player_on_a_space_for_every_seat() -> None:
    """No more than 1 Shelter per player on a space, whatever the seat; up to 3 players share it."""
    w = land({(4, 2): "2"})
    s = w.geo.space(4, 2)
    for seat in (3, 1):
        assert Wd.can_build(w, seat, s, False)
        Wd.build_shelter(w, seat, s, False)
        assert not Wd.can_build(w, seat, s, False)
    assert Wd.can_build(w, 0, s, False)


def test_some_general_basic_rules_a_stone_takes_one_stone_tile_from_the_supply() -> None:
    """Stone replaces lava while a stone tile is left beside the board: the last one goes, then
    none is placed."""
    supply = list(FULL)
    supply[STONE] = 1
    w = land({(4, 2): "#", (4, 4): "#"}, supply=tuple(supply))
    g = w.geo
    assert Wd.lava_to_stone(w, g.space(4, 2))
    assert w.stacks[g.space(4, 2)] == (L1, STONE) and w.supply[STONE] == 0
    assert not Wd.lava_to_stone(w, g.space(4, 4))
    assert w.stacks[g.space(4, 4)] == (L1, LAVA) and w.supply[STONE] == 0


# ===== Earthquake: connected cracks; Evolution Cards: the Block card ================================
def test_earthquake_each_connected_crack_place_is_offered_once() -> None:
    """After the first crack, the places connected to it are offered once each, the first not again."""
    w = land({(r, c): "1" for r in (3, 4, 5) for c in range(1, 7)})
    g = w.geo
    spaces = [g.space(4, c) for c in (2, 3, 4)]
    first = g.edge_of[(g.space(4, 3), g.space(4, 4))]
    Wd.place_crack(w, first)
    second = Wd.crack_options(w, spaces, (first,))
    assert second and len(set(second)) == len(second) and first not in second
    Wd.place_crack(w, second[0])
    third = Wd.crack_options(w, spaces, (first, second[0]))
    assert len(set(third)) == len(third) and first not in third and second[0] not in third


def test_evolution_cards_the_block_card_is_offered_only_for_a_tile_that_changes() -> None:
    """A level up on sand changes nothing (Some General Basic Rules): of a range of sand and
    level 1, only the level 1 space's tile changes, the only one a Block card may protect."""
    w = land({(4, 2): ":", (4, 3): "1"})
    g = w.geo
    plan = Wd.plan_terrain(w, UP, [g.space(4, 2), g.space(4, 3)])
    assert Wd.plan_changes(w, plan) == [g.space(4, 3)]
