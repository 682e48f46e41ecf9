"""Round: the phase a view shows follows the flow (Setup, then each round's Field phase and Build
phase, then the End of game), and each phase shows only its own kinds of step."""

from __future__ import annotations

import random

from dinobox.engine import load_game
from dinobox.games.dinosaur_rush.viewtypes import as_view


def test_the_view_shows_setup_then_three_rounds_of_field_and_build_then_over() -> None:
    state = load_game("dinosaur-rush", players=4, first="random").new_initial_state()
    rng = random.Random(11)
    phases: list[str] = []
    steps: dict[str, set[str]] = {}
    while True:
        view = as_view(state.view(None))
        if not phases or phases[-1] != view["phase"]:
            phases.append(view["phase"])
        steps.setdefault(view["phase"], set()).add(view["step"])
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(legal))
    assert phases == ["setup", "field", "build", "field", "build", "field", "build", "over"]
    # Setup: the draws (starting player, cards, bones) and the start spaces chosen
    assert steps["setup"] == {"chance", "place"}
    # Field phase: move, publicize, act (and the draws of Dynamite and the Notoriety tokens)
    assert steps["field"] - {"steal_more"} == {"move", "publicize", "action", "chance"}
    # End of the field phase: the dig sites refilled by chance, then the builds
    assert steps["build"] == {"chance", "build"}
    assert steps["over"] == {"over"}


def test_setup_with_picked_paleontologists_is_still_setup() -> None:
    state = load_game("dinosaur-rush", players=3, choose_paleontologists=True).new_initial_state()
    view = as_view(state.view(state.current_player()))
    assert (view["phase"], view["step"]) == ("setup", "pick_paleontologist")
