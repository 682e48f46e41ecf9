"""Pangaea rules the mutation run of the play modules found untested (``steps``, ``resolve``...:
benchmarks/mutation.py, benchmarks/RESULTS.md "Mutation score", docs/mutation.md): each test kills
surviving mutants and is named after the rulebook section it pins. Public API only; chance is
forced (STAR cards: kinds 0..39 numbered, 40 Wild, 41 Reshuffle)."""

from __future__ import annotations

from pangaea_helpers import (
    BLUE_HAND,
    OPEN_TOKENS,
    ROWS,
    act,
    blue_walks,
    kinds,
    quiet,
    red_cards,
    red_scores,
    table,
    view,
)

from dinobox.engine.state import State
from dinobox.engine.testing import force, play

CORNER_STARS = [(0, 1), (6, 2), (4, 2), (6, 3)]  # Red's star on r0c1, beside the first space r0c0


def corner(row0: str) -> State:
    """The test world with ``row0`` as its top row and level 1 on r1c1; Red starts on r0c1."""
    rows = [row0, ".1" + "." * 10, *ROWS[2:]]
    return table(rows=rows, stars=CORNER_STARS, starts=[[0, 1], [6, 2]])


# ===== Players Turn, step 6 and step 7 on the first space of the board (r0c0) ====================
def test_players_turn_step_6_harvest_on_the_first_space_and_step_7_a_stone_beside_it() -> None:
    """Step 6: a 1-space move onto level 1 harvests, on r0c0 as anywhere; step 7: an Explorer on
    r0c0 may buy a stone for the lava beside it (r0c11, round the world), for 1 point."""
    s = corner("12.........#")
    quiet(s, "build", draws=(4,))  # on r0c1: 1 point
    blue_walks(s, 1)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[0, 0]))
    assert view(s)["scores"] == [2, 0] and view(s)["players"][0]["explorer"] == [0, 0]
    assert "stone" in kinds(s)
    play(s, act(s, "stone", space=[0, 11]))
    assert view(s)["scores"] == [1, 0] and view(s)["world"]["tiles"][0] == "12.........o"


def test_some_general_basic_rules_a_stone_on_the_lava_of_the_first_space() -> None:
    """Some General Basic Rules (stone): the lava on r0c0 beside Red's Explorer becomes stone."""
    s = corner("#2..........")
    play(s, act(s, "keep"))
    play(s, act(s, "build"))
    assert [s.describe_action(a)["space"] for a in s.legal_actions() if s.describe_action(a)["kind"] == "stone"] == [
        [0, 0]
    ]
    play(s, act(s, "stone", space=[0, 0]))
    assert view(s)["scores"] == [0, 0] and view(s)["world"]["tiles"][0] == "o2.........."
    assert red_cards(s) == []


# ===== Evolution Cards ==========================================================================
def test_evolution_cards_extra_move_repeats_step_6_once() -> None:
    """Level 3 Extra move: activated in step 2, offered after the Move action, it repeats step 6
    and becomes inactive; the repeated step offers no third move."""
    s = table()
    red_scores(s, ("sea", "trex_guard", "extra_move"))
    blue_walks(s, 4)
    play(s, act(s, "activate", evolution="extra_move"))
    play(s, act(s, "keep"))
    play(s, act(s, "move", space=[4, 4]))
    assert s.current_player() == 0 and kinds(s) == {"extra_move", "no_extra_move"}
    declined = s.clone()
    play(s, act(s, "extra_move"))
    assert view(s)["phase"] == "step6" and red_cards(s) == [("extra_move", False)]
    play(s, act(s, "move", space=[4, 3]))
    assert s.current_player() == 1 and view(s)["players"][0]["explorer"] == [4, 3]
    play(declined, act(declined, "no_extra_move"))
    assert declined.current_player() == 1 and red_cards(declined) == [("extra_move", True)]


def test_evolution_cards_one_activation_per_turn_for_1_point() -> None:
    """Step 2: only 1 Evolution card is activated per turn, for 1 point (of Red's 2)."""
    s = table()
    red_scores(s, ("sea", "mountain", "trex_guard", "bronto_guard"))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5)
    quiet(s, "move_harvest", space=[4, 3])
    blue_walks(s, 6)
    assert view(s)["scores"][0] == 2
    play(s, act(s, "activate", evolution="trex_guard"))
    assert view(s)["scores"][0] == 1 and "activate" not in kinds(s)
    assert red_cards(s) == [("trex_guard", True), ("bronto_guard", False)]


# ===== Earthquake: the last old stick ==========================================================
def test_earthquake_the_only_stick_left_to_reuse_moves_at_once() -> None:
    """No stick in stock and one crack on the board free to move: it moves without a choice."""
    rows = [*ROWS[:5], "..1111......", *ROWS[6:]]  # row 5 joins the two strips
    s = table(tokens=OPEN_TOKENS, hands=[[1, 2, 6, 3], [25, 21, 22, 23]], crack_sticks=3, rows=rows)
    play(s, act(s, "distance_card", card=1))  # 2 spaces right: r4c3
    play(s, act(s, "action_card", card=2))  # earthquake
    play(s, act(s, "range_card", card=6))  # 3 horizontal
    play(s, act(s, "direction", direction="E"))
    for _ in range(3):
        play(s, s.legal_actions()[0])
    old = view(s)["world"]["cracks"]
    play(s, act(s, "build"))
    play(s, act(s, "done"))
    force(s, 10, 11, 12, 13)
    play(s, act(s, "distance_card", card=25))
    play(s, act(s, "action_card", card=21))
    play(s, act(s, "range_card", card=22))
    play(s, act(s, "direction", direction="SE"))  # r6c4, three horizontal
    new = []
    for _ in range(2):
        new.append(s.describe_action(s.legal_actions()[0])["spaces"])
        play(s, s.legal_actions()[0])
        play(s, s.legal_actions()[0])  # the stick to move: the first offered
    assert kinds(s) == {"crack"}
    new.append(s.describe_action(s.legal_actions()[0])["spaces"])
    play(s, s.legal_actions()[0])  # one old stick left: it moves at once
    cracks = view(s)["world"]["cracks"]
    assert sorted(cracks) == sorted(new) and not any(c in old for c in cracks)
    assert view(s)["world"]["sticks"] == 0 and view(s)["phase"] != "reuse_crack"


# ===== Players Turn, step 4: a card serves once ==================================================
def refused(s: State, kind: str, card: int) -> list[str]:
    """The reasons the board gives the seat to act for the refused ``kind`` of ``card``."""
    hook = s.game.presentation.refusable if s.game.presentation is not None else None
    assert hook is not None
    out = []
    for a in hook(s, s.current_player()):
        info = s.describe_action(a)
        if info["kind"] == kind and info.get("card") == card:
            out.append(s.why_illegal(a))
    return out


def test_players_turn_step_4_the_action_card_is_not_also_the_range() -> None:
    s = table(tokens=OPEN_TOKENS, hands=[[6, 0, 1, 3], BLUE_HAND])
    play(s, act(s, "distance_card", card=0))
    play(s, act(s, "action_card", card=6))  # 1, Level down: its action (1) is also a card kind held
    assert refused(s, "range_card", 6) == [
        "this card is already chosen for the action this turn (Players Turn, step 4)"
    ]
