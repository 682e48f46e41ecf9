"""Escape from T-Rex Island: clauses the mutation run found unpinned (benchmarks/mutation.py,
benchmarks/RESULTS.md "Mutation score"), each test named after the rulebook section it pins."""

from __future__ import annotations

from typing import Any

from trex_helpers import (
    EXPLORER,
    HUNTER,
    JOURNALIST,
    RAPTOR,
    SHOTGUN,
    SMG,
    SPINO,
    STEGO,
    TREX,
    TRICERA,
    C,
    O,
    P,
    card,
    crew,
    draw,
    line_map,
    move,
    phase,
    table,
)

from dinobox.engine.state import State
from dinobox.engine.testing import play
from dinobox.games.trex_island import actions as A

NO_TOKENS = {"tokens_per_rest": [0, 0, 0]}
KINDS = {"o": "orange", "p": "purple", "c": "cyan", "?": "rest", "H": "helipad"}


def backward_line(spec: str) -> tuple[dict[str, Any], list[int]]:
    """A straight board whose space ids run backwards along the path up to its first rest point
    (then forward): the rules must go by the path, never by the ids. Returns the data and the id
    of each position."""
    head = spec.index("?")
    last = len(spec) - 1
    ids = [head - 1 - p for p in range(head)] + list(range(head, len(spec)))
    kinds = [""] * len(spec)
    nxt: list[list[int]] = [[] for _ in spec]
    places: list[list[int]] = [[] for _ in spec]
    for p, ch in enumerate(spec):
        kinds[ids[p]] = KINDS[ch]
        nxt[ids[p]] = [ids[p + 1]] if p < last else []
        places[ids[p]] = [0, p]
    data = {
        "space_kinds": kinds,
        "space_next": nxt,
        "space_places": places,
        "space_trails": ["line"] * len(spec),
        "start_space": ids[0],
        **NO_TOKENS,
    }
    return data, ids


def trex(state: State) -> int | None:
    where: int | None = state.view(None)["trex"]
    return where


def player(state: State, seat: int) -> dict[str, Any]:
    info: dict[str, Any] = state.view(None)["players"][seat]
    return info


# ----- T-Rex meeple -------------------------------------------------------------------------


def test_trex_meeple_appears_behind_the_team_farthest_from_the_helipad() -> None:
    """The slowest die is the one farthest from the destination, whatever the spaces' ids."""
    data, at = backward_line("pppooc?H")
    hands = [[card(STEGO, O), card(TRICERA, O), 1, 2], [card(TREX, C), 3, 4, 5, 6]]
    state = table(hands=hands, data=data)
    move(state, STEGO, O, 0, at[3])
    move(state, TRICERA, O, 1, at[4], pile=1)
    move(state, TREX, C, 0, at[5], pile=0)  # Yellow's T-Rex: teams on positions 3, 4 and 5
    # three behind the team on position 3 (the arrow's space), then two toward it
    assert trex(state) == at[2]
    assert [crew(state, d) for d in (0, 1, 3)] == [4, 4, 4]


def test_trex_meeple_shotgun_drives_it_off_whatever_space_it_stands_on() -> None:
    """Shotgun token: used against the T-Rex, the meeple leaves the map, also from space id 0."""
    data, at = backward_line("poc?H")
    assert at[2] == 0
    state = table(hands=[[card(TREX, C), 0, 1, 2], [3, 4, 5, 6, 7]], data=data, chars=(HUNTER, JOURNALIST))
    play(state, A.move(card(TREX, C), 0, at[2]))  # it appears on the arrow's space, walks to the team
    assert phase(state) == "attack" and trex(state) == at[2]
    play(state, A.REACT + A.USE_FREE_SHOTGUN)
    assert trex(state) is None and crew(state, 0) == 4


def test_trex_meeple_on_the_map_walks_on_from_where_it_stands() -> None:
    """Once appeared, the T-Rex stays on the map (on space id 0 too): the next T-Rex card moves it
    from there toward the nearest team, it does not appear again behind the slowest."""
    data, at = backward_line("poc?H")
    state = table(hands=[[card(TREX, C), card(TREX, P), 0, 1], [3, 4, 5, 6, 7]], data=data)
    move(state, TREX, C, 0, at[2])
    assert trex(state) == at[2] == 0 and crew(state, 0) == 2
    move(state, TREX, P, 1, at[0], pile=1)  # the team on its space is immune: it goes for the new one
    assert trex(state) == at[0]
    assert (crew(state, 0), crew(state, 1)) == (2, 2)


# ----- Game Tokens, Shotgun token, Character Cards -----------------------------------------

REST_FIRST = {**line_map("?opc?opcH"), "tokens_per_rest": [3, 3, 3]}


def test_game_tokens_kept_tokens_add_up() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST)
    move(state, STEGO, O, 0, 0, token=SMG)
    move(state, STEGO, P, 1, 0, token=SMG, pile=1)
    assert player(state, 0)["tokens"] == {"smg": 2}
    assert player(state, 1)["tokens"] == {}


def test_shotgun_token_against_another_attack_leaves_the_trex_on_the_map() -> None:
    """The T-Rex is removed only when the Shotgun is used against the T-Rex: a Shotgun that
    cancels a Spinosaur leaves it where it is."""
    data = {**line_map("?pppo?H"), "tokens_per_rest": [3, 3, 3]}
    hands = [[card(TREX, O), card(STEGO, P), 0, 1], [3, 4, 5, 6, 7]]
    state = table(hands=hands, data=data, chars=(HUNTER, JOURNALIST))
    move(state, TREX, O, 0, 4)  # appears three behind the team on 4, walks two toward it
    assert trex(state) == 3
    move(state, STEGO, P, 1, 0, pile=1, token=SPINO)
    assert phase(state) == "attack"
    play(state, A.REACT + A.USE_FREE_SHOTGUN)
    assert crew(state, 1) == 4 and trex(state) == 3


