"""Helpers for Pangaea's rule tests: a small test world and quiet turns, public API only.

The test world: two strips of land (row 4 and row 6: level 1 at columns 2-3, level 2 at 4-5),
sea elsewhere, the Event locator on r4c1. The asteroid board shows Planet in the centre and
the Sun on every question mark; hands without Sun cards or Wild cards must keep their cards
(Asteroid board, Symbol Cards), so turns pass without touching the world or the decks.
"""

from __future__ import annotations

from typing import Any

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.pangaea.game import PangaeaGame

WILD, RESHUFFLE = 40, 41
NE, E, SE, SW, W, NW = range(6)
SUN_TOKENS = (3, 1, 1, 1, 1)  # centre Planet, every question mark the Sun
OPEN_TOKENS = (3, 4, 4, 4, 1)  # centre Planet, question marks 1-3 show all symbols
ROWS = ["." * 12] * 4 + ["..1122......", "." * 12, "..1122......"] + ["." * 12] * 3
STARS = [(4, 4), (6, 2), (4, 2), (6, 3)]
RED_HAND = [0, 1, 2, 3]  # Moon cards
BLUE_HAND = [20, 21, 22, 23]  # Volcano cards: 3 down, 4 earthquake, 5 climate, 6 dinosaur


def act(state: State, kind: str, **fields: Any) -> int:
    for a in state.legal_actions():
        info = state.describe_action(a)
        if info["kind"] == kind and all(info.get(k) == v for k, v in fields.items()):
            return a
    found = sorted({state.describe_action(a)["kind"] for a in state.legal_actions()})
    raise AssertionError(f"no legal {kind} {fields}: {found}")


def kinds(state: State) -> set[str]:
    return {state.describe_action(a)["kind"] for a in state.legal_actions()}


def table(
    n: int = 2,
    hands: list[list[int]] | None = None,
    tokens: tuple[int, ...] = SUN_TOKENS,
    rows: list[str] | None = None,
    stars: list[tuple[int, int]] | None = None,
    starts: list[list[int]] | None = None,
    **data: Any,
) -> State:
    """A game on the test world, dealt and started (Red on r4c4, Blue on r6c2 by default)."""
    overrides = {"world_rows": rows or ROWS, "stars": stars or STARS, "locator": (4, 1), **data}
    s = PangaeaGame(players=n, data=overrides).new_initial_state()
    force(s, *tokens)
    for hand in hands or [RED_HAND, BLUE_HAND]:
        force(s, *hand)
    for start in starts or [[4, 4], [6, 2]]:
        play(s, act(s, "start", space=start))
    return s


def quiet(
    s: State,
    step6: str,
    *,
    buys: tuple[str, ...] = (),
    swap: tuple[int, ...] = (),
    activate: str | None = None,
    draws: tuple[int, ...] = (),
    **fields: Any,
) -> None:
    """One turn without cards: step 2 (an activation or nothing), keep the cards (or swap one:
    ``swap`` = (card, outcomes drawn...)), step 6, buy Evolution cards, then the refill draws."""
    seat = s.current_player()
    if activate is not None:
        play(s, act(s, "activate", evolution=activate))
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    if swap:
        play(s, act(s, "swap", card=swap[0]))
        force(s, *swap[1:])
    else:
        play(s, act(s, "keep"))
    play(s, act(s, step6, **fields))
    for evolution in buys:
        play(s, act(s, "buy", evolution=evolution))
    if s.current_player() == seat and "done" in kinds(s):
        play(s, act(s, "done"))
    force(s, *draws)


def blue_walks(s: State, turn: int, **extra: Any) -> None:
    """Blue's quiet turn: back and forth between r6c3 and r6c2 without harvesting."""
    quiet(s, "move", space=[6, 3] if turn % 2 else [6, 2], **extra)


def red_scores(s: State, buys_at_4: tuple[str, ...]) -> None:
    """Red: build on r4c4 (1 point), three harvests (4 points), then buys at the 4th turn;
    Blue walks meanwhile. Red ends on r4c3 with the buys made; Blue is to play."""
    quiet(s, "build", draws=(4,))  # a Shelter: the hand limit becomes 5
    blue_walks(s, 1)
    quiet(s, "move_harvest", space=[4, 3])
    blue_walks(s, 2)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 3)
    quiet(s, "move_harvest", space=[4, 3], buys=buys_at_4)


