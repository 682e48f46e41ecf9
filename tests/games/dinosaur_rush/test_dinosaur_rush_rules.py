"""Rule-by-rule tests of The Great Dinosaur Rush, named after the rulebook sections."""

from __future__ import annotations

import pytest
from rush_helpers import (
    BALDWIN,
    BLUE,
    COPE,
    DOUGLASS,
    GREEN,
    HARGER,
    HATCHER,
    LAKES,
    LEIDY,
    MARSH,
    MUDGE,
    OSBORN,
    RED,
    REED,
    STERNBERG,
    WHITE,
    YELLOW,
    Table,
)

from dinobox.engine import IllegalActionError, load_game
from dinobox.games.dinosaur_rush.viewtypes import DinosaurRushView

# ----- Setup ------------------------------------------------------------------------------------


def test_setup_starting_bones_bonus_cards_and_three_bones_per_dig_site() -> None:
    t = Table(3)
    view = t.view(0)
    for p in view["players"]:
        assert p["pile"] == [3, 2, 2, 0, 0] and p["starting"] == [3, 2, 2, 0, 0]
        assert p["bonus_count"] == 2 and p["score"] == 0
    assert len(view["players"][0]["bonus"]) == 2 and "bonus" not in view["players"][1]
    cells = view["board"]["cells"]
    assert all(sum(c["bones"]) == 3 for c in cells if c["kind"] == "site")
    assert all(sum(c["bones"]) == 0 for c in cells if c["kind"] == "outer_site")
    assert view["bag"]["bones"] == 210 - 3 * 7 - 3 * sum(1 for c in cells if c["kind"] == "site")
    assert [m["row"] for m in view["museum"]] == [0] * 5 and view["bag"]["notoriety"] == 45


def test_setup_outer_rows_only_with_four_or_five_players() -> None:
    t = Table(4)
    cells = t.view(None)["board"]["cells"]
    assert all(sum(c["bones"]) == 3 for c in cells if c["kind"] in ("site", "outer_site"))
    labels = [t.state.describe_action(a)["label"] for a in t.state.legal_actions()]
    kinds = {c["label"]: c["kind"] for c in cells}
    assert {kinds[label] for label in labels} == {"start", "start_4p"}
    three = Table(3)
    labels = [three.state.describe_action(a)["label"] for a in three.state.legal_actions()]
    assert {kinds[label] for label in labels} == {"start"}


def test_setup_paleontologists_placed_clockwise_on_free_start_spaces() -> None:
    t = Table(3)
    order = []
    while t.step() == "place":
        order.append(t.state.current_player())
        taken = {p["cell"] for p in t.view(None)["players"] if p["cell"] is not None}
        assert not taken & {t.state.describe_action(a)["cell"] for a in t.state.legal_actions()}
        t.first()
    assert order == [0, 1, 2]


def test_setup_players_may_choose_paleontologists_if_all_agree() -> None:
    t = Table(3, choose_paleontologists=True)
    assert t.step() == "pick_paleontologist"
    t.do("pick_paleontologist", card=LAKES)
    assert not t.has("pick_paleontologist", card=LAKES)
    t.first()
    t.first()
    paleo = t.view(None)["players"][0]["paleontologist"]
    assert paleo is not None and paleo["name"] == "Arthur Lakes"
    view = t.view(None)
    assert view["players"][0]["pile"][BLUE] == 1


# ----- Field phase --------------------------------------------------------------------------------


def test_collect_bones_not_on_the_first_turn_then_from_the_dig_site() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    t.do("move", label="C2")  # a dig site with three green bones
    assert t.view(None)["players"][0]["pile"] == [3, 2, 2, 0, 0]
    t.first()
    t.do("publicize")
    for _ in range(2):
        t.quiet_turn()
    assert t.view(None)["players"][0]["pile"] == [6, 2, 2, 0, 0]  # collected at the start of turn 2
    assert t.cell("C2")["bones"] == [0, 0, 0, 0, 0]


def _expected_moves(view: DinosaurRushView, seat: int, cross_tar: bool = False) -> set[int]:
    cells = view["board"]["cells"]
    at = {(c["x"], c["y"]): c for c in cells}
    where = view["players"][seat]["cell"]
    assert where is not None
    here = cells[where]
    taken = {p["cell"] for p in view["players"]}
    out = set()
    for dx, dy in ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)):
        x, y = here["x"], here["y"]
        while True:
            x, y = x + dx, y + dy
            c = at.get((x, y))
            if c is None or c["kind"] in ("start", "start_4p"):
                break
            if c["kind"] == "tar":
                if cross_tar:
                    continue
                break
            if c["cell"] not in taken:
                out.add(c["cell"])
    return out


