"""Escape from T-Rex Island: Game Tokens (food, survivor, SMG, Shotgun, Spinosaur), characters'
abilities, Game Goal and Game Score."""

from __future__ import annotations

from trex_helpers import (
    EXPLORER,
    FOOD1,
    FOOD2,
    HUNTER,
    JOURNALIST,
    RAPTOR,
    SCOUT,
    SHOTGUN,
    SMG,
    SPINO,
    STEGO,
    SURVIVOR,
    TRICERA,
    C,
    O,
    P,
    any_move,
    card,
    crew,
    destinations,
    draw,
    line_map,
    move,
    phase,
    table,
)

from dinobox.engine.state import TERMINAL
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A

REST_FIRST = line_map("?opc?opcH")  # a rest point right after the arrow, another on 4


def test_game_tokens_drawing_is_optional_and_revealed() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST)
    play(state, A.move(0, 0, 0))
    assert phase(state) == "token" and state.legal_actions() == [A.TOKEN_TAKE, A.TOKEN_LEAVE]
    play(state, A.TOKEN_LEAVE)
    assert state.view(None)["board"][0]["tokens"] == 2
    move(state, STEGO, P, 1, 0, token=SMG)
    view = state.view(1)  # everyone sees what was found
    assert view["board"][0]["tokens"] == 1 and view["players"][0]["tokens"] == {"smg": 1}
    assert view["tokens_undrawn"]["smg"] == 1


def test_game_tokens_spinosaur_loses_two_and_shotgun_cancels() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST, chars=(HUNTER, JOURNALIST))
    play(state, A.move(0, 0, 0))
    play(state, A.TOKEN_TAKE)
    force(state, SPINO)
    assert phase(state) == "attack"  # the Hunter may shoot
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.USE_FREE_SHOTGUN]
    play(state, A.REACT + A.TAKE_IT)
    assert crew(state, 0) == 2
    move(state, STEGO, P, 1, 0, token=SPINO)
    play(state, A.REACT + A.USE_FREE_SHOTGUN)
    assert crew(state, 1) == 4


def test_lost_survivor_token_adds_one_up_to_six() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST, family=True)
    move(state, STEGO, O, 0, 0, token=SURVIVOR)
    assert crew(state, 0) == 6  # already full
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST)
    move(state, STEGO, O, 0, 0, token=SURVIVOR)
    assert crew(state, 0) == 5


def test_smg_token_cancels_raptor_not_trex_or_spinosaur() -> None:
    hands = [[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data=REST_FIRST)
    move(state, RAPTOR, O, 0, 0, token=SMG)
    play(state, A.move(card(RAPTOR, P), 1, 0))
    play(state, A.PILE + 1)
    # the Raptors strike both teams on the rest point: the SMG may save one
    assert phase(state) == "attack" and state.current_player() == 0
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.USE_SMG]
    play(state, A.REACT + A.USE_SMG)
    assert (crew(state, 0), crew(state, 1)) == (4, 3)
    play(state, A.TOKEN_TAKE)
    force(state, SPINO)  # a Spinosaur: no SMG left, and an SMG would be no help anyway
    assert (crew(state, 0), crew(state, 1)) == (4, 1)
    assert state.view(None)["players"][0]["tokens"] == {}


def test_shotgun_token_cancels_a_raptor_and_is_spent() -> None:
    hands = [[card(RAPTOR, O), card(RAPTOR, P), 0, 1], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data=REST_FIRST)
    move(state, RAPTOR, O, 0, 0, token=SHOTGUN)
    move(state, RAPTOR, P, 1, 2, pile=1)  # the team on 2 is closest to the helipad
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.USE_SHOTGUN]
    play(state, A.REACT + A.USE_SHOTGUN)
    assert (crew(state, 0), crew(state, 1)) == (4, 4)
    assert state.view(None)["players"][0]["tokens"] == {}


def test_character_cards_explorer_evades_the_first_raptor_attack_only() -> None:
    hands = [[card(RAPTOR, O), card(RAPTOR, P), card(RAPTOR, C), 0], [card(RAPTOR, O), 4, 5, 6, 7]]
    state = table(hands=hands, data={**REST_FIRST, "tokens_per_rest": [0, 0, 0]}, chars=(EXPLORER, JOURNALIST))
    move(state, RAPTOR, O, 0, 0)
    play(state, A.move(card(RAPTOR, P), 1, 2))
    play(state, A.PILE + 1)  # two Raptors on top: the Blue team on 2 is closest to the helipad
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.EVADE]
    play(state, A.REACT + A.EVADE)
    assert (crew(state, 0), crew(state, 1)) == (4, 4)
    assert state.view(None)["players"][0]["evade_raptor"] is False
    assert state.view(None)["players"][0]["evade_pterosaur"] is True
    move(state, RAPTOR, O, 0, 1, pile=0)  # Yellow's Raptor: the next Raptor attack is not evaded
    assert (crew(state, 1), crew(state, 3)) == (3, 4) and phase(state) == "action"


def test_character_cards_explorer_evasion_covers_every_team_of_one_strike() -> None:
    """A tie makes one Raptor card strike two Blue teams: that is one attack, so evading it
    saves both teams and spends the Raptor evasion once."""
    hands = [[card(RAPTOR, O), card(RAPTOR, P), card(RAPTOR, C), 0], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data={**REST_FIRST, "tokens_per_rest": [0, 0, 0]}, chars=(EXPLORER, JOURNALIST))
    move(state, RAPTOR, O, 0, 0)
    play(state, A.move(card(RAPTOR, P), 1, 0))
    play(state, A.PILE + 1)  # both Blue teams on the rest point: tied, both struck
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.EVADE]
    play(state, A.REACT + A.EVADE)
    assert (crew(state, 0), crew(state, 1)) == (4, 4)
    texts = [e["text"] for e in state.log(None)]
    after = texts[texts.index("The Raptors strike: Blue team 1, Blue team 2.") + 1 :]
    assert after[:2] == [
        "Blue team 1 beats off the Raptor with the Explorer's instinct.",
        "Blue team 2 beats off the Raptor with the Explorer's instinct.",
    ]
    assert state.view(None)["players"][0]["evade_raptor"] is False


