"""Pangaea refusals: a click on a card, a space or a piece no legal move uses says what stops it,
naming the rule (the reasons a board shows, ``refusable``; issue 30). Chance is forced; test
names follow the rulebook's headings."""

from __future__ import annotations

from typing import Any

from pangaea_helpers import (
    BLUE_HAND,
    MOON_1_UP,
    MOON_4_DINO,
    NE,
    OPEN_TOKENS,
    OTHER,
    ROWS,
    STARS,
    SUN_TOKENS,
    WILD,
    act,
    begin,
    blue_plays,
    blue_walks,
    choose,
    kinds,
    level_4,
    quiet,
    table,
)

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame

SUN_2_UP = 10
SUN_FIRST = (0, 1, 4, 2, 4)  # centre Moon, the first question mark shows the Sun


def refused(s: State, kind: str, **fields: Any) -> str:
    """The reason the board gives the seat to act for the refused ``kind`` action with ``fields``."""
    seat = s.current_player()
    presentation = s.game.presentation
    assert presentation is not None and presentation.refusable is not None
    hook = presentation.refusable
    for a in hook(s, seat):
        info = s.describe_action(a, seat)
        if info["kind"] == kind and all(info.get(k) == v for k, v in fields.items()):
            reason = s.why_illegal(a)
            assert reason is not None, f"{info} is legal"
            return reason
    raise AssertionError(f"the board shows no refused {kind} {fields}")


def refused_now(s: State, kind: str) -> list[str]:
    """The reasons of every refused ``kind`` action the board shows the seat to act."""
    presentation = s.game.presentation
    assert presentation is not None and presentation.refusable is not None
    out = []
    for a in presentation.refusable(s, s.current_player()):
        if s.describe_action(a)["kind"] == kind:
            reason = s.why_illegal(a)
            assert reason is not None
            out.append(reason)
    return out


def to_step6(s: State) -> None:
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    play(s, act(s, "keep"))


def test_starting_positions_a_space_without_a_star_and_a_taken_star() -> None:
    s = PangaeaGame(players=2, data={"world_rows": ROWS, "stars": STARS, "locator": (4, 1)}).new_initial_state()
    force(s, *SUN_TOKENS)
    force(s, 0, 1, 2, 3)
    force(s, 20, 21, 22, 23)
    assert "space marked with a star (Starting positions)" in refused(s, "start", space=[4, 5])
    play(s, act(s, "start", space=[4, 4]))
    assert "another Explorer already stands on that star" in refused(s, "start", space=[4, 4])


def test_asteroid_board_symbol_cards_the_first_card_must_show_the_symbol() -> None:
    s = begin([[SUN_2_UP, 0, 1, 6], OTHER], [[4, 1], [4, 7]], tokens=SUN_FIRST)
    reason = refused(s, "distance_card", card=0)
    assert reason == "the first card played must show the Sun symbol, or be a Wild card (Asteroid board, Symbol Cards)"


def test_asteroid_board_symbol_cards_no_card_shows_the_symbol_swap_or_keep() -> None:
    s = begin([[0, 1, 6, 8], OTHER], [[4, 1], [4, 7]], tokens=SUN_FIRST)
    assert kinds(s) == {"swap", "keep"}
    reason = refused(s, "distance_card", card=0)
    assert "no card you hold shows the Sun symbol" in reason and "(Asteroid board, Symbol Cards)" in reason


