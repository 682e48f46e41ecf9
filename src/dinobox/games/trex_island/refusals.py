"""Why Escape from T-Rex Island refuses a choice, and which refused choices a board shows.

``refusable`` names, for the seat to act, what a person may click: each card held (as a move of
each team to where it stands, and the pictures), each space of the map no legal move reaches (as
the move a held card of that colour would make there), the deck, the piles, the tokens and the
answers to an attack. ``why_illegal`` says what stops each one, with its rulebook section.
``refused_pieces`` says why of the teams no action of the seat names: the other players' and the
seat's own teams still behind the arrow. All read only what the seat sees: its own hand, the map,
the tops of the piles and the tokens drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import moves as M
from dinobox.games.trex_island.data import (
    ATTACK_NAMES,
    ATTACK_PTERO,
    ATTACK_RAPTOR,
    CHARACTER_NAMES,
    COLOURS,
    EXPLORER,
    HUNTER,
    KIND_NAMES,
    LOST,
    MAX_SPACES,
    NUM_CARD_TYPES,
    REST,
    START,
    card_name,
)
from dinobox.games.trex_island.text import team_name
from dinobox.games.trex_island.view import phase_name, seat_name
from dinobox.games.trex_island.viewtypes import PieceRef

if TYPE_CHECKING:
    from dinobox.games.trex_island.flow import Attack
    from dinobox.games.trex_island.rules import TRexIslandState

T = NUM_CARD_TYPES


def held_cards(state: TRexIslandState, seat: int) -> list[int]:
    return [t for t in range(T) if state.hand[seat * T + t]]


def movable_slots(state: TRexIslandState, seat: int) -> list[int]:
    """The seat's teams that may still move (of those behind the arrow, the first only)."""
    out: list[int] = []
    for k in range(A.SLOTS):
        p = state.pos[seat * 3 + k]
        if p in (LOST, state.board.helipad) or (p == START and any(state.pos[seat * 3 + j] == START for j in out)):
            continue
        out.append(k)
    return out


def refusable(state: TRexIslandState, seat: int) -> list[int]:
    """The refused choices the board can say why of: every choice but a move (the T-Rex's way
    only when it is to be chosen); a move of each
    team on the map with each card the seat holds to the team's own space (a card or a team no
    move uses then says what stops it); and, in the turn's actions, each space no legal move reaches as
    the move of the first team that may move there with a held card of the space's colour (or
    any held card)."""
    held = held_cards(state, seat)
    here = [(k, state.pos[seat * A.SLOTS + k]) for k in range(A.SLOTS)]
    moves = [A.move(t, k, p) for t in held for k, p in here if p >= 0]
    phase = phase_name(state)
    # the T-Rex's way is a space's to choose only on its tie: not a reason for every space
    others = [a for a in range(A.PICTURE, A.NUM_ACTIONS) if not A.TREX_WAY <= a < A.CHARACTER]
    out = moves + others + (list(range(A.TREX_WAY, A.CHARACTER)) if phase == "trex" else [])
    slots = movable_slots(state, seat)
    if phase != "action" or not held or not slots:
        return out
    reached = {A.split_move(a)[2] for a in state.legal_actions() if a < A.PICTURE}
    board = state.board
    ahead = {k: ahead_of(state, state.pos[seat * 3 + k]) for k in slots}
    for s in range(board.size):
        if s in reached:
            continue
        # the team nearest behind the space (else the first): its move there says what stops it
        behind = [k for k in slots if s in ahead[k]]
        k = max(behind, key=lambda j: board.depth[max(state.pos[seat * 3 + j], 0)]) if behind else slots[0]
        colour = board.kind[s]
        card = next((t for t in held if t % 3 == colour), held[0])
        out.append(A.move(card, k, s))
    return out


def refused_pieces(state: TRexIslandState, seat: int) -> list[tuple[str, PieceRef]]:
    """The teams no refused action of the seat stands for: another player's (no action of the
    seat names it) and the seat's own teams still behind the arrow that may not move now (they
    have no space of their own to be moved onto). Public facts only: whose team it is, where the
    teams stand, the step of the turn and the seat's own hand."""
    out: list[tuple[str, PieceRef]] = []
    for die in range(state.num_players * A.SLOTS):
        owner = die // A.SLOTS
        if owner != seat and state.pos[die] != LOST:
            reason = f"that is one of {seat_name(state, owner)}'s teams: you move only your own (Moving a team)"
            out.append((reason, {"kind": "team", "die": die}))
    moving = {A.split_move(a)[1] for a in state.legal_actions() if a < A.PICTURE}
    for k in range(A.SLOTS):
        if state.pos[seat * A.SLOTS + k] == START and k not in moving:
            for reason in _behind_the_arrow(state, seat, k):
                out.append((reason, {"kind": "team", "die": seat * A.SLOTS + k}))
    return out


