"""Escape from T-Rex Island, rule by rule: set-up, the turn, moving, pictures, drawing.
Test names follow the rulebook's section headings; chance outcomes are forced."""

from __future__ import annotations

import pytest
from trex_helpers import (
    BRACHIO,
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
    draw,
    idle,
    line_map,
    move,
    new_game,
    phase,
    space,
    table,
    tops,
)

from dinobox import IllegalActionError
from dinobox.engine.state import State
from dinobox.engine.testing import force, kinds, play
from dinobox.games.trex_island import actions as A

# ----- Set-up ------------------------------------------------------------------------------


def test_setup_characters_colours_and_hands() -> None:
    state = table(chars=(HUNTER, JOURNALIST), hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]])
    view = state.view(0)
    assert [p["name"] for p in view["players"]] == ["Red", "Yellow"]
    assert [p["character"] for p in view["players"]] == ["hunter", "journalist"]
    assert [p["hand_count"] for p in view["players"]] == [4, 5]  # the yellow player draws 5
    assert [p["hand_limit"] for p in view["players"]] == [4, 5]
    assert all(d["crew"] == 4 and d["at_start"] for d in view["dice"])
    assert view["players"][0]["free_shotgun"] is True


def test_setup_characters_are_chosen_once_each() -> None:
    state = force(new_game(players=3).new_initial_state(), 0)
    play(state, A.CHARACTER + 3)
    assert A.CHARACTER + 3 not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="character"):
        state.apply_action(A.CHARACTER + 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_the_seat_that_chooses_first_is_drawn_by_chance(players: int) -> None:
    state = new_game(players=players).new_initial_state()
    assert state.is_chance_node() and phase(state) == "character"
    assert state.chance_outcomes() == [(seat, 1 / players) for seat in range(players)]
    assert state.view(None)["choosing_order"] == []  # not drawn yet
    assert all(p["character"] is None for p in state.view(None)["players"])


@pytest.mark.parametrize(
    ("players", "first", "order"),
    [(2, 0, [0, 1]), (2, 1, [1, 0]), (3, 2, [2, 0, 1]), (4, 0, [0, 1, 2, 3]), (4, 3, [3, 0, 1, 2])],
)
def test_setup_characters_are_chosen_clockwise_from_the_drawn_seat(players: int, first: int, order: list[int]) -> None:
    state = force(new_game(players=players).new_initial_state(), first)
    assert state.view(1)["choosing_order"] == order
    seats = ", ".join(str(s + 1) for s in order[1:-1])
    rest = f"seats {seats} and {order[-1] + 1}" if seats else f"seat {order[-1] + 1}"
    assert state.log(0)[-1]["text"] == f"Seat {first + 1} chooses a character first, then {rest}, clockwise."
    for i, seat in enumerate(order):  # each picks the first card still free
        assert state.current_player() == seat and state.view(None)["to_act"] == seat
        assert len(state.legal_actions()) == 4 - i  # the cards still free
        play(state, state.legal_actions()[0])
    chosen = {seat: p["character"] for seat, p in enumerate(state.view(None)["players"])}
    names = ["hunter", "journalist", "scout", "explorer"]
    assert chosen == {seat: names[i] for i, seat in enumerate(order)}
    assert state.is_chance_node() and phase(state) == "draw"  # Set-up 3 follows


def test_setup_the_last_of_four_to_choose_gets_the_remaining_card() -> None:
    state = force(new_game(players=4).new_initial_state(), 2)
    play(state, A.CHARACTER + 2, A.CHARACTER + 0, A.CHARACTER + 3)  # seats 3, 4, 1
    assert state.current_player() == 1 and state.legal_actions() == [A.CHARACTER + 1]
    with pytest.raises(IllegalActionError, match="character"):
        state.apply_action(A.CHARACTER + 2)
    play(state, A.CHARACTER + 1)
    assert [p["character"] for p in state.view(None)["players"]] == ["explorer", "journalist", "scout", "hunter"]


@pytest.mark.parametrize(("chooser", "first"), [(0, 0), (0, 3), (3, 3), (3, 0), (2, 1)])
def test_setup_the_first_player_is_drawn_after_the_choice_whoever_chose_first(chooser: int, first: int) -> None:
    state = force(new_game(players=4).new_initial_state(), chooser)
    play(state, *(A.CHARACTER + c for c in range(4)))
    force(state, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 10, 11, 12, 13)  # Set-up 3: 4 + 5 + 4 + 4 cards
    assert state.is_chance_node() and phase(state) == "setup"  # Set-up 4, independent of the choosing
    assert state.chance_outcomes() == [(seat, 0.25) for seat in range(4)]
    force(state, first)
    assert state.current_player() == first and phase(state) == "action"
    assert state.view(None)["choosing_order"][0] == chooser


def test_setup_random_characters_are_chance() -> None:
    state = new_game(players=2, characters="random").new_initial_state()
    assert state.is_chance_node() and state.legal_actions() == [0, 1, 2, 3]
    force(state, 3, 0)
    assert [p["character"] for p in state.view(None)["players"]] == ["explorer", "hunter"]
    assert state.view(None)["choosing_order"] == []  # dealt, not chosen: nobody chooses first


def test_game_mode_family_mode_starts_at_six() -> None:
    state = table(family=True)
    assert all(d["crew"] == 6 for d in state.view(None)["dice"])


@pytest.mark.parametrize(
    ("players", "per_rest", "mix"),
    [
        (2, 2, {"spinosaur": 2, "food3": 1, "food2": 2, "food1": 2, "survivor": 1, "shotgun": 2, "smg": 2}),
        (3, 3, {"spinosaur": 3, "food3": 2, "food2": 2, "food1": 3, "survivor": 2, "shotgun": 3, "smg": 3}),
        (4, 4, None),
    ],
)
def test_setup_and_game_mode_tokens_per_rest_point(players: int, per_rest: int, mix: dict[str, int] | None) -> None:
    hands = [[0, 1, 2, 3], [3, 4, 5, 6, 7], [6, 7, 8, 9], [9, 10, 11, 12]]
    state = table(players=players, hands=hands)
    view = state.view(None)
    rests = [s for s in view["board"] if s["kind"] == "rest"]
    assert len(rests) == 6 and all(s["tokens"] == per_rest for s in rests)
    assert sum(view["tokens_undrawn"].values()) == 6 * per_rest
    if mix:
        assert view["tokens_undrawn"] == mix


# ----- Turn sequence ---------------------------------------------------------------------------


def test_turn_sequence_two_actions_same_action_twice() -> None:
    state = table(hands=[[0, 1], [3, 4]], data={"hand_size": 2, "journalist_hand_size": 2})
    assert state.view(None)["turn_player"] == 0
    draw(state, card(STEGO, C))  # first action: past the hand size is allowed
    assert state.current_player() == 0
    move(state, STEGO, O, 0, 0)  # second action must bring the hand back
    assert state.current_player() == 1 and state.view(None)["turn_player"] == 1


def test_turn_sequence_actions_are_move_picture_or_draw_only() -> None:
    state = table()
    assert kinds(state) <= {"move", "picture", "draw"}  # never a voluntary discard


# ----- Moving a team ---------------------------------------------------------------------------


def test_moving_a_team_first_move_leaves_the_starting_arrow() -> None:
    state = table(hands=[[card(STEGO, O), card(STEGO, P), card(STEGO, C), card(TRICERA, O)], [4, 5, 6, 7, 8]])
    assert destinations(state, 0, STEGO, O) == {0}
    assert destinations(state, 0, STEGO, P) == {1}
    assert destinations(state, 0, STEGO, C) == {2}
    # the three teams behind the arrow are alike: only the first is offered
    assert destinations(state, 1, STEGO, O) == set()


def test_moving_a_team_next_unoccupied_space_of_the_colour() -> None:
    state = table(hands=[[card(STEGO, O), card(TRICERA, O), 1, 2], [4, 5, 6, 7, 8]])
    move(state, STEGO, O, 0, 0)
    assert destinations(state, 1, TRICERA, O) == {3}  # space 0 is taken: the next orange
    move(state, TRICERA, O, 1, 3)
    assert (space(state, 0), space(state, 1)) == (0, 3)


def test_moving_a_team_rest_point_or_skip_it_and_crossroads() -> None:
    hands = [[card(STEGO, O), card(STEGO, P), card(TRICERA, O), card(TRICERA, P)], [4, 5, 6, 7, 8]]
    state = table(hands=hands)
    move(state, STEGO, O, 0, 0)
    move(state, TRICERA, O, 0, 3)
    idle(state)
    # from space 3 a purple card meets the rest point 4 before any free purple space
    assert destinations(state, 0, STEGO, P) == {4, 5}
    # an orange card: the rest point, or skip it to the next orange on either way of the crossroads
    hands_state = table(hands=[[card(STEGO, O), card(TRICERA, O), card(BRACHIO, O), 1], [4, 5, 6, 7, 8]])
    move(hands_state, STEGO, O, 0, 0)
    move(hands_state, TRICERA, O, 0, 3)
    idle(hands_state)
    assert destinations(hands_state, 0, BRACHIO, O) == {4, 7, 15}


def test_moving_a_team_rest_points_hold_any_number_and_face_is_kept() -> None:
    data = {**line_map("?ocpH"), "tokens_per_rest": [0, 0, 0]}
    state = table(hands=[[card(STEGO, O), card(TRICERA, O), 1, 2], [4, 5, 6, 7, 8]], data=data)
    assert destinations(state, 0, STEGO, O) == {0, 1}
    move(state, STEGO, O, 0, 0)
    move(state, TRICERA, O, 1, 0)
    assert space(state, 0) == space(state, 1) == 0
    assert crew(state, 0) == crew(state, 1) == 4


def test_moving_a_team_helipad_is_a_rest_point_for_movement() -> None:
    data = {**line_map("o?cH"), "tokens_per_rest": [0, 0, 0], "start_crew": 3}
    state = table(hands=[[card(STEGO, C), card(STEGO, P), 1, 2], [4, 5, 6, 7, 8]], data=data)
    assert destinations(state, 0, STEGO, C) == {1, 2}
    move(state, STEGO, C, 0, 2)
    # no purple space ahead: the helipad stops the die like a rest point (the Boy Scout feeds 3)
    assert destinations(state, 0, STEGO, P) == {3}


def test_moving_a_team_discard_on_the_chosen_pile() -> None:
    state = table(hands=[[card(STEGO, O), card(STEGO, P), 1, 2], [4, 5, 6, 7, 8]])
    move(state, STEGO, O, 0, 0)  # both piles empty: no choice
    assert tops(state) == ["stegosaurus", None]
    play(state, A.move(card(STEGO, P), 1, 1))
    assert phase(state) == "discard" and state.legal_actions() == [A.PILE, A.PILE + 1]
    play(state, A.PILE + 1)
    assert [p["count"] for p in state.view(None)["piles"]] == [1, 1]


def test_moving_a_team_illegal_moves_are_refused_and_change_nothing() -> None:
    state = table()
    before = state.view(0)
    for bad in (A.move(card(PTERO, O), 0, 0), A.move(card(STEGO, O), 0, 30), A.PASS, A.PILE, -3, 10**6):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)
    assert state.view(0) == before


