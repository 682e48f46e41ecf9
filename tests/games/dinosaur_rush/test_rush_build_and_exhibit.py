"""The Great Dinosaur Rush rules: Build phase, Exhibit phase, End of round and End of game
(and Wild bones at a free end).

Test names follow the rulebook's sections."""

from __future__ import annotations

import pytest
from rush_helpers import (
    COPE,
    HARGER,
    OSBORN,
    STERNBERG,
    Table,
)

from dinobox.engine import load_game

# ----- Build and exhibit ------------------------------------------------------------------------


def test_build_phase_is_secret_until_the_exhibit() -> None:
    t = Table(3)
    t.place_all()
    t.finish_field()
    seat = t.state.current_player()
    t.first()
    other = (seat + 1) % 3
    assert "build" in t.view(seat) and "build" not in t.view(other)
    assert t.view(other)["players"][seat]["skeleton"] is None
    before = t.view(other)
    t.state.apply_action(t.state.legal_actions()[0])
    assert t.view(other)["players"] == before["players"]
    t.settle()
    t.build_all()
    assert all(p["skeleton"] for p in t.view(1)["players"])
    assert all(p["skeleton_drawing"] for p in t.view(1)["players"])


def test_build_phase_keep_last_rounds_dinosaur() -> None:
    t = Table(3)
    t.place_all()
    t.finish_field()
    t.build_all()
    t.finish_field()
    assert t.has("build_keep") and t.has("build_fresh")
    seat = t.state.current_player()
    old = t.view(seat)["players"][seat]["skeleton"]
    t.state.apply_action(t.find("build_keep"))
    if t.state.current_player() == seat:
        parts = t.view(seat)["build"]["parts"]
        assert parts == old
    t.settle()
    t.build_all()
    new = t.view(None)["players"][seat]["skeleton"]
    assert new is not None and old is not None
    assert all(new.get(k, 0) >= v for k, v in old.items())


def test_build_phase_whole_skeleton_helper_reports_the_broken_rule() -> None:
    from dinobox.games.dinosaur_rush import build
    from dinobox.games.dinosaur_rush.skeleton import SkeletonError

    t = Table(3)
    t.place_all()
    t.finish_field()
    seat = t.state.current_player()
    view = t.view(seat)
    legal = t.state.legal_actions()
    with pytest.raises(SkeletonError, match="Limbs"):
        build.actions_for_skeleton(view, legal, [".....H", ".....N", "UTTSSN", ".L.R"])
    history = t.state.history()
    assert t.state.history() == history


def test_ties_are_friendly_and_third_place_needs_four_players() -> None:
    # Everybody keeps only the starting bones: identical skeletons tie every category.
    bones = {"bones": [15, 10, 10, 0, 0]}
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data=bones)
    t.place_all()
    t.finish_field()
    rows = [m["row"] for m in t.view(None)["museum"]]
    t.build_all()
    scored = t.view(None)["rounds_scored"][0]["categories"]
    table = t.view(None)["class_points"]
    for cat in range(4):
        assert scored[cat]["points"] == [table[rows[cat]][0]] * 3
    assert scored[4]["points"] == [0, 0, 0]  # no unique bones, no points


def test_exhibit_phase_places_with_friendly_ties() -> None:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

    game = load_game("dinosaur-rush", players=4)
    state = game.new_initial_state()
    assert isinstance(state, DinosaurRushState)
    # Height example: 9 bones on row D wins 10; a tie for second both take 7; then 4 for third.
    assert state.category_points([9, 7, 7, 5], 3) == [10, 7, 7, 4]
    three = load_game("dinosaur-rush", players=3).new_initial_state()
    assert three.category_points([9, 7, 5], 3) == [10, 7, 0]  # type: ignore[attr-defined]


def test_end_of_round_markers_rise_two_then_one() -> None:
    t = Table(3)
    t.place_all()
    t.finish_field()
    rows = [m["row"] for m in t.view(None)["museum"]]
    t.build_all()
    assert [m["row"] for m in t.view(None)["museum"]] == [max(0, r - 2) for r in rows]
    t.finish_field()
    rows = [m["row"] for m in t.view(None)["museum"]]
    t.build_all()
    assert [m["row"] for m in t.view(None)["museum"]] == [max(0, r - 1) for r in rows]


