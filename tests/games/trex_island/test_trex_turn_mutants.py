"""Escape from T-Rex Island's turn sequence where the mutation run over ``turn`` and ``walks``
found it untested (benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score"). Each test is
named after the rulebook section it pins; situations are set up by forcing chance outcomes
through the public contract."""

from __future__ import annotations

import pytest
from trex_helpers import (
    BRACHIO,
    PTERO,
    RAPTOR,
    STEGO,
    TREX,
    TRICERA,
    C,
    O,
    P,
    any_move,
    card,
    crew,
    destinations,
    draw,
    fork_map,
    idle,
    line_map,
    move,
    table,
    tops,
)

from dinobox.engine.state import State
from dinobox.engine.testing import play
from dinobox.games.trex_island import actions as A


def test_taking_dino_picture_the_second_card_played_goes_under_the_matching_pile() -> None:
    """Two Triceratops played to one on pile A: the trophy is one of them, the other goes to the
    bottom of pile A, the matching pile (rules.md, Assumptions: Taking dino picture)."""
    hands = [[card(TRICERA, O), card(TRICERA, P), card(TRICERA, C), 0], [card(TRICERA, O), 6, 7, 8, 9]]
    state = table(hands=hands)
    move(state, TRICERA, O, 0, 0, pile=0)
    play(state, A.picture(TRICERA, (P, C)))
    assert [p["count"] for p in state.view(None)["piles"]] == [2, 0]
    assert tops(state) == ["triceratops", None]


def test_drawing_card_the_log_counts_the_cards_the_deck_is_rebuilt_from() -> None:
    """Three cards on pile A when the last card is drawn: the two under its top make the deck."""
    deck = {"cards": [2, 2, 0, 2, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0], "journalist_hand_size": 4}
    state = table(hands=[[0, 0, 1, 1], [3, 3, 4, 4]], data=deck)
    idle(state)  # Green moves twice, both cards on pile A
    any_move(state)  # Yellow moves, its card on pile A too
    draw(state, card(RAPTOR, O))
    draw(state, card(PTERO, O), card(TREX, O))  # Green takes the last card
    view = state.view(None)
    assert view["deck_count"] == 2 and [p["count"] for p in view["piles"]] == [1, 0]
    assert "The draw deck is rebuilt from 2 discarded cards." in [e["text"] for e in state.log(None)]


@pytest.mark.parametrize("only", [O, P, C])
def test_game_goal_the_deck_runs_out_while_one_colour_can_still_reach_the_tokens(only: int) -> None:
    """Game Goal: the game ends when the deck runs out after the last token is drawn. Here the
    tokens of the rest point under the T-Rex are still there, and a card of one colour (``only``)
    can still move a team toward them: the game goes on, the deck rebuilt (rules.md,
    Assumptions: Game Goal). Teams of one man cannot pass the T-Rex; the Journalist's team
    beyond it has no food for the helipad."""
    x0, z = (only + 1) % 3, (only + 2) % 3
    spec = "opc"[x0] + "opc"[only] + "?" + "opc"[z] + "H"  # space 0, the free space, rest, 3, helipad
    scout = [card(STEGO, x0), card(TREX, z), card(TRICERA, only), card(TRICERA, only)]
    journalist = [card(STEGO, z), card(BRACHIO, x0), card(BRACHIO, x0), card(BRACHIO, only), card(BRACHIO, only)]
    cards = [0] * 18
    for c in [*scout, *journalist, *[card(STEGO, only)] * 3]:
        cards[c] += 1
    state = table(hands=[scout, journalist], data={**line_map(spec), "cards": cards, "start_crew": 1})
    move(state, STEGO, x0, 0, 0)  # Green's first team onto space 0
    draw(state, card(STEGO, only))
    move(state, STEGO, z, 0, 3)  # Yellow's first team skips the rest point for space 3
    draw(state, card(STEGO, only))
    move(state, TREX, z, 1, 4)  # Green's second team flies off; the T-Rex appears on space 0...
    assert state.view(None)["trex"] == 2  # ... and walks two spaces toward Yellow's team
    draw(state, card(STEGO, only))  # the last card of the deck
    assert not state.is_terminal()
    assert state.view(None)["deck_count"] == 2  # rebuilt from the piles but their tops
    moves = {A.split_move(a)[0] % 3 for a in state.legal_actions() if a < A.PICTURE}
    assert moves == {only}


def test_t_rex_meeple_a_die_moving_through_the_t_rex_on_the_first_space_loses_one_man() -> None:
    """The T-Rex appears on the first space past the arrow (the slowest team is fewer than three
    spaces from it) and finds no team to hunt (Green's first team shares its space). Yellow's
    team then moves through it from the arrow and loses one man. The same walk was worked out
    for Green's second team before the T-Rex appeared, with the same teams on the board."""
    scout = [card(STEGO, P), card(TREX, O), card(TRICERA, P), card(TRICERA, C)]
    journalist = [card(STEGO, P), card(BRACHIO, C), card(BRACHIO, C), card(BRACHIO, O), card(BRACHIO, O)]
    cards = [0] * 18
    for c in [*scout, *journalist, card(STEGO, C), card(STEGO, C)]:
        cards[c] += 1
    state = table(hands=[scout, journalist], data={**line_map("pp?H"), "cards": cards, "start_crew": 2})
    move(state, STEGO, P, 0, 0)  # Green's first team onto space 0
    move(state, TREX, O, 1, 3)  # Green's second team to the helipad; the T-Rex appears on space 0
    log = [e["text"] for e in state.log(None)]
    assert "Green team 2 reaches the helipad with 2 crew (arrival #1)." in log
    assert state.view(None)["trex"] == 0
    move(state, STEGO, P, 0, 1)  # Yellow: the first free purple space lies beyond the T-Rex
    assert crew(state, 3) == 1
    assert state.log(None)[-2]["text"] == (
        "Yellow plays purple Stegosaurus: Yellow team 1 moves to space 1 (purple), slipping past the T-Rex for one man."
    )


