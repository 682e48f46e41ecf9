"""Escape from T-Rex Island, Drawing card: the hand size at the end of the turn, as written.

"A player may take a Draw action in his first action even this action caused the number of
cards in hands over his hand size. However, the player must play a card in his second action so
that his hand size is not exceeded at the end of his turn." Where no card can be played, the
hand gives one up (rules.md, Assumptions: Drawing card). Test names follow the rulebook's
section headings; chance outcomes are forced; every check reads the public contract.
"""

from __future__ import annotations

import pytest
from trex_helpers import (
    BRACHIO,
    FOOD1,
    JOURNALIST,
    PTERO,
    RAPTOR,
    SCOUT,
    STEGO,
    TREX,
    TRICERA,
    C,
    O,
    P,
    card,
    draw,
    line_map,
    move,
    phase,
    table,
)

from dinobox import IllegalActionError, load_game, make_bot
from dinobox.engine.runner import play_game
from dinobox.engine.state import State
from dinobox.engine.testing import force, kinds, play
from dinobox.games.trex_island import actions as A

# Every team placed, no food, no tokens: Green's teams fill the three orange spaces, Yellow's
# wait on the rest point, and the helipad is closed to crews of 4.
PARKED = {**line_map("?oooH"), "tokens_per_rest": [0, 0, 0]}


def _texts(state: State) -> list[str]:
    return [e["text"] for e in state.log(None)]


def _hands(state: State) -> list[int]:
    return [p["hand_count"] for p in state.view(None)["players"]]


def _parked() -> State:
    """Green (seat 0) and Yellow park all their teams with carnivores (never two of a kind on
    top), then draw to their hand sizes; Green is to act with 4 cards it cannot play."""
    hands = [
        [card(RAPTOR, O), card(PTERO, O), card(RAPTOR, O), card(STEGO, P)],
        [card(PTERO, C), card(RAPTOR, C), card(PTERO, C), card(STEGO, P), card(TRICERA, P)],
    ]
    state = table(hands=hands, data=PARKED, chars=(SCOUT, JOURNALIST))
    move(state, RAPTOR, O, 0, 1)
    move(state, PTERO, O, 1, 2, pile=1)
    move(state, PTERO, C, 0, 0, pile=1)
    move(state, RAPTOR, C, 1, 0, pile=0)
    move(state, RAPTOR, O, 2, 3, pile=0)
    draw(state, card(STEGO, O))
    move(state, PTERO, C, 2, 0, pile=1)
    draw(state, card(TRICERA, O))
    draw(state, card(TRICERA, C), card(BRACHIO, O))  # Green: 4 cards
    draw(state, card(BRACHIO, C), card(STEGO, C))  # Yellow: 5 cards
    assert _hands(state) == [4, 5]
    assert state.current_player() == 0 and state.legal_actions() == [A.DRAW]
    return state


def test_drawing_card_hand_exactly_at_the_limit_may_draw_first_then_must_play() -> None:
    """A hand at its size may draw in the first action; one above it must then play: no second
    draw, no pass, no card given up while one can be played."""
    state = table()
    assert _hands(state)[0] == 4
    draw(state, card(TREX, P))
    assert _hands(state)[0] == 5
    assert kinds(state) == {"move"}
    for refused, why in ((A.DRAW, "must play a card"), (A.PASS, "hand size"), (A.SHED + 0, "must play one")):
        with pytest.raises(IllegalActionError, match=r"\(Drawing card\)") as err:
            state.apply_action(refused)
        assert why in str(err.value)
    assert _hands(state)[0] == 5 and state.current_player() == 0  # refusals change nothing
    move(state, STEGO, O, 0, 0)
    assert _hands(state)[0] == 4 and state.current_player() == 1


def test_drawing_card_one_above_the_limit_with_no_card_to_play_gives_one_up() -> None:
    """The case the text leaves open: the first-action draw takes the hand one above its size
    and no card can be played. The second action gives up one card of the player's choice, face
    up on a discard pile of their choice, and the turn ends at the hand size."""
    state = _parked()
    draw(state, card(TREX, O))
    assert _hands(state)[0] == 5
    held = sorted(c["card"] for c in state.view(0)["hand"])
    assert state.legal_actions() == [A.SHED + t for t in held]
    assert kinds(state) == {"shed"}
    with pytest.raises(IllegalActionError, match=r"give one up if none can be played.*\(Drawing card\)"):
        state.apply_action(A.PASS)
    with pytest.raises(IllegalActionError, match=r"you hold no purple Pterosaur \(Drawing card\)"):
        state.apply_action(A.SHED + card(PTERO, P))
    assert _hands(state)[0] == 5
    play(state, A.SHED + card(TREX, O))
    assert phase(state) == "discard" and state.view(None)["playing"]["card"] == card(TREX, O)
    play(state, A.PILE + 1)
    assert _hands(state) == [4, 5] and state.current_player() == 1
    assert state.view(None)["piles"][1]["top"]["card"] == card(TREX, O)
    texts = _texts(state)
    assert "Green can play no card and holds more than the hand size: gives up orange T-Rex." in texts
    assert "Green puts orange T-Rex on pile B." in texts


def test_drawing_card_below_the_limit_never_gives_a_card_up() -> None:
    """A card is never discarded at will (Moving a team): at or below the hand size a hand that
    cannot play keeps its cards (the second action draws, or passes)."""
    state = _parked()
    play(state, A.DRAW)
    force(state, card(TREX, O))
    play(state, A.SHED + card(TREX, O))
    play(state, A.PILE + 1)
    assert state.current_player() == 1 and _hands(state) == [4, 5]
    with pytest.raises(IllegalActionError, match=r"never discarded at will.*\(Moving a team; Drawing card\)"):
        state.apply_action(A.SHED + card(STEGO, C))
    assert _hands(state) == [4, 5]


