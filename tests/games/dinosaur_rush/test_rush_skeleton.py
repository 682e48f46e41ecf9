"""The skeleton model: anatomy rules (Build phase), categories (Exhibit phase), bonus cards."""

from __future__ import annotations

import random

import pytest

from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.data import DEFAULT_DATA, parse_bonus_spec

# A legal dinosaur: tail TT and a unique bone U left of the spine SS, ribs R below, neck N up
# from the spine's right end with the head H on top, limb L under the tail, limb M on the neck.
GOOD = [
    ".....H",
    ".....N",
    "UTTSSNM",
    ".L.R",
]


def test_dinosaur_anatomy_a_legal_drawing_reads_as_its_parts() -> None:
    alloc = K.validate_drawing(GOOD)
    assert K.describe(alloc) == {
        "spine": 2,
        "ribs": 1,
        "neck": 2,
        "head": 1,
        "tail": 2,
        "limb1": 1,
        "limb2": 1,
        "unique": 1,
    }


def broken(rows: list[str], rule: str, words: str) -> None:
    with pytest.raises(K.SkeletonError) as info:
        K.validate_drawing(rows)
    assert info.value.rule == rule
    assert words in str(info.value)


def test_ribs_and_spine_the_spine_needs_a_bone() -> None:
    broken([".....H", ".....N", "UTT..NM", ".L.R"], "Ribs (A) and spine (B)", "spine needs at least one")


def test_ribs_and_spine_the_spine_is_a_single_straight_line() -> None:
    broken([".....H", "....SN", "UTTSSNM", ".L.R"], "Ribs (A) and spine (B)", "single straight line")


def test_ribs_and_spine_at_least_one_rib() -> None:
    broken([".....H", ".....N", "UTTSSNM", ".L"], "Ribs (A) and spine (B)", "at least one rib")


def test_ribs_and_spine_ribs_go_below_the_spine() -> None:
    broken([".....H", "...R.N", "UTTSSNM", ".L"], "Ribs (A) and spine (B)", "below the spine")


def test_ribs_and_spine_ribs_hang_from_the_spine_as_one_group() -> None:
    broken([".....H", ".....N", "UTTSSNM", ".L", "...R"], "Ribs (A) and spine (B)", "one group")


def test_neck_is_required() -> None:
    broken([".....", ".....", "UTTSS.M", ".L.R"], "Neck (C)", "needs a neck")


def test_neck_is_a_single_line() -> None:
    broken([".....H", "....NNN", "UTTSSNM", ".L.R"], "Neck (C)", "single line")


def test_neck_starts_at_the_right_end_of_the_spine() -> None:
    broken(["....H", "....N", "UTTSS.M", ".L.R"], "Neck (C)", "right end of the spine")


def test_head_is_required() -> None:
    broken([".....", ".....N", "UTTSSNM", ".L.R"], "Head (D)", "needs a head")


def test_head_is_a_single_group() -> None:
    broken(["H....H", ".....N", "UTTSSNM", ".L.R"], "Head (D)", "single group")


def test_head_sits_on_the_far_end_of_the_neck() -> None:
    broken([".....", ".....N", "UTTSSNM", ".L.R.H"], "Head (D)", "far end of the neck")


def test_tail_is_required() -> None:
    broken([".....H", ".....N", "...SSNM", ".L.R"], "Tail (E)", "needs a tail")


def test_tail_is_a_single_line() -> None:
    broken([".....H", "..T..N", "UTTSSNM", ".LTR"], "Tail (E)", "single line")


def test_tail_starts_at_the_left_end_of_the_spine() -> None:
    broken([".....H", ".TT..N", "U..SSNM", ".L.R"], "Tail (E)", "left end of the spine")


def test_limbs_exactly_two() -> None:
    broken([".....H", ".....N", "UTTSSN", ".L.R"], "Limbs (F)", "exactly two limbs")


def test_limbs_each_limb_is_connected() -> None:
    broken([".....H", ".....N", "UTTSSN", ".L.R", "......M"], "Limbs (F)", "must be connected")


def test_limbs_must_not_touch_each_other() -> None:
    broken([".....H", ".....N", "UTTSSN", ".LMR"], "Limbs (F)", "must not touch each other")


def test_unique_bones_are_attached() -> None:
    broken([".....H", ".....N", ".TTSSNM", ".L.R", "U"], "Unique bones (G)", "attached")


def test_unique_bones_stay_outside_and_never_join_parts() -> None:
    broken([".....H", ".....N", ".TTSSNM", ".LUR"], "Unique bones (G)", "outside")


def test_wild_bones_cannot_touch_each_other() -> None:
    broken(["......H", "......N", "UTTSsSNM", ".L.Rr", "....R"], "Wild bones (H)", "cannot touch each other")