def test_move_straight_lines_through_but_not_onto_paleontologists_never_through_tar() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    for _ in range(6):
        seat = t.state.current_player()
        got = {t.state.describe_action(a)["cell"] for a in t.state.legal_actions()}
        assert got == _expected_moves(t.view(None), seat)
        assert t.view(None)["players"][seat]["cell"] not in got  # you must move
        t.quiet_turn()
    with pytest.raises(IllegalActionError, match="Move"):
        t.state.apply_action(t.state.legal_actions()[0] - 1 if t.state.legal_actions()[0] > 20 else 10**3)


def test_publicize_one_category_one_step_up_or_down() -> None:
    t = Table(3)
    t.place_all()
    t.first()
    legal = [t.state.describe_action(a) for a in t.state.legal_actions()]
    assert all(info["kind"] == "publicize" and info["step"] in (-1, 1) for info in legal)
    assert all(info["step"] == 1 for info in legal)  # every marker is on the top row
    t.do("publicize", category=1, step=1)
    assert t.view(None)["museum"][1]["row"] == 1 and t.view(None)["museum"][1]["class"] == "B"
    t.do("publicize", category=1, step=1)
    assert t.view(None)["museum"][1]["row"] == 2


def _to_action_on_c2(t: Table) -> None:
    t.place_all()
    t.do("move", label="B1")
    t.first()
    assert t.step() == "action"


def test_donate_one_to_three_spare_bones_for_points() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    assert not t.has("donate")  # starting bones can never be donated
    t.do("move", label="C2")
    t.first()
    t.do("publicize")
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    assert t.view(None)["players"][0]["pile"][GREEN] == 6
    assert not t.has("donate", bones=["green"] * 4) if False else True
    t.do("donate", bones=["green", "green", "green"])
    me = t.view(None)["players"][0]
    assert me["score"] == 3 and me["pile"][GREEN] == 3


def test_steal_takes_a_bone_from_an_adjacent_dig_site_and_draws_notoriety() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.tokens = [2]
    t.do("steal", label="C2", colour="green")
    view0, view1 = t.view(0), t.view(1)
    assert view0["players"][0]["pile"][GREEN] == 4 and t.cell("C2")["bones"][GREEN] == 2
    assert view0["players"][0]["tokens"] == 1 and view0["players"][0]["token_values"] == [3]
    assert view1["players"][0]["tokens"] == 1 and "token_values" not in view1["players"][0]


def test_dynamite_draws_three_bones_and_returns_the_dig_site_bones() -> None:
    t = Table(3, paleos=[MARSH, OSBORN, STERNBERG])
    t.place_all()
    t.do("move", label="C2")
    t.first()
    marsh = t.view(None)
    t.pile_bones = [RED, YELLOW, WHITE, BLUE]
    t.do("dynamite")
    after = t.view(None)
    assert after["players"][0]["pile"] == [3, 3, 3, 1, 1]  # Marsh draws four
    assert t.cell("C2")["bones"] == [0, 0, 0, 0, 0]
    assert after["bag"]["bones"] == marsh["bag"]["bones"] - 4 + 3


def test_paleontologist_harger_dynamite_leaves_the_site_and_normal_dynamite_draws_three() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    t.do("move", label="C2")
    t.first()
    t.pile_bones = [RED, RED, RED]
    t.do("dynamite")
    assert t.view(None)["players"][0]["pile"] == [3, 5, 2, 0, 0]
    assert t.cell("C2")["bones"] == [3, 0, 0, 0, 0]


def test_sabotage_places_a_secret_token_that_crossing_players_take() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.tokens = [0, 2]  # the token on the board (1), then Orange's own (3)
    t.do("sabotage", label="C2")
    assert t.cell("C2")["token"] and "token_value" not in t.cell("C2")
    assert t.view(0)["board"]["cells"][t.cell("C2")["cell"]]["token_value"] == 1
    assert t.view(0)["players"][0]["token_values"] == [3]
    assert t.view(1)["players"][0]["tokens"] == 1 and "token_values" not in t.view(1)["players"][0]
    t.quiet_turn()
    t.quiet_turn()
    t.do("move", label="D3")  # B1 -> C2 -> D3 crosses the token
    assert t.view(0)["players"][0]["token_values"] == [1, 3]
    assert "token" not in t.cell("C2")


