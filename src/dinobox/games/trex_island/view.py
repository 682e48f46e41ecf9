"""What one seat sees of an Escape from T-Rex Island table: a JSON projection of the state.

Public: the board, every die, the T-Rex, both discard piles (all face up), trophies, the tokens
players hold (revealed when drawn), how many face-down tokens wait at each rest point and the
mix of tokens not yet drawn, hand sizes and the draw deck's size. Secret: the cards in hand
(a seat sees its own), the order of the deck and which face-down token lies where.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from dinobox.engine.state import CHANCE, TERMINAL
from dinobox.games.trex_island.data import (
    ATTACK_NAMES,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    COLOURS,
    EVADE_PTERO,
    EVADE_RAPTOR,
    FREE_SHOTGUN,
    KIND_KEYS,
    LOST,
    NUM_CARD_TYPES,
    NUM_TOKEN_KINDS,
    PLAYER_COLOURS,
    SPACE_KINDS,
    START,
    TOKEN_KEYS,
)
from dinobox.games.trex_island.viewtypes import (
    CardCountView,
    CardView,
    DieView,
    PileView,
    PlayerView,
    SpaceView,
    TRexView,
)

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

T = NUM_CARD_TYPES
K = NUM_TOKEN_KINDS


def seat_name(state: TRexIslandState, seat: int) -> str:
    c = state.chars[seat] if 0 <= seat < len(state.chars) else -1
    return PLAYER_COLOURS[c] if c >= 0 else f"Seat {seat + 1}"


def team_name(state: TRexIslandState, die: int) -> str:
    return f"{seat_name(state, die // 3)} team {die % 3 + 1}"


def card_info(card: int) -> CardView:
    kind, colour = divmod(card, 3)
    return {"card": card, "kind": KIND_KEYS[kind], "colour": COLOURS[colour]}


def _cards(counts: Sequence[int]) -> list[CardCountView]:
    out: list[CardCountView] = []
    for t in range(T):
        if counts[t]:
            kind, colour = divmod(t, 3)
            out.append({"card": t, "kind": KIND_KEYS[kind], "colour": COLOURS[colour], "count": counts[t]})
    return out


def board_json(state: TRexIslandState) -> list[SpaceView]:
    data = state.game.data
    board = state.board
    out: list[SpaceView] = []
    for s in range(board.size):
        entry: SpaceView = {
            "id": s,
            "kind": SPACE_KINDS[board.kind[s]],
            "next": list(board.next[s]),
            "row": data.space_places[s][0],
            "col": data.space_places[s][1],
            "trail": data.space_trails[s],
        }
        r = board.rest_index[s]
        if r >= 0:
            entry["tokens"] = state.rest_left[r]
        out.append(entry)
    return out


def _dice(state: TRexIslandState) -> list[DieView]:
    helipad = state.board.helipad
    arrival = {d: i + 1 for i, d in enumerate(state.arrivals)}
    dice: list[DieView] = []
    for d in range(3 * state.num_players):
        p = state.pos[d]
        dice.append(
            {
                "id": d,
                "owner": d // 3,
                "slot": d % 3,
                "name": team_name(state, d),
                "crew": state.crew[d],
                "space": p if p >= 0 else None,
                "at_start": p == START,
                "arrived": p == helipad,
                "arrival": arrival.get(d),
                "lost": p == LOST,
            }
        )
    return dice


def _player(state: TRexIslandState, p: int) -> PlayerView:
    c = state.chars[p]
    perks = state.perks[p]
    base = p * K
    return {
        "seat": p,
        "name": seat_name(state, p),
        "character": CHARACTER_KEYS[c] if c >= 0 else None,
        "character_name": CHARACTER_NAMES[c] if c >= 0 else None,
        "hand_count": state.hand_count(p),
        "hand_limit": state.hand_limit(p),
        "trophies": {KIND_KEYS[h]: state.trophy_count(p, h) for h in range(3)},
        "trophy_cards": _cards(state.trophies[p * T : p * T + T]),
        "tokens": {TOKEN_KEYS[k]: state.held[base + k] for k in range(1, K) if state.held[base + k]},
        "food_cans": state.cans(p),
        "can_feed": state.food_capacity(p),
        "rescued": state.rescued(p),
        "free_shotgun": bool(perks & FREE_SHOTGUN),
        "evade_raptor": bool(perks & EVADE_RAPTOR),
        "evade_pterosaur": bool(perks & EVADE_PTERO),
        "score": sum(state.score_parts(p).values()),
    }


def _piles(state: TRexIslandState) -> list[PileView]:
    return [
        {"count": len(pile), "top": card_info(pile[-1]) if pile else None, "cards": [card_info(c) for c in pile]}
        for pile in state.piles
    ]


def view(state: TRexIslandState, seat: int | None) -> TRexView:
    over = state.current_player() == TERMINAL
    n = state.num_players
    board = state.board
    top = None if over else state.top_step()
    to_act = state.current_player()
    result: TRexView = {
        "game": "trex-island",
        "seat": seat,
        "over": over,
        "turn": state.turns,
        "turn_player": state.turn_player,
        "actions_done": state.actions_done,
        "to_act": None if to_act in (CHANCE, TERMINAL) else to_act,
        "phase": phase_name(state),
        "board": board_json(state),
        "start": board.start,
        "helipad": board.helipad,
        "trex": state.trex if state.trex >= 0 else None,
        "dice": _dice(state),
        "players": [_player(state, p) for p in range(n)],
        "piles": _piles(state),
        "deck_count": sum(state.deck),
        "tokens_undrawn": {TOKEN_KEYS[k]: state.pool[k] for k in range(K)},
        "tokens_on_map": sum(state.rest_left),
        "arrivals": list(state.arrivals),
        "choosing_order": list(state.choosing_order()),
    }
    if top is not None:
        attack = top.attack_on()
        if attack is not None:
            result["attack"] = {"team": attack.die, "kind": ATTACK_NAMES[attack.attack], "men": attack.amount}
        if top.playing() >= 0:
            result["playing"] = card_info(top.playing())
    if seat is not None:
        result["hand"] = _cards(state.hand[seat * T : seat * T + T])
    if over:
        result["scores"] = state.scores()
        result["winners"] = state.winners()
        result["breakdown"] = [state.score_parts(p) for p in range(n)]
    return result


def phase_name(state: TRexIslandState) -> str:
    """The phase a view shows: the step on top says it (``IslandStep.phase``)."""
    if state.current_player() == TERMINAL:
        return "over"
    top = state.top_step()
    return "resolve" if top is None else top.phase()