def test_end_of_game_most_notoriety_subtracts_others_add() -> None:
    for seed_tokens in ([2, 0, 1, 2, 2, 2, 2, 2, 2], [0] * 20):
        t = Table(3, paleos=[HARGER, COPE, STERNBERG])
        t.tokens = list(seed_tokens)
        t.place_all()
        t.do("move", label="B1")
        t.first()
        t.do("dynamite")
        t.play_to_end()
        view = t.view(None)
        final = view["final"]
        totals = []
        for p in view["players"]:
            per_card = 3
            totals.append(sum(p["token_values"]) + per_card * len(p["bonus"]))
        assert final["notoriety"] == totals
        hi = max(totals)
        expect = [x if (totals.count(hi) > 1 or x != hi) else -x for x in totals]
        assert final["adjust"] == expect
        assert view["scores"] == [v + a for v, a in zip(final["field_points"], expect, strict=True)]
        best = max(view["scores"])
        tied = [s for s in range(3) if view["scores"][s] == best]
        low = min(totals[s] for s in tied)
        assert view["winners"] == [s for s in tied if totals[s] == low]


# ----- Wild bones (H) at a free end ---------------------------------------------------------------
WHITE_START = {"starting_bones": (3, 2, 2, 0, 1)}  # one white bone in every starting pile
WILD_TAIL_TIP = ["...H", "tTSNM", ".LR"]  # the white bone at the tail's free end


def _build_with_one_white() -> tuple[Table, int]:
    t = Table(3, data=WHITE_START)
    t.place_all()
    t.finish_field()
    seat = t.state.current_player()
    assert t.view(seat)["players"][seat]["pile"] == [3, 2, 2, 0, 1]
    return t, seat


def test_wild_bones_at_the_free_end_of_the_tail_in_play() -> None:
    from dinobox.games.dinosaur_rush import build

    t, seat = _build_with_one_white()
    legal = t.state.legal_actions()
    for action in build.actions_for_skeleton(t.view(seat), legal, WILD_TAIL_TIP):
        t.state.apply_action(action)
    t.settle()
    t.build_all()
    shown = t.view(None)["players"][seat]["skeleton"]
    assert shown is not None and shown["tail"] == 1 and shown["wild_tail"] == 1


def test_build_phase_a_white_bone_that_can_be_placed_is_never_left_over() -> None:
    from dinobox.games.dinosaur_rush import build
    from dinobox.games.dinosaur_rush.skeleton import SkeletonError

    t, seat = _build_with_one_white()
    legal = t.state.legal_actions()
    naturals = {"spine": 1, "ribs": 1, "neck": 1, "head": 1, "tail": 1, "limb1": 1, "limb2": 1}
    with pytest.raises(SkeletonError, match="white bones are left over"):
        build.actions_for_skeleton(t.view(seat), legal, naturals)
    # Placing the seven natural bones one by one leaves the white bone to place, not a finished dinosaur.
    for action in build.actions_for_skeleton(t.view(seat), legal, {**naturals, "wild_tail": 1})[:-1]:
        t.state.apply_action(action)
    assert t.state.current_player() == seat
    # Every part with a free end can take it; the spine and the neck cannot.
    parts = {t.state.describe_action(a)["part"] for a in t.state.legal_actions()}
    assert parts == {"wild_ribs", "wild_head", "wild_tail", "wild_limb1", "wild_limb2"}


# ----- Build phase: what a refused bone says (issue 30) -------------------------------------------
def _place(t: Table, part: str) -> int:
    """The place_bone action for ``part`` (legal or not)."""
    s = t.state
    for a in range(s.game.num_distinct_actions()):
        info = s.describe_action(a)
        if info["kind"] == "place_bone" and info["part"] == part:
            return a
    raise AssertionError(part)


def test_build_phase_a_refused_bone_says_whether_none_is_left_or_the_dinosaur_would_stay_incomplete() -> None:
    t, seat = _build_with_one_white()  # green 3, red 2, yellow 2, blue 0, white 1
    s = t.state
    assert s.why_illegal(_place(t, "unique")) == "Build phase: you have no blue (unique) bone left to place"
    assert s.why_illegal(_place(t, "wild_tail")) == (
        "Build phase: the tail has no room for another wild bone: a wild bone touches natural bones of one "
        "colour and never another wild bone"
    )
    s.apply_action(_place(t, "spine"))  # 2 green left for the ribs and the head
    assert s.why_illegal(_place(t, "spine")) == (
        "Build phase: your 2 green bones left must go to the ribs and head first: each part of a complete "
        "dinosaur needs at least one bone"
    )
    s.apply_action(_place(t, "ribs"))
    s.apply_action(_place(t, "head"))
    assert s.current_player() == seat
    assert s.why_illegal(_place(t, "head")) == "Build phase: you have no green bone left for the head"
