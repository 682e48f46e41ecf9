"""Readable words for Escape from T-Rex Island actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dinobox.engine.state import CHANCE
from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island.data import (
    ATTACK_NAMES,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    COLOURS,
    KIND_KEYS,
    KIND_NAMES,
    NUM_CARD_TYPES,
    PLAYER_COLOURS,
    TOKEN_NAMES,
    card_name,
)
from dinobox.games.trex_island.view import seat_name, team_name
from dinobox.games.trex_island.viewtypes import ActionInfo

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState


def space_name(state: TRexIslandState, space: int) -> str:
    board = state.board
    if space == board.helipad:
        return "the helipad"
    if board.kind[space] == 3:
        return f"rest point {space}"
    return f"space {space} ({COLOURS[board.kind[space]]})"


def decode(action: int) -> ActionInfo:
    """Split a player action into its parts."""
    if action < A.PICTURE:
        card, slot, space = A.split_move(action)
        kind, colour = divmod(card, 3)
        return {
            "kind": "move",
            "card": card,
            "card_kind": KIND_KEYS[kind],
            "colour": COLOURS[colour],
            "slot": slot,
            "space": space,
        }
    if action < A.DRAW:
        herbivore, colours = A.split_picture(action)
        return {
            "kind": "picture",
            "dino": KIND_KEYS[herbivore],
            "cards": len(colours),
            "colours": [COLOURS[c] for c in colours],
        }
    if action == A.DRAW:
        return {"kind": "draw"}
    if action == A.PASS:
        return {"kind": "pass"}
    if action < A.TOKEN_TAKE:
        return {"kind": "pile", "pile": action - A.PILE}
    if action == A.TOKEN_TAKE:
        return {"kind": "token", "take": True}
    if action == A.TOKEN_LEAVE:
        return {"kind": "token", "take": False}
    if action < A.TREX_WAY:
        return {"kind": "react", "reaction": ("take", "smg", "shotgun", "free_shotgun", "evade")[action - A.REACT]}
    if action < A.CHARACTER:
        return {"kind": "trex_way", "space": action - A.TREX_WAY}
    if action < A.SHOOT:
        return {"kind": "character", "character": CHARACTER_KEYS[action - A.CHARACTER]}
    if action < A.SHED:
        return {"kind": "shoot", "free": action - A.SHOOT == A.SHOOT_FREE}
    kind, colour = divmod(action - A.SHED, 3)
    return {"kind": "shed", "card": action - A.SHED, "card_kind": KIND_KEYS[kind], "colour": COLOURS[colour]}


def _check(state: TRexIslandState, action: int, player: int) -> None:
    """Refuse ids that name nothing here: outside the action space or a space off this board."""
    if player == CHANCE:
        return
    if not 0 <= action < A.NUM_ACTIONS:
        raise ValueError(f"{action} is not an Escape from T-Rex Island action (0..{A.NUM_ACTIONS - 1})")
    size = state.board.size
    if action < A.PICTURE and A.split_move(action)[2] >= size:
        raise ValueError(
            f"action {action} moves a team to space {A.split_move(action)[2]}, which is not on "
            f"this board (spaces 0..{size - 1})"
        )
    if A.TREX_WAY <= action < A.CHARACTER and action - A.TREX_WAY >= size:
        raise ValueError(
            f"action {action} sends the T-Rex to space {action - A.TREX_WAY}, which is not on "
            f"this board (spaces 0..{size - 1})"
        )


def action_info(state: TRexIslandState, action: int, player: int) -> ActionInfo:
    if player == CHANCE:
        return {"kind": "chance"}
    _check(state, action, player)
    info = decode(action)
    if info["kind"] == "move" and 0 <= player < state.num_players:
        die = player * 3 + info["slot"]
        info["die"] = die
        pos = state.pos[die]
        where = info["space"]
        board = state.board
        if pos == -1 or 0 <= pos != board.helipad:
            info["passes_trex"] = bool(state.destinations(pos, info["card"] % 3).get(where, 0))
            info["helipad"] = where == board.helipad
            info["rest_point"] = board.kind[where] == 3
    return info


def action_text(state: TRexIslandState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(state, player) if 0 <= player < state.num_players else f"Seat {player}"
    info = action_info(state, action, player)
    kind = info["kind"]
    if kind == "move":
        card = info["card"]
        where = space_name(state, info["space"])
        if "die" not in info:
            return f"{who}: play {card_name(card)} to move team {info['slot'] + 1} to {where}"
        extra = ", passing the T-Rex (loses one man)" if info.get("passes_trex") else ""
        return f"{who}: play {card_name(card)} to move {team_name(state, info['die'])} to {where}{extra}"
    if kind == "picture":
        cards = " + ".join(info["colours"])
        return f"{who}: take a {KIND_NAMES[KIND_KEYS.index(info['dino'])]} picture (play {cards})"
    if kind == "draw":
        return f"{who}: draw a card"
    if kind == "pass":
        return f"{who}: pass (nothing can be played or drawn)"
    if kind == "pile":
        pile = state.piles[info["pile"]]
        top = card_name(pile[-1]) if pile else "empty"
        return f"{who}: discard onto pile {'AB'[info['pile']]} (top: {top})"
    if kind == "token":
        return f"{who}: {'draw a game token' if info['take'] else 'leave the game tokens face down'}"
    if kind == "react":
        return f"{who}: {A.REACTIONS[action - A.REACT]}"
    if kind == "trex_way":
        return f"{who}: send the T-Rex to {space_name(state, info['space'])}"
    if kind == "shoot":
        return f"{who}: {A.SHOTS[action - A.SHOOT]}"
    if kind == "shed":
        return f"{who}: give up {card_name(info['card'])} (hand above its size, no card to play)"
    character = action - A.CHARACTER
    return f"{who}: be the {CHARACTER_NAMES[character]} ({PLAYER_COLOURS[character]}): {CHARACTER_POWERS[character]}"


CHARACTER_POWERS = (
    "one Shotgun shot of your own, free, once a game",
    "a hand of 5 cards instead of 4",
    "feeds 3 survivors for free",
    "shrugs off the first Raptor attack and the first Pterosaur attack",
)
"""What each character card gives (Character Cards), in the order of ``CHARACTER_NAMES``."""


_CHANCE_WORDS: dict[str, Callable[[int], tuple[str, ...]]] = {
    "card": lambda n: tuple(f"card: {card_name(t)}" for t in range(NUM_CARD_TYPES)),
    "token": lambda n: tuple(f"token: {name}" for name in TOKEN_NAMES),
    "first_player": lambda n: tuple(f"first player: seat {p + 1}" for p in range(n)),
    "character": lambda n: tuple(f"character: {name}" for name in CHARACTER_NAMES),
    "chooser": lambda n: tuple(f"first to choose a character: seat {p + 1}" for p in range(n)),
}
"""Each chance outcome in words, for ``n`` players, by what the step on top draws
(``IslandStep.draws``)."""


def _chance_text(state: TRexIslandState, outcome: int) -> str:
    step = state.top_step()
    words = _CHANCE_WORDS.get(step.draws() if step is not None else "")
    names = words(state.num_players) if words is not None else ()
    if not names:
        raise ValueError(f"chance outcome {outcome} means nothing here: no chance event is pending")
    if not 0 <= outcome < len(names):
        raise ValueError(f"chance outcome {outcome} means nothing here: the outcomes are 0..{len(names) - 1}")
    return names[outcome]


def _and(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def event_text(state: TRexIslandState, kind: str, args: tuple[Any, ...], private: bool) -> str:
    s = lambda p: seat_name(state, p)  # noqa: E731
    tn = lambda d: team_name(state, d)  # noqa: E731
    if kind == "character":
        return f"Seat {args[0] + 1} is the {CHARACTER_NAMES[args[1]]} and plays {PLAYER_COLOURS[args[1]]}."
    if kind == "choosers":
        rest = [str(p + 1) for p in args[1:]]
        seats = "seat" if len(rest) == 1 else "seats"
        return f"Seat {args[0] + 1} chooses a character first, then {seats} {_and(rest)}, clockwise."
    if kind == "first":
        return f"{s(args[0])} goes first."
    if kind == "turn":
        return f"{s(args[0])}'s turn."
    if kind == "draw":
        return f"{s(args[0])} draws {card_name(args[1]) if private else 'a card'}."
    if kind == "draws":
        return f"{s(args[0])} takes the draw action."
    if kind == "pass":
        return f"{s(args[0])} can neither play nor draw and passes."
    if kind == "shed":
        return f"{s(args[0])} can play no card and holds more than the hand size: gives up {card_name(args[1])}."
    if kind == "move":
        seat, die, card, space, passed = args
        past = ", slipping past the T-Rex for one man" if passed else ""
        return f"{s(seat)} plays {card_name(card)}: {tn(die)} moves to {space_name(state, space)}{past}."
    if kind == "arrive":
        return f"{tn(args[1])} reaches the helipad with {args[2]} crew (arrival #{args[3]})."
    if kind == "discard":
        return f"{s(args[0])} puts {card_name(args[1])} on pile {'AB'[args[2]]}."
    if kind == "picture":
        return f"{s(args[0])} takes a {KIND_NAMES[args[1]]} picture."
    if kind == "token":
        return f"{tn(args[1])} finds a {TOKEN_NAMES[args[2]]} token."
    if kind == "token_left":
        return f"{s(args[0])} leaves the tokens face down."
    if kind == "strike":
        teams = ", ".join(tn(d) for d in args[2])
        return f"The {KIND_NAMES[args[1]]}s strike: {teams}."
    if kind == "no_prey":
        return f"The {KIND_NAMES[args[1]]}s find no team on the island."
    if kind == "trex_appears":
        return f"The T-Rex appears at {space_name(state, args[0])}."
    if kind == "trex_idle":
        return "The T-Rex finds no team to hunt."
    if kind == "trex_moves":
        prey = f" and catches {', '.join(tn(d) for d in args[2])}" if args[2] else ""
        return f"The T-Rex stomps to {space_name(state, args[1])}{prey}."
    if kind == "defend":
        seat, die, attack, reaction = args
        how = {
            A.USE_SMG: "an SMG",
            A.USE_SHOTGUN: "a Shotgun",
            A.USE_FREE_SHOTGUN: "the Hunter's Shotgun",
            A.EVADE: "the Explorer's instinct",
        }.get(reaction, "luck")
        return f"{tn(die)} beats off the {ATTACK_NAMES[attack]} with {how}."
    if kind == "shoot":
        gun = "the Hunter's free Shotgun" if args[1] == A.SHOOT_FREE else "a Shotgun token"
        return f"{s(args[0])} fires {gun} at the T-Rex."
    if kind == "trex_gone":
        return "The T-Rex is driven off the map."
    if kind == "loss":
        men = "man" if args[3] == 1 else "men"
        return f"{tn(args[1])} loses {args[3]} {men} to the {ATTACK_NAMES[args[2]]}."
    if kind == "team_lost":
        return f"{tn(args[1])} has no crew left and is out of the game."
    if kind == "rebuild":
        return f"The draw deck is rebuilt from {args[0]} discarded cards."
    if kind == "game_over":
        why = {
            "helipad": "a player has all three teams at the helipad",
            "deck": "the draw deck is empty and no token can still be drawn",
            "deck_stuck": "the draw deck is empty and no team can move to the tokens left",
        }[args[0]]
        return f"The game is over: {why}."
    return kind