def test_wild_bones_touch_exactly_one_colour() -> None:
    broken([".....H", ".....N", "UTtSSNM", ".L.R"], "Wild bones (H)", "exactly one colour")


def test_wild_bones_count_as_the_colour_they_touch() -> None:
    broken([".....H", "UTTSSn", ".L.RM"], "Wild bones (H)", "cannot serve the neck")


def test_wild_bones_at_the_free_end_of_a_tail_touch_one_colour_and_are_legal() -> None:
    alloc = K.validate_drawing(["......H", "......N", "tTTSsSNM", ".L.R"])
    assert K.describe(alloc)["tail"] == 2 and K.describe(alloc)["wild_tail"] == 1
    assert K.describe(alloc)["wild_spine"] == 1


def test_wild_bones_at_the_free_end_of_a_limb_ribs_or_head() -> None:
    alloc = K.validate_drawing(["....h", "....H", "....N", ".TTSNMm", ".L.R", ".l.r"])
    counts = K.describe(alloc)
    assert [counts[f"wild_{k}"] for k in ("limb1", "limb2", "ribs", "head")] == [1, 1, 1, 1]


def test_wild_bones_the_spine_has_no_free_end() -> None:
    # A wild bone at either end of the spine touches the yellow tail or neck as well.
    broken([".....H", ".....N", ".TTsSNM", "..LR"], "Wild bones (H)", "exactly one colour")


def test_wild_bones_the_necks_far_end_holds_the_head() -> None:
    # A wild bone past the head's joint is not on the neck's far end: the head must sit there.
    broken([".....n", ".....NH", ".TTSSNM", "..LR"], "Head (D)", "far end of the neck")


def test_wild_bones_at_most_one_per_natural_bone() -> None:
    # Beside the line as well as at its end: dinobox's reading (rules.md, Assumptions).
    broken([".....H", ".....N", ".TTSSNM", "..LRr", "...r"], "Wild bones (H)", "ribs has 2 wild bones but room for 1")


def test_dinosaur_anatomy_unknown_symbols_are_refused() -> None:
    broken(["X"], "Dinosaur anatomy", "unknown symbol")


def test_build_phase_every_bone_must_be_used() -> None:
    alloc = K.validate_drawing(GOOD)
    have = K.colours_used(alloc)
    K.check_allocation(alloc, have)
    with pytest.raises(K.SkeletonError, match="every bone must be used"):
        K.check_allocation(alloc, [have[0] + 1, *have[1:]])
    with pytest.raises(K.SkeletonError, match="uses 1 blue bones but you have 0"):
        K.check_allocation(alloc, [*have[:3], 0, have[4]])


def test_build_phase_every_part_needs_a_natural_bone_and_wild_bones_need_room() -> None:
    alloc = list(K.validate_drawing(GOOD))
    alloc[K.NUM_PARTS] = 1  # one wild bone fits between the two natural spine bones
    K.check_allocation(alloc, K.colours_used(alloc))
    alloc[K.NUM_PARTS] = 2  # the spine has no free end for a second one
    with pytest.raises(K.SkeletonError, match="room for 1"):
        K.check_allocation(alloc, K.colours_used(alloc))
    alloc[K.NUM_PARTS] = 0
    alloc[K.NUM_PARTS + K.TAIL] = 2  # two natural tail bones: one wild between, one at the tip
    K.check_allocation(alloc, K.colours_used(alloc))
    alloc[K.NUM_PARTS + K.TAIL] = 3
    with pytest.raises(K.SkeletonError, match="room for 2"):
        K.check_allocation(alloc, K.colours_used(alloc))
    alloc = list(K.validate_drawing(GOOD))
    alloc[K.HEAD] = 0
    with pytest.raises(K.SkeletonError, match="head needs at least one natural bone"):
        K.check_allocation(alloc, K.colours_used(alloc))


