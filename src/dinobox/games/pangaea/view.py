"""What one seat sees of a Pangaea table: a JSON projection of the state.

Everything is public (the world, the face-up player boards with the cards chosen in step 4,
the discard piles, the asteroid board) except the order of the decks, which is never stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from dinobox.engine.state import CHANCE, TERMINAL
from dinobox.games.pangaea import flow as F
from dinobox.games.pangaea.data import COLOURS, EVO_KEYS, EVO_LEVEL, EVO_NAMES, SYMBOL_KEYS
from dinobox.games.pangaea.tiles import ACTION_KEYS, DIRECTION_KEYS, RANGE_KEYS
from dinobox.games.pangaea.viewtypes import (
    CardView,
    EndView,
    EvolutionView,
    PangaeaView,
    PlayerView,
    SelectionView,
)
from dinobox.games.pangaea.worldtext import shelter_views, tile_rows, world_view

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def seat_name(seat: int) -> str:
    return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"Seat {seat}"


def card_info(st: PangaeaState, kind: int) -> CardView:
    if kind == st.WILD:
        return {"kind": kind, "wild": True}
    if kind == st.RESHUFFLE:
        return {"kind": kind, "reshuffle": True}
    number, action, rng, symbol = st.cards[kind]
    return {
        "kind": kind,
        "number": number,
        "action": ACTION_KEYS[action],
        "range": RANGE_KEYS[rng],
        "symbol": SYMBOL_KEYS[symbol],
    }


def selection(st: PangaeaState) -> SelectionView | None:
    """The cards chosen in step 4: they lie face up on the player board, so everyone sees them."""
    sel = st.sel
    if not sel:
        return None
    out: SelectionView = {"chosen": len(sel) // 2, "distance_card": sel[0], "distance": sel[1]}
    if len(sel) >= 4:
        out["action_card"] = sel[2]
        out["action"] = ACTION_KEYS[sel[3]]
    if len(sel) >= 6:
        out["range_card"] = sel[4]
        out["range"] = RANGE_KEYS[sel[5]]
    return out


def evolution(st: PangaeaState, p: int) -> list[EvolutionView]:
    """Seat ``p``'s Evolution cards (face up), in the order taken."""
    return [
        {"type": EVO_KEYS[c >> 1], "name": EVO_NAMES[c >> 1], "level": EVO_LEVEL[c >> 1], "active": bool(c & 1)}
        for c in st.evo[p]
    ]


