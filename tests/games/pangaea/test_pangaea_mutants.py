"""Pangaea rules the mutation run found untested (benchmarks/mutation.py, benchmarks/RESULTS.md
"Mutation score"): each test kills surviving mutants and is named after the rulebook section it
pins. Public API only; chance is forced (STAR cards: kinds 0..39 numbered, 40 Wild, 41 Reshuffle)."""

from __future__ import annotations

from pangaea_helpers import BLUE_HAND, RESHUFFLE, E, blue_walks, quiet, table, view

from dinobox.engine.testing import force


def test_asteroid_board_lightning_bolt_tile_the_first_star_card_acts_like_any_other() -> None:
    """STAR card 0 (1, Level up, 1 space) drawn for the lightning: the Event locator moves one
    space right and the level there rises, as for every other numbered card."""
    s = table(hands=[[39, 1, 2, 3], BLUE_HAND])  # card 0 stays in the STAR pile
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move", space=[3, 4])
    # Blue swaps a card while four Reshuffle cards walk the token to the lightning space
    blue_walks(s, 2, swap=(20, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 24))
    assert view(s)["world"]["locator"] == [4, 1] and view(s)["world"]["tiles"][4][2] == "1"
    force(s, E, 0)
    assert view(s)["world"]["locator"] == [4, 2]
    assert view(s)["world"]["tiles"][4][2] == "2"  # r4c2: level 1 becomes level 2