def test_drawing_card_no_hand_is_above_its_size_at_the_end_of_any_turn_parked() -> None:
    """Players who can play nothing draw and give a card up turn after turn: every turn ends at
    the hand size, and the deck still drains to the written end (deck empty, no token left)."""
    state = _parked()
    turns = 0
    while not state.is_terminal():
        if state.is_chance_node():
            force(state, state.legal_actions()[0])
            continue
        seat = state.current_player()
        assert kinds(state) <= {"draw", "shed", "pile", "pass", "picture"}  # no team moves
        play(state, state.legal_actions()[0])
        if not state.is_terminal() and state.current_player() != seat and phase(state) == "action":
            turns += 1
            view = state.view(None)
            assert all(p["hand_count"] <= p["hand_limit"] for p in view["players"])
    assert turns > 4
    assert _texts(state)[-1] == "The game is over: the draw deck is empty and no token can still be drawn."


def test_drawing_card_empty_deck_first_action_cannot_draw() -> None:
    """Boundary: with the deck empty and nothing below the pile tops, even the first action
    cannot draw; a hand at its size that cannot play passes, and keeps its cards."""
    cards = [2, 2, 2, 0, 0, 1, 0, 0, 0, 1] + [0] * 8  # 8 cards, all dealt
    data = {**line_map("?H"), "cards": cards, "journalist_hand_size": 4, "tokens_per_rest": [1, 1, 1]}
    green = [card(STEGO, O), card(STEGO, P), card(RAPTOR, O), card(TRICERA, C)]
    yellow = [card(STEGO, C), card(STEGO, C), card(STEGO, O), card(STEGO, P)]
    state = table(hands=[green, yellow], data=data, chars=(SCOUT, JOURNALIST))
    assert state.view(None)["deck_count"] == 0
    move(state, STEGO, O, 0, 0)
    move(state, STEGO, P, 1, 0, pile=1)
    assert A.DRAW not in state.legal_actions()
    with pytest.raises(IllegalActionError, match=r"draw deck and the discard piles .* \(Drawing card\)"):
        state.apply_action(A.DRAW)


def test_drawing_card_journalist_may_end_her_turn_with_five() -> None:
    """Character Cards: the Journalist's hand size is 5; her first-action draw takes it to 6,
    and the second action must bring it back to 5."""
    state = table(first=1)
    assert _hands(state)[1] == 5
    draw(state, card(STEGO, C))
    assert _hands(state)[1] == 6 and kinds(state) == {"move"}
    play(state, min(a for a in state.legal_actions() if a < A.PICTURE))
    while phase(state) in ("discard", "token"):
        play(state, state.legal_actions()[0])
    assert _hands(state)[1] == 5 and state.current_player() == 0


def test_game_goal_no_team_can_ever_move_again_ends_by_the_deck() -> None:
    """Game Goal with the hand limit: the T-Rex holds the first space and every team still
    behind the arrow has one man (it may neither stop on the T-Rex nor pass it); nobody holds a
    Shotgun. No team will ever move again, so the token left can never be drawn: when the deck
    runs out it is not rebuilt, and the game ends by the deck end (not by cards shed for ever)."""
    cards = [0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 2, 0, 0]  # 8 cards, all dealt
    data = {**line_map("o?H"), "start_crew": 1, "cards": cards, "journalist_hand_size": 4}
    green = [card(TREX, O), card(TREX, O), card(STEGO, P), card(STEGO, C)]
    yellow = [card(RAPTOR, O), card(RAPTOR, P), card(RAPTOR, C), card(PTERO, O)]
    state = table(hands=[green, yellow], data=data, chars=(SCOUT, JOURNALIST))
    move(state, TREX, O, 0, 0)  # the T-Rex appears on the first space, by Green's team
    move(state, STEGO, P, 0, 1, pile=1, token=FOOD1)
    assert state.view(None)["trex"] == 0 and not state.is_terminal()
    play(state, A.PASS, A.PASS)  # Yellow: no card to play, none to draw
    move(state, STEGO, C, 0, 2, pile=0)  # Green lands its one free team; a card is below a top
    assert state.is_terminal()
    view = state.view(None)
    assert view["deck_count"] == 0 and view["board"][1]["tokens"] == 1
    assert _texts(state)[-1] == "The game is over: the draw deck is empty and no team can move to the tokens left."


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_drawing_card_seeded_games_keep_every_hand_within_its_size_and_end(bot: str, players: int) -> None:
    """Whole seeded games: at the start of every turn every hand is within its size, and every
    game ends by a written end (or its named extension), none capped."""
    game = load_game("trex-island", players=players)
    for seed in range(8):
        seen = [0]

        def check(state: State, player: int, action: int, seen: list[int] = seen) -> None:
            new = state.log(None, since=seen[0])
            seen[0] = state.log_length()
            if any(e["kind"] == "turn" for e in new):
                assert all(p["hand_count"] <= p["hand_limit"] for p in state.view(None)["players"])

        bots = [make_bot(bot, seed=seed * 10 + s) for s in range(players)]
        result = play_game(game.new_initial_state(), bots, seed=seed, on_action=check)
        assert not result.capped
        assert _texts(result.state)[-1].startswith("The game is over: ")