def _behind_the_arrow(state: TRexIslandState, seat: int, slot: int) -> list[str]:
    """Moving a team: why a team still behind the arrow does not move now: another step of the
    turn comes first, another of the seat's teams goes first, no card, or what stops each card."""
    held = held_cards(state, seat)
    first = state.board.start
    if phase_name(state) != "action":
        return [why_illegal(state, A.move(held[0] if held else 0, slot, first))]
    if not held:
        return ["you hold no card to move a team with (Moving a team)"]
    if any(state.pos[seat * A.SLOTS + k] == START for k in range(slot)):
        return [why_illegal(state, A.move(held[0], slot, first))]
    found = {why_illegal(state, A.move(t, slot, s)) for t in held for s in state.destinations(START, t % 3)}
    return sorted(found) or ["no card you hold takes this team past the arrow now (Moving a team)"]


_PENDING: dict[str, str] = {
    "discard": "put the card just played or given up on discard pile A or B first (Moving a team)",
    "token": "first say whether to draw a game token at this rest point (Game Tokens)",
    "trex": "choose where the T-Rex goes on a tie in distance (Carnivore cards: T-Rex)",
    "character": "choose one of the character cards still free (Set-up)",
}
"""Why any other choice waits, by the decision pending (``IslandStep.waits``)."""


def why_illegal(state: TRexIslandState, action: int) -> str:
    """Why an action is refused, naming the rulebook section."""
    if not 0 <= action < A.NUM_ACTIONS:
        return f"{action} is not an Escape from T-Rex Island action (0..{A.NUM_ACTIONS - 1})"
    phase = phase_name(state)
    info = M.decode(action)
    step = state.top_step()
    attack = step.attack_on() if step is not None else None
    match info:
        case M.Shoot(free=free) if phase == "action":
            if state.trex < 0:
                return "there is no T-Rex on the map to shoot (Shotgun token)"
            if free:
                return "only the Hunter has a free Shotgun, once per game (Character Cards)"
            return "you hold no Shotgun token (Shotgun token)"
        case M.React() if attack is not None:
            return _reaction(state, attack, action - A.REACT)
    if attack is not None:
        return f"a team is under attack: first answer the {ATTACK_NAMES[attack.attack]} (Game Tokens; Character Cards)"
    pending = _PENDING.get(step.waits() if step is not None else "")
    if pending is not None:
        return pending
    seat = state.current_player()
    match info:
        case M.Pile() | M.Token() | M.React() | M.TrexWay() | M.Character() | M.Shoot():
            return "no such choice is pending: it is time for one of the turn's two actions (Turn sequence)"
        case M.Pass() if _over(state, seat):
            return (
                "you hold more cards than your hand size: play one, or give one up if none can be played, "
                "so that the hand size is not exceeded at the end of your turn (Drawing card)"
            )
        case M.Pass():
            return "you may pass only when no card can be played and no card drawn (Turn sequence)"
        case M.Draw():
            if not (any(state.deck) or state.can_rebuild()):
                return "the draw deck and the discard piles below their tops are empty (Drawing card)"
            if _over(state, seat):
                return "you drew past your hand size: the second action must play a card (Drawing card)"
            return "your hand is full: the second action may not be a draw (Drawing card)"
        case M.Shed(card=card):
            return _shed(state, seat, card, _over(state, seat))
        case M.Picture():
            return _picture(state, seat, action)
        case M.Move():
            return _move(state, seat, action)
        case unknown:
            assert_never(unknown)


def _over(state: TRexIslandState, seat: int) -> bool:
    """Whether ``seat`` holds more cards than its hand size."""
    return state.hand_count(seat) > state.hand_limit(seat)


def _shed(state: TRexIslandState, seat: int, card: int, over: bool) -> str:
    """Drawing card (and Moving a team: no voluntary discard): why this card may not be given up."""
    if not over:
        return (
            "a card is never discarded at will: only a hand above its size that can play no card "
            "gives one up (Moving a team; Drawing card)"
        )
    if not state.hand[seat * T + card]:
        return f"you hold no {card_name(card)} (Drawing card)"
    return "a card can be played: a hand above its size must play one, not give one up (Drawing card)"