# ----- Taking dino picture ------------------------------------------------------------------


def test_taking_dino_picture_stegosaurus_one_plus_one() -> None:
    state = table(hands=[[card(STEGO, O), card(STEGO, P), 1, 2], [4, 5, 6, 7, 8]])
    assert A.picture(STEGO, (P,)) not in state.legal_actions()  # none on the piles yet
    move(state, STEGO, O, 0, 0)  # one Stegosaurus on the discard pile...
    play(state, A.picture(STEGO, (P,)))  # ... plus one played = 2
    view = state.view(None)
    assert view["players"][0]["trophies"]["stegosaurus"] == 1
    assert state.scores()[0] == 3
    assert view["piles"][0]["count"] == 1  # the matching card went to the bottom of its pile


def test_taking_dino_picture_stegosaurus_with_two_on_the_piles_takes_one_card_and_clears_both() -> None:
    """Both pile tops are Stegosaurus: one card makes the picture (1 + 1 = 2; two cards are not
    a way to take it), and both Stegosaurus go to the bottom of their piles."""
    hands = [[card(STEGO, O), card(STEGO, P), card(STEGO, C), card(STEGO, C)], [3, 4, 6, 7, 8]]
    state = table(hands=hands, first=1)
    move(state, TRICERA, O, 0, 0)  # Yellow: a Triceratops under each future Stegosaurus
    move(state, TRICERA, P, 1, 1, pile=1)
    move(state, STEGO, O, 0, 3, pile=0)
    move(state, STEGO, P, 1, 5, pile=1)
    assert tops(state) == ["stegosaurus", "stegosaurus"]
    draw(state, 9, 10)
    pictures = [a for a in state.legal_actions() if A.PICTURE <= a < A.DRAW]
    assert pictures == [A.picture(STEGO, (C,))]  # not the pair of cyan Stegosaurus
    play(state, A.picture(STEGO, (C,)))
    view = state.view(None)
    assert view["players"][0]["trophies"]["stegosaurus"] == 1 and state.scores()[0] == 3
    assert tops(state) == ["triceratops", "triceratops"] and [p["count"] for p in view["piles"]] == [2, 2]