def test_players_turn_step_4_a_card_serves_once_and_in_order() -> None:
    s = begin([[0, 1, 2, 3], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    assert refused(s, "action_card", card=0) == (
        "this card is already chosen for the distance this turn (Players Turn, step 4)"
    )
    s = begin([[WILD, 0, 1, 2], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_wild", distance=3))
    assert refused(s, "action_wild", card=WILD) == (
        "the Wild card is already chosen for the distance this turn (Players Turn, step 4)"
    )


def test_playing_the_wild_card_never_sets_the_range() -> None:
    s = begin([[WILD, 0, 1, 2], OTHER], [[4, 1], [4, 7]])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=1))
    assert "no_range" in kinds(s)
    assert refused(s, "distance_wild", card=WILD) == "a Wild card can never set the range (Playing the Wild Card)"


def test_players_turn_step_6_the_explorer_moves_1_or_2_spaces() -> None:
    s = table()
    to_step6(s)
    assert refused(s, "move", space=[4, 9]) == "your Explorer moves 1 or at most 2 spaces (Players Turn, step 6)"
    assert "already stands there" in refused(s, "move", space=[4, 4])
    reason = refused(s, "distance_card", card=0)  # a STAR card clicked in step 6
    assert reason.startswith("STAR cards are chosen in step 4 of your turn (Players Turn and steps)")
    assert reason.endswith("now: Players Turn, step 6: move, build or move a dino")


def test_players_turn_step_6_a_shelter_is_built_on_level_2_only() -> None:
    s = table(starts=[[4, 2], [6, 2]])  # Red on level 1
    to_step6(s)
    assert "build" not in kinds(s)
    assert refused(s, "build") == (
        "a Shelter is built on level 2 only, unless an active Build anywhere card allows level 1, "
        "a mountain or the sea (Players Turn, step 6; Evolution Cards)"
    )


def test_evolution_cards_a_higher_level_needs_a_card_given_back() -> None:
    s = table()
    to_step6(s)
    play(s, act(s, "build"))  # 1 point: step 7 opens
    assert "buy" in kinds(s)
    assert refused(s, "buy", evolution="trex_guard") == (
        "a level 2 card needs a level 1 card of yours given back (Evolution Cards)"
    )


def test_evolution_cards_are_activated_in_step_2_only() -> None:
    s = table()
    to_step6(s)
    play(s, act(s, "build"))
    play(s, act(s, "buy", evolution="sea"))
    force(s, 4)  # the refill: a Shelter on the board, 5 cards
    blue_walks(s, 1)
    play(s, act(s, "keep"))  # Red's next turn, step 4
    reason = refused(s, "activate", evolution="sea")
    assert reason.startswith("an Evolution card is activated only in step 2 of your turn (Evolution Cards)")
    assert "now: Players Turn, step 6" in reason


def test_dinosaurs_appear_in_the_range_and_each_moves_once_a_round() -> None:
    s = begin([[MOON_1_UP, MOON_4_DINO, 2, 3], OTHER], [[4, 1], [4, 7]])
    choose(s, MOON_1_UP, MOON_4_DINO, direction=NE)  # a Dinosaur action on r4c5 alone
    assert refused(s, "dino_place", space=[0, 0]) == "the Dinosaur appears on a space of the action's range (Dinosaurs)"
    play(s, act(s, "dino_place", dino=0, space=[4, 5]))
    play(s, act(s, "dino_move", dino=0))  # Red walks the T-Rex in step 6
    force(s, 4, 5)  # Red's refill
    play(s, act(s, "keep"))  # Blue: no Moon card, keeps the cards; step 6
    assert refused(s, "dino_move", dino=0) == (
        "T-Rex 1 has moved this round already: each Dino moves once a round (Some General Basic Rules)"
    )


def test_playing_the_wild_card_in_step_2_needs_a_dino_or_a_shelter_of_yours() -> None:
    s = table()
    quiet(s, "move_harvest", space=[4, 3], buys=("sea",))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 2], buys=("trex_guard",))  # the Sea card given back
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 3], swap=(0, WILD))  # 1 point; a Wild in hand
    blue_walks(s, 3)
    assert kinds(s) == {"activate", "continue"}  # step 2: no Dino on the board, no Shelter of Red's
    assert refused(s, "wild_dino") == (
        "there is no Dino on the board and none of your Shelters for a Wild card to remove (Playing the Wild Card)"
    )
    assert not any(refused_now(s, "distance_wild"))  # not the step-4 words for the Wild card


def test_evolution_cards_level_4_block_keeps_a_tile_about_to_change() -> None:
    s = level_4("block")
    blue_plays(s, 3, 22, range_card=21)  # a climate shift on r4c4 alone
    assert kinds(s) == {"block", "no_block"}
    assert refused(s, "block", space=[4, 5]) == (
        "the Block card keeps one tile that is about to change, and this one is not "
        "(the Asteroid and its toxic ring are never blocked) (Evolution Cards, level 4)"
    )


def test_evolution_cards_level_4_shelter_move_within_2_spaces_where_a_shelter_may_stand() -> None:
    s = level_4("shelter_move")
    blue_plays(s, 3, 23)
    play(s, act(s, "dino_place", dino=2))  # a Brontosaurus onto Red's Shelter on r4c4
    assert kinds(s) == {"shelter_move", "no_shelter_move"}
    assert refused(s, "shelter_move", space=[4, 8]) == "a Shelter moves at most 2 spaces (Evolution Cards, level 4)"
    assert refused(s, "shelter_move", space=[4, 2]) == (
        "a Shelter stands on level 2 only, unless it was built with the Build anywhere card "
        "(Evolution Cards, level 4; Some General Basic Rules)"
    )
    assert refused(s, "shelter_move", **{"from": [4, 4], "space": [4, 4]}) == (
        "the Shelter moves to another space, within 2 of this one (Evolution Cards, level 4)"
    )


def test_rules_of_change_a_tile_taken_from_the_board() -> None:
    supply = (0, 24, 0, 6, 0, 10, 10, 20, 8)  # no level 2 tile beside the board
    s = table(tokens=OPEN_TOKENS, hands=[[6, 0, 1, 3], BLUE_HAND], tile_supply=supply)
    play(s, act(s, "distance_card", card=6))
    play(s, act(s, "action_card", card=0))  # level up
    play(s, act(s, "no_range"))
    play(s, act(s, "direction", direction="E"))  # onto r4c2 (level 1)
    assert kinds(s) == {"take_tile"}
    assert refused(s, "take_tile", space=[4, 4]) == "a tile with a piece on it cannot be taken (Rules of Change)"
    assert refused(s, "take_tile", space=[4, 2]) == (
        "no tile is taken from a space this change is altering (Rules of Change)"
    )
    assert refused(s, "take_tile", space=[4, 3]) == (
        "the Level 2 tile needed comes from a space showing one on top (Rules of Change)"
    )


def test_star_cards_explained_another_players_cards_are_theirs() -> None:
    s = table()
    presentation = s.game.presentation
    assert presentation is not None and presentation.refused_pieces is not None
    assert list(presentation.refused_pieces(s, 0)) == [
        ("those are Blue's STAR cards: you play only your own (STAR cards explained)", {"kind": "hand_of", "seat": 1})
    ]
    assert list(presentation.refused_pieces(s, 1)) == []  # Blue is not to act: nothing to explain


def test_evolution_cards_are_bought_in_step_7_only() -> None:
    s = table()
    to_step6(s)
    reason = refused(s, "buy", evolution="sea")
    assert reason.startswith("Evolution cards and stones are bought in step 7 of your turn (Evolution Cards)")
