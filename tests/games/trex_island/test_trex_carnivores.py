"""Escape from T-Rex Island, Carnivore cards and T-Rex meeple, every tie case included."""

from __future__ import annotations

from trex_helpers import (
    HUNTER,
    JOURNALIST,
    PTERO,
    RAPTOR,
    STEGO,
    TREX,
    TRICERA,
    C,
    O,
    P,
    card,
    crew,
    destinations,
    fork_map,
    line_map,
    move,
    phase,
    space,
    table,
)

from dinobox.engine.state import State
from dinobox.engine.testing import play
from dinobox.games.trex_island import actions as A

NO_TOKENS = {"tokens_per_rest": [0, 0, 0]}
RAPTOR_MAP = {**line_map("?opc?opc?opcH"), **NO_TOKENS}


def trex(state: State) -> int | None:
    where: int | None = state.view(None)["trex"]
    return where


def test_carnivore_cards_raptor_needs_two_on_the_table() -> None:
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=RAPTOR_MAP)
    move(state, RAPTOR, O, 0, 1)  # one Raptor on the table: no effect
    assert crew(state, 0) == 4
    move(state, RAPTOR, P, 1, 2, pile=1)  # two Raptors on top: the team closest to the helipad
    assert (crew(state, 0), crew(state, 1)) == (4, 3)


def test_carnivore_cards_raptor_covered_by_the_discard_does_not_trigger() -> None:
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=RAPTOR_MAP)
    move(state, RAPTOR, O, 0, 1)
    move(state, RAPTOR, P, 1, 2, pile=0)  # on the same pile: still one Raptor on the table
    assert (crew(state, 0), crew(state, 1)) == (4, 4)


def test_carnivore_cards_raptor_tie_all_lose_one() -> None:
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=RAPTOR_MAP)
    move(state, RAPTOR, O, 0, 0)
    move(state, RAPTOR, P, 1, 0, pile=1)  # both at the rest point: equally close
    assert (crew(state, 0), crew(state, 1)) == (3, 3)
    assert all(d["crew"] == 4 for d in state.view(None)["dice"][3:])  # teams behind the arrow are safe


def test_carnivore_cards_pterosaur_most_crew_and_ties() -> None:
    hands = [[card(PTERO, O), card(PTERO, P), 0, 1], [card(PTERO, C), 3, 4, 5, 6]]
    state = table(hands=hands, data=RAPTOR_MAP)
    move(state, PTERO, O, 0, 1)
    assert crew(state, 0) == 4
    move(state, PTERO, P, 1, 2, pile=1)  # tie 4-4: both lose one
    assert (crew(state, 0), crew(state, 1)) == (3, 3)
    # Yellow's fresh team has the most crew: it loses one, though Yellow played the card
    move(state, PTERO, C, 0, 3, pile=0)
    assert crew(state, 3) == 3 and (crew(state, 0), crew(state, 1)) == (3, 3)


def test_carnivore_cards_pterosaur_spares_the_teams_on_the_starting_space_in_family_mode() -> None:
    """Family mode: every team starts with 6. Only the teams on the island count for "most
    crew"; the four teams still on the starting space (also 6) are not struck."""
    state = table(hands=[[card(PTERO, O), card(PTERO, P), 0, 1], [3, 4, 5, 6, 7]], data=RAPTOR_MAP, family=True)
    move(state, PTERO, O, 0, 1)
    move(state, PTERO, P, 1, 2, pile=1)  # two Pterosaurs on top: Green's two teams on the island, tied
    assert [d["crew"] for d in state.view(None)["dice"]] == [5, 5, 6, 6, 6, 6]


def test_carnivore_cards_raptor_with_no_team_on_the_island_strikes_nobody() -> None:
    """The card's player lands its only team on the island: the Raptors find no team on the map
    (the teams on the starting space are not on it), so nobody loses a man."""
    data = {**line_map("?H"), **NO_TOKENS, "start_crew": 1}
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=data)
    move(state, RAPTOR, O, 0, 1)  # the first team lands (the Boy Scout feeds 3)
    move(state, RAPTOR, P, 1, 1, pile=1)  # two Raptors on top; nobody is left on the island
    assert [d["crew"] for d in state.view(None)["dice"]] == [1] * 6
    assert "The Raptors find no team on the island." in [e["text"] for e in state.log(None)]


# ----- T-Rex --------------------------------------------------------------------------------
TREX_LINE = {**line_map("pppppppoc" + "opc?H"), **NO_TOKENS}


def test_trex_meeple_appears_three_behind_the_slowest_and_moves_two() -> None:
    hands = [[card(STEGO, O), card(TREX, C), 1, 2], [card(TREX, O), card(TREX, P), 3, 4, 5]]
    state = table(hands=hands, data=TREX_LINE)
    move(state, STEGO, O, 0, 7)
    assert trex(state) is None
    move(state, TREX, C, 1, 8, pile=1)
    # appears at 4 (three behind the team on 7), walks 2 toward it: space 6
    assert trex(state) == 6
    assert [e["text"] for e in state.log(None) if "T-Rex" in e["text"]][-2:] == [
        "The T-Rex appears at space 4 (purple).",
        "The T-Rex stomps to space 6 (purple).",
    ]