def test_taking_dino_picture_triceratops_needs_one_on_a_pile() -> None:
    hands = [[card(TRICERA, O), card(TRICERA, P), card(TRICERA, C), 0], [card(TRICERA, O), 6, 7, 8, 9]]
    state = table(hands=hands)
    assert not [a for a in state.legal_actions() if A.PICTURE <= a < A.DRAW]
    move(state, TRICERA, O, 0, 0)  # one Triceratops on the table: two more from the hand
    legal = state.legal_actions()
    assert A.picture(TRICERA, (P, C)) in legal and A.picture(TRICERA, (P,)) not in legal
    play(state, A.picture(TRICERA, (P, C)))
    assert state.view(None)["players"][0]["trophies"]["triceratops"] == 1
    assert state.scores()[0] == 6
    assert state.view(0)["hand"] == [{"card": 0, "kind": "stegosaurus", "colour": "orange", "count": 1}]


def test_taking_dino_picture_brachiosaurus_two_plus_one() -> None:
    """The worked example: a Brachiosaurus on one pile, a second played to move onto the other
    pile, then a third played for the picture (2 + 1 = 3)."""
    b_o, b_p, b_c = card(BRACHIO, O), card(BRACHIO, P), card(BRACHIO, C)
    state = table(hands=[[b_o, b_c, 1, 2], [b_p, 4, 5, 6, 10]], first=1)
    move(state, BRACHIO, P, 0, 1)  # Yellow: a Brachiosaurus goes on pile A
    draw(state, 11)
    # Green plays a Brachiosaurus to move and discards it on the other pile
    move(state, BRACHIO, O, 0, 0, pile=1)
    assert tops(state) == ["brachiosaurus", "brachiosaurus"]
    play(state, A.picture(BRACHIO, (C,)))
    view = state.view(None)
    assert view["players"][0]["trophies"]["brachiosaurus"] == 1 and state.scores()[0] == 8
    assert [p["count"] for p in view["piles"]] == [1, 1]  # the two others: bottom of the piles


