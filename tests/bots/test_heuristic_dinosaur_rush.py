"""The Dinosaur Rush heuristic's look-ahead terms (``master``'s table): known answers on a real
view, and the table against the strong policy on seeded deals."""

from __future__ import annotations

import random
from typing import Any

import dinobox
from dinobox.bots.strong import strong_policy
from dinobox.bots.weights import learned_weights, master_weights
from dinobox.engine.state import State
from dinobox.games.dinosaur_rush.heuristic import exhibit_points, rival_categories

STARTING = (3, 2, 2, 0, 0)  # Setup 9: the bones every pile starts with (green, red, yellow, blue, white)
BLUE, GREEN = 3, 0


def move_step(seed: int) -> State:
    """The first Move decision of a seeded 3-player game between strong players."""
    state = dinobox.load_game("dinosaur-rush", players=3).new_initial_state()
    policy, rng = strong_policy("dinosaur-rush"), random.Random(seed)
    while True:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        if state.view(state.current_player())["step"] == "move":
            return state
        state.apply_action(policy(state, rng))


def even_view(state: State) -> dict[str, Any]:
    """The mover's view with every pile cut back to the starting bones and no bonus cards."""
    view = dict(state.view(state.current_player()))
    view["players"] = [{**p, "pile": list(STARTING), "bonus": []} for p in view["players"]]
    return view


def test_move_exhibit_counts_places_with_friendly_ties() -> None:
    """Exhibit phase and Ties: with three equal piles every category is a tie for first, so each
    seat scores first place wherever it has bones (Uniqueness, without blue bones, scores
    nothing). A blue bone then opens Uniqueness alone: first place there. A green bone only
    turns a tie for first into a lead: still first place, nothing more."""
    state = move_step(1)
    view = even_view(state)
    seat, data = view["seat"], state.game.data
    rivals = rival_categories(view, seat)  # type: ignore[arg-type]
    museum = view["museum"]
    assert [m["category"] for m in museum][-1] == "uniqueness"

    def points(have: tuple[int, ...]) -> float:
        return exhibit_points(view, data, seat, have, rivals)  # type: ignore[arg-type]

    even = points(STARTING)
    assert even == sum(m["points"][0] for m in museum[:-1])
    blue = list(STARTING)
    blue[BLUE] += 1
    assert points(tuple(blue)) - even == museum[-1]["points"][0]
    green = list(STARTING)
    green[GREEN] += 1
    assert points(tuple(green)) == even


def test_master_table_moves_beat_the_strong_policy_on_seeded_deals() -> None:
    """``move_exhibit`` and ``move_next`` (master's table): on 36 seeded deals, the table in one
    seat (rotating) against two strong players wins more than the strong policy in that seat."""
    table = master_weights("dinosaur-rush")
    assert table is not None and table["move_exhibit"] > 0 and table["move_next"] > 0
    assert "move_exhibit" not in (learned_weights("dinosaur-rush") or {})  # strong is unchanged
    strong = strong_policy("dinosaur-rush")
    subject = strong_policy("dinosaur-rush", table)
    won = {"table": 0.0, "strong": 0.0}
    for deal in range(36):
        for name, policy in (("table", subject), ("strong", strong)):
            seat = deal % 3
            state = dinobox.load_game("dinosaur-rush", players=3).new_initial_state()
            chance = random.Random(deal)
            seats = [random.Random(deal * 10 + s) for s in range(3)]
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.sample_chance(chance))
                    continue
                mover = state.current_player()
                state.apply_action((policy if mover == seat else strong)(state, seats[mover]))
            winners = state.winners()
            won[name] += 1 / len(winners) if seat in winners else 0.0
    assert won["table"] > won["strong"] + 3