def test_trex_moves_three_stops_at_a_die_devours_two_and_dice_pass_it() -> None:
    hands = [[card(STEGO, O), card(TREX, C), 1, 2], [card(TREX, O), card(TREX, P), 3, 4, 5]]
    state = table(hands=hands, data=TREX_LINE)
    move(state, STEGO, O, 0, 7)
    move(state, TREX, C, 1, 8, pile=1)
    assert trex(state) == 6
    # Yellow: the way to the next orange passes the T-Rex on 6 (one man), never stopping on it
    assert destinations(state, 0, TREX, O) == {9}
    move(state, TREX, O, 0, 9, pile=0)  # two T-Rex cards on top: it walks up to 3...
    assert crew(state, 3) == 3
    assert trex(state) == 7  # ...but stops at the first team, on 7
    assert crew(state, 0) == 2  # a lone team loses two men
    # the team in its starting space is immune: the next hunt goes for the team on 8
    move(state, TREX, P, 1, 0, pile=0)
    assert trex(state) == 8 and crew(state, 1) == 2 and crew(state, 0) == 2


def test_trex_meeple_next_to_the_arrow_and_several_teams_lose_one_each() -> None:
    data = {**line_map("ppp?ocH"), **NO_TOKENS}
    hands = [[card(STEGO, O), card(STEGO, C), 1, 2], [card(TREX, O), card(TREX, P), 3, 4, 5]]
    state = table(hands=hands, data=data)
    move(state, STEGO, O, 0, 3)
    move(state, STEGO, C, 1, 3, pile=1)
    move(state, TREX, O, 0, 4, pile=0)
    assert trex(state) == 2  # appeared on 0 (three behind the slowest, on the rest point 3), walked 2
    move(state, TREX, P, 1, 0, pile=1)  # two T-Rex on top: nearest is the rest point, one step
    assert trex(state) == 3
    assert (crew(state, 0), crew(state, 1)) == (3, 3)  # two teams there: one man each


def test_trex_meeple_first_space_when_fewer_than_three_behind() -> None:
    data = {**line_map("pocpoc?H"), **NO_TOKENS}
    hands = [[card(TREX, O), 0, 1, 2], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data=data)
    move(state, TREX, O, 0, 1)
    # the only team is on space 1: the T-Rex appears on space 0, one step behind, then walks
    # toward it and devours two
    assert trex(state) == 1 and crew(state, 0) == 2


def test_trex_tie_in_distance_the_card_player_chooses() -> None:
    data = {**fork_map("pppp", "oc", "oc", "?H"), **NO_TOKENS}
    hands = [[card(STEGO, O), card(TRICERA, O), 1, 2], [card(TREX, P), card(TREX, C), 3, 4, 5]]
    state = table(hands=hands, data=data)
    assert destinations(state, 0, STEGO, O) == {4, 6}  # the crossroads: either way
    move(state, STEGO, O, 0, 4)
    move(state, TRICERA, O, 1, 6, pile=1)
    move(state, TREX, P, 0, 0, pile=0)
    assert trex(state) == 2
    play(state, A.move(card(TREX, C), 1, 5))
    play(state, A.PILE + 1)  # two T-Rex on top; three teams two spaces away
    assert phase(state) == "trex" and state.current_player() == 1
    assert state.legal_actions() == [A.TREX_WAY + 0, A.TREX_WAY + 4, A.TREX_WAY + 6]
    play(state, A.TREX_WAY + 6)
    assert trex(state) == 6 and crew(state, 1) == 2 and crew(state, 0) == 4


def test_shotgun_token_hunter_drives_the_trex_off_and_it_reappears() -> None:
    hands = [[card(STEGO, O), card(TREX, C), 1, 2], [card(TREX, O), card(TREX, P), 3, 4, 5]]
    state = table(hands=hands, data=TREX_LINE, chars=(HUNTER, JOURNALIST))
    move(state, STEGO, O, 0, 7)
    move(state, TREX, C, 1, 8, pile=1)
    move(state, TREX, O, 0, 9, pile=0)
    # the Red team on 7 is caught: Red decides, out of turn
    assert phase(state) == "attack" and state.current_player() == 0
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.USE_FREE_SHOTGUN]
    play(state, A.REACT + A.USE_FREE_SHOTGUN)
    assert trex(state) is None and crew(state, 0) == 4
    assert state.view(None)["players"][0]["free_shotgun"] is False
    assert state.current_player() == 1
    # the next T-Rex card brings it back behind the last team: Yellow's team just placed on 0,
    # with fewer than three spaces behind it, so on space 0 (where that team is immune); then
    # it walks three spaces toward the team on 7
    move(state, TREX, P, 1, 0, pile=1)
    assert "The T-Rex appears at space 0 (purple)." in [e["text"] for e in state.log(None)][-3:]
    assert trex(state) == 3 and crew(state, 4) == 4


def test_carnivore_cards_helipad_teams_are_off_the_map() -> None:
    data = {**line_map("?cH"), **NO_TOKENS, "start_crew": 1}
    state = table(hands=[[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]], data=data)
    move(state, RAPTOR, O, 0, 2)  # straight to the helipad (the Boy Scout feeds 3)
    move(state, RAPTOR, P, 1, 0, pile=1)
    assert space(state, 0) == 2 and crew(state, 0) == 1  # safe at the helipad
    assert crew(state, 1) == 0 and state.view(None)["dice"][1]["lost"]  # the only team on the map
