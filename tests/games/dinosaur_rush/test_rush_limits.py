"""The Great Dinosaur Rush: written limits at their boundary. Donate: "1-3 bones", so with more
spare bones than that the choices stop at three, and each bone is a point."""

from __future__ import annotations

from typing import Any

from rush_helpers import GREEN, HARGER, OSBORN, STERNBERG, Table


def donating_seat_with_spare_greens() -> Table:
    """Seat 0 (Harger: Dynamite leaves the dig site's bones) dynamites on C2 (three bones from
    the bag), then collects C2's three green ones: six spare bones at its second turn's action."""
    t = Table(3, paleos=[HARGER, OSBORN, STERNBERG], bones=lambda i: GREEN)
    t.tokens = [0]
    t.place_all()
    t.do("move", label="C2")
    t.first()
    t.do("dynamite")
    t.quiet_turn()
    t.quiet_turn()
    t.first()
    t.first()
    return t


def donations(t: Table) -> list[dict[str, Any]]:
    infos = [t.state.describe_action(a) for a in t.state.legal_actions()]
    return [info for info in infos if info["kind"] == "donate"]


def test_donate_one_to_three_bones_never_four() -> None:
    t = donating_seat_with_spare_greens()
    me = t.view(None)["players"][0]
    spare = [have - start for have, start in zip(me["pile"], me["starting"], strict=True)]
    assert spare[GREEN] == 3 and sum(spare) == 6
    assert {len(info["bones"]) for info in donations(t)} == {1, 2, 3}
    assert t.has("donate", bones=["green"] * 3)
    assert not any(len(info["bones"]) > 3 for info in donations(t))


def test_donate_three_bones_score_three_points() -> None:
    t = donating_seat_with_spare_greens()
    t.do("donate", bones=["green"] * 3)
    me = t.view(None)["players"][0]
    assert me["score"] == 3 and me["pile"][GREEN] == me["starting"][GREEN]
