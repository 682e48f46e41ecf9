"""The skeleton model's anatomy rules where the mutation run over ``skeleton`` found them untested
(benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"): drawings a player may type,
each checked against the rulebook section it pins (Build phase, Dinosaur anatomy)."""

from __future__ import annotations

import pytest

from dinobox.games.dinosaur_rush import skeleton as K

# The same legal dinosaur as test_rush_skeleton.py's GOOD.
GOOD = [
    ".....H",
    ".....N",
    "UTTSSNM",
    ".L.R",
]


def broken(rows: list[str], rule: str, words: str) -> None:
    with pytest.raises(K.SkeletonError) as info:
        K.validate_drawing(rows)
    assert info.value.rule == rule
    assert words in str(info.value)


def test_dinosaur_anatomy_a_drawing_typed_as_one_text_reads_as_its_rows() -> None:
    assert K.validate_drawing("\n".join(GOOD)) == K.validate_drawing(GOOD)


def test_ribs_and_spine_a_rib_in_the_spines_row_is_not_below_it() -> None:
    broken([".....H", ".....N", "UTTSSNM.R", ".L"], "Ribs (A) and spine (B)", "below the spine")


def test_neck_a_neck_straight_out_to_the_right_carries_the_head_at_its_far_end() -> None:
    alloc = K.validate_drawing(["UTTSSNNH", ".L.R..M"])
    assert K.describe(alloc)["neck"] == 2 and K.describe(alloc)["head"] == 1


def test_tail_a_tail_that_loops_is_not_a_single_line() -> None:
    """Tail (E): a single line. This tail has two ends but runs round a square on its way."""
    broken([".TT...H", "TTTTSSN", "L...R.M"], "Tail (E)", "single line")


def test_limbs_a_limb_in_two_pieces_is_not_one_group() -> None:
    broken([".....H", ".....N", "UTTSSNM", ".L.R.L"], "Limbs (F)", "each one group")


def test_unique_bones_touching_two_parts_are_refused() -> None:
    broken([".....H", ".UL..N", ".TTSSNM", "...R"], "Unique bones (G)", "may not touch two parts")


def test_wild_bones_a_wild_bone_beside_a_unique_bone_touches_two_colours() -> None:
    broken([".....H", ".....N", "UtTSSNM", ".L.R"], "Wild bones (H)", "exactly one colour")


def test_build_phase_a_skeleton_given_by_counts_names_only_real_parts() -> None:
    with pytest.raises(K.SkeletonError, match="unknown skeleton parts"):
        K.allocation_from_counts({"spine": 1, "horns": 2})


def test_build_phase_a_skeleton_is_fifteen_counts_none_negative() -> None:
    """Hostile input: a skeleton of the wrong length or with a negative count is refused with the
    Build phase's reason, never read."""
    good = K.validate_drawing(GOOD)
    have = K.colours_used(good)
    K.check_allocation(good, have)
    for bad in (good[:-1], (*good[:-1], -1), (*good[: K.NUM_PARTS], -1, *good[K.NUM_PARTS + 1 :])):
        with pytest.raises(K.SkeletonError, match="non-negative counts") as info:
            K.check_allocation(bad, have)
        assert info.value.rule == "Build phase"
