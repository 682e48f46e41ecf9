"""The Great Dinosaur Rush rules: the paleontologist cards' abilities.

Test names follow the rulebook's sections."""

from __future__ import annotations

from rush_helpers import (
    BALDWIN,
    BLUE,
    COPE,
    DOUGLASS,
    GREEN,
    HARGER,
    LAKES,
    LEIDY,
    MUDGE,
    OSBORN,
    RED,
    REED,
    STERNBERG,
    Table,
    expected_moves,
    to_action_on_c2,
)

# ----- Paleontologist cards ------------------------------------------------------------------------


def test_paleontologist_cope_steals_two_bones() -> None:
    t = Table(3, paleos=[COPE, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.do("steal", label="C2", colour="green")
    assert t.step() == "steal_more"
    t.do("steal", colour="green")
    view = t.view(0)
    assert view["players"][0]["pile"][GREEN] == 5 and view["players"][0]["tokens"] == 1


def test_paleontologist_leidy_donates_for_an_extra_point() -> None:
    t = Table(3, paleos=[LEIDY, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.do("steal", label="C2", colour="green")
    for _ in range(2):
        t.quiet_turn()
    t.first()
    t.first()
    t.do("donate", bones=["green"])
    assert t.view(None)["players"][0]["score"] == 2


def test_paleontologist_sternberg_crosses_tar_pits() -> None:
    t = Table(3, paleos=[STERNBERG, OSBORN, HARGER])
    t.place_all()
    got = {t.state.describe_action(a)["cell"] for a in t.state.legal_actions()}
    assert got == expected_moves(t.view(None), 0, cross_tar=True)
    assert got != expected_moves(t.view(None), 0)


def test_paleontologist_lakes_has_a_blue_starting_bone_never_donated() -> None:
    t = Table(3, paleos=[LAKES, OSBORN, STERNBERG])
    assert t.view(None)["players"][0]["pile"][BLUE] == 1
    to_action_on_c2(t)
    assert not t.has("donate")


def test_paleontologist_mudge_publicizes_two_rows() -> None:
    t = Table(3, paleos=[MUDGE, OSBORN, STERNBERG])
    t.place_all()
    t.first()
    t.do("publicize", category=0, step=2)
    assert t.view(None)["museum"][0]["row"] == 2
    t.first()
    t.first()
    assert t.step() == "publicize" and not t.has("publicize", step=2)


def test_paleontologist_reed_is_dealt_three_bonus_cards() -> None:
    t = Table(3, paleos=[REED, OSBORN, STERNBERG])
    assert [p["bonus_count"] for p in t.view(None)["players"]] == [3, 2, 2]


def test_paleontologist_baldwin_first_notorious_action_each_round_is_free() -> None:
    t = Table(3, paleos=[BALDWIN, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.do("dynamite")
    assert t.view(None)["players"][0]["tokens"] == 0
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    t.do("dynamite")
    assert t.view(None)["players"][0]["tokens"] == 1


def test_paleontologist_douglass_sheds_a_smaller_token() -> None:
    t = Table(3, paleos=[DOUGLASS, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.tokens = [0]  # a 1-point token
    t.pile_bones = [RED, RED, RED]
    t.do("dynamite")
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    assert t.has("donate", bones=["red", "red"], shed_token=1)
    t.do("donate", bones=["red", "red"], shed_token=1)
    assert t.view(0)["players"][0]["tokens"] == 0


def test_donate_sheds_a_token_of_that_value() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.tokens = [1]  # a 2-point token
    t.pile_bones = [RED, RED, RED]
    t.do("dynamite")
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    assert not t.has("donate", bones=["red"], shed_token=2)
    assert not t.has("donate", bones=["red", "red"], shed_token=1)
    t.do("donate", bones=["red", "red"], shed_token=2)
    assert t.view(0)["players"][0]["tokens"] == 0 and t.view(0)["bag"]["notoriety"] == 45


def test_paleontologist_category_abilities_brown_williston_wortman() -> None:
    from dinobox.games.dinosaur_rush.skeleton import allocation_from_counts, categories

    alloc = allocation_from_counts({"spine": 2, "ribs": 1, "neck": 5, "head": 1, "tail": 3, "limb1": 4, "limb2": 2})
    assert categories(alloc)[1:4] == (9, 5, 3)
    assert categories(alloc, "height_both_limbs")[1] == 4 + 2 + 5
    assert categories(alloc, "length_neck")[2] == 3 + 2 + 5
    assert categories(alloc, "ferocity_big_limb")[3] == 4 + 1


def test_paleontologist_osborn_unfinished_bonus_cards_cost_one() -> None:
    t = Table(3, paleos=[OSBORN, HARGER, STERNBERG])
    t.place_all()
    t.play_to_end()
    view = t.view(None)
    me = view["players"][0]
    assert view["final"]["notoriety"][0] == sum(me["token_values"]) + len(me["bonus"])
    other = view["players"][1]
    assert view["final"]["notoriety"][1] == sum(other["token_values"]) + 3 * len(other["bonus"])
