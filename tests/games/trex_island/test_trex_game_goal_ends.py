"""Escape from T-Rex Island: which end of Game Goal fired (``State.end_reason()``), and the
roles and order of play a finished game reports (Set-up). Each end is forced; test names follow
the rulebook's section headings."""

from __future__ import annotations

from trex_helpers import (
    HUNTER,
    JOURNALIST,
    RAPTOR,
    SCOUT,
    STEGO,
    TRICERA,
    C,
    O,
    P,
    any_move,
    card,
    draw,
    line_map,
    move,
    new_game,
    table,
)

from dinobox.bots import make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.testing import play
from dinobox.games.trex_island import actions as A


def test_game_goal_declares_the_written_ends_and_the_extensions() -> None:
    game = new_game(players=2)
    ends = {c.id: c.extension for c in game.end_conditions}
    assert ends == {"helipad": False, "deck": False, "deck_unreachable": True, "round_of_passes": True}
    assert all(c.text.startswith("Game Goal") for c in game.end_conditions)


def test_game_goal_all_three_teams_at_the_helipad() -> None:
    data = {**line_map("?H"), "start_crew": 1, "tokens_per_rest": [0, 0, 0]}
    tri = [card(TRICERA, c) for c in (O, P, C, O, P)]
    state = table(hands=[[0, 1, 2, 9], tri], data=data, first=1)
    move(state, TRICERA, O, 0, 0)
    play(state, A.picture(TRICERA, (P, C)))
    move(state, STEGO, O, 0, 1, pile=1)
    move(state, STEGO, P, 1, 1, pile=1)
    assert state.end_reason() is None  # not over yet
    play(state, A.picture(TRICERA, (O, P)))
    draw(state, 10)
    move(state, STEGO, C, 2, 1, pile=1)
    assert state.is_terminal()
    assert state.end_reason() == "helipad"


def test_game_goal_deck_empty_after_the_last_token() -> None:
    cards = [0] * 18
    for t in (0, 1, 2, 3, 4, 5, 6, 7, 8):
        cards[t] = 1
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data={"cards": cards, "tokens_per_rest": [0, 0, 0]})
    any_move(state)
    assert state.is_terminal()
    assert state.end_reason() == "deck"


def test_game_goal_deck_empty_with_tokens_no_team_can_reach() -> None:
    """The extension: the deck runs out while tokens lie behind every team (counted as drawn).
    Seeded heuristic games: most end this way, so a few seeds find one."""
    game = new_game(players=2)
    for seed in range(30):
        bots = [make_bot("heuristic", seed * 10 + seat) for seat in range(2)]
        state = play_game(game.new_initial_state(), bots, seed=seed).state
        if state.end_reason() == "deck_unreachable":
            view = state.view(None)
            assert view["deck_count"] == 0
            assert sum(space.get("tokens", 0) for space in view["board"]) > 0
            return
    raise AssertionError("no game of 30 ended with tokens out of reach")


def test_game_goal_a_round_of_passes_ends_by_the_deck() -> None:
    """The extension: the deck is empty, nobody can play and every player passes both actions."""
    cards = [2, 2, 2, 0, 0, 1, 0, 0, 0, 1] + [0] * 8  # 8 cards, all dealt
    data = {**line_map("?H"), "cards": cards, "journalist_hand_size": 4, "tokens_per_rest": [1, 1, 1]}
    green = [card(STEGO, O), card(STEGO, P), card(RAPTOR, O), card(TRICERA, C)]
    yellow = [card(STEGO, C), card(STEGO, C), card(STEGO, O), card(STEGO, P)]
    state = table(hands=[green, yellow], data=data, chars=(SCOUT, JOURNALIST))
    move(state, STEGO, O, 0, 0)
    move(state, STEGO, P, 1, 0, pile=1)
    play(state, A.picture(STEGO, (O,)), A.picture(STEGO, (P,)))
    move(state, RAPTOR, O, 2, 0, pile=0)
    draw(state, card(STEGO, O))
    play(state, A.picture(STEGO, (C,)), A.picture(STEGO, (C,)))
    play(state, A.picture(STEGO, (O,)))
    while not state.is_terminal():
        play(state, A.PASS)
    assert state.end_reason() == "round_of_passes"


def test_set_up_characters_choice_order_and_first_player() -> None:
    """Set-up 1 and 4: each seat's character, the drawn choosing order and the drawn first
    player, reported as roles and orders."""
    state = table(players=3, chars=(SCOUT, JOURNALIST, HUNTER), first=2)
    assert state.seat_roles() == {"character": ["Boy Scout", "Journalist", "Hunter"]}
    assert state.choice_order() == [0, 1, 2]  # seat 0 drawn to choose first (trex_helpers.table)
    assert state.play_order() == [2, 0, 1]  # the first player drawn, then clockwise
    assert [k.id for k in state.game.role_kinds()] == ["character"]
    assert state.game.role_kinds()[0].chosen
    assert not new_game(players=2, characters="random").role_kinds()[0].chosen
