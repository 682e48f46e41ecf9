"""The T-Rex Island heuristic's terms that only the shipped table turns on (``food_need``,
``picture_setup``): checked as properties of its choices over seeded games, each term weighted
far above the others so that where it applies, it decides."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from heuristic_helpers import policy_positions

from dinobox.engine.state import State
from dinobox.games.trex_island.heuristic import choose

PICTURE_CARDS = {"stegosaurus": 2, "triceratops": 3, "brachiosaurus": 3}  # Taking dino picture


def heuristic_positions(players: int, games: int, weights: dict[str, float]) -> Iterator[tuple[State, int]]:
    return policy_positions("trex-island", choose, players, games, weights)


def moves(state: State) -> list[dict[str, Any]]:
    infos = [state.describe_action(a) for a in state.legal_actions()]
    return [i for i in infos if i["kind"] == "move" and i["die"] is not None]


def test_food_need_heads_for_tokens_while_the_teams_out_cannot_all_be_fed() -> None:
    """*Food token*, *Game Score*: a team lands only with food for its crew, so while the crews
    still out need more food than the seat holds, a move to a rest point with tokens comes first."""
    checked = 0
    for state, action in heuristic_positions(2, 8, {"food_need": 1000.0}):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "action":
            continue
        me = view["players"][seat]
        out = sum(d["crew"] for d in view["dice"] if d["owner"] == seat and not d["arrived"] and not d["lost"])
        if out <= me["can_feed"] - me["rescued"]:
            continue
        fed = [m["action"] for m in moves(state) if m["rest_point"] and view["board"][m["space"]]["tokens"]]
        if fed and state.describe_action(action)["kind"] != "shoot":  # a free shot may come first
            assert action in fed, "moved elsewhere while short of food, with tokens in reach"
            checked += 1
    assert checked > 20


def test_picture_setup_moves_with_a_herbivore_the_second_action_photographs() -> None:
    """*Taking dino picture*: a herbivore card played to move lies on a pile, where the next action
    can photograph it with the cards of its kind left in hand; so a turn's first action moves with
    such a card when the hand holds enough of its kind."""
    checked = 0
    for state, action in heuristic_positions(2, 8, {"picture_setup": 1000.0}):
        seat = state.current_player()
        view = state.view(seat)
        if view["phase"] != "action" or view["actions_done"] != 0:
            continue
        tops = {p["top"]["kind"] for p in view["piles"] if p["top"]}
        held: dict[str, int] = {}
        for c in view.get("hand", []):
            held[c["kind"]] = held.get(c["kind"], 0) + c["count"]
        setups = [
            m["action"]
            for m in moves(state)
            if m["card_kind"] in PICTURE_CARDS
            and m["card_kind"] not in tops
            and not m["helipad"]
            and held.get(m["card_kind"], 0) >= PICTURE_CARDS[m["card_kind"]]
        ]
        if setups:
            assert action in setups, "a first action that sets up no picture when one could"
            checked += 1
    assert checked > 5
