"""Escape from T-Rex Island refusals: a click on a space, a team, a card or an answer to an attack
that no legal move uses says what stops it, naming the rule (the reasons a board shows,
``refusable``; issue 30). Chance is forced; test names follow the rulebook's headings."""

from __future__ import annotations

from trex_helpers import HUNTER, JOURNALIST, SPINO, STEGO, TRICERA, C, O, P, card, line_map, move, table

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A

LINE = {**line_map("opcopcopc?H"), "tokens_per_rest": [0, 0, 0]}
REST_FIRST = line_map("?opc?opcH")


def shown(state: State) -> dict[int, str]:
    """The refused choices the board shows the seat to act, with their reasons."""
    seat = state.current_player()
    presentation = state.game.presentation
    assert presentation is not None and presentation.refusable is not None
    hook = presentation.refusable
    out = {}
    for a in hook(state, seat):
        reason = state.why_illegal(a)
        if reason is not None:
            out[a] = reason
    return out


def space_reason(state: State, space: int) -> str:
    """The reason a click on ``space`` gets: the one refused move the board sends for it (a move
    of a team to the space it stands on is that team's to explain, not the space's)."""
    seat = state.current_player()
    dice = state.view(seat)["dice"]
    reasons = set()
    for a, reason in shown(state).items():
        if a < A.PICTURE:
            _, slot, where = A.split_move(a)
            if where == space and dice[seat * 3 + slot]["space"] != space:
                reasons.add(reason)
    assert len(reasons) == 1, reasons
    return reasons.pop()


def test_moving_a_team_next_free_space_of_the_cards_colour() -> None:
    hands = [[card(STEGO, O), card(STEGO, P), card(STEGO, C), card(TRICERA, O)], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data=LINE)
    move(state, STEGO, O, 0, 0)  # team 1 on space 0; the purple card now reaches space 1 only
    assert space_reason(state, 4) == (
        "a purple card takes a team to the next free purple space, or to a rest point before it; "
        "it may not skip further (Moving a team)"
    )
    assert space_reason(state, 0) == (
        "another team stands there: a card takes a team to the next unoccupied space of its colour (Moving a team)"
    )


def test_moving_a_team_a_team_cannot_stay_where_it_is() -> None:
    hands = [[card(STEGO, O), card(STEGO, P), card(STEGO, C), card(TRICERA, O)], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data=LINE)
    move(state, STEGO, O, 0, 0)
    stay = A.move(card(STEGO, P), 0, 0)  # a click on the team: its move to where it stands
    assert stay in shown(state)
    assert shown(state)[stay] == "a team must move forward: it cannot stay where it is (Moving a team)"


def test_taking_dino_picture_names_the_cards_still_needed() -> None:
    hands = [[card(TRICERA, O), card(TRICERA, P), 1, 2], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data=LINE)
    picture = A.picture(TRICERA, (P,))
    assert shown(state)[picture] == (
        "a Triceratops picture needs a Triceratops on top of a discard pile (Taking dino picture)"
    )
    move(state, TRICERA, O, 0, 0)  # one Triceratops on a pile; one more in hand: 1 + 1 < 3
    assert shown(state)[picture] == (
        "with 1 Triceratops on top of the piles this picture needs 2 Triceratops cards from your hand, "
        "and you hold 1 (Taking dino picture)"
    )


def test_game_tokens_an_smg_is_no_help_against_a_spinosaur() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST, chars=(HUNTER, JOURNALIST))
    play(state, A.move(0, 0, 0))
    play(state, A.TOKEN_TAKE)
    force(state, SPINO)
    reasons = shown(state)
    assert reasons[A.REACT + A.USE_SMG] == "an SMG stops only Raptors and Pterosaurs, not the Spinosaur (SMG token)"
    assert reasons[A.REACT + A.USE_SHOTGUN] == "you hold no Shotgun token (Shotgun token)"
    assert reasons[A.REACT + A.EVADE] == "only the Explorer evades an attack (Character Cards)"


def team_reasons(state: State) -> dict[int, set[str]]:
    """The reasons a click on each team no action of the seat names gets (``refused_pieces``)."""
    presentation = state.game.presentation
    assert presentation is not None and presentation.refused_pieces is not None
    out: dict[int, set[str]] = {}
    for reason, fields in presentation.refused_pieces(state, state.current_player()):
        assert fields["kind"] == "team"
        out.setdefault(fields["die"], set()).add(reason)
    return out


def test_moving_a_team_only_your_own_teams_and_the_first_behind_the_arrow() -> None:
    hands = [[card(STEGO, O), card(STEGO, P), card(STEGO, C), card(TRICERA, O)], [4, 5, 6, 7, 8]]
    state = table(hands=hands, data=LINE)
    reasons = team_reasons(state)
    yellow = {"that is one of Yellow's teams: you move only your own (Moving a team)"}
    assert reasons == {
        1: {"move Green team 1 first: the teams behind the arrow are alike (Moving a team)"},
        2: {"move Green team 1 first: the teams behind the arrow are alike (Moving a team)"},
        3: yellow,
        4: yellow,
        5: yellow,
    }  # Green team 1 may move: a click on it plays
    play(state, A.move(card(STEGO, O), 0, 0))
    assert team_reasons(state) == {
        2: {"move Green team 2 first: the teams behind the arrow are alike (Moving a team)"},
        3: yellow,
        4: yellow,
        5: yellow,
    }


def test_game_tokens_an_attack_is_answered_before_a_team_leaves_the_arrow() -> None:
    state = table(hands=[[0, 1, 2, 3], [4, 5, 6, 7, 8]], data=REST_FIRST, chars=(HUNTER, JOURNALIST))
    play(state, A.move(0, 0, 0))
    play(state, A.TOKEN_TAKE)
    force(state, SPINO)
    reasons = team_reasons(state)
    answer = {"a team is under attack: first answer the Spinosaur (Game Tokens; Character Cards)"}
    assert reasons[1] == reasons[2] == answer
