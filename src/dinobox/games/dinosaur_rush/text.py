"""Readable words for The Great Dinosaur Rush actions, events and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias

from dinobox.engine.state import CHANCE
from dinobox.engine.values import ActionInfo, Event, kind_of
from dinobox.games.dinosaur_rush import actions as A
from dinobox.games.dinosaur_rush import events as E
from dinobox.games.dinosaur_rush import moves as M
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


def decode(state: DinosaurRushState, action: int, player: int = -1) -> ActionInfo:
    """A player action's typed description (``moves``): its kind and the parts it names. With
    the ``player`` who would take it, Sabotage and Steal name their target cell too."""
    L = state.layout
    board = state.board
    if action < A.MOVE:
        return M.PickPaleontologist(action - A.PICK)
    if action < L.STAY:
        cell = action - A.MOVE
        return M.Place(cell, board.label(cell)) if board.is_start(cell) else M.Move(cell, board.label(cell))
    if action == L.STAY:
        return M.Stay()
    if action < L.ACT_PUBLICIZE:
        cat, s = divmod(action - L.PUBLICIZE, 4)
        return M.Publicize(cat, (-1, 1, -2, 2)[s], False)
    if action < L.DONATE:
        cat, s = divmod(action - L.ACT_PUBLICIZE, 2)
        return M.Publicize(cat, 1 if s else -1, True)
    if action < L.RESEARCH:
        i, reward = divmod(action - L.DONATE, 4)
        shed = state.game.data.notoriety_values[reward - 1] if reward else None
        return M.Donate(tuple(COLOUR_KEYS[c] for c in A.COMBOS[i]), shed)
    if action == L.RESEARCH:
        return M.Research()
    if action < L.DYNAMITE:
        d = action - L.SABOTAGE
        return M.Sabotage(DIRECTION_NAMES[d], d, *_target(state, player, d))
    if action == L.DYNAMITE:
        return M.Dynamite()
    if action < L.SURVEY:
        d, colour = divmod(action - L.STEAL, 5)
        return M.Steal(DIRECTION_NAMES[d], d, COLOUR_KEYS[colour], *_target(state, player, d))
    if action == L.SURVEY:
        return M.Survey()
    if action == L.BUILD_FRESH:
        return M.BuildFresh()
    if action == L.BUILD_KEEP:
        return M.BuildKeep()
    slot = action - L.PLACE
    return M.PlaceBone(slot, slot_key(slot))


def _target(state: DinosaurRushState, player: int, direction: int) -> tuple[int | None, str | None]:
    """The cell next to ``player``'s paleontologist in ``direction`` (-1 off the board) and its
    label; neither when the player is not on the board (or not a seat)."""
    if not 0 <= player < state.num_players or state.pos[player] < 0:
        return None, None
    cell = state.board.neighbour[state.pos[player]][direction]
    return cell, state.board.label(cell) if cell >= 0 else None


def action_info(state: DinosaurRushState, action: int, player: int) -> ActionInfo:
    if player == CHANCE:
        return M.Chance()
    return decode(state, action, player)


def action_text(state: DinosaurRushState, action: int, player: int) -> str:
    if player == CHANCE:
        return _chance_text(state, action)
    who = seat_name(player)
    match decode(state, action, player):
        case M.PickPaleontologist(card=card):
            return f"{who}: take the paleontologist {_paleontologist_card(state, card)}"
        case M.Place(label=label):
            return f"{who}: start on space {label}"
        case M.Move(label=label):
            return f"{who}: move to dig site {label}"
        case M.Stay():
            return f"{who}: no straight line is open; stay put"
        case M.Publicize(category=cat, step=step, action_step=action_step):
            what = "Publicize (action)" if action_step else "publicize"
            return f"{who}: {what} {CATEGORY_NAMES[cat]} {STEP_WORDS[step]}"
        case M.Donate(bones=bones, shed_token=shed):
            gain = "score points" if shed is None else f"shed a {shed} Notoriety token"
            return f"{who}: donate {', '.join(bones)} to {gain}"
        case M.Research():
            return f"{who}: Research (draw a bonus card)"
        case M.Sabotage(direction=direction, label=label):
            return f"{who}: Sabotage space {'?' if label is None else label} ({direction})"
        case M.Dynamite():
            return f"{who}: Dynamite"
        case M.Steal(direction=direction, colour=colour, label=label):
            return f"{who}: Steal a {colour} bone from {'?' if label is None else label} ({direction})"
        case M.Survey():
            return f"{who}: Survey (move again)"
        case M.BuildFresh():
            return f"{who}: start a new dinosaur"
        case M.BuildKeep():
            return f"{who}: keep last round's dinosaur and add to it"
        case M.PlaceBone(slot=slot):
            return f"{who}: add a bone: {slot_name(slot)}"
    return f"{who}: action {action}"


def _paleontologist_card(state: DinosaurRushState, card: int) -> str:
    """Setup 7: a paleontologist card's name and, when known, what its ability does."""
    data = state.game.data
    names = data.paleontologist_names
    name = names[card] if card < len(names) else f"card {card}"
    abilities = data.paleontologist_abilities
    power = PALEONTOLOGIST_POWERS.get(abilities[card], "") if card < len(abilities) else ""
    return name + (f": {power}" if power else "")


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


