"""Readable words for The Great Dinosaur Rush actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from dinobox.engine.state import CHANCE
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import skeleton as K
from dinobox.games.dinosaur_rush.board import DIRECTION_NAMES, OUTER, SITE, TAR
from dinobox.games.dinosaur_rush.data import (
    CATEGORY_NAMES,
    COLOUR_KEYS,
    NUM_COLOURS,
    NUM_PARTS,
    PART_COLOUR,
    PART_KEYS,
    PART_NAMES,
    WHITE,
)
from dinobox.games.dinosaur_rush.viewtypes import ActionInfo

if TYPE_CHECKING:
    from dinobox.games.dinosaur_rush.flow import RushStep
    from dinobox.games.dinosaur_rush.rules import DinosaurRushState

SEAT_NAMES = ("Orange", "Purple", "Teal", "Pink", "Black")
STEP_WORDS = {-1: "up", 1: "down", -2: "two up", 2: "two down"}


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat}"


def slot_name(slot: int) -> str:
    if slot < NUM_PARTS:
        return PART_NAMES[slot]
    if slot < 2 * NUM_PARTS:
        return f"wild bone in the {PART_NAMES[slot - NUM_PARTS]}"
    return "unique bone"


def slot_key(slot: int) -> str:
    if slot < NUM_PARTS:
        return PART_KEYS[slot]
    if slot < 2 * NUM_PARTS:
        return f"wild_{PART_KEYS[slot - NUM_PARTS]}"
    return "unique"


def _bones(combo: tuple[int, ...] | list[int]) -> str:
    return ", ".join(COLOUR_KEYS[c] for c in combo)


def decode(state: DinosaurRushState, action: int) -> ActionInfo:
    """Split a player action into its parts (kind, cell, category, bones...)."""
    L = state.layout
    board = state.board
    if action < A.MOVE:
        return {"kind": "pick_paleontologist", "card": action - A.PICK}
    if action < L.STAY:
        cell = action - A.MOVE
        kind = "place" if board.is_start(cell) else "move"
        return {"kind": kind, "cell": cell, "label": board.label(cell)}
    if action == L.STAY:
        return {"kind": "stay"}
    if action < L.ACT_PUBLICIZE:
        cat, s = divmod(action - L.PUBLICIZE, 4)
        return {"kind": "publicize", "category": cat, "step": (-1, 1, -2, 2)[s], "action_step": False}
    if action < L.DONATE:
        cat, s = divmod(action - L.ACT_PUBLICIZE, 2)
        return {"kind": "publicize", "category": cat, "step": 1 if s else -1, "action_step": True}
    if action < L.RESEARCH:
        i, reward = divmod(action - L.DONATE, 4)
        info: ActionInfo = {"kind": "donate", "bones": [COLOUR_KEYS[c] for c in A.COMBOS[i]]}
        if reward:
            info["shed_token"] = state.game.data.notoriety_values[reward - 1]
        return info
    if action == L.RESEARCH:
        return {"kind": "research"}
    if action < L.DYNAMITE:
        d = action - L.SABOTAGE
        return {"kind": "sabotage", "direction": DIRECTION_NAMES[d], "dir": d}
    if action == L.DYNAMITE:
        return {"kind": "dynamite"}
    if action < L.SURVEY:
        d, colour = divmod(action - L.STEAL, 5)
        return {"kind": "steal", "direction": DIRECTION_NAMES[d], "dir": d, "colour": COLOUR_KEYS[colour]}
    if action == L.SURVEY:
        return {"kind": "survey"}
    if action == L.BUILD_FRESH:
        return {"kind": "build_fresh"}
    if action == L.BUILD_KEEP:
        return {"kind": "build_keep"}
    slot = action - L.PLACE
    return {"kind": "place_bone", "slot": slot, "part": slot_key(slot)}


def action_info(state: DinosaurRushState, action: int, player: int) -> ActionInfo:
    if player == CHANCE:
        return {"kind": "chance"}
    info = decode(state, action)
    if "dir" in info and 0 <= player < state.num_players and state.pos[player] >= 0:
        cell = state.board.neighbour[state.pos[player]][info["dir"]]
        info["cell"] = cell
        if cell >= 0:
            info["label"] = state.board.label(cell)
    return info


def action_text(state: DinosaurRushState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(player)
    info = action_info(state, action, player)
    kind = info["kind"]
    data = state.game.data
    if kind == "pick_paleontologist":
        card = info["card"]
        names = data.paleontologist_names
        name = names[card] if card < len(names) else f"card {card}"
        abilities = data.paleontologist_abilities
        power = PALEONTOLOGIST_POWERS.get(abilities[card], "") if card < len(abilities) else ""
        return f"{who}: take the paleontologist {name}" + (f": {power}" if power else "")
    if kind == "place":
        return f"{who}: start on space {info['label']}"
    if kind == "move":
        return f"{who}: move to dig site {info['label']}"
    if kind == "stay":
        return f"{who}: no straight line is open; stay put"
    if kind == "publicize":
        what = "Publicize (action)" if info["action_step"] else "publicize"
        return f"{who}: {what} {CATEGORY_NAMES[info['category']]} {STEP_WORDS[info['step']]}"
    if kind == "donate":
        gain = f"shed a {info['shed_token']} Notoriety token" if "shed_token" in info else "score points"
        return f"{who}: donate {', '.join(info['bones'])} to {gain}"
    if kind == "research":
        return f"{who}: Research (draw a bonus card)"
    if kind == "sabotage":
        return f"{who}: Sabotage space {info.get('label', '?')} ({info['direction']})"
    if kind == "dynamite":
        return f"{who}: Dynamite"
    if kind == "steal":
        return f"{who}: Steal a {info['colour']} bone from {info.get('label', '?')} ({info['direction']})"
    if kind == "survey":
        return f"{who}: Survey (move again)"
    if kind == "build_fresh":
        return f"{who}: start a new dinosaur"
    if kind == "build_keep":
        return f"{who}: keep last round's dinosaur and add to it"
    return f"{who}: add a bone: {slot_name(info['slot'])}"


def _bone(state: DinosaurRushState, outcome: int) -> str | None:
    return f"bone: {COLOUR_KEYS[outcome]}" if outcome < len(COLOUR_KEYS) else None


def _token(state: DinosaurRushState, outcome: int) -> str | None:
    values = state.game.data.notoriety_values
    return f"Notoriety token: {values[outcome]}" if outcome < len(values) else None


def _bonus(state: DinosaurRushState, outcome: int) -> str | None:
    names = state.game.data.bonus_names
    return f"bonus card: {names[outcome]}" if outcome < len(names) else None


def _paleontologist(state: DinosaurRushState, outcome: int) -> str | None:
    names = state.game.data.paleontologist_names
    return f"paleontologist: {names[outcome]}" if outcome < len(names) else None


_OUTCOMES: dict[str, Callable[[DinosaurRushState, int], str | None]] = {
    "bone": _bone,
    "token": _token,
    "bonus": _bonus,
    "paleontologist": _paleontologist,
    "starter": lambda state, outcome: f"starting player: {seat_name(outcome)}",
}
"""A chance outcome in words, by what the step on top draws (``RushStep.draws``); None for an
outcome the words do not know."""


def _chance_text(state: DinosaurRushState, outcome: int) -> str:
    top = state.top_step()
    found = _OUTCOMES.get(top.draws()) if top is not None else None
    text = found(state, outcome) if found is not None else None
    return f"outcome {outcome}" if text is None else text


def event_text(state: DinosaurRushState, kind: str, args: tuple[Any, ...], private: bool) -> str:
    data = state.game.data
    label = state.board.label
    s = seat_name
    if kind == "first":
        return f"{s(args[0])} is the starting player" + (" (drawn at random)." if args[1] else ".")
    if kind == "round":
        return f"Round {args[0] + 1} begins; {s(args[1])} starts."
    if kind == "turn":
        return f"{s(args[0])}'s field turn {args[2] + 1} of round {args[1] + 1}."
    if kind == "paleontologist":
        return f"{s(args[0])} is {data.paleontologist_names[args[1]]}."
    if kind == "bonus_card":
        return (
            f"{s(args[0])} gets bonus card {data.bonus_names[args[1]]}."
            if private
            else f"{s(args[0])} gets a bonus card."
        )
    if kind == "start_space":
        return f"{s(args[0])} starts on {label(args[1])}."
    if kind == "collect":
        got = ", ".join(f"{n} {COLOUR_KEYS[c]}" for c, n in enumerate(args[2]) if n)
        return f"{s(args[0])} collects {got} at {label(args[1])}."
    if kind == "move":
        return f"{s(args[0])} moves to {label(args[1])}."
    if kind == "stay":
        return f"{s(args[0])} cannot move and stays put."
    if kind == "token_taken":
        value = f" (value {data.notoriety_values[args[2]]})" if private else ""
        return f"{s(args[0])} crosses {label(args[1])} and takes the sabotage token{value}."
    if kind == "publicize":
        return f"{s(args[0])} moves {CATEGORY_NAMES[args[1]]} {STEP_WORDS[args[2]]}."
    if kind == "donate":
        return f"{s(args[0])} donates {_bones(args[1])} for {args[2]} points."
    if kind == "donate_token":
        return f"{s(args[0])} donates {_bones(args[1])} and sheds a {args[2]} Notoriety token."
    if kind == "research":
        return f"{s(args[0])} researches."
    if kind == "sabotage":
        return f"{s(args[0])} sabotages {label(args[1])}."
    if kind == "sabotage_token":
        value = f" worth {data.notoriety_values[args[2]]}" if private else ""
        return f"A face-down token{value} lies on {label(args[1])}."
    if kind == "notoriety":
        value = f" worth {data.notoriety_values[args[1]]}" if private else ""
        return f"{s(args[0])} draws a Notoriety token{value}."
    if kind == "no_notoriety":
        return f"{s(args[0])} draws no Notoriety token this time (paleontologist ability)."
    if kind == "dynamite":
        return f"{s(args[0])} uses dynamite."
    if kind == "draw_bone":
        return f"{s(args[0])} draws a {COLOUR_KEYS[args[1]]} bone."
    if kind == "steal":
        return f"{s(args[0])} steals a {COLOUR_KEYS[args[2]]} bone from {label(args[1])}."
    if kind == "survey":
        return f"{s(args[0])} surveys."
    if kind == "building":
        return f"{s(args[0])} builds behind the screen."
    if kind == "built":
        return f"{s(args[0])} has finished building."
    if kind == "exhibit":
        counts = ", ".join(f"{s(p)} {c} ({pts} pts)" for p, (c, pts) in enumerate(zip(args[1], args[2], strict=True)))
        return f"{CATEGORY_NAMES[args[0]]}: {counts}."
    if kind == "bonus_scored":
        return f"{s(args[0])} completes {data.bonus_names[args[1]]} for {data.bonus_points[args[1]]} points."
    if kind == "game_over":
        parts = ", ".join(f"{s(p)} {t} ({a:+d})" for p, (t, a) in enumerate(zip(args[0], args[1], strict=True)))
        return f"Notoriety revealed: {parts}."
    return kind


def why_illegal(state: DinosaurRushState, action: int) -> str:
    layout = state.layout
    if not 0 <= action < layout.size:
        return f"actions are 0..{layout.size - 1}"
    top = state.top_step()
    refuse = _REFUSALS.get(top.decision()) if top is not None else None
    if top is None or refuse is None:
        return "it is not one of the legal choices now"
    return refuse(state, top, state.current_player(), decode(state, action))


def _refuse_move(state: DinosaurRushState, top: RushStep, seat: int, info: ActionInfo) -> str:
    if info["kind"] != "move":
        return "Move: now the paleontologist must move to a dig site"
    return _move_refusal(state, seat, info["cell"])


def _refuse_action(state: DinosaurRushState, top: RushStep, seat: int, info: ActionInfo) -> str:
    what = info["kind"]
    if what == "donate":
        return "Donate: 1-3 bones you own that are not starting bones; a shed token must match their number"
    if what == "research":
        return "Research: no bonus cards are left"
    if what in ("sabotage", "dynamite", "steal"):
        if state.family:
            return "Family variant: there are no Notorious actions"
        return _notorious_refusal(state, seat, info)
    if what == "survey":
        return "Survey is only part of the family variant"
    return "Actions: choose Publicize, Donate, Research or a Notorious action"


def _refuse_build(state: DinosaurRushState, top: RushStep, seat: int, info: ActionInfo) -> str:
    if top.choosing_start():
        return "Build phase: first keep last round's dinosaur as a start or start afresh"
    if info["kind"] == "place_bone":
        return _bone_refusal(state, seat, info["slot"])
    return "Build phase: add bones to your dinosaur"


Refusal: TypeAlias = "Callable[[DinosaurRushState, RushStep, int, ActionInfo], str]"
"""Why an action is refused at one kind of decision: from the state, the step on top, the seat
deciding and the action decoded."""


def _said(text: str) -> Refusal:
    """A refusal that needs no detail of the action."""
    return lambda state, top, seat, info: text


_REFUSALS: dict[str, Refusal] = {
    "move": _refuse_move,
    "publicize": _said("Publicize: move one museum category one step up or down (rows A to F)"),
    "action": _refuse_action,
    "build": _refuse_build,
    "place": _said("Setup 11: choose a free start space on the edge of the board"),
    "pick_paleontologist": _said("Setup 7: choose a paleontologist card nobody has taken"),
    "steal_more": _said("Steal: take a second bone from the same dig site"),
}
"""Why an action is refused, by the decision on top of the flow (``RushStep.decision``)."""


def _bone_refusal(state: DinosaurRushState, seat: int, slot: int) -> str:
    """Build phase: which of the two stops a bone there: none of its colour is left, or it would
    leave too few for the parts still empty (every part needs a bone; a wild bone sits beside a
    natural one)."""
    alloc = state.alloc[seat * K.SIZE_OF_ALLOCATION : (seat + 1) * K.SIZE_OF_ALLOCATION]
    used = K.colours_used(alloc)
    left = [state.pile[seat * NUM_COLOURS + c] - used[c] for c in range(NUM_COLOURS)]
    if slot == K.UNIQUE:
        return "Build phase: you have no blue (unique) bone left to place"
    if slot >= NUM_PARTS:
        part = PART_NAMES[slot - NUM_PARTS]
        if not left[WHITE]:
            return "Build phase: you have no white (wild) bone left to place"
        return (
            f"Build phase: the {part} has no room for another wild bone: a wild bone touches natural "
            "bones of one colour and never another wild bone"
        )
    colour = PART_COLOUR[slot]
    name = COLOUR_KEYS[colour]
    if not left[colour]:
        return f"Build phase: you have no {name} bone left for the {PART_NAMES[slot]}"
    empty = [PART_NAMES[p] for p in range(NUM_PARTS) if PART_COLOUR[p] == colour and not alloc[p] and p != slot]
    bones = "bone" if left[colour] == 1 else "bones"
    return (
        f"Build phase: your {left[colour]} {name} {bones} left must go to the {' and '.join(empty)} first: "
        "each part of a complete dinosaur needs at least one bone"
    )


def _notorious_refusal(state: DinosaurRushState, seat: int, info: ActionInfo) -> str:
    """Sabotage and Steal: what stops the target next to the paleontologist (Actions)."""
    what = info["kind"].capitalize()
    here = state.pos[seat]
    cell = state.board.neighbour[here][info["dir"]] if here >= 0 and "dir" in info else -1
    if cell < 0 or state.board.kinds[cell] not in (SITE, OUTER):
        return f"{what}: no dig site lies next to your paleontologist that way"
    if info["kind"] == "sabotage":
        if cell in state.pos:
            return "Sabotage: the token may not go where another paleontologist stands"
        return "Sabotage: no Notoriety token is left to draw"
    if info["kind"] == "steal":
        return f"Steal: that dig site holds no {info['colour']} bone"
    return f"{what}: that target is not possible from here"


def _move_refusal(state: DinosaurRushState, seat: int, cell: int) -> str:
    """Move: what stops the paleontologist of ``seat`` going to ``cell``, told apart."""
    board = state.board
    here = state.pos[seat]
    if cell == here:
        return "Move: the paleontologist must move to another space"
    if here < 0:
        return "Move: only onto a dig site, in a straight line"
    if board.kinds[cell] == TAR:
        return "Move: the tar pits are impassable; nobody moves into one"
    if cell in state.pos:
        return "Move: another paleontologist stands there; you may pass through it but not stop on it"
    for d in range(6):  # the straight line this cell lies on, if any
        line: list[int] = []
        at = here
        while at >= 0 and at != cell:
            at = board.neighbour[at][d]
            line.append(at)
        if at == cell:
            if state.ability(seat) != "cross_tar" and any(board.kinds[x] == TAR for x in line):
                return "Move: a tar pit lies in the way; paleontologists never move through them"
            break
    else:
        return "Move: one straight line from the paleontologist's space, without turning"
    return "Move: only onto a dig site, in a straight line"


PALEONTOLOGIST_POWERS = {
    "steal_two": "a Steal takes two bones instead of one",
    "dynamite_four": "Dynamite draws four bones instead of three",
    "donate_bonus": "a donation for points scores one more",
    "cross_tar": "moves may pass through tar pits (never stop on one)",
    "height_both_limbs": "Height counts both limbs and the neck",
    "length_neck": "Length counts the neck too",
    "blue_start": "one more starting bone, a blue one that is never lost",
    "publicize_two": "Publicize may move a category two rows",
    "sabotage_immune": "sabotage tokens never hit your paleontologist",
    "three_bonus": "three bonus cards at setup instead of two",
    "first_notorious_free": "the first Notorious action of each round draws no Notoriety token",
    "dynamite_keep": "Dynamite leaves the dig site's bones in place",
    "ferocity_big_limb": "Ferocity counts the biggest limb, not the smallest",
    "bonus_penalty_one": "a bonus card never completed costs 1 Notoriety, not 3",
    "donate_any_token": "a donation may shed a Notoriety token of any value up to the bones given",
}
"""What each paleontologist's ability does (Paleontologist cards), said where the card is chosen."""