def players(st: PangaeaState) -> list[PlayerView]:
    """Every player board (face up) with its pieces on the world."""
    w = st.world
    n = st.num_players
    cols = w.geo.cols
    masks = [m for m in w.shelters if m]  # the spaces with Shelters, as seat bitmasks
    per_player = st.game.data.shelters_per_player
    out: list[PlayerView] = []
    for p in range(n):
        built = sum(1 for m in masks if m >> p & 1)
        allies = st.allies(p)
        out.append(
            {
                "seat": p,
                "name": seat_name(p),
                "score": st.points[p],
                "hand": [card_info(st, k) for k in st.hands[p]],
                "evolution": evolution(st, p),
                "explorer": None if w.explorers[p] < 0 else [w.explorers[p] // cols, w.explorers[p] % cols],
                "shelters": built,
                "shelters_left": per_player - built,
                "allies": [q for q in range(n) if allies >> q & 1],
            }
        )
    return out


def view(st: PangaeaState, seat: int | None) -> PangaeaView:
    over = st.current_player() == TERMINAL
    w = st.world
    cols = w.geo.cols
    to_act = st.current_player()
    top = None if over else st.top_step()
    phase = "over" if over else ("resolve" if top is None else top.phase())
    result: PangaeaView = {
        "game": "pangaea",
        "seat": seat,
        "turn": st.turns,
        "round": st.round,
        "turn_player": st.turn,
        "to_act": None if to_act in (CHANCE, TERMINAL) else to_act,
        "phase": phase,
        "over": over,
        "options": {
            "length": st.game.options["length"],
            "ranges": st.game.options["ranges"],
            "first": st.game.options["first"],
            "finish_round": st.game.options["finish_round"],
        },
        "start_player": st.first if st.first >= 0 else None,
        "asteroid": st.asteroid,
        "scores": list(st.points),
        # where each seat's points came from (and went); the parts sum to the score
        "breakdown": [dict(zip(F.SCORE_PARTS, row, strict=True)) for row in st.score_parts],
        "ring": [("A" if i == 0 else SYMBOL_KEYS[s] if s >= 0 else None) for i, s in enumerate(st.ring)],
        "ring_pos": st.ring_pos,
        "centre": SYMBOL_KEYS[st.centre] if st.centre >= 0 else None,
        "restriction": SYMBOL_KEYS[st.restriction()],
        "players": players(st),
        "deck_count": sum(st.deck),
        "discard": {str(k): c for k, c in enumerate(st.discard) if c},
        "direction_deck": sum(st.dir_deck),
        "direction_discard": {DIRECTION_KEYS[d]: c for d, c in enumerate(st.dir_discard) if c},
        "evolution_supply": {EVO_KEYS[e]: c for e, c in enumerate(st.evo_supply)},
        "world": world_view(w),
        "selection": selection(st),
        "played": [card_info(st, k) for k in st.played],
        "interrupted": st.interrupted,
        "direction": DIRECTION_KEYS[st.direction] if st.direction >= 0 else None,
        "range": [[s // cols, s % cols] for s in st.act_spaces],
        "pending_changes": [[s // cols, s % cols] for s, _ in st.plan[1]] if st.plan else [],
        "blocked": sorted([s // cols, s % cols] for s in st.blocked),
        # a dino about to land (waiting for protection / Shelter-move decisions)
        "pending_dino": {"dino": st.pending_dino[0], "to": [st.pending_dino[1] // cols, st.pending_dino[1] % cols]}
        if st.pending_dino
        else None,
    }
    if phase == "start":
        result["stars"] = [list(rc) for rc in st.game.data.stars]
    end = end_view(st, over)
    if end is not None:
        result["end"] = end
    if over:
        result["winners"] = st.winners()
    return result


def end_view(st: PangaeaState, over: bool) -> EndView | None:
    """The end game's facts once the asteroid has reached its value (``None`` before)."""
    if st.final is None:
        return None
    cols = st.world.geo.cols
    end: EndView = {
        "impact_value": st.final,
        "end_player": st.end_player,
        "impact": None if st.impact < 0 else [st.impact // cols, st.impact % cols],
    }
    if over:
        end["bonus"] = list(st.end_bonus)
        end["survived"] = any(st.world.shelters)
    return end


SCORING_KEYS = ("seat", "asteroid", "players", "world", "end")
"""The parts of a view that ``scoring_view`` builds."""


def scoring_view(st: PangaeaState, seat: int) -> PangaeaView:
    """The part of ``view(seat)`` a position's evaluation reads, built without the rest (the
    heuristic's look-ahead asks it for every option): ``SCORING_KEYS``, each player with only its
    seat, score, Evolution cards and Explorer, the world with only its size, tiles and Shelters.
    Every value in it equals ``view(seat)``'s; all of it is public."""
    w = st.world
    cols = w.geo.cols
    part: dict[str, Any] = {
        "seat": seat,
        "asteroid": st.asteroid,
        "players": [
            {
                "seat": p,
                "score": st.points[p],
                "evolution": evolution(st, p),
                "explorer": None if w.explorers[p] < 0 else [w.explorers[p] // cols, w.explorers[p] % cols],
            }
            for p in range(st.num_players)
        ],
        "world": {"rows": w.geo.rows, "cols": cols, "tiles": tile_rows(w), "shelters": shelter_views(w)},
    }
    end = end_view(st, st.current_player() == TERMINAL)
    if end is not None:
        part["end"] = end
    return cast(PangaeaView, part)
