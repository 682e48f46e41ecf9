"""Shared set-ups for the Escape from T-Rex Island rule tests (public contract only)."""

from __future__ import annotations

from typing import Any

from dinobox.engine.state import State
from dinobox.engine.testing import force, play
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island.game import TRexIslandGame

O, P, C = 0, 1, 2  # noqa: E741 - card / space colours
STEGO, TRICERA, BRACHIO, RAPTOR, PTERO, TREX = range(6)
HUNTER, JOURNALIST, SCOUT, EXPLORER = range(4)
SPINO, FOOD1, FOOD2, FOOD3, SURVIVOR, SHOTGUN, SMG = range(7)
# Default board: see src/dinobox/games/trex_island/map.json
HELIPAD = 45


def card(kind: int, colour: int) -> int:
    return kind * 3 + colour


def line_map(spec: str) -> dict[str, Any]:
    """Data overrides for a straight board: o/p/c colour spaces, ? rest points, H the helipad."""
    kinds = {"o": "orange", "p": "purple", "c": "cyan", "?": "rest", "H": "helipad"}
    n = len(spec)
    return {
        "space_kinds": [kinds[ch] for ch in spec],
        "space_next": [[i + 1] if i + 1 < n else [] for i in range(n)],
        "space_places": [[0, i] for i in range(n)],
        "space_trails": ["line"] * n,
        "start_space": 0,
    }


def fork_map(trunk: str, left: str, right: str, tail: str) -> dict[str, Any]:
    """A trunk that splits into two branches which meet again before the tail."""
    kinds = {"o": "orange", "p": "purple", "c": "cyan", "?": "rest", "H": "helipad"}
    spec = trunk + left + right + tail
    n = len(spec)
    t, lft, r = len(trunk), len(left), len(right)
    nxt: list[list[int]] = [[i + 1] for i in range(n)]
    nxt[t - 1] = [t, t + lft]
    nxt[t + lft - 1] = [t + lft + r]
    nxt[t + lft + r - 1] = [t + lft + r]
    nxt[n - 1] = []
    places = [[1, i] for i in range(t)] + [[0, t + i] for i in range(lft)] + [[2, t + i] for i in range(r)]
    places += [[1, t + max(lft, r) + i] for i in range(len(tail))]
    return {
        "space_kinds": [kinds[ch] for ch in spec],
        "space_next": nxt,
        "space_places": places,
        "space_trails": ["fork"] * n,
        "start_space": 0,
    }


def new_game(players: int = 2, **options: Any) -> TRexIslandGame:
    return TRexIslandGame(players=players, **options)


def table(
    players: int = 2,
    chars: tuple[int, ...] = (SCOUT, JOURNALIST, HUNTER, EXPLORER),
    hands: list[list[int]] | None = None,
    first: int = 0,
    data: dict[str, Any] | None = None,
    **options: Any,
) -> State:
    """A game after set-up: seat 1 drawn to choose first, so the characters are chosen in seat
    order; the hands forced, ``first`` to play."""
    game = new_game(players=players, data=data or {}, **options)
    state = game.new_initial_state()
    force(state, 0)
    for c in chars[:players]:
        play(state, A.CHARACTER + c)
    if hands is None:
        hands = [[0, 0, 1, 1], [3, 3, 4, 4, 5], [6, 6, 7, 7], [8, 8, 12, 12]]
        hands = [h if c == JOURNALIST else h[:4] for h, c in zip(hands, chars, strict=False)]
    for seat in range(players):
        force(state, *hands[seat])
    force(state, first)
    assert state.current_player() == first
    return state


def phase(state: State) -> str:
    return str(state.view(None)["phase"])


def move(state: State, kind: int, colour: int, slot: int, space: int, pile: int = 0, token: int | None = None) -> None:
    """Play a card to move a team; choose the pile; draw (forced) or leave a token."""
    play(state, A.move(card(kind, colour), slot, space))
    if phase(state) == "discard":
        play(state, A.PILE + pile)
    if phase(state) == "token":
        if token is None:
            play(state, A.TOKEN_LEAVE)
        else:
            play(state, A.TOKEN_TAKE)
            force(state, token)


def draw(state: State, *cards: int) -> None:
    """Draw actions, each card forced."""
    for c in cards:
        play(state, A.DRAW)
        force(state, c)


def die(state: State, d: int) -> dict[str, Any]:
    info: dict[str, Any] = state.view(None)["dice"][d]
    return info


def crew(state: State, d: int) -> int:
    return int(die(state, d)["crew"])


def space(state: State, d: int) -> int | None:
    space: int | None = die(state, d)["space"]
    return space


def destinations(state: State, slot: int, kind: int, colour: int) -> set[int]:
    """Where the seat to act may move its team ``slot`` with that card."""
    c = card(kind, colour)
    out = set()
    for a in state.legal_actions():
        if a < A.PICTURE:
            cc, k, s = A.split_move(a)
            if cc == c and k == slot:
                out.add(s)
    return out


def tops(state: State) -> list[str | None]:
    return [(p["top"]["kind"] if p["top"] else None) for p in state.view(None)["piles"]]


def any_move(state: State) -> None:
    """The lowest legal move (cards and dice near the start); the pile and token choices default."""
    a = min(x for x in state.legal_actions() if x < A.PICTURE)
    c, slot, where = A.split_move(a)
    move(state, c // 3, c % 3, slot, where)


def idle(state: State) -> None:
    """The seat to act spends its two actions on the lowest moves."""
    seat = state.current_player()
    for _ in range(2):
        if state.current_player() == seat:
            any_move(state)
