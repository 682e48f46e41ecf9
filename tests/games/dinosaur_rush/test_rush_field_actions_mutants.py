"""The Great Dinosaur Rush's field-phase actions where the mutation run over ``field_actions``
found them untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"): mostly the
log lines a person reads after each action, and who may read a secret one. Each test is named
after the rulebook section it pins; situations are set up by forcing chance outcomes through the
public contract."""

from __future__ import annotations

from rush_helpers import BALDWIN, DOUGLASS, HARGER, OSBORN, RED, STERNBERG, Table, to_action_on_c2


def texts(t: Table, seat: int | None = None) -> list[str]:
    return [e["text"] for e in t.state.log(seat)]


def on_c2(first: int = HARGER) -> Table:
    t = Table(3, paleos=[first, OSBORN, STERNBERG])
    to_action_on_c2(t)
    return t


def test_publicize_the_log_names_the_category_and_the_way_it_moved() -> None:
    t = on_c2()
    t.do("publicize", category=1, step=1)
    assert "Orange moves Height down." in texts(t)


def test_research_the_log_says_who_researched() -> None:
    t = on_c2()
    t.do("research")
    assert "Orange researches." in texts(t)


def test_sabotage_only_the_saboteur_reads_the_value_of_the_token_it_places() -> None:
    t = on_c2()
    t.tokens = [0, 2]  # the token on the board (1), then Orange's own (3)
    t.do("sabotage", label="C2")
    mine = texts(t, 0)[-4:-1]
    assert mine == [
        "Orange sabotages C2.",
        "A face-down token worth 1 lies on C2.",
        "Orange draws a Notoriety token worth 3.",
    ]
    for seat in (1, 2, None):
        theirs = texts(t, seat)[-4:-1]
        assert theirs == ["Orange sabotages C2.", "A face-down token lies on C2.", "Orange draws a Notoriety token."]


def test_steal_the_log_names_the_bone_and_the_dig_site() -> None:
    t = on_c2()
    t.tokens = [2]
    t.do("steal", label="C2", colour="green")
    assert texts(t, 1)[-3:-1] == ["Orange steals a green bone from C2.", "Orange draws a Notoriety token."]


def test_paleontologist_baldwin_the_log_says_the_free_notorious_action_draws_no_token() -> None:
    t = on_c2(BALDWIN)
    t.do("dynamite")
    assert "Orange draws no Notoriety token this time (paleontologist ability)." in texts(t)


def donor() -> Table:
    """Orange holds a 2-point Notoriety token and three red bones to spare, its action next."""
    t = on_c2()
    t.tokens = [1]
    t.pile_bones = [RED, RED, RED]
    t.do("dynamite")
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    return t


def test_donate_the_log_names_the_bones_and_the_points_or_the_token_shed() -> None:
    t = donor()
    t.do("donate", bones=["red", "red", "red"])
    assert "Orange donates red, red, red for 3 points." in texts(t)
    t = donor()
    t.do("donate", bones=["red", "red"], shed_token=2)
    assert "Orange donates red, red and sheds a 2 Notoriety token." in texts(t)


def test_family_variant_survey_the_log_says_who_surveyed() -> None:
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], family=True)
    to_action_on_c2(t)
    t.do("survey")
    assert "Orange surveys." in texts(t)


def test_paleontologist_douglass_sheds_a_smaller_token_and_no_one_else_does() -> None:
    """Douglass (Orange) and Purple each dynamite three red bones and draw a 1-point token, so
    they hold the same spare bones and the same token: only Douglass may donate two bones to
    shed the 1-point token; Purple sheds it with one bone only (Donate: a token of that value)."""
    t = Table(3, paleos=[DOUGLASS, OSBORN, STERNBERG])
    to_action_on_c2(t)
    for seat in (0, 1):  # Orange's action, then Purple's (after its move and publicize)
        assert t.state.current_player() == seat and t.step() == "action"
        t.tokens = [0]
        t.pile_bones = [RED, RED, RED]
        t.do("dynamite")
        if seat == 0:
            t.first()
            t.first()
    t.quiet_turn()  # Teal
    t.first()
    t.first()
    assert t.state.current_player() == 0 and t.has("donate", bones=["red", "red"], shed_token=1)
    t.do("publicize")
    t.first()
    t.first()
    players = t.view(None)["players"]
    assert t.state.current_player() == 1 and players[1]["pile"] == players[0]["pile"]
    assert not t.has("donate", bones=["red", "red"], shed_token=1)
    assert t.has("donate", bones=["red"], shed_token=1)
