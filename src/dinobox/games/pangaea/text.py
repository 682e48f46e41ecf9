"""Readable words for Pangaea's actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from dinobox.engine.state import CHANCE
from dinobox.games.pangaea.actions import Fixed
from dinobox.games.pangaea.data import EVO_KEYS, EVO_NAMES, SYMBOL_NAMES
from dinobox.games.pangaea.tiles import (
    ACTION_KEYS,
    ACTION_NAMES,
    DINO_NAMES,
    DIRECTION_KEYS,
    DIRECTION_NAMES,
    RANGE_NAMES,
    TILE_KEYS,
    TILE_NAMES,
)
from dinobox.games.pangaea.view import seat_name
from dinobox.games.pangaea.world import explorer_safe_at

if TYPE_CHECKING:
    from dinobox.games.pangaea.rules import PangaeaState


def where(st: PangaeaState, s: int) -> str:
    r, c = divmod(s, st.world.geo.cols)
    return f"r{r}c{c}"


def card_text(st: PangaeaState, k: int) -> str:
    if k == st.WILD:
        return "Wild card"
    if k == st.RESHUFFLE:
        return "Reshuffle card"
    number, action, rng, symbol = st.cards[k]
    return f"[{number} {ACTION_NAMES[action]} {RANGE_NAMES[rng]} {SYMBOL_NAMES[symbol]}]"


def _rc(st: PangaeaState, s: int) -> list[int]:
    return list(divmod(s, st.world.geo.cols))


def _simple_kinds(st: PangaeaState) -> dict[int, str]:
    """The actions that are a word alone (no space, card or dino): one table per layout."""
    return _simple_kinds_of(st.A)


@cache
def _simple_kinds_of(A: Fixed) -> dict[int, str]:
    return {
        A.CONTINUE: "continue",
        A.REENTER: "reenter",
        A.STAY_OFF: "stay_off",
        A.KEEP: "keep",
        A.NO_RANGE: "no_range",
        A.INTERRUPT: "interrupt",
        A.NO_INTERRUPT: "no_interrupt",
        A.BUILD: "build",
        A.BUILD_SPECIAL: "build_special",
        A.PASS: "pass",
        A.EXTRA_YES: "extra_move",
        A.EXTRA_NO: "no_extra_move",
        A.DONE: "done",
        A.NO_BLOCK: "no_block",
        A.NO_SHELTER_MOVE: "no_shelter_move",
        A.GUARD_YES: "use_protection",
        A.GUARD_NO: "no_protection",
    }


def decode(st: PangaeaState, action: int) -> dict[str, Any]:
    """Split a player action into its parts (kind, space, card, dino...)."""
    A = st.A
    n = st.world.geo.n
    if action < A.WILD_DINO:
        return {"kind": "start", "space": _rc(st, action)}
    if action < A.WILD_SHELTER:
        return {"kind": "wild_dino", "dino": action - A.WILD_DINO}
    if action < A.ACTIVATE:
        return {"kind": "wild_shelter", "space": _rc(st, action - A.WILD_SHELTER)}
    if action < A.CONTINUE:
        return {"kind": "activate", "evolution": EVO_KEYS[action - A.ACTIVATE]}
    simple = _simple_kinds(st)
    if action in simple:
        return {"kind": simple[action]}
    if A.DIST_CARD <= action < A.DIST_WILD:
        return {"kind": "distance_card", "card": action - A.DIST_CARD}
    if A.DIST_WILD <= action < A.SWAP:
        return {"kind": "distance_wild", "card": st.WILD, "distance": action - A.DIST_WILD}
    if A.SWAP <= action < A.KEEP:
        return {"kind": "swap", "card": action - A.SWAP}
    if A.ACT_CARD <= action < A.ACT_WILD:
        return {"kind": "action_card", "card": action - A.ACT_CARD}
    if A.ACT_WILD <= action < A.RANGE_CARD:
        return {"kind": "action_wild", "card": st.WILD, "verb": ACTION_KEYS[action - A.ACT_WILD]}
    if A.RANGE_CARD <= action < A.NO_RANGE:
        return {"kind": "range_card", "card": action - A.RANGE_CARD}
    if A.DIR <= action < A.CRACK:
        return {"kind": "direction", "direction": DIRECTION_KEYS[action - A.DIR]}
    if A.CRACK <= action < A.DINO_PLACE:
        a, b = st.world.geo.edge_ends[action - A.CRACK]
        return {"kind": "crack", "edge": action - A.CRACK, "spaces": [_rc(st, a), _rc(st, b)]}
    if A.DINO_PLACE <= action < A.MOVE:
        d, s = divmod(action - A.DINO_PLACE, n)
        return {"kind": "dino_place", "dino": d, "space": _rc(st, s)}
    if A.MOVE <= action < A.HARVEST:
        return {"kind": "move", "space": _rc(st, action - A.MOVE)}
    if A.HARVEST <= action < A.BUILD:
        return {"kind": "move_harvest", "space": _rc(st, action - A.HARVEST)}
    if A.DINO_MOVE <= action < A.PASS:
        d, s = divmod(action - A.DINO_MOVE, n)
        return {"kind": "dino_move", "dino": d, "space": _rc(st, s)}
    if A.BUY <= action < A.STONE:
        e, j = divmod(action - A.BUY, 9)
        info: dict[str, Any] = {"kind": "buy", "evolution": EVO_KEYS[e]}
        if j:
            info["discard"] = EVO_KEYS[j - 1]
        return info
    if A.STONE <= action < A.DONE:
        return {"kind": "stone", "space": _rc(st, action - A.STONE)}
    if A.BLOCK <= action < A.NO_BLOCK:
        return {"kind": "block", "space": _rc(st, action - A.BLOCK)}
    if A.SHELTER_MOVE <= action < A.NO_SHELTER_MOVE:
        src, dst = divmod(action - A.SHELTER_MOVE, n)
        return {"kind": "shelter_move", "from": _rc(st, src), "space": _rc(st, dst)}
    if A.TRIM <= action < A.TAKE_TILE:
        return {"kind": "give_back", "card": action - A.TRIM}
    if A.TAKE_TILE <= action < A.REUSE_CRACK:
        s = action - A.TAKE_TILE
        return {"kind": "take_tile", "space": _rc(st, s), "tile": TILE_KEYS[st.world.top(s)]}
    a, b = st.world.geo.edge_ends[action - A.REUSE_CRACK]
    return {"kind": "reuse_crack", "edge": action - A.REUSE_CRACK, "spaces": [_rc(st, a), _rc(st, b)]}


LOST = "the Explorer is lost there"
"""The warning of a move that costs the Explorer (``describe_action``'s ``warning``, and the text)."""


def action_info(st: PangaeaState, action: int, player: int) -> dict[str, Any]:
    if player == CHANCE:
        return {"kind": "chance"}
    info = decode(st, action)
    if info["kind"] == "move" and _danger(st, player, st.world.geo.space(*info["space"])):
        info["warning"] = LOST
    return info


def _sp(info: dict[str, Any]) -> str:
    r, c = info["space"]
    return f"r{r}c{c}"


def action_text(st: PangaeaState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(st, action)
    who = seat_name(player)
    i = decode(st, action)
    return f"{who}: {_action_texts()[i['kind']](st, i, player)}"


@cache
def _action_texts() -> dict[str, Callable[[PangaeaState, dict[str, Any], int], str]]:
    """Per kind of action (``decode``), its words from the state, its parts and the player."""
    return {
        "start": lambda st, i, p: f"start the Explorer on the star at {_sp(i)}",
        "wild_dino": lambda st, i, p: f"play a Wild card to remove {DINO_NAMES[i['dino']]}",
        "wild_shelter": lambda st, i, p: f"play a Wild card to remove your Shelter at {_sp(i)}",
        "activate": lambda st, i, p: f"activate {EVO_NAMES[EVO_KEYS.index(i['evolution'])]} (1 point)",
        "continue": lambda st, i, p: "go on (no Wild card or activation)",
        "reenter": lambda st, i, p: "re-enter your Explorer",
        "stay_off": lambda st, i, p: "keep your Explorer off the board",
        "keep": lambda st, i, p: "keep your cards and skip steps 4 and 5",
        "swap": lambda st, i, p: f"discard {card_text(st, i['card'])}, draw a new card, skip steps 4 and 5",
        "distance_card": lambda st, i, p: f"distance: {card_text(st, i['card'])} ({st.cards[i['card']][0]} spaces)",
        "distance_wild": lambda st, i, p: f"distance: Wild card for {i['distance']} spaces",
        "action_card": lambda st, i, p: f"action: {card_text(st, i['card'])} ({ACTION_NAMES[st.cards[i['card']][1]]})",
        "action_wild": lambda st, i, p: f"action: Wild card for {ACTION_NAMES[ACTION_KEYS.index(i['verb'])]}",
        "range_card": lambda st, i, p: f"range: {card_text(st, i['card'])} ({RANGE_NAMES[st.cards[i['card']][2]]})",
        "no_range": lambda st, i, p: "range: none (1 space)",
        "interrupt": lambda st, i, p: f"play a Wild card: {seat_name(st.turn)} must draw a Direction card",
        "no_interrupt": lambda st, i, p: f"let {seat_name(st.turn)} choose the direction",
        "direction": lambda st, i, p: f"move the Event locator {DIRECTION_NAMES[DIRECTION_KEYS.index(i['direction'])]}",
        "crack": lambda st, i, p: "crack between r{}c{} and r{}c{}".format(*i["spaces"][0], *i["spaces"][1]),
        "dino_place": lambda st, i, p: f"put {DINO_NAMES[i['dino']]} on {_sp(i)}",
        "move": lambda st, i, p: f"move your Explorer to {_sp(i)}" + _danger(st, p, st.world.geo.space(*i["space"])),
        "move_harvest": lambda st, i, p: f"move your Explorer to {_sp(i)} and harvest (+1)",
        "build": lambda st, i, p: "build a Shelter here (+1)",
        "build_special": lambda st, i, p: "build a Shelter here with the Build anywhere card (+1)",
        "dino_move": lambda st, i, p: f"move {DINO_NAMES[i['dino']]} to {_sp(i)}",
        "pass": lambda st, i, p: "skip step 6 (every move would cost your Explorer)",
        "extra_move": lambda st, i, p: "use the Extra move card: step 6 again",
        "no_extra_move": lambda st, i, p: "no extra move",
        "buy": lambda st, i, p: (
            f"buy {EVO_NAMES[EVO_KEYS.index(i['evolution'])]} (1 point"
            + (f", giving back {EVO_NAMES[EVO_KEYS.index(i['discard'])]})" if "discard" in i else ")")
        ),
        "stone": lambda st, i, p: f"buy a stone for the lava at {_sp(i)} (1 point)",
        "done": lambda st, i, p: "end buying",
        "block": lambda st, i, p: f"block the tile change at {_sp(i)}",
        "no_block": lambda st, i, p: "let the tiles change",
        "shelter_move": lambda st, i, p: "move your Shelter from r{}c{} to ".format(*i["from"]) + _sp(i),
        "no_shelter_move": lambda st, i, p: "leave your Shelters where they are",
        "give_back": lambda st, i, p: f"give back {card_text(st, i['card'])}",
        "take_tile": lambda st, i, p: (
            f"take the {TILE_NAMES[TILE_KEYS.index(i['tile'])]} tile from {_sp(i)} (none left in the supply)"
        ),
        "reuse_crack": lambda st, i, p: "reuse the crack stick between r{}c{} and r{}c{}".format(
            *i["spaces"][0], *i["spaces"][1]
        ),
        "use_protection": lambda st, i, p: f"use your protection card against {_pending(st)}",
        "no_protection": lambda st, i, p: f"do not use your protection card against {_pending(st)}",
    }


def _pending(st: PangaeaState) -> str:
    if not st.pending_dino:
        return "the dinosaur"
    d, s = st.pending_dino
    return f"{DINO_NAMES[d]} at {where(st, s)}"


def _danger(st: PangaeaState, player: int, s: int) -> str:
    return "" if explorer_safe_at(st.world, player, s) else f" ({LOST})"


_DRAWN: dict[str, Callable[[PangaeaState, int], str]] = {
    "card": lambda st, outcome: f"card: {card_text(st, outcome)}",
    "direction": lambda st, outcome: f"direction card: {DIRECTION_NAMES[outcome]}",
    "token": lambda st, outcome: f"symbol token: {SYMBOL_NAMES[outcome]}",
    "start_player": lambda st, outcome: f"start player: {seat_name(outcome)}",
}
"""What a chance outcome says, by what the chance step on top draws (``PangaeaStep.draws``)."""


def _chance_text(st: PangaeaState, outcome: int) -> str:
    top = st.top_step()
    said = _DRAWN.get(top.draws()) if top is not None else None
    return said(st, outcome) if said is not None else f"outcome {outcome}"


Texts = dict[str, Callable[[], str]]


def event_text(st: PangaeaState, kind: str, args: tuple[Any, ...], private: bool) -> str:
    if kind == "choose":  # the chosen cards lie face up (Players Turn, step 4): the text is public
        seat, stage, card, value = args
        what = ("distance", "action", "range")[stage]
        shown = value if stage == 0 else ACTION_NAMES[value] if stage == 1 else RANGE_NAMES[value]
        chosen = card_text(st, card) if card >= 0 else "no card"
        return f"{seat_name(seat)} chooses {chosen} for the {what}: {shown}."
    if kind == "no_dino":
        return _no_dino_text(st, args)
    fn = _turn_texts(st, args).get(kind) or _board_texts(st, args).get(kind)
    return fn() if fn else kind


def _turn_texts(st: PangaeaState, args: tuple[Any, ...]) -> Texts:
    """The texts of a player's turn: cards, choices, moves, buys."""
    s = seat_name
    return {
        "first": lambda: f"{s(args[0])} is the start player" + (" (drawn at random)." if args[1] else "."),
        "setup": lambda: f"A game of Pangaea for {args[0]} players begins.",
        "turn": lambda: f"{s(args[0])}'s turn.",
        "token": lambda: (
            ("The centre of the asteroid board shows " if args[0] == 0 else f"Question mark {args[0]} shows ")
            + SYMBOL_NAMES[args[1]]
            + "."
        ),
        "draw": lambda: f"{s(args[0])} draws {card_text(st, args[1])}.",
        "reshuffle_drawn": lambda: "The Reshuffle card is drawn.",
        "reshuffle": lambda: "The STAR cards are reshuffled.",
        "token_moves": lambda: (
            "The asteroid token moves to " + ("the lightning space." if args[0] == 0 else f"space {args[0]}.")
        ),
        "direction_card": lambda: f"Direction card: {DIRECTION_NAMES[args[0]]}.",
        "direction_reshuffle": lambda: "The Direction cards are reshuffled.",
        "direction": lambda: f"{s(args[0])} moves the Event locator {DIRECTION_NAMES[args[1]]}.",
        "score": lambda: f"{s(args[0])} {'+' if args[1] > 0 else ''}{args[1]} point(s): {args[2]}.",
        "asteroid": lambda: f"The asteroid is pushed down to {args[0]}.",
        "interrupt": lambda: f"{s(args[0])} plays a Wild card: {s(args[1])} must follow a Direction card.",
        "swap": lambda: f"{s(args[0])} cannot play the symbol and swaps {card_text(st, args[1])}.",
        "keep": lambda: f"{s(args[0])} cannot play the symbol and keeps the cards.",
        "play": lambda: f"{s(args[0])} plays: {args[2]} spaces, {ACTION_NAMES[args[4]]}, range {RANGE_NAMES[args[6]]}.",
        "locator": lambda: f"The Event locator moves {args[1]} {DIRECTION_NAMES[args[0]]} to {where(st, args[2])}.",
        "action": lambda: f"{ACTION_NAMES[args[0]]} over {RANGE_NAMES[args[1]]}.",
        "no_quake": lambda: "No crack can be placed: no earthquake.",
        "forfeit": lambda: f"{s(args[0])}'s action would harm an ally: it is forfeit.",
        "extra_move": lambda: f"{s(args[0])} uses the Extra move card.",
        "block": lambda: f"{s(args[0])} blocks the change at {where(st, args[1])}.",
        "shelter_move": lambda: f"{s(args[0])} moves a Shelter from {where(st, args[1])} to {where(st, args[2])}.",
        "trim": lambda: f"{s(args[0])} has no Shelter left and gives back {card_text(st, args[1])}.",
        "start": lambda: f"{s(args[0])}'s Explorer starts at {where(st, args[1])}.",
        "wild_dino": lambda: f"{s(args[0])} plays a Wild card: {DINO_NAMES[args[1]]} leaves the board.",
        "wild_shelter": lambda: f"{s(args[0])} plays a Wild card to remove their Shelter at {where(st, args[1])}.",
        "activate": lambda: f"{s(args[0])} activates {EVO_NAMES[args[1]]}.",
        "pass": lambda: f"{s(args[0])} skips step 6.",
        "move": lambda: f"{s(args[0])}'s Explorer moves to {where(st, args[1])}.",
        "harvest": lambda: f"{s(args[0])} harvests at {where(st, args[1])}.",
        "build": lambda: f"{s(args[0])} builds a Shelter at {where(st, args[1])}.",
        "dino_move": lambda: f"{s(args[0])} moves {DINO_NAMES[args[1]]} to {where(st, args[3])}.",
        "stone": lambda: f"{s(args[0])} buys a stone for {where(st, args[1])}.",
        "buy": lambda: (
            f"{s(args[0])} buys {EVO_NAMES[args[1]]}"
            + (f", giving back {EVO_NAMES[args[2]]}." if args[2] >= 0 else ".")
        ),
        "centre_matches": lambda: f"{args[0]} card(s) match the centre symbol.",
    }


def _board_texts(st: PangaeaState, args: tuple[Any, ...]) -> Texts:
    """The texts of the lightning, the end game and the world's changes."""
    s = seat_name
    return {
        "lightning": lambda: "Lightning! Shelters score, the asteroid comes closer.",
        "recalc": lambda: f"Row {args[0]} counts {args[1]}: the asteroid goes from {args[2]} to {args[3]}.",
        "wild_set_aside": lambda: "A Wild card is drawn and set aside.",
        "star_drawn": lambda: f"STAR card drawn: {card_text(st, args[1])}.",
        "round": lambda: f"Round {args[0]} begins.",
        "impact_value": lambda: f"The asteroid hits at {args[0]}! {s(args[1])} plays the end game.",
        "impact_point": lambda: f"The impact point is r{args[0]}c{args[1]}.",
        "toxic_ring": lambda: "The ring around the impact is toxic.",
        "debris": lambda: f"Debris for {s(args[0])} falls on {where(st, args[1])}.",
        "game_over": lambda: (
            ("Mankind survives. Winner(s): " + ", ".join(s(p) for p in args[1]))
            if args[0]
            else "No Shelter survived: everyone has lost."
        ),
        "w_tile": lambda: f"{where(st, args[0])}: {TILE_NAMES[args[1]]} becomes {TILE_NAMES[args[2]]}.",
        "w_explorer_lost": lambda: f"{s(args[0])}'s Explorer is removed from {where(st, args[1])}.",
        "w_shelter_lost": lambda: f"{s(args[0])}'s Shelter at {where(st, args[1])} is destroyed.",
        "w_dino_lost": lambda: f"{DINO_NAMES[args[0]]} leaves the board at {where(st, args[1])}.",
        "w_erupt": lambda: f"The volcano at {where(st, args[0])} erupts!",
        "w_crack": lambda: "A crack opens.",
        "w_crack_gone": lambda: "A crack closes by the sea.",
        "w_crack_moved": lambda: "An old crack stick is reused.",
        "stay_off": lambda: f"{s(args[0])} keeps the Explorer off the board.",
        "no_guard": lambda: f"{s(args[0])} does not use the protection card.",
        "w_tsunami": lambda: "A tsunami " + (f"hits {where(st, args[1])}." if args[1] >= 0 else "dies out."),
        "w_guard": lambda: f"{s(args[0])}'s protection card drives off {DINO_NAMES[args[1]]}.",
        "w_reenter": lambda: f"{s(args[0])}'s Explorer re-enters at {where(st, args[1])}.",
        "w_no_tile": lambda: f"No {TILE_NAMES[args[1]]} tile left: {where(st, args[0])} stays.",
        "w_tile_from_board": lambda: f"A {TILE_NAMES[args[1]]} tile is taken from {where(st, args[0])}.",
        "w_dino": lambda: f"{DINO_NAMES[args[0]]} arrives at {where(st, args[2])}.",
    }


def _no_dino_text(st: PangaeaState, args: tuple[Any, ...]) -> str:
    """Dinosaurs: nothing happens, and why (see ``resolve.no_dino_reasons``)."""
    inside, spaces = args[0], args[1:]
    why = "; ".join(
        f"{where(st, sp)}: {DINO_NAMES[dino]} is already there" if dino >= 0 else f"{where(st, sp)}: {TILE_NAMES[top]}"
        for sp, top, dino in spaces
    )
    if inside >= 0:
        return (
            f"Nothing happens: all four Dinosaurs are on the board and {DINO_NAMES[inside]}, already in the "
            f"range, is the only one that may move, but no other space of the range can take it ({why})."
        )
    return (
        "Nothing happens: no space of the range can take a Dinosaur (they stand on level 1, level 2, "
        f"sand, snow and stone, one per space) ({why})."
    )