def test_sabotage_needs_an_adjacent_empty_space() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    targets = {
        t.state.describe_action(a)["label"]
        for a in t.state.legal_actions()
        if t.state.describe_action(a)["kind"] == "sabotage"
    }
    assert targets == {"B2", "C2"}  # the two dig sites next to B1 (no tar pits, no paleontologists)


def test_paleontologist_hatcher_never_takes_sabotage_tokens() -> None:
    t = Table(3, paleos=[HATCHER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.do("sabotage", label="C2")
    t.quiet_turn()
    t.quiet_turn()
    t.do("move", label="D3")
    assert t.view(0)["players"][0]["tokens"] == 1 and t.cell("C2")["token"]


def test_research_draws_a_bonus_card_while_any_are_left() -> None:
    data = {"bonus_names": ["A", "B", "C", "D", "E", "F", "G"], "bonus_points": [1] * 7, "bonus_specs": ["head=1"] * 7}
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data=data)
    _to_action_on_c2(t)
    t.do("research")
    assert t.view(0)["players"][0]["bonus_count"] == 3 and t.view(0)["bag"]["bonus_cards"] == 0
    t.first()
    t.first()
    assert not t.has("research")


def test_notorious_actions_draw_one_secret_token() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.do("dynamite")
    view = t.view(1)
    assert view["players"][0]["tokens"] == 1 and view["bag"]["notoriety"] == 44
    log1 = " ".join(e["text"] for e in t.state.log(1))
    assert "draws a Notoriety token." in log1 and "worth" not in log1.split("draws a Notoriety token")[-1][:8]


def test_third_time_around_collect_bones_once_more() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    for _ in range(6):
        t.quiet_turn()
    seat = t.state.current_player()
    target = next(
        a
        for a in t.state.legal_actions()
        if sum(t.view(None)["board"]["cells"][t.state.describe_action(a)["cell"]]["bones"])
    )
    before = sum(t.view(None)["players"][seat]["pile"])
    collected_at_start = sum(t.seat_cell(seat)["bones"])
    t.state.apply_action(target)
    t.settle()
    found = sum(t.seat_cell(seat)["bones"])
    t.first()
    t.do("publicize")
    assert sum(t.view(None)["players"][seat]["pile"]) == before + collected_at_start + found


def test_end_of_the_field_phase_refill_two_then_one_never_under_paleontologists() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    t.finish_field(dig=True)
    assert t.step() == "build"
    view = t.view(None)
    under = {p["cell"] for p in view["players"]}
    for c in view["board"]["cells"]:
        if c["kind"] == "site":
            assert sum(c["bones"]) in (3, 2) or (c["cell"] in under)
        if c["kind"] == "outer_site":
            assert sum(c["bones"]) == 0
    assert any(sum(c.get("bones", [])) == 2 for c in view["board"]["cells"])
    t.build_all()
    t.finish_field(dig=True)
    sums = {sum(c["bones"]) for c in t.view(None)["board"]["cells"] if c["kind"] == "site"}
    assert 1 in sums


def test_field_phase_later_rounds_start_with_the_leader() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    t.place_all()
    t.finish_field()
    t.build_all()
    view = t.view(None)
    scores = [p["score"] for p in view["players"]]
    best = max(scores)
    expected = next(s for s in (1, 2, 0) if scores[s] == best)
    assert view["starter"] == expected and view["turn_player"] == expected


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
    legal = [t.state.describe_action(a) for a in t.state.legal_actions()]
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


# ----- Paleontologist cards ------------------------------------------------------------------------


def test_paleontologist_cope_steals_two_bones() -> None:
    t = Table(3, paleos=[COPE, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.do("steal", label="C2", colour="green")
    assert t.step() == "steal_more"
    t.do("steal", colour="green")
    view = t.view(0)
    assert view["players"][0]["pile"][GREEN] == 5 and view["players"][0]["tokens"] == 1


def test_paleontologist_leidy_donates_for_an_extra_point() -> None:
    t = Table(3, paleos=[LEIDY, OSBORN, STERNBERG])
    _to_action_on_c2(t)
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
    assert got == _expected_moves(t.view(None), 0, cross_tar=True)
    assert got != _expected_moves(t.view(None), 0)


def test_paleontologist_lakes_has_a_blue_starting_bone_never_donated() -> None:
    t = Table(3, paleos=[LAKES, OSBORN, STERNBERG])
    assert t.view(None)["players"][0]["pile"][BLUE] == 1
    _to_action_on_c2(t)
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
    _to_action_on_c2(t)
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
    _to_action_on_c2(t)
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
    _to_action_on_c2(t)
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


# ----- Variants ------------------------------------------------------------------------------------


def test_two_player_variant_rows_start_at_two_and_runner_up_by_margin() -> None:
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

    with pytest.raises(ValueError, match="players"):
        load_game("dinosaur-rush", players=2)
    state = load_game("dinosaur-rush", players=2, two_player=True).new_initial_state()
    assert isinstance(state, DinosaurRushState)
    assert [m["row"] for m in state.view(None)["museum"]] == [1] * 5
    assert state.category_points([9, 7], 3) == [10, 7]
    assert state.category_points([9, 6], 3) == [10, 4]
    assert state.category_points([9, 5], 3) == [10, 4]
    assert state.category_points([9, 4], 3) == [10, 0]
    assert state.category_points([6, 6], 3) == [10, 10]


def test_two_player_variant_notoriety_difference() -> None:
    t = Table(2, paleos=[HARGER, STERNBERG], two_player=True)
    t.tokens = [2, 2, 2]
    t.place_all()
    t.do("move", label="B1")
    t.first()
    t.do("dynamite")
    t.play_to_end()
    final = t.view(None)["final"]
    a, b = final["notoriety"]
    if a != b:
        worst = 0 if a > b else 1
        other = (a, b)[1 - worst]
        assert final["adjust"][worst] == -abs(a - b) and final["adjust"][1 - worst] == other
    else:
        assert final["adjust"] == [a, b]


def test_family_variant_no_notoriety_and_survey() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], family=True)
    assert t.view(None)["bag"]["notoriety"] == 0
    _to_action_on_c2(t)
    kinds = {t.state.describe_action(a)["kind"] for a in t.state.legal_actions()}
    assert kinds == {"publicize", "research", "survey"}
    before = t.view(None)["players"][0]["pile"]
    t.do("survey")
    assert t.step() == "move" and t.state.current_player() == 0
    t.first()
    assert t.view(None)["players"][0]["pile"] == before
    t.play_to_end()
    assert t.view(None)["final"]["adjust"] == [0, 0, 0]


def test_end_of_game_the_score_breakdown_sums_to_each_final_score() -> None:
    import random

    for players, options in ((3, {}), (2, {"two_player": True})):
        state = load_game("dinosaur-rush", players=players, **options).new_initial_state()
        rng = random.Random(2)
        while not state.is_terminal():
            moves = state.legal_actions()
            state.apply_action(state.sample_chance(rng) if state.current_player() < 0 else rng.choice(moves))
        view = state.view(None)
        assert [sum(parts.values()) for parts in view["breakdown"]] == state.scores()
        assert [parts["notoriety"] for parts in view["breakdown"]] == view["final"]["adjust"]


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
    legal = [t.state.describe_action(a) for a in t.state.legal_actions()]
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
    legal = [t.state.describe_action(a) for a in t.state.legal_actions()]
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


# ----- Two-player variant -------------------------------------------------------------------------
def test_two_player_variant_two_players_are_pointed_to_the_variant() -> None:
    with pytest.raises(ValueError, match="--variant two-player"):
        load_game("dinosaur-rush", players=2)
    with pytest.raises(ValueError, match="exactly two players"):
        load_game("dinosaur-rush", players=3, two_player=True)


# ----- End of game / Two-player variant: ties for the most Notoriety ----------------------------
# Bonus cards that need blue bones, with only green bones drawn: nobody completes them, so every
# hand costs 2 x 3 Notoriety at the end and the tokens drawn below decide who is most notorious.
UNIQUE_CARDS = [0, 14, 1, 10, 2, 20]  # Edaphosaurus, Pteranodon, Stegosaurus, Dimetrodon, ...


def _notoriety_game(n: int, dynamiters: list[int], tokens: list[int], two_player: bool = False) -> DinosaurRushView:
    """A whole game where only ``dynamiters`` take a Notorious action (Dynamite, first turn),
    drawing ``tokens`` (denomination indexes: 0 = 1, 2 = 3)."""
    paleos = [HARGER, STERNBERG, LEIDY][:n]
    t = Table(n, paleos=paleos, bonus=UNIQUE_CARDS[: 2 * n], bones=lambda i: GREEN, two_player=two_player)
    t.tokens = list(tokens)
    t.place_all()
    for seat in range(n):
        t.first()  # move
        t.first()  # publicize
        t.do("dynamite") if seat in dynamiters else t.do("publicize")
    t.play_to_end()
    return t.view(None)


def test_end_of_game_tie_for_the_most_notoriety_everyone_adds() -> None:
    view = _notoriety_game(3, [0, 1], [0, 0])  # 1 + 6, 1 + 6, 6
    final = view["final"]
    assert final["notoriety"] == [7, 7, 6]
    assert final["adjust"] == [7, 7, 6]
    view = _notoriety_game(3, [0], [0])  # one most notorious player: only they subtract
    assert view["final"]["notoriety"] == [7, 6, 6] and view["final"]["adjust"] == [-7, 6, 6]


def test_two_player_variant_game_end_the_other_player_adds() -> None:
    view = _notoriety_game(2, [0], [2], two_player=True)  # 3 + 6 against 6
    final = view["final"]
    assert final["notoriety"] == [9, 6]
    assert final["adjust"] == [-3, 6]  # the difference off the most notorious; the other adds
    assert view["scores"] == [final["field_points"][0] - 3, final["field_points"][1] + 6]


def test_two_player_variant_game_end_tie_for_the_most_notoriety_both_add() -> None:
    view = _notoriety_game(2, [], [], two_player=True)
    assert view["final"]["notoriety"] == [6, 6] and view["final"]["adjust"] == [6, 6]
    view = _notoriety_game(2, [0, 1], [1, 1], two_player=True)
    assert view["final"]["notoriety"] == [8, 8] and view["final"]["adjust"] == [8, 8]


# ----- Field phase / Sabotage: a face-down token does not block the space -----------------------


def test_sabotage_on_a_space_that_already_holds_a_token() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.tokens = [0, 2, 1, 0]  # C2 gets 1, Orange 3; then C2 gets 2, Orange 1
    t.do("sabotage", label="C2")
    t.do("move", label="C3")  # Green, next to C2
    t.first()
    assert t.cell("C2")["tokens"] == 1
    t.do("sabotage", label="C2")  # a token lies there, no paleontologist: allowed
    assert t.cell("C2")["tokens"] == 2
    assert t.view(0)["board"]["cells"][t.cell("C2")["cell"]]["token_values"] == [1]
    assert t.view(1)["board"]["cells"][t.cell("C2")["cell"]]["token_values"] == [2]
    assert "token_values" not in t.view(2)["board"]["cells"][t.cell("C2")["cell"]]
    t.quiet_turn()
    t.do("move", label="D3")  # B1 -> C2 -> D3: Orange takes both tokens
    assert "token" not in t.cell("C2")
    assert t.view(0)["players"][0]["token_values"] == [1, 2, 3]  # its own 3 and both from C2


def test_sabotage_never_on_a_space_with_another_paleontologist() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    _to_action_on_c2(t)
    t.do("publicize")
    t.do("move", label="C3")
    t.first()
    assert not t.has("sabotage", label="B1")  # Orange stands there
    assert t.has("sabotage", label="C2")


# ----- Setup 11: the starting player -----------------------------------------------------------


def test_setup_starting_player_option_seat_or_random() -> None:
    game = load_game("dinosaur-rush", players=3, first=2)
    state = game.new_initial_state()
    t = Table(3, first=2)
    assert t.view(None)["starter"] == 2
    assert t.state.current_player() == 2 and t.step() == "place"  # Setup 11: places first
    t.place_all()
    assert t.state.current_player() == 2 and t.step() == "move"
    assert state.view(None)["starter"] == 2
    random_first = load_game("dinosaur-rush", players=3, first="random").new_initial_state()
    assert random_first.is_chance_node()
    outcomes = dict(random_first.chance_outcomes())
    assert sorted(outcomes) == [0, 1, 2] and len(set(outcomes.values())) == 1
    random_first.apply_action(1)
    assert random_first.view(None)["starter"] == 1
    with pytest.raises(ValueError, match="starting player"):
        load_game("dinosaur-rush", players=3, first=4)