def view(s: State) -> dict[str, Any]:
    return s.view(None)


def red_cards(s: State) -> list[tuple[str, bool]]:
    return [(c["type"], c["active"]) for c in view(s)["players"][0]["evolution"]]


# ----- Blue's card play and Red's level 4 card (Evolution Cards tests) ----------------------------
DIRS = ["NE", "E", "SE", "SW", "W", "NW"]


def blue_plays(s: State, distance: int, action_card: int, range_card: int | None = None, direction: int = E) -> None:
    """Blue (holding a Wild) plays the Wild for the distance and a card for the action."""
    if "continue" in kinds(s):
        play(s, act(s, "continue"))
    play(s, act(s, "distance_wild", distance=distance))
    play(s, act(s, "action_card", card=action_card))
    play(s, act(s, "range_card", card=range_card) if range_card is not None else act(s, "no_range"))
    play(s, act(s, "direction", direction=DIRS[direction]))


def level_4(card: str, blue_wild: bool = True) -> State:
    """Red holds an active level 4 card, Blue (with a Wild unless told) is to play."""
    s = table()
    red_scores(s, ("sea", "trex_guard", "build_anywhere", card))
    blue_walks(s, 4)
    quiet(s, "move_harvest", space=[4, 2])
    blue_walks(s, 5, swap=(20, WILD) if blue_wild else ())
    quiet(s, "move_harvest", space=[4, 3], activate=card)
    return s


# ----- the full-game set-ups (tests of the turn, the asteroid and the alliances) -------------------
WILD, RESHUFFLE = 40, 41
NE, E = 0, 1
# centre Moon (the first single symbol), then the question marks: all, sun, volcano, all
TOKENS = (0, 4, 1, 2, 4)
# card kinds by what they show (number, action, range, symbol) — see cards.json
MOON_1_UP = 0
MOON_2_DOWN = 1
MOON_2_QUAKE = 7
MOON_3_CLIMATE = 8
MOON_4_DINO = 9
MOON_5_CLIMATE = 4
MOON_1_DOWN = 6
SUN_2_UP = 10
OTHER = [30, 31, 32, 33]  # the second player's cards: Planets, no Wild
# The world these tests are written on (the starting map shipped before issue 28, with a star on
# level 2 at r4c7), pinned so that they do not move with the shipped map.
TEST_ROWS = (
    "............",
    "....12......",
    "...12V21....",
    "....2V21....",
    ".11222M21...",
    "..112M2221..",
    "...12221V1..",
    "....1V1.....",
    ".....1......",
    "............",
)
TEST_STARS = ((2, 3), (4, 1), (4, 7), (6, 3), (6, 9), (7, 4))


def new(n: int = 2, data: dict[str, Any] | None = None, **opts: Any) -> State:
    world = {"world_rows": TEST_ROWS, "stars": TEST_STARS, **(data or {})}
    return PangaeaGame(players=n, data=world, **opts).new_initial_state()


def legal_kinds(state: State) -> set[str]:
    return {state.describe_action(a)["kind"] for a in state.legal_actions()}


def begin(
    hands: list[list[int]],
    stars: list[list[int]],
    n: int = 2,
    tokens: tuple[int, ...] = TOKENS,
    data: dict[str, Any] | None = None,
    **opts: Any,
) -> State:
    """Set up: tokens, deals, starting stars; returns at the first player's first decision."""
    s = new(n, data, **opts)
    force(s, *tokens)
    for hand in hands:
        force(s, *hand)
    for star in stars:
        play(s, act(s, "start", space=star))
    return s


def choose(
    s: State,
    distance: int | None,
    action_card: int | None,
    direction: int | None = NE,
    wild_distance: int | None = None,
    range_card: int | None = None,
) -> None:
    """Step 4 and 5 for the player to act (no interrupt expected)."""
    if wild_distance is not None:
        play(s, act(s, "distance_wild", distance=wild_distance))
    else:
        play(s, act(s, "distance_card", card=distance))
    play(s, act(s, "action_card", card=action_card))
    if "no_range" in legal_kinds(s):
        play(s, act(s, "range_card", card=range_card) if range_card is not None else act(s, "no_range"))
    if direction is not None and "direction" in legal_kinds(s):
        play(s, act(s, "direction", direction=["NE", "E", "SE", "SW", "W", "NW"][direction]))


def world(s: State) -> dict[str, Any]:
    return s.view(None)["world"]
