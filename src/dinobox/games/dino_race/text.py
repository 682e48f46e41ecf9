"""Readable words for Dino Race actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dinobox.engine.state import CHANCE
from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import CARD_KEYS, CARD_NAMES, DIE_FACES, HOME, TERRAINS, WILD
from dinobox.games.dino_race.view import dino_name, seat_name

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState


def _pair(index: int) -> str:
    x, y = A.PAIRS[index]
    return f"{CARD_NAMES[x]} + {CARD_NAMES[y]}"


def decode(state: DinoRaceState, action: int) -> dict[str, Any]:
    """Split a player action into its parts (kind, dino, target, cards...)."""
    if action < A.MOVE_WILD:
        return {"kind": "move", "slot": action, "with": "match"}
    if action < A.MOVE_TRIPLE:
        return {"kind": "move", "slot": action - A.MOVE_WILD, "with": "wild"}
    if action < A.PUSH:
        k, t = divmod(action - A.MOVE_TRIPLE, 8)
        return {"kind": "move", "slot": k, "with": "triple", "card": CARD_KEYS[t]}
    if action < A.TRIP:
        return {"kind": "push", "target_dino": action - A.PUSH}
    if action < A.GIVE_EGG:
        return {"kind": "trip", "target_dino": action - A.TRIP}
    if action < A.STEAL:
        return {"kind": "give_egg", "target_seat": action - A.GIVE_EGG}
    if action < A.SWAP:
        return {"kind": "steal", "target_seat": action - A.STEAL}
    if action < A.STAND_UP:
        x, y = A.PAIRS[action - A.SWAP]
        return {"kind": "swap", "cards": [CARD_KEYS[x], CARD_KEYS[y]]}
    if action < A.PASS:
        k, i = divmod(action - A.STAND_UP, 36)
        x, y = A.PAIRS[i]
        return {"kind": "stand_up", "slot": k, "cards": [CARD_KEYS[x], CARD_KEYS[y]]}
    if action < A.ROLL:
        return {"kind": "pass_card", "card": CARD_KEYS[action - A.PASS]}
    if action == A.ROLL:
        return {"kind": "roll"}
    if action < state.erupt_base:
        return {"kind": "prize", "counter": action - A.PRIZE}
    return {"kind": "pass_egg", "target_seat": action - state.erupt_base}


def action_info(state: DinoRaceState, action: int, player: int) -> dict[str, Any]:
    if player == CHANCE:
        return {"kind": "chance"}
    info = decode(state, action)
    if "slot" in info and 0 <= player < state.num_players:
        dinos = state.dinos_of(player)
        if info["slot"] < len(dinos):
            info["dino"] = dinos[info["slot"]]
    if info["kind"] == "prize":
        data = state.game.data
        info["value"] = data.prize_values[info["counter"]]
        info["colour"] = data.prize_colours[info["counter"]]
    return info


def action_text(state: DinoRaceState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(state, player) if 0 <= player < state.num_players else f"Seat {player}"
    info = action_info(state, action, player)
    kind = info["kind"]
    if kind == "move":
        d = info.get("dino", -1)
        target = state.pos[d] + 1 if 0 <= d < state.num_dinos and state.pos[d] < state.track_length else "?"
        name = dino_name(state, d) if d >= 0 else "dino"
        if info["with"] == "match":
            terrain = TERRAINS[state.tiles[state.pos[d]]] if target != "?" else "matching"
            how = f"{terrain.capitalize()} card"
        elif info["with"] == "wild":
            how = "Wildcard"
        else:
            how = f"three {CARD_NAMES[CARD_KEYS.index(info['card'])]} cards"
        goal = "the finish" if target == state.track_length else f"tile {target}"
        return f"{who}: play {how} to move {name} to {goal}"
    if kind == "push":
        return f"{who}: Push back {dino_name(state, info['target_dino'])}"
    if kind == "trip":
        return f"{who}: Throw the egg to trip {dino_name(state, info['target_dino'])}"
    if kind == "give_egg":
        return f"{who}: Throw the egg to give it to {seat_name(state, info['target_seat'])}"
    if kind == "steal":
        return f"{who}: Steal a card from {seat_name(state, info['target_seat'])}"
    if kind == "swap":
        return f"{who}: swap {_pair(action - A.SWAP)} for one new card"
    if kind == "stand_up":
        d = info.get("dino", -1)
        return f"{who}: discard {_pair((action - A.STAND_UP) % 36)} to stand {dino_name(state, d)} up"
    if kind == "pass_card":
        return f"{who}: pass {card_noun(action - A.PASS)} to your team-mate"
    if kind == "roll":
        return f"{who}: roll the event die"
    if kind == "prize":
        return f"{who}: take the {info['colour']} {info['value']} prize counter"
    return f"{who}: pass the egg to {seat_name(state, info['target_seat'])}"


_OUTCOMES: dict[str, Callable[[DinoRaceState, int], str]] = {
    "card": lambda state, outcome: f"card: {CARD_NAMES[outcome]}",
    "die": lambda state, outcome: f"die: {DIE_FACES[outcome]}",
    "tile": lambda state, outcome: f"tile: {TERRAINS[outcome]}",
    "prize": lambda state, outcome: f"prize counter {outcome}",
    "egg": lambda state, outcome: f"egg counter {state.game.data.egg_values[outcome]}",
}
"""A chance outcome in words, by what the step on top draws (``RaceStep.draws``)."""


def _chance_text(state: DinoRaceState, outcome: int) -> str:
    top = state.top_step()
    found = _OUTCOMES.get(top.draws()) if top is not None else None
    return found(state, outcome) if found is not None else f"outcome {outcome}"


def event_text(state: DinoRaceState, kind: str, args: tuple[Any, ...], private: bool) -> str:
    """The log line of one event; ``private`` when the reader may see its hidden part."""
    s = lambda p: seat_name(state, p)  # noqa: E731
    dn = lambda d: dino_name(state, d)  # noqa: E731
    if kind == "race":
        return f"Race {args[0] + 1} begins: the track is laid and the cards dealt."
    if kind == "turn":
        return f"{s(args[0])}'s turn."
    if kind == "draw":
        return f"{s(args[0])} draws {CARD_NAMES[args[1]] if private else 'a card'}."
    if kind == "move":
        how = "a Wildcard" if args[2] == WILD else f"a {CARD_NAMES[args[2]]} card"
        where = "the finish" if args[3] >= state.track_length else f"tile {args[3]}"
        return f"{s(args[0])} plays {how}: {dn(args[1])} runs to {where}."
    if kind == "triple":
        where = "the finish" if args[3] >= state.track_length else f"tile {args[3]}"
        return f"{s(args[0])} discards three {CARD_NAMES[args[2]]} cards: {dn(args[1])} runs to {where}."
    if kind == "push":
        where = "the volcano" if args[2] == 0 else f"tile {args[2]}"
        return f"{s(args[0])} pushes {dn(args[1])} back to {where}."
    if kind == "push_blocked":
        return f"{s(args[0])} pushes {dn(args[1])} toward the lava: it stands firm, but its owner pays."
    if kind == "trip":
        return f"{s(args[0])} throws the egg and trips {dn(args[1])}."
    if kind == "give_egg":
        return f"{s(args[0])} throws the egg to {s(args[1])}."
    if kind == "steal":
        return f"{s(args[0])} plays Steal a card against {s(args[1])}."
    if kind == "stolen":
        card = CARD_NAMES[args[2]] if private else "a card"
        return f"{s(args[0])} steals {card} from {s(args[1])}."
    if kind == "swap":
        return f"{s(args[0])} swaps {CARD_NAMES[args[1]]} + {CARD_NAMES[args[2]]} for a new card."
    if kind == "stand_up":
        return f"{s(args[0])} discards {CARD_NAMES[args[2]]} + {CARD_NAMES[args[3]]}: {dn(args[1])} stands up."
    if kind == "pass_card":
        card = card_noun(args[2]) if private else "a card"
        return f"{s(args[0])} passes {card} to {s(args[1])}."
    return _table_event_text(state, kind, args, private)


def _table_event_text(state: DinoRaceState, kind: str, args: tuple[Any, ...], private: bool) -> str:
    """The die, the volcano, the lava, the finish line and the end of a race."""
    s = lambda p: seat_name(state, p)  # noqa: E731
    dn = lambda d: dino_name(state, d)  # noqa: E731
    if kind == "roll":
        return f"{s(args[0])} rolls the event die."
    if kind == "die":
        return f"The die shows {DIE_FACES[args[1]]}."
    if kind == "eruption_egg":
        return f"Eruption! {s(args[0])} holds the egg: discards the whole hand and takes a lava drop."
    if kind == "egg_passed":
        return f"{s(args[0])} passes the egg to {s(args[1])}."
    if kind == "volcano":
        return "The volcano becomes active."
    if kind == "lava":
        return f"Lava covers tile {args[0]}."
    if kind == "carried":
        where = "the finish" if args[2] >= state.track_length else f"tile {args[2]}"
        return f"The lava drives {dn(args[1])} forward to {where}."
    if kind == "drop":
        if args[1]:
            return f"{s(args[0])} takes a lava drop."
        return f"{s(args[0])} takes a lava drop (the supply is used up: it still costs a point)."
    if kind == "no_card_to_lose":
        return f"{s(args[0])} has no card in hand to lose."
    if kind == "random_discard":
        return f"{s(args[0])} discards {CARD_NAMES[args[1]]} at random."
    if kind == "reshuffle":
        return "The discard pile is shuffled into a new deck."
    if kind == "home":
        return f"{dn(args[1])} crosses the finish line!"
    if kind == "prize":
        if private:
            data = state.game.data
            return f"{s(args[0])} takes the {data.prize_colours[args[1]]} {data.prize_values[args[1]]} prize."
        return f"{s(args[0])} takes a prize counter in secret."
    if kind == "prize_talk":
        if private:
            data = state.game.data
            stack = ", ".join(
                f"{data.prize_colours[c]} {data.prize_values[c]}"
                for c in range(len(data.prize_values))
                if args[2] >> c & 1
            )
            return f"{s(args[0])} talks over the prize stack with {s(args[1])}: {stack}."
        return f"{s(args[0])} talks over the prize choice with {s(args[1])}."
    if kind == "hand_discarded":
        return f"{s(args[0])} has every dino home and discards the hand."
    if kind == "egg_safe":
        return f"{s(args[0])} brings the egg to safety!"
    if kind == "egg_counter":
        return f"{s(args[0])} takes an egg counter worth {args[1]}."
    if kind == "race_over":
        return f"Race {args[0] + 1} is over."
    return kind


def why_illegal(state: DinoRaceState, action: int) -> str:
    """Why an action is refused, naming the rulebook section."""
    top = state.steps[-1]
    if isinstance(top, F.ChoosePrize):
        return "choose one of the prize counters still in the stack (Finish line!)"
    if isinstance(top, F.PassEgg):
        return "pass the egg to another player still in the race (Roll the event die: the volcano erupts)"
    if not 0 <= action < state.game.num_distinct_actions():
        return f"{action} is not a Dino Race action (0..{state.game.num_distinct_actions() - 1})"
    if action >= A.PRIZE:
        return "no prize or egg choice is pending now"
    seat = state.current_player()
    info = decode(state, action)
    kind = info["kind"]
    mine = state.hand[seat * 8 : seat * 8 + 8]
    if any(state.down >> d & 1 for d in state.dinos_of(seat)) and sum(mine) >= 2 and kind != "stand_up":
        return (
            "your tripped dino must stand up this turn: discard two cards for it before you roll, and keep "
            "two cards for it until then (Playing special cards: Throw the egg)"
        )
    if kind == "move":
        dinos = state.dinos_of(seat)
        if info["slot"] >= len(dinos) or not state.is_racing(seat):
            return "you have no such dino on the track (Playing movement cards)"
        d = dinos[info["slot"]]
        if state.pos[d] == HOME:
            return "that dino already finished the race (Finish line!)"
        if state.down >> d & 1:
            return "that dino is lying on its side and must stand up first (Throw the egg)"
        if info["with"] == "match":
            return "you hold no card matching the next tile (Playing movement cards)"
        if info["with"] == "wild":
            return "you hold no wildcard (Playing movement cards)"
        return (
            "three cards of one type may stand in for a missing matching card or wildcard only (Playing movement cards)"
        )
    if kind in ("push", "trip", "give_egg", "steal"):
        card = {"push": 5, "trip": 6, "give_egg": 6, "steal": 7}[kind]
        if not mine[card]:
            return f"you hold no {card_noun(card).removeprefix('a ')} (Playing special cards)"
        if kind == "trip" and state.egg == seat:
            return "the egg owner can only give the egg away with this card (Throw the egg)"
        if kind == "give_egg" and state.egg != seat:
            return "only the egg owner can give the egg; others trip a dino with it (Throw the egg)"
        return "tricks need an opponent's dino on the same tile as one of yours (Playing special cards)"
    if kind in ("swap", "stand_up"):
        return "you do not hold those two cards (Swapping cards)"
    if kind == "pass_card":
        return "one card may be passed to a racing team-mate once per turn, in Playing in Teams"
    return "that is not possible now (The game turn)"


def card_noun(card: int) -> str:
    """``a Plains card``, ``a Wildcard``, ``a 'Steal a card' card``: a card by its name, read once."""
    name = CARD_NAMES[card]
    if name.lower().endswith("card"):
        return f"a {name}" if " " not in name else f"a '{name}' card"
    return f"a {name} card"