def event_text(state: DinosaurRushState, event: Event, private: bool) -> str:
    """The log line of ``event`` (``private``: the reader may see its hidden part)."""
    text = _setup_words(state, event, private) or _field_words(state, event, private)
    return text or _build_words(state, event) or kind_of(event)


def _setup_words(state: DinosaurRushState, event: Event, private: bool) -> str | None:
    data = state.game.data
    s = seat_name
    match event:
        case E.First(seat=seat, drawn=drawn):
            return f"{s(seat)} is the starting player" + (" (drawn at random)." if drawn else ".")
        case E.Round(round=round_, starter=starter):
            return f"Round {round_ + 1} begins; {s(starter)} starts."
        case E.Turn(seat=seat, round=round_, field_turn=turn):
            return f"{s(seat)}'s field turn {turn + 1} of round {round_ + 1}."
        case E.Paleontologist(seat=seat, card=card):
            return f"{s(seat)} is {data.paleontologist_names[card]}."
        case E.BonusCard(seat=seat, card=card):
            return (
                f"{s(seat)} gets bonus card {data.bonus_names[card]}." if private else f"{s(seat)} gets a bonus card."
            )
        case E.StartSpace(seat=seat, cell=cell):
            return f"{s(seat)} starts on {state.board.label(cell)}."
    return None


def _field_words(state: DinosaurRushState, event: Event, private: bool) -> str | None:
    values = state.game.data.notoriety_values
    label = state.board.label
    s = seat_name
    match event:
        case E.Collect(seat=seat, cell=cell, bones=bones):
            got = ", ".join(f"{n} {COLOUR_KEYS[c]}" for c, n in enumerate(bones) if n)
            return f"{s(seat)} collects {got} at {label(cell)}."
        case E.Move(seat=seat, cell=cell):
            return f"{s(seat)} moves to {label(cell)}."
        case E.Stay(seat=seat):
            return f"{s(seat)} cannot move and stays put."
        case E.TokenTaken(seat=seat, cell=cell, value=value):
            worth = f" (value {values[value]})" if private else ""
            return f"{s(seat)} crosses {label(cell)} and takes the sabotage token{worth}."
        case E.Publicize(seat=seat, category=cat, step=step):
            return f"{s(seat)} moves {CATEGORY_NAMES[cat]} {STEP_WORDS[step]}."
        case E.Donate(seat=seat, colours=colours, points=points):
            return f"{s(seat)} donates {_bones(colours)} for {points} points."
        case E.DonateToken(seat=seat, colours=colours, worth=worth):
            return f"{s(seat)} donates {_bones(colours)} and sheds a {worth} Notoriety token."
        case E.Research(seat=seat):
            return f"{s(seat)} researches."
        case E.Sabotage(seat=seat, cell=cell):
            return f"{s(seat)} sabotages {label(cell)}."
        case E.SabotageToken(cell=cell, value=value):
            worth = f" worth {values[value]}" if private else ""
            return f"A face-down token{worth} lies on {label(cell)}."
        case E.Notoriety(seat=seat, value=value):
            worth = f" worth {values[value]}" if private else ""
            return f"{s(seat)} draws a Notoriety token{worth}."
        case E.NoNotoriety(seat=seat):
            return f"{s(seat)} draws no Notoriety token this time (paleontologist ability)."
        case E.Dynamite(seat=seat):
            return f"{s(seat)} uses dynamite."
        case E.DrawBone(seat=seat, colour=colour):
            return f"{s(seat)} draws a {COLOUR_KEYS[colour]} bone."
        case E.Steal(seat=seat, cell=cell, colour=colour):
            return f"{s(seat)} steals a {COLOUR_KEYS[colour]} bone from {label(cell)}."
        case E.Survey(seat=seat):
            return f"{s(seat)} surveys."
    return None


