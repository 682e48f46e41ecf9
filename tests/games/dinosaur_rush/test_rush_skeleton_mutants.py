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


SECTIONS = {
    "spine": "Ribs (A) and spine (B)",
    "ribs": "Ribs (A) and spine (B)",
    "neck": "Neck (C)",
    "head": "Head (D)",
    "tail": "Tail (E)",
    "first limb": "Limbs (F)",
    "second limb": "Limbs (F)",
}


def refusal(alloc: tuple[int, ...], have: list[int]) -> K.SkeletonError:
    with pytest.raises(K.SkeletonError) as info:
        K.check_allocation(alloc, have)
    return info.value


def test_build_phase_each_refused_skeleton_names_its_rulebook_section() -> None:
    good = K.validate_drawing(GOOD)
    have = K.colours_used(good)
    for p, part in enumerate(SECTIONS):
        none = tuple(0 if i == p else n for i, n in enumerate(good))
        error = refusal(none, have)
        assert error.rule == SECTIONS[part] and f"the {part} needs at least one natural bone" in str(error)
    wild = tuple(2 if i == K.NUM_PARTS else n for i, n in enumerate(good))  # two wild bones in a spine of two
    error = refusal(wild, [have[0], have[1], have[2], have[3], 2])
    assert error.rule == "Wild bones (H)"
    assert "the spine has 2 wild bones but room for 1" in str(error)
    assert str(error).endswith("natural bones, between two of its natural bones")
    error = refusal(good, [have[0] - 1, *have[1:]])
    assert error.rule == "Build phase" and f"uses {have[0]} green bones but you have {have[0] - 1}" in str(error)
    error = refusal(good, [have[0], have[1] + 1, have[2] + 2, have[3], have[4]])
    assert error.rule == "Build phase" and "every bone must be used, but 1 red, 2 yellow are left over" in str(error)
    error = refusal(good, [*have[:4], 1])
    assert error.rule == "Build phase" and "but 1 white bones are left over" in str(error)