def test_build_phase_a_white_bone_that_can_be_placed_must_be_used() -> None:
    minimal = (1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    with pytest.raises(K.SkeletonError, match="white bones are left over"):
        K.check_allocation(minimal, (3, 2, 2, 0, 1))  # the tail's free end can take it
    full = (1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0)  # every free end holds a wild bone
    K.check_allocation(full, (3, 2, 2, 0, 5))
    K.check_allocation(full, (3, 2, 2, 0, 7))  # two more: no part has room, they stay aside
    assert K.validate_drawing(K.layout(full)) == full


def test_exhibit_phase_height_example_five_neck_and_four_limb_is_nine() -> None:
    alloc = K.allocation_from_counts({"spine": 1, "ribs": 1, "neck": 5, "head": 1, "tail": 1, "limb1": 4, "limb2": 2})
    size, height, length, ferocity, unique = K.categories(alloc)
    assert height == 5 + 4 == 9
    assert (size, length, ferocity, unique) == (1, 2, 3, 0)


def test_exhibit_phase_categories_count_wild_bones_in_their_part() -> None:
    alloc = K.validate_drawing(["......H", "......N", "UTTSsSNM", ".L.R"])
    assert K.categories(alloc) == (1, 3, 5, 2, 1)


def test_scoring_dinosaur_bonus_cards_match_exactly_with_wild_help() -> None:
    spec = parse_bonus_spec(DEFAULT_DATA.bonus_specs[0])  # Edaphosaurus: spine 4, unique 5
    assert DEFAULT_DATA.bonus_names[0] == "Edaphosaurus" and DEFAULT_DATA.bonus_points[0] == 9
    with_wild = K.allocation_from_counts(
        {"spine": 3, "wild_spine": 1, "ribs": 1, "neck": 1, "head": 1, "tail": 1, "limb1": 1, "limb2": 1, "unique": 5}
    )
    assert K.matches_bonus(with_wild, spec)
    one_more = K.allocation_from_counts({**K.describe(with_wild), "unique": 6})
    assert not K.matches_bonus(one_more, spec)
    limbs = parse_bonus_spec("limbs=1/3")
    assert K.matches_bonus(
        K.allocation_from_counts({"spine": 1, "ribs": 1, "neck": 1, "head": 1, "tail": 1, "limb1": 1, "limb2": 3}),
        limbs,
    )


def test_scoring_dinosaur_bonus_cards_the_exhibit_phase_needs_say_what_the_cards_say() -> None:
    """The Exhibit phase checks a card's needs (``meets_needs``): the same answer as its spec."""
    rng = random.Random(5)
    specs = [parse_bonus_spec(text) for text in DEFAULT_DATA.bonus_specs] + [parse_bonus_spec("limbs=3/1 neck=2")]
    for _ in range(400):
        nat = [rng.randint(1, 5) for _ in range(7)]
        wild = (rng.randint(0, K.wild_capacity(n, p)) for p, n in enumerate(nat))
        alloc = (*nat, *wild, rng.randint(0, 5))
        for spec in specs:
            assert K.meets_needs(alloc, K.bonus_needs(spec)) == K.matches_bonus(alloc, spec)
    claosaurus = parse_bonus_spec(DEFAULT_DATA.bonus_specs[DEFAULT_DATA.bonus_names.index("Claosaurus")])
    two_and_two = K.allocation_from_counts(
        {"spine": 1, "ribs": 1, "neck": 1, "head": 1, "tail": 1, "limb1": 2, "limb2": 1, "wild_limb2": 1}
    )
    assert K.meets_needs(two_and_two, K.bonus_needs(claosaurus)) == K.matches_bonus(two_and_two, claosaurus)


def test_dinosaur_anatomy_canonical_layout_is_always_legal() -> None:
    rng = random.Random(3)
    for _ in range(500):
        nat = [rng.randint(1, 7) for _ in range(7)]
        wild = (rng.randint(0, K.wild_capacity(n, p)) for p, n in enumerate(nat))
        alloc = (*nat, *wild, rng.randint(0, 5))
        assert K.validate_drawing(K.layout(alloc)) == alloc


def test_auto_builder_uses_every_bone_and_aims_for_bonus_cards() -> None:
    have = (8, 4, 6, 5, 1)
    edaphosaurus = (tuple(sorted(parse_bonus_spec("spine=4 unique=5").items())), 9)
    alloc = K.best_allocation(have, (2.0, 2.0, 2.0, 2.0, 2.0), (edaphosaurus,))
    K.check_allocation(alloc, have)
    assert K.matches_bonus(alloc, dict(edaphosaurus[0]))
    plain = K.best_allocation(have, (21.0, 1.0, 1.0, 1.0, 1.0))
    K.check_allocation(plain, have)
    assert K.categories(plain)[0] >= 4  # Size weighs most: ribs get the spare green bones


def test_dinosaur_bonus_cards_claosaurus_limbs_two_and_two_from_three_red_and_one_white() -> None:
    index = DEFAULT_DATA.bonus_names.index("Claosaurus")
    spec = parse_bonus_spec(DEFAULT_DATA.bonus_specs[index])
    assert spec["limbs"] == (2, 2)
    claosaurus = (tuple(sorted(spec.items())), DEFAULT_DATA.bonus_points[index])
    have = (5, 3, 2, 0, 1)  # green, red, yellow, blue, white
    alloc = K.best_allocation(have, (1.0, 1.0, 1.0, 1.0, 1.0), (claosaurus,))
    K.check_allocation(alloc, have)
    assert K.matches_bonus(alloc, spec)
    drawing = K.layout(alloc)
    assert K.validate_drawing(drawing) == alloc
    assert any("m" in row or "l" in row for row in drawing)  # a limb ends in the wild bone
