"""The Pangaea heuristic and the Evolution cards: checked as its choices in small test worlds
(the rule tests' helpers, chance forced) and over seeded games. Public API only."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from dinobox.bots import MasterBot, StrongBot
from dinobox.engine.state import CHANCE, State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame
from dinobox.games.pangaea.heuristic import choose

HELPERS = str(Path(__file__).resolve().parents[1] / "games" / "pangaea")
if HELPERS not in sys.path:
    sys.path.insert(0, HELPERS)
from pangaea_helpers import (  # noqa: E402
    BLUE_HAND,
    OPEN_TOKENS,
    RED_HAND,
    RESHUFFLE,
    WILD,
    act,
    blue_walks,
    kinds,
    quiet,
    red_scores,
    table,
    view,
)


def chosen(s: State, seed: int = 0) -> dict[str, Any]:
    a = choose(s, random.Random(seed))
    assert a in s.legal_actions()
    return s.describe_action(a)


def blue_plays(s: State, distance: int, action_card: int, range_card: int) -> None:
    """Blue plays a Wild for the distance (to the right) and a card for the action."""
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    play(s, act(s, "distance_wild", distance=distance))
    play(s, act(s, "action_card", card=action_card))
    play(s, act(s, "range_card", card=range_card))
    play(s, act(s, "direction", direction="E"))


def level_4(card: str) -> State:
    """Red holds ``card`` (level 4), bought on the way up; Blue holds a Wild; Red is in step 2
    of its 6th turn, Explorer on r4c2, Shelter on r4c4."""
    s = table()
    red_scores(s, ("sea", "trex_guard", "build_anywhere", card))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5, swap=(20, WILD))
    return s


def test_buys_a_level_1_card_once_points_are_spare() -> None:
    s = table()
    quiet(s, "build", draws=(4,))
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3])
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 3)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 3]))
    assert view(s)["scores"][0] == 4 and "buy" in kinds(s)
    info = chosen(s)
    assert info["kind"] == "buy" and info["evolution"] in ("sea", "mountain")
    play(s, info["action"])
    assert chosen(s)["kind"] == "done"  # 3 points left: no climb yet
    play(s, act(s, "done"))
    blue_walks(s, 4)
    play(s, act(s, "keep"))
    play(s, act(s, "move_harvest", space=[4, 2]))
    # with a Shelter standing and 4 points, one level up, giving back the level 1 card
    info = chosen(s)
    assert info["kind"] == "buy" and info["evolution"] in ("bronto_guard", "trex_guard")
    assert info["discard"] in ("sea", "mountain")


def test_activates_the_shelter_move_only_when_the_asteroid_is_near() -> None:
    s = level_4("shelter_move")
    assert view(s)["phase"] == "step2" and view(s)["asteroid"] > 12
    assert chosen(s)["kind"] == "continue"  # the point is kept while the asteroid is far
    near = table(locator=(8, 1), countdown_start=8)
    red_scores(near, ("sea", "trex_guard", "build_anywhere", "shelter_move"))
    blue_walks(near, 4)
    quiet(near, "move_harvest", space=[4, 2])
    blue_walks(near, 5)
    assert view(near)["asteroid"] <= 12
    info = chosen(near)
    assert info["kind"] == "activate" and info["evolution"] == "shelter_move"


def test_activates_build_elsewhere_where_only_it_can_build() -> None:
    s = table()
    red_scores(s, ("sea", "trex_guard", "build_anywhere"))  # Red ends on r4c3, level 1
    blue_walks(s, 4, swap=(20, WILD))
    info = chosen(s)
    assert info["kind"] == "activate" and info["evolution"] == "build_anywhere"
    play(s, info["action"])
    play(s, act(s, "keep"))
    assert chosen(s)["kind"] == "build_special"  # a Shelter on level 1


def test_blocks_a_change_that_would_cost_its_shelter_and_not_a_harmless_one() -> None:
    s = level_4("block")
    play(s, act(s, "activate", evolution="block"))
    quiet(s, "move_harvest", space=[4, 3])
    harmless = s.clone()
    blue_plays(s, 3, 22, range_card=21)  # a climate shift on r4c4 alone: the Shelter's space
    assert kinds(s) == {"block", "no_block"}
    info = chosen(s)
    assert info["kind"] == "block" and info["space"] == [4, 4]
    blue_plays(harmless, 1, 22, range_card=21)  # a climate shift on r4c2: level 1 becomes sand, nobody there
    assert kinds(harmless) == {"block", "no_block"}
    assert chosen(harmless)["kind"] == "no_block"


def test_moves_a_threatened_shelter_and_leaves_the_asteroids_reach_at_the_end() -> None:
    s = level_4("shelter_move")
    play(s, act(s, "activate", evolution="shelter_move"))
    quiet(s, "move_harvest", space=[4, 3])
    blue_plays(s, 3, 22, range_card=21)  # a climate shift on r4c4: the Shelter would be lost
    assert kinds(s) == {"shelter_move", "no_shelter_move"}
    info = chosen(s)
    assert info["kind"] == "shelter_move" and info["from"] == [4, 4]
    # the end game: the impact on r5c4 next to Red's Shelter on r4c4
    end = table(locator=(8, 1), countdown_start=8)
    red_scores(end, ("sea", "trex_guard", "build_anywhere", "shelter_move"))
    blue_walks(end, 4)
    quiet(end, "move_harvest", space=[4, 2])
    blue_walks(end, 5)
    quiet(
        end,
        "move_harvest",
        space=[4, 3],
        activate="shelter_move",
        swap=(0, RESHUFFLE, RESHUFFLE, RESHUFFLE, RESHUFFLE, 5),
    )
    force(end, 10, 11)
    assert view(end)["end"]["impact"] == [5, 4] and kinds(end) == {"shelter_move", "no_shelter_move"}
    info = chosen(end)
    assert info["kind"] == "shelter_move" and info["space"] in ([4, 5], [6, 5])  # two steps away


def test_step_4_plays_a_range_card_whenever_one_fits_seven_spaces_first() -> None:
    # Players Turn, step 4: the range card is optional. Playing none (one space) lost head to
    # head to a policy that always plays one (docs/bots.md, "Exploit probes"), so the heuristic
    # plays one for every action, not only for a level up: the seven spaces first, else the
    # card least useful as an action.
    for hand, expected in (([1, 8, 9, 5], 9), ([1, 8, 5, 2], 2)):  # 9: dino, 7 spaces; 2: quake, 3 (/)
        s = table(hands=[hand, BLUE_HAND], tokens=OPEN_TOKENS)  # every symbol may be played
        play(s, act(s, "distance_card", card=1))
        play(s, act(s, "action_card", card=8))  # a climate shift
        assert chosen(s)["kind"] == "range_card" and chosen(s)["card"] == expected


def test_whole_games_are_legal_and_deterministic() -> None:
    def run(seed: int) -> list[int]:
        s = PangaeaGame(players=3).new_initial_state()
        rng, policy_rng = random.Random(seed), random.Random(seed + 1)
        out = []
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            a = choose(s, policy_rng)
            assert a in s.legal_actions()
            out.append(a)
            s.apply_action(a)
        return out

    assert run(5) == run(5)


def test_card_planning_finds_the_cards_that_take_the_leaders_shelter() -> None:
    """Blue holds two Level up cards, a Level down and a Dinosaur (Sun cards: the symbol is
    met). The card values alone spend the Level down card on the distance (5) and raise the land
    away from Red's Shelter; planning the cards and direction together takes the Shelter (a
    Brontosaurus sent onto it)."""

    def blue_turn(weights: dict[str, float]) -> dict[str, Any]:
        s = table(hands=[RED_HAND, [17, 10, 13, 16]])
        quiet(s, "build", draws=(4,))  # Red's Shelter on r4c4
        assert view(s)["players"][0]["shelters"] == 1
        bot = choose.with_weights(weights)
        rng = random.Random(0)
        while s.current_player() == 1 and not kinds(s) & {"move", "move_harvest", "build", "dino_move"}:
            play(s, bot(s, rng))
        return view(s)

    planned = blue_turn({"plan": 1.0})
    assert planned["players"][0]["shelters"] == 0
    plain = blue_turn({})
    assert plain["players"][0]["shelters"] == 1
    assert plain["played"] != planned["played"]


def test_an_interrupt_thought_through_saves_the_shelter_the_leader_rule_gives_away() -> None:
    """Blue's planned cards lie face up to take Red's Shelter (the test above); Red drew a Wild
    and holds five cards, so it may interrupt. ``hard``'s rule interrupts only a leader, and
    Blue, without a point, does not lead; thought through (``interrupt_plan``), Red sees that
    Blue would choose the direction onto its Shelter and that a drawn one mostly misses it."""
    s = table(hands=[RED_HAND, [17, 10, 13, 16]])
    quiet(s, "build", draws=(WILD,))  # Red's Shelter on r4c4; the refill draws a Wild
    planner, rng = choose.with_weights({"plan": 1.0}), random.Random(0)
    while s.current_player() == 1:
        play(s, planner(s, rng))
    assert kinds(s) == {"interrupt", "no_interrupt"}
    leader_rule = choose.with_weights({"interrupt_always": 0.0})
    assert s.describe_action(leader_rule(s, random.Random(0)))["kind"] == "no_interrupt"
    assert chosen(s)["kind"] == "interrupt"  # the hand-written policy interrupts whenever it may
    thought = choose.with_weights({"interrupt_plan": 1.0})
    assert s.describe_action(thought(s, random.Random(0)))["kind"] == "interrupt"
    # the master level thinks it through (its weights table); hard plays the rule
    assert s.describe_action(MasterBot(seed=0, iterations=8).choose(s))["kind"] == "interrupt"
    assert s.describe_action(StrongBot(seed=0).choose(s))["kind"] == "no_interrupt"
    blue_chooses = s.clone()
    play(blue_chooses, act(blue_chooses, "no_interrupt"))
    while kinds(blue_chooses) <= {"direction", "dino_place"}:
        play(blue_chooses, planner(blue_chooses, rng))
    assert view(blue_chooses)["players"][0]["shelters"] == 0  # where Blue would send the dino


def test_with_four_players_an_interrupt_is_thought_through_before_the_others_have_decided() -> None:
    """From the player's left, each player who may interrupt decides in turn: the look-ahead of
    the first ones assumes the later ones let the direction be chosen, so a player may
    interrupt while others are still to decide (a look-ahead that stopped at the next player's
    decision never would)."""
    thought = choose.with_weights({"plan": 1.0, "interrupt_plan": 1.0})
    early = 0
    for seed in range(3):
        s = PangaeaGame(players=4).new_initial_state()
        rng, policy_rng = random.Random(seed), random.Random(seed + 1)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
                continue
            a = thought(s, policy_rng)
            if s.describe_action(a)["kind"] == "interrupt":
                others = s.clone()
                play(others, act(others, "no_interrupt"))
                early += kinds(others) == {"interrupt", "no_interrupt"}
            s.apply_action(a)
    assert early > 0