def test_character_cards_explorer_keeps_both_evasions_after_a_spinosaur() -> None:
    """The Explorer evades the first Raptor and the first Pterosaur attack: a Spinosaur attack,
    taken with a Shotgun in hand, spends neither."""
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST, chars=(EXPLORER, JOURNALIST))
    move(state, STEGO, O, 0, 0, token=SHOTGUN)
    move(state, STEGO, P, 1, 0, pile=1, token=SPINO)
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.USE_SHOTGUN]
    play(state, A.REACT + A.TAKE_IT)
    assert crew(state, 1) == 2
    assert player(state, 0)["evade_raptor"] is True and player(state, 0)["evade_pterosaur"] is True


def test_character_cards_explorer_evasion_saves_every_explorer_team_of_a_tie_and_no_other() -> None:
    """A Raptor tie strikes all three Blue teams and a Yellow one: evading saves the three Blue
    teams; Yellow's team still loses a man."""
    hands = [[card(RAPTOR, O), card(RAPTOR, P), card(STEGO, O), card(STEGO, P)], [card(STEGO, C), 3, 4, 5, 6]]
    state = table(hands=hands, data={**REST_FIRST, **NO_TOKENS}, chars=(EXPLORER, JOURNALIST))
    move(state, RAPTOR, O, 0, 0)
    move(state, STEGO, O, 1, 0, pile=1)
    move(state, STEGO, C, 0, 0, pile=1)  # Yellow's team on the rest point too
    draw(state, 7)
    move(state, RAPTOR, P, 2, 0, pile=1)  # two Raptors on top: four teams tied
    assert state.current_player() == 0
    assert state.legal_actions() == [A.REACT + A.TAKE_IT, A.REACT + A.EVADE]
    play(state, A.REACT + A.EVADE)
    assert [crew(state, d) for d in (0, 1, 2, 3)] == [4, 4, 4, 3]


# ----- Turn sequence ------------------------------------------------------------------------


def test_turn_sequence_tied_strike_owners_answer_clockwise_from_the_card_player() -> None:
    """A tie strikes teams of three players: their owners answer in turn order (clockwise),
    from the player of the card."""
    hands = [
        [card(RAPTOR, O), 0, 1, 2],
        [card(RAPTOR, P), 3, 4, 5, 6],
        [card(STEGO, C), 7, 8, 12],
    ]
    state = table(players=3, chars=(HUNTER, JOURNALIST, EXPLORER), hands=hands, first=2, data=REST_FIRST | NO_TOKENS)
    move(state, STEGO, C, 0, 0)
    draw(state, 13)
    move(state, RAPTOR, O, 0, 0, pile=1)
    draw(state, 14)
    move(state, RAPTOR, P, 0, 0, pile=0)  # Yellow's card: Yellow, Blue then Red are struck
    assert crew(state, 3) == 3  # Yellow has no defence
    assert state.current_player() == 2 and A.REACT + A.EVADE in state.legal_actions()
    play(state, A.REACT + A.EVADE)
    assert state.current_player() == 0 and A.REACT + A.USE_FREE_SHOTGUN in state.legal_actions()
    play(state, A.REACT + A.TAKE_IT)
    assert [crew(state, d) for d in (0, 3, 6)] == [3, 3, 4]


# ----- Game Goal ----------------------------------------------------------------------------


def test_game_goal_a_shot_at_the_trex_breaks_a_round_of_passes() -> None:
    """The round of passes that ends the game (an extension, rules.md) must be unbroken: a
    Shotgun fired at the T-Rex changes the map, so the passes are counted again from there."""
    cards = [2, 2, 2, 0, 0, 1] + [0] * 9 + [1, 0, 0]  # 8 cards, all dealt
    data = {**line_map("?H"), "cards": cards, "journalist_hand_size": 4, "tokens_per_rest": [1, 1, 1]}
    red = [card(STEGO, O), card(STEGO, P), card(TREX, O), card(TRICERA, C)]
    yellow = [card(STEGO, C), card(STEGO, C), card(STEGO, O), card(STEGO, P)]
    state = table(hands=[red, yellow], data=data, chars=(HUNTER, JOURNALIST))
    move(state, STEGO, O, 0, 0)
    move(state, STEGO, P, 1, 0, pile=1)
    play(state, A.picture(STEGO, (O,)), A.picture(STEGO, (P,)))
    move(state, TREX, O, 2, 0, pile=0)  # the T-Rex appears on the rest point (its teams immune)
    draw(state, card(STEGO, O))
    play(state, A.picture(STEGO, (C,)), A.picture(STEGO, (C,)))
    play(state, A.picture(STEGO, (O,)))
    assert trex(state) == 0
    play(state, A.PASS, A.PASS, A.PASS)  # Red's second action, Yellow's turn
    assert state.legal_actions() == [A.PASS, A.SHOOT + A.SHOOT_FREE]
    play(state, A.SHOOT + A.SHOOT_FREE)  # the Hunter drives the T-Rex off
    play(state, A.PASS, A.PASS, A.PASS)  # three passes since the shot: no whole round yet
    assert not state.is_terminal()
    play(state, A.PASS)
    assert state.end_reason() == "round_of_passes"