def test_food_token_the_man_lost_passing_the_t_rex_needs_no_food() -> None:
    """The Boy Scout feeds three survivors: a team of four that slips past the T-Rex into the
    helipad arrives with three, so it may go (Food token, A die may move through the T-Rex)."""
    scout = [card(STEGO, P), card(TREX, O), card(STEGO, O), card(TRICERA, C)]
    journalist = [card(STEGO, P), card(BRACHIO, C), card(BRACHIO, C), card(BRACHIO, O), card(BRACHIO, O)]
    cards = [0] * 18
    for c in [*scout, *journalist, card(STEGO, C), card(STEGO, C)]:
        cards[c] += 1
    state = table(hands=[scout, journalist], data={**line_map("pp?H"), "cards": cards})
    move(state, STEGO, P, 0, 0)  # Green's first team onto space 0
    move(state, TREX, O, 1, 2)  # Green's second team to the rest point: the T-Rex comes for it
    assert state.view(None)["trex"] == 2 and crew(state, 1) == 2
    draw(state, card(STEGO, C))  # Yellow
    move(state, STEGO, P, 0, 1)
    assert destinations(state, 2, STEGO, O) == {3}  # Green's third team: past the T-Rex to the helipad
    move(state, STEGO, O, 2, 3)
    assert crew(state, 2) == 3
    assert "Green team 3 reaches the helipad with 3 crew (arrival #1)." in [e["text"] for e in state.log(None)]


def one_man_teams_and_the_t_rex_on_the_left_way(tail: str) -> State:
    """A crossroads after space 0 (cyan): left way 1-4 (orange, orange, cyan, purple), right way
    5-6 (purple, purple), then ``tail``. Green's first team stands on space 0, its second on
    space 3; the T-Rex appeared on space 0 and walked two spaces toward it, onto space 2.
    Every team has one man; Yellow (the Journalist: no food, no helipad) is to play."""
    scout = [card(STEGO, C), card(TREX, C), card(TRICERA, O), card(TRICERA, O)]
    journalist = [card(STEGO, P), card(STEGO, C), card(BRACHIO, O), card(BRACHIO, O), card(BRACHIO, C)]
    cards = [0] * 18
    for c in [*scout, *journalist, card(STEGO, O), card(STEGO, O)]:
        cards[c] += 1
    board = fork_map("c", "oocp", "pp", tail)
    state = table(hands=[scout, journalist], data={**board, "cards": cards, "start_crew": 1})
    move(state, STEGO, C, 0, 0)
    move(state, TREX, C, 1, 3)
    assert state.view(None)["trex"] == 2 and state.current_player() == 1
    return state


def test_moving_a_team_of_one_man_takes_the_other_way_round_the_t_rex() -> None:
    """A team of one man cannot pass the T-Rex (it would have no man to lose): its purple card
    takes it to the first purple space of the right way, though the left way's lies on a
    lower-numbered space (rules.md, Assumptions: Moving a team)."""
    state = one_man_teams_and_the_t_rex_on_the_left_way("?H")
    assert destinations(state, 0, STEGO, P) == {5}  # not space 4, past the T-Rex


@pytest.mark.parametrize("tail", ["c?H", "?H"])
def test_moving_a_team_where_the_ways_meet_the_way_avoiding_the_t_rex_is_taken(tail: str) -> None:
    """Yellow's cyan card finds the first space past the crossroads (a cyan space, or a rest
    point) by both ways; one passes the T-Rex, the other does not, so the team of one man may
    go there (rules.md, Assumptions: Moving a team: if two ways lead to the same space, the one
    avoiding the T-Rex is taken)."""
    state = one_man_teams_and_the_t_rex_on_the_left_way(tail)
    assert destinations(state, 0, STEGO, C) == {7}
    move(state, STEGO, C, 0, 7)
    assert crew(state, 3) == 1


def test_taking_dino_picture_two_identical_cards_make_up_a_triceratops() -> None:
    """One Triceratops on a pile and two cyan Triceratops in hand: 1 + 2 = 3 (the deck holds two
    copies of each card); with one cyan card only, that pair is no picture."""
    hands = [[card(TRICERA, O), card(TRICERA, C), card(TRICERA, C), 0], [6, 7, 8, 9, 10]]
    state = table(hands=hands)
    move(state, TRICERA, O, 0, 0)
    assert A.picture(TRICERA, (C, C)) in state.legal_actions()
    play(state, A.picture(TRICERA, (C, C)))
    assert state.view(None)["players"][0]["trophies"]["triceratops"] == 1
    single = table(hands=[[card(TRICERA, O), card(TRICERA, C), card(TRICERA, P), 0], [6, 7, 8, 9, 10]])
    move(single, TRICERA, O, 0, 0)
    assert A.picture(TRICERA, (C, C)) not in single.legal_actions()


def test_turn_sequence_the_table_counts_the_turns_begun() -> None:
    state = table()
    assert state.view(None)["turn"] == 1
    idle(state)  # Green's two actions
    idle(state)  # Yellow's
    assert state.view(None)["turn"] == 3


def test_drawing_card_only_the_drawer_sees_the_card_drawn() -> None:
    state = table()
    draw(state, card(BRACHIO, C))
    assert state.log(0)[-1]["text"] == "Green draws cyan Brachiosaurus."
    assert state.log(1)[-1]["text"] == state.log(None)[-1]["text"] == "Green draws a card."