def _build_words(state: DinosaurRushState, event: Event) -> str | None:
    data = state.game.data
    s = seat_name
    match event:
        case E.Building(seat=seat):
            return f"{s(seat)} builds behind the screen."
        case E.Built(seat=seat):
            return f"{s(seat)} has finished building."
        case E.Exhibit(category=cat, counts=counts, points=points):
            each = ", ".join(f"{s(p)} {c} ({pts} pts)" for p, (c, pts) in enumerate(zip(counts, points, strict=True)))
            return f"{CATEGORY_NAMES[cat]}: {each}."
        case E.BonusScored(seat=seat, card=card):
            return f"{s(seat)} completes {data.bonus_names[card]} for {data.bonus_points[card]} points."
        case E.GameOver(totals=totals, adjust=adjust):
            parts = ", ".join(f"{s(p)} {t} ({a:+d})" for p, (t, a) in enumerate(zip(totals, adjust, strict=True)))
            return f"Notoriety revealed: {parts}."
    return None


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
    match info:
        case M.Move(cell=cell):
            return _move_refusal(state, seat, cell)
    return "Move: now the paleontologist must move to a dig site"


def _refuse_action(state: DinosaurRushState, top: RushStep, seat: int, info: ActionInfo) -> str:
    match info:
        case M.Donate():
            return "Donate: 1-3 bones you own that are not starting bones; a shed token must match their number"
        case M.Research():
            return "Research: no bonus cards are left"
        case M.Sabotage() | M.Dynamite() | M.Steal():
            if state.family:
                return "Family variant: there are no Notorious actions"
            return _notorious_refusal(state, seat, info)
        case M.Survey():
            return "Survey is only part of the family variant"
    return "Actions: choose Publicize, Donate, Research or a Notorious action"


def _refuse_build(state: DinosaurRushState, top: RushStep, seat: int, info: ActionInfo) -> str:
    if top.choosing_start():
        return "Build phase: first keep last round's dinosaur as a start or start afresh"
    match info:
        case M.PlaceBone(slot=slot):
            return _bone_refusal(state, seat, slot)
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


def _notorious_refusal(state: DinosaurRushState, seat: int, info: M.Sabotage | M.Dynamite | M.Steal) -> str:
    """Sabotage, Dynamite and Steal: what stops the target next to the paleontologist (Actions)."""
    no_site = "no dig site lies next to your paleontologist that way"
    match info:
        case M.Dynamite():
            return f"Dynamite: {no_site}"
        case M.Sabotage(dir=way):
            cell = _site_next_to(state, seat, way)
            if cell < 0:
                return f"Sabotage: {no_site}"
            if cell in state.pos:
                return "Sabotage: the token may not go where another paleontologist stands"
            return "Sabotage: no Notoriety token is left to draw"
        case M.Steal(dir=way, colour=colour):
            if _site_next_to(state, seat, way) < 0:
                return f"Steal: {no_site}"
            return f"Steal: that dig site holds no {colour} bone"


def _site_next_to(state: DinosaurRushState, seat: int, way: int) -> int:
    """The dig site next to the paleontologist of ``seat`` in direction ``way`` (-1: none)."""
    here = state.pos[seat]
    cell = state.board.neighbour[here][way] if here >= 0 else -1
    return cell if cell >= 0 and state.board.kinds[cell] in (SITE, OUTER) else -1


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
