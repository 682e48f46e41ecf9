"""The Great Dinosaur Rush rules: Field phase: Collect bones, Move, Publicize, Actions, End of the field phase.

Test names follow the rulebook's sections."""

from __future__ import annotations

import pytest
from rush_helpers import (
    BLUE,
    GREEN,
    HARGER,
    HATCHER,
    LEIDY,
    MARSH,
    OSBORN,
    RED,
    STERNBERG,
    WHITE,
    YELLOW,
    Table,
    expected_moves,
    to_action_on_c2,
)

from dinobox.engine import IllegalActionError

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


def test_move_straight_lines_through_but_not_onto_paleontologists_never_through_tar() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    for _ in range(6):
        seat = t.state.current_player()
        got = {t.state.describe_action(a)["cell"] for a in t.state.legal_actions()}
        assert got == expected_moves(t.view(None), seat)
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
    to_action_on_c2(t)
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
    to_action_on_c2(t)
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
    to_action_on_c2(t)
    targets = {
        t.state.describe_action(a)["label"]
        for a in t.state.legal_actions()
        if t.state.describe_action(a)["kind"] == "sabotage"
    }
    assert targets == {"B2", "C2"}  # the two dig sites next to B1 (no tar pits, no paleontologists)


def test_paleontologist_hatcher_never_takes_sabotage_tokens() -> None:
    t = Table(3, paleos=[HATCHER, OSBORN, STERNBERG])
    to_action_on_c2(t)
    t.do("sabotage", label="C2")
    t.quiet_turn()
    t.quiet_turn()
    t.do("move", label="D3")
    assert t.view(0)["players"][0]["tokens"] == 1 and t.cell("C2")["token"]


def test_research_draws_a_bonus_card_while_any_are_left() -> None:
    data = {"bonus_names": ["A", "B", "C", "D", "E", "F", "G"], "bonus_points": [1] * 7, "bonus_specs": ["head=1"] * 7}
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], data=data)
    to_action_on_c2(t)
    t.do("research")
    assert t.view(0)["players"][0]["bonus_count"] == 3 and t.view(0)["bag"]["bonus_cards"] == 0
    t.first()
    t.first()
    assert not t.has("research")


def test_notorious_actions_draw_one_secret_token() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    to_action_on_c2(t)
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


# ----- Field phase / Sabotage: a face-down token does not block the space -----------------------


def test_sabotage_on_a_space_that_already_holds_a_token() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG])
    to_action_on_c2(t)
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
    to_action_on_c2(t)
    t.do("publicize")
    t.do("move", label="C3")
    t.first()
    assert not t.has("sabotage", label="B1")  # Orange stands there
    assert t.has("sabotage", label="C2")


def test_move_refusals_say_which_rule_stops_the_paleontologist() -> None:
    """A click on a space the paleontologist cannot move to says why (issue 30): its own space,
    a tar pit, another paleontologist's space, off every straight line, or tar in the way."""
    t = Table(3, paleos=[HARGER, OSBORN, LEIDY])
    t.place_all()
    s = t.state
    seat = s.current_player()
    cells = t.view(None)["board"]["cells"]
    here = t.view(None)["players"][seat]["cell"]
    seen = set()
    for a in range(s.game.num_distinct_actions()):
        info = s.describe_action(a, seat)
        reason = s.why_illegal(a)
        if info["kind"] != "move" or reason is None:
            continue
        cell = cells[info["cell"]]
        assert reason.startswith("Move: ")
        if info["cell"] == here:
            assert reason == "Move: the paleontologist must move to another space"
        elif cell["kind"] == "tar":
            assert reason == "Move: the tar pits are impassable; nobody moves into one"
        elif cell.get("paleontologist") is not None:
            assert "another paleontologist stands there" in reason
        seen.add(reason)
    assert "Move: one straight line from the paleontologist's space, without turning" in seen
    assert "Move: the tar pits are impassable; nobody moves into one" in seen