def test_character_cards_explorer_who_takes_a_tied_strike_takes_it_on_every_team() -> None:
    hands = [[card(RAPTOR, O), card(RAPTOR, P), card(RAPTOR, C), 0], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data={**REST_FIRST, "tokens_per_rest": [0, 0, 0]}, chars=(EXPLORER, JOURNALIST))
    move(state, RAPTOR, O, 0, 0)
    play(state, A.move(card(RAPTOR, P), 1, 0))
    play(state, A.PILE + 1)
    play(state, A.REACT + A.TAKE_IT)  # declining the evasion spends it for this strike
    assert (crew(state, 0), crew(state, 1)) == (3, 3) and phase(state) == "action"
    assert state.view(None)["players"][0]["evade_raptor"] is False


def test_food_token_red_player_example() -> None:
    """Red holds a 2-can food token (4 survivors): a 5-crew die may not land on the helipad
    until Red finds at least one more can."""
    data = {**line_map("?H"), "start_crew": 5}
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=data, chars=(HUNTER, JOURNALIST))
    move(state, STEGO, O, 0, 0, token=FOOD2)
    assert state.view(None)["players"][0]["can_feed"] == 4
    assert destinations(state, 0, STEGO, P) == set()  # 5 survivors, food for 4
    move(state, STEGO, P, 1, 0, token=FOOD1)
    any_move(state)
    draw(state, 9)
    assert state.current_player() == 0
    assert destinations(state, 0, STEGO, C) == {1}  # 3 cans feed 6


def test_food_token_boy_scout_feeds_three_for_free_and_food_counts_all_teams() -> None:
    data = {**line_map("?H"), "start_crew": 2, "tokens_per_rest": [0, 0, 0]}
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=data, chars=(SCOUT, JOURNALIST))
    assert destinations(state, 0, STEGO, O) == {0, 1}
    move(state, STEGO, O, 0, 1)
    # 2 survivors already fed; 2 more would make 4 > 3
    assert destinations(state, 1, STEGO, P) == {0}


def test_game_goal_all_three_teams_at_the_helipad_and_survivor_tie_break() -> None:
    data = {**line_map("?H"), "start_crew": 1, "tokens_per_rest": [0, 0, 0]}
    tri = [card(TRICERA, c) for c in (O, P, C, O, P)]
    state = table(hands=[[0, 1, 2, 9], tri], data=data, first=1)
    move(state, TRICERA, O, 0, 0)
    play(state, A.picture(TRICERA, (P, C)))
    move(state, STEGO, O, 0, 1, pile=1)
    move(state, STEGO, P, 1, 1, pile=1)
    play(state, A.picture(TRICERA, (O, P)))
    draw(state, 10)
    assert not state.is_terminal()
    move(state, STEGO, C, 2, 1, pile=1)
    assert state.current_player() == TERMINAL
    assert state.scores() == [5 + 4 + 3, 12]  # arrival order 5/4/3 per crew vs two Triceratops
    assert state.winners() == [0]  # more survivors
    view = state.view(None)
    assert view["breakdown"][0] == {"teams": 12, "trophies": 0}


def test_game_goal_deck_empty_after_the_last_token() -> None:
    cards = [0] * 18
    for t in (0, 1, 3, 4, 5, 6, 7, 8):
        cards[t] = 1
    cards[2] = 1
    hands = [[0, 1, 2, 3], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data={"cards": cards, "tokens_per_rest": [0, 0, 0]})
    assert state.view(None)["deck_count"] == 0
    any_move(state)  # no token anywhere and an empty deck: over after this action
    assert state.is_terminal()
    state = table(hands=hands, data={"cards": cards})
    any_move(state)  # tokens still on the map: the game goes on
    assert not state.is_terminal()


def test_game_goal_deck_that_runs_out_after_the_last_token_is_not_rebuilt() -> None:
    """Boundary: the draw that empties the deck once no token is left ends the game; the piles
    are not reshuffled into a new deck."""
    cards = [2, 2, 0, 2, 2, 0, 0, 0, 0, 1] + [0] * 8
    data = {"cards": cards, "journalist_hand_size": 4, "tokens_per_rest": [0, 0, 0]}
    state = table(hands=[[0, 0, 1, 1], [3, 3, 4, 4]], data=data)
    move(state, STEGO, O, 0, 0)
    move(state, STEGO, O, 1, 3)  # pile A: two cards, so a rebuild would be possible
    draw(state, card(RAPTOR, O))
    assert state.is_terminal()
    view = state.view(None)
    assert view["deck_count"] == 0 and [p["count"] for p in view["piles"]] == [2, 0]
    assert state.log(None)[-1]["text"] == "The game is over: the draw deck is empty and no token can still be drawn."


def test_game_score_arrival_order_across_players() -> None:
    data = {**line_map("?H"), "start_crew": 1, "tokens_per_rest": [0, 0, 0], "scout_free_survivors": 3}
    state = table(hands=[[0, 1, 2, 9], [3, 4, 5, 6, 7]], data=data)
    move(state, STEGO, O, 0, 1)
    move(state, STEGO, P, 1, 1, pile=1)
    assert state.scores()[0] == 5 + 4
    assert [d["arrival"] for d in state.view(None)["dice"][:2]] == [1, 2]