def test_taking_dino_picture_single_card_piles_keep_their_card_on_top() -> None:
    state = table(hands=[[card(STEGO, O), card(STEGO, P), 1, 2], [4, 5, 6, 7, 8]])
    move(state, STEGO, O, 0, 0)
    play(state, A.picture(STEGO, (P,)))
    assert tops(state) == ["stegosaurus", None]


# ----- Drawing card ---------------------------------------------------------------------------


def test_drawing_card_red_player_example() -> None:
    """Red holds 3 cards, draws for the first action, and may not draw again: 4 is the limit."""
    tri_o, tri_p, tri_c = card(TRICERA, O), card(TRICERA, P), card(TRICERA, C)
    state = table(chars=(HUNTER, JOURNALIST), hands=[[tri_o, tri_p, tri_c, 0], [4, 6, 7, 8, 9]])
    move(state, TRICERA, O, 0, 0)
    play(state, A.picture(TRICERA, (P, C)))  # Red holds 1 card
    idle(state)
    draw(state, 1)
    draw(state, 2)
    idle(state)
    assert state.current_player() == 0 and state.view(0)["players"][0]["hand_count"] == 3
    draw(state, 10)
    assert state.view(0)["players"][0]["hand_count"] == 4
    assert A.DRAW not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="hand is full"):
        state.apply_action(A.DRAW)