def _reaction(state: TRexIslandState, step: Attack, reaction: int) -> str:
    """Game Tokens (SMG, Shotgun) and Character Cards (Hunter, Explorer): why this answer to
    the attack is not open."""
    seat = step.die // 3
    beast = step.attack in (ATTACK_RAPTOR, ATTACK_PTERO)
    name = ATTACK_NAMES[step.attack]
    if reaction == A.USE_SMG:
        if not beast:
            return f"an SMG stops only Raptors and Pterosaurs, not the {name} (SMG token)"
        return "you hold no SMG token (SMG token)"
    if reaction == A.USE_SHOTGUN:
        return "you hold no Shotgun token (Shotgun token)"
    if reaction == A.USE_FREE_SHOTGUN:
        if state.chars[seat] != HUNTER:
            return f"only the {CHARACTER_NAMES[HUNTER]} has a free Shotgun (Character Cards)"
        return "the Hunter's free Shotgun is used once per game, and it is spent (Character Cards)"
    if reaction == A.EVADE:
        if state.chars[seat] != EXPLORER:
            return f"only the {CHARACTER_NAMES[EXPLORER]} evades an attack (Character Cards)"
        if not beast:
            return f"the Explorer evades Raptors and Pterosaurs, not the {name} (Character Cards)"
        return f"the Explorer evades only the first {name} attack, and that is past (Character Cards)"
    return "it is not one of the answers to this attack now (Game Tokens)"


def _picture(state: TRexIslandState, seat: int, action: int) -> str:
    """Taking dino picture: a herbivore on top of a discard pile, and the cards to complete it."""
    herbivore, colours = A.split_picture(action)
    name = KIND_NAMES[herbivore]
    tops = state.tops(herbivore)
    if not tops:
        return f"a {name} picture needs a {name} on top of a discard pile (Taking dino picture)"
    need = max(1, state.facts.picture_needs[herbivore] - tops)
    mine = [state.hand[seat * T + herbivore * 3 + c] for c in range(3)]
    if sum(mine) < need:
        cards = "card" if need == 1 else "cards"
        return (
            f"with {tops} {name} on top of the piles this picture needs {need} {name} {cards} from your "
            f"hand, and you hold {sum(mine)} (Taking dino picture)"
        )
    if len(colours) != need:
        return f"this picture takes {need} {name} card{'s' if need > 1 else ''} from your hand (Taking dino picture)"
    which = COLOURS[colours[0]] if len(set(colours)) == 1 else " and ".join(COLOURS[c] for c in colours)
    return f"you do not hold {len(colours)} {which} {name} card(s) for it (Taking dino picture)"


def _move(state: TRexIslandState, seat: int, action: int) -> str:
    """Moving a team: the card, the team, and where the card's colour may take it."""
    card, slot, space = A.split_move(action)
    die = seat * 3 + slot
    if not state.hand[seat * T + card]:
        return f"you hold no {card_name(card)} (Moving a team)"
    pos = state.pos[die]
    board = state.board
    if pos == LOST:
        return "that team has no crew left (Moving a team)"
    if pos == board.helipad:
        return "that team is already at the helipad (Moving a team)"
    if pos == START and any(state.pos[seat * 3 + k] == START for k in range(slot)):
        first = min(k for k in range(3) if state.pos[seat * 3 + k] == START)
        return f"move {team_name(state, seat * 3 + first)} first: the teams behind the arrow are alike (Moving a team)"
    if space >= MAX_SPACES or space >= board.size:
        return f"there is no space {space} on the board"
    dests = state.destinations(pos, card % 3)
    if space in dests:
        if dests[space] and state.crew[die] < 2:
            return "passing the T-Rex costs a man, and this team has only one left (Carnivore cards: T-Rex)"
        return "not enough food for this crew at the helipad: one can feeds two survivors (Food token)"
    if space == state.trex:
        return "no die may stop on the T-Rex's space (Carnivore cards: T-Rex)"
    if space == pos:
        return "a team must move forward: it cannot stay where it is (Moving a team)"
    if space not in ahead_of(state, pos):
        return "a team only moves forward along the path, never back (Moving a team)"
    kind = board.kind[space]
    colour = COLOURS[card % 3]
    if kind < REST and kind != card % 3 and not any(state.hand[seat * T + x] for x in range(kind, T, 3)):
        wanted = COLOURS[kind]
        return f"you hold no {wanted} card, and only one takes a team to {_a(wanted)} space (Moving a team)"
    if kind < REST and kind != card % 3:
        other = _a(COLOURS[kind])
        return f"{_a(colour)} card moves a team to {_a(colour)} space or a rest point, not {other} one (Moving a team)"
    if kind < REST and state.occ[space]:
        return (
            "another team stands there: a card takes a team to the next unoccupied space of its colour (Moving a team)"
        )
    return (
        f"{_a(colour)} card takes a team to the next free {colour} space, or to a rest point before it; "
        "it may not skip further (Moving a team)"
    )


def ahead_of(state: TRexIslandState, pos: int) -> set[int]:
    """The spaces forward along the path from ``pos`` (START: the arrow, its first space too)."""
    board = state.board
    frontier = [board.start] if pos == START else list(board.next[pos])
    seen = set(frontier)
    while frontier:
        for t in board.next[frontier.pop()]:
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    return seen


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
