"""Shared set-ups for the Dino Race rule tests (public contract only)."""

from __future__ import annotations

from collections.abc import Mapping

from dinobox import load_game
from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.dino_race import actions as A

PL, DE, SW, JU, WILD, PUSH, EGG, STEAL = range(8)
TRACK = (PL, DE, SW, JU) * 3  # tile n has terrain TRACK[n - 1]
MANY_WILDS = {"cards": [8, 8, 8, 8, 40, 4, 4, 4]}
ERUPTION, TWO_CARDS = 5, 4


def table(
    players: int = 2,
    hands: list[list[int]] | None = None,
    prizes: list[int] | None = None,
    draws: tuple[int, ...] = (PL, PL),
    track: tuple[int, ...] = TRACK,
    data: Mapping[str, object] | None = None,
    **options: object,
) -> State:
    """A race with a forced track, hands, prize stack and first draw; seat 0 is to play."""
    game = load_game("dino-race", players=players, data=data, **options)
    state = game.new_initial_state()
    force(state, *track)
    per = 4 if options.get("teams") else 5
    hands = hands or [[(SW, JU, PL, DE)[s % 4]] * per for s in range(players)]
    for hand in hands:
        force(state, *hand)
    if not options.get("survive"):
        dinos = players * (1 if options.get("teams") else 2)
        force(state, *(prizes or list(range(dinos))))
    force(state, *draws)
    assert state.current_player() == 0
    return state


def hand(state: State, seat: int) -> dict[str, int]:
    return dict(state.view(seat)["hand"])


def tile_of(state: State, dino: int) -> int | None:
    tile: int | None = state.view(None)["dinos"][dino]["tile"]
    return tile


def roll(state: State, face: int) -> None:
    play(state, A.ROLL)
    force(state, face)