def test_drawing_card_past_the_limit_then_must_play() -> None:
    state = table()
    draw(state, 9)  # 5 cards, limit 4
    assert A.DRAW not in state.legal_actions()
    assert kinds(state) == {"move"}


def test_drawing_card_journalist_hand_size_five() -> None:
    state = table(first=1)
    assert state.view(1)["players"][1]["hand_limit"] == 5
    draw(state, 9)
    assert state.view(1)["players"][1]["hand_count"] == 6
    assert A.DRAW not in state.legal_actions()


# A tiny deck: 10 cards, 8 dealt (Green: 2 orange + 2 purple Stegosaurus; Yellow: 2 orange +
# 2 purple Triceratops), an orange Raptor and an orange Pterosaur left in the deck.
TINY_DECK = {"cards": [2, 2, 0, 2, 2, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0], "journalist_hand_size": 4}
TINY_HANDS = [[0, 0, 1, 1], [3, 3, 4, 4]]


def _counts(state: State) -> tuple[int, list[int]]:
    view = state.view(None)
    return view["deck_count"], [p["count"] for p in view["piles"]]


def test_drawing_card_deck_is_rebuilt_the_moment_it_runs_out() -> None:
    """The draw that takes the last card rebuilds the deck at once from the piles but their
    tops, not lazily at the next draw."""
    state = table(hands=TINY_HANDS, data=TINY_DECK)
    move(state, STEGO, O, 0, 0)
    draw(state, card(RAPTOR, O))
    move(state, TRICERA, O, 0, 3, pile=0)  # pile A: Stegosaurus under Triceratops
    assert _counts(state) == (1, [2, 0])
    draw(state, card(PTERO, O))  # the last card: the deck is rebuilt right away
    assert _counts(state) == (1, [1, 0]) and tops(state) == ["triceratops", None]
    assert state.current_player() == 0 and not state.is_chance_node()
    assert "The draw deck is rebuilt from 1 discarded cards." in [e["text"] for e in state.log(None)]


def test_drawing_card_deck_run_out_with_nothing_below_the_tops_waits_for_a_second_card() -> None:
    """Boundary: when the deck runs out, each pile holds at most one card, so nothing can be
    reshuffled; the deck is rebuilt at the end of the first action that puts a card under a top."""
    state = table(hands=TINY_HANDS, data=TINY_DECK)
    move(state, STEGO, O, 0, 0)
    draw(state, card(RAPTOR, O))
    draw(state, card(PTERO, O))  # Yellow: 5 cards, the deck is empty, the piles hold 1 + 0
    assert _counts(state) == (0, [1, 0])
    move(state, TRICERA, O, 0, 3, pile=1)  # still one card per pile
    assert _counts(state) == (0, [1, 1]) and not state.is_terminal()
    assert A.DRAW not in state.legal_actions()
    move(state, STEGO, O, 1, 4, pile=0)  # a second card on pile A: rebuilt at once
    assert _counts(state) == (1, [1, 1])
    assert A.DRAW in state.legal_actions()


def test_drawing_card_pass_when_nothing_is_possible() -> None:
    state = table()
    assert A.PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="pass"):
        state.apply_action(A.PASS)


def test_carnivore_cards_move_a_die_as_usual() -> None:
    state = table(hands=[[card(TREX, C), 0, 1, 2], [4, 5, 6, 7, 8]])
    assert destinations(state, 0, TREX, C) == {2}
