"""Turn sequence: a player's two actions (Moving a team, Taking dino picture, Drawing card) and
what follows each (the end of the game, the next action, the next turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dinobox.games.trex_island import actions as A
from dinobox.games.trex_island import events as E
from dinobox.games.trex_island import flow as F
from dinobox.games.trex_island.data import LOST, MAX_SPACES, NUM_CARD_TYPES, RAPTOR, START
from dinobox.games.trex_island.tuples import put, put_pile

if TYPE_CHECKING:
    from dinobox.games.trex_island.rules import TRexIslandState

T: Final = NUM_CARD_TYPES


# ----- the choices --------------------------------------------------------------------------------
def act_actions(st: TRexIslandState, seat: int) -> list[int]:
    """Turn sequence: every action open to ``seat`` now (moves, pictures, draw; else a card
    shed by a hand above its size, see ``shed``; else pass).

    Built in ascending order (no sort): the moves by card type, team and space (the order of
    their ids), then the pictures, then the draw or the pass; the Shotguns, then the cards to
    shed come last."""
    base = seat * T
    hand = st.hand
    out: list[int] = []
    types: list[int] = []  # the card types in hand
    held = [False, False, False]  # per colour: a card of it in hand
    cards = 0
    for t in range(T):
        count = hand[base + t]
        if count:
            types.append(t)
            held[t % 3] = True
            cards += count
    if types:
        targets = move_targets(st, seat, held)
        for t in types:
            first = A.move(t, 0, 0)  # the ids of card t: first + slot * 64 + space
            for target in targets[t % 3]:
                out.append(first + target)
    _add_pictures(st, base, out)
    if may_draw(st, seat, cards):
        out.append(A.DRAW)
    shedding = not out and cards > st.hand_limit(seat)  # Drawing card: no card to play
    if not out and not shedding:
        out.append(A.PASS)
    if st.trex >= 0:
        out.extend(st.shots(seat))
    if shedding:  # the hand must still shrink to its size: one card goes (SHED ids come last)
        out.extend(A.SHED + t for t in types)
    return out


def move_targets(st: TRexIslandState, seat: int, held: list[bool]) -> list[list[int]]:
    """Moving a team: per colour held, where a card of that colour may take ``seat``'s teams,
    as ``slot * 64 + space`` in ascending order (the part of a move's id after the card)."""
    helipad = st.facts.helipad
    pos = st.pos
    crew = st.crew
    capacity = -1
    started = False
    targets: list[list[int]] = [[], [], []]
    for k in range(3):
        d = seat * 3 + k
        p = pos[d]
        if p in (LOST, helipad):
            continue
        if p == START:
            if started:  # the teams behind the arrow are alike: offer the first only
                continue
            started = True
        men = crew[d]
        for c in range(3):
            if not held[c]:
                continue
            found = targets[c]
            reach = st.reach(p, c)
            spaces = reach.spaces
            passes = reach.passed
            for i in range(len(spaces)):
                s = spaces[i]
                passed = passes[i]
                if passed and men < 2:
                    continue  # passing the T-Rex would cost the last man
                if s == helipad:
                    if capacity < 0:
                        capacity = st.food_capacity(seat) - st.rescued(seat)
                    if men - passed > capacity:
                        continue  # Food token: not enough food for this crew
                found.append(k * MAX_SPACES + s)
    return targets


def _add_pictures(st: TRexIslandState, base: int, out: list[int]) -> None:
    """Taking dino picture: add to ``out`` the pictures the hand at ``base`` (a seat's first
    card type) can take with the discard piles' tops, in ascending order."""
    hand = st.hand
    piles = st.piles
    top0 = piles[0][-1] // 3 if piles[0] else -1
    top1 = piles[1][-1] // 3 if piles[1] else -1
    if top0 < 3 or top1 < 3:
        needs = st.facts.picture_needs
        for h in range(3):
            m = (top0 == h) + (top1 == h)
            if not m:
                continue
            need = max(1, needs[h] - m)
            hb = base + h * 3
            base_a = A.PICTURE + h * A.PICTURE_WAYS
            if need == 1:
                for c in range(3):
                    if hand[hb + c]:
                        out.append(base_a + c)
            else:
                for j, (x, y) in enumerate(A.PAIRS):
                    if hand[hb + x] and hand[hb + y] and (x != y or hand[hb + x] >= 2):
                        out.append(base_a + 3 + j)


def may_draw(st: TRexIslandState, seat: int, in_hand: int = -1) -> bool:
    """Drawing card: the first action may always draw (while a card is left to draw), even
    past the hand size; the second action only below it (Turn sequence). ``in_hand``: the
    seat's number of cards, if the caller has counted them."""
    if st.deck_empty() and not st.can_rebuild():
        return False
    if st.actions_done == 0:
        return True
    return (st.hand_count(seat) if in_hand < 0 else in_hand) < st.hand_limit(seat)


# ----- the actions --------------------------------------------------------------------------------
def start_turn(st: TRexIslandState, seat: int) -> None:
    st.turn_player = seat
    st.actions_done = 0
    st.turns += 1
    st._emit(E.Turn, seat)
    st.steps.append(F.ACT[seat])


def act(st: TRexIslandState, seat: int, action: int) -> None:
    """One action of the turn; the end of the action follows whatever it brings about."""
    steps = st.steps
    steps.append(F.END_ACTION[seat])
    if action == A.PASS:
        st.passes += 1
        st._emit(E.Pass, seat)
        return
    st.passes = 0
    if action == A.DRAW:
        st._emit(E.Draws, seat)
        steps.append(F.Draw(seat, 1))
    elif action < A.PICTURE:
        card, slot, space = A.split_move(action)
        move(st, seat, seat * 3 + slot, card, space)
    elif action >= A.SHED:
        shed(st, seat, action - A.SHED)
    else:
        picture(st, seat, *A.split_picture(action))


def move(st: TRexIslandState, seat: int, die: int, card: int, space: int) -> None:
    """Moving a team: the die jumps to ``space``; passing the T-Rex costs one man."""
    passed = st.destinations(st.pos[die], card % 3)[space] if st.trex >= 0 else 0  # passing needs a T-Rex
    st.hand[seat * T + card] -= 1
    old = st.pos[die]
    if old >= 0:
        st.occ[old] -= 1
    st.pos = put(st.pos, die, space)
    st.occ[space] += 1
    if passed:
        st.crew = put(st.crew, die, st.crew[die] - 1)
    st._emit(E.Move, seat, die, card, space, passed)
    board = st.facts
    steps = st.steps
    # Steps run last pushed first: the discard, then the carnivore effect (Carnivore cards: it
    # triggers right after the move), then the token draw at a rest point (Game Tokens).
    if space == board.helipad:
        st.arrivals = (*st.arrivals, die)
        st._emit(E.Arrive, seat, die, st.crew[die], len(st.arrivals))
    elif board.kind[space] >= 3 and st.rest_left[board.rest_index[space]]:
        steps.append(F.AskToken(seat, die))
    if card // 3 >= RAPTOR:
        steps.append(F.CarnivoreEffect(seat, card))
    steps.append(F.ChoosePile(seat, card))


def shed(st: TRexIslandState, seat: int, card: int) -> None:
    """Drawing card: a second action that can play no card with the hand above its size gives
    up ``card`` face up onto a discard pile of the player's choice, so that the hand size is
    not exceeded at the end of the turn (rules.md, Assumptions: Drawing card)."""
    st.hand[seat * T + card] -= 1
    st._emit(E.Shed, seat, card)
    st.steps.append(F.ChoosePile(seat, card))


def discard(st: TRexIslandState, seat: int, card: int, pile: int) -> None:
    """Moving a team: the played card goes face up on the discard pile of the player's choice."""
    st.piles = put_pile(st.piles, pile, st.piles[pile] + (card,))
    st._emit(E.Discard, seat, card, pile)


def picture(st: TRexIslandState, seat: int, herbivore: int, colours: tuple[int, ...]) -> None:
    """Taking dino picture: one played card becomes the trophy; the other cards of the kind
    (matching pile tops, a second played card) go to the bottom of the discard piles."""
    base = seat * T + herbivore * 3
    for c in colours:
        st.hand[base + c] -= 1
    slot = seat * T + herbivore * 3 + colours[0]
    st.trophies = put(st.trophies, slot, st.trophies[slot] + 1)
    piles = list(st.piles)
    first = -1
    for i in (0, 1):
        pile = piles[i]
        if pile and pile[-1] // 3 == herbivore:
            piles[i] = (pile[-1], *pile[:-1])
            if first < 0:
                first = i
    if len(colours) > 1:
        piles[first] = (herbivore * 3 + colours[1], *piles[first])
    st.piles = tuple(piles)
    st._emit(E.Picture, seat, herbivore, len(colours))


# ----- Drawing card ----------------------------------------------------------------------------
def card_drawn(st: TRexIslandState, step: F.Draw, card: int) -> None:
    """Drawing card: ``card`` goes from the deck to the hand; the draw goes on for the rest."""
    seat = step.seat
    st.deck[card] -= 1
    st.hand[seat * T + card] += 1
    st._emit_to((seat,), E.Draw, seat, card)
    if step.count > 1:
        st.steps[-1] = F.Draw(seat, step.count - 1)
    else:
        st.steps.pop()


def rebuild(st: TRexIslandState) -> None:
    """Drawing card: an empty draw deck is rebuilt from the discard piles but their tops, at
    the end of the action that emptied it (or, if the piles had nothing to give then, of the
    first action after which they have). A deck that runs out once no token is left to draw
    stays empty: that is the end of the game (Game Goal)."""
    moved = 0
    for pile in st.piles:
        for card in pile[:-1]:
            st.deck[card] += 1
            moved += 1
    st.piles = (st.piles[0][-1:], st.piles[1][-1:])
    if moved:
        st._emit(E.Rebuild, moved)


# ----- after an action ------------------------------------------------------------------------
def end_action(st: TRexIslandState, seat: int) -> None:
    """After an action: the end of the game (Game Goal: the flow is emptied), the next action or
    the next turn."""
    st.actions_done += 1
    if st.deck_empty() and st.tokens_within_reach() and not frozen(st):
        rebuild(st)  # Drawing card: the moment the deck runs out (unless that ends the game)
    reason = game_over(st)
    if reason:
        st._emit(E.GameOver, reason)
        st.steps.clear()
    elif st.actions_done < 2:
        st.steps.append(F.ACT[seat])
    else:
        st.steps.append(F.START_TURN[(seat + 1) % st.num_players])


def game_over(st: TRexIslandState) -> str:
    """Game Goal: why the game ends now ("" while it goes on)."""
    helipad = st.facts.helipad
    pos = st.pos
    for seat in range(st.num_players):
        if pos[seat * 3] == helipad and pos[seat * 3 + 1] == helipad and pos[seat * 3 + 2] == helipad:
            return "helipad"
    if st.deck_empty():
        if not st.tokens_within_reach():
            return "deck"
        if frozen(st):  # no team will ever move again: the tokens left can never be drawn
            return "deck_stuck"
    if st.passes >= 2 * st.num_players:
        # A whole round of passes, first actions included: a first action passes only when
        # the deck is empty and the piles cannot refill it (it may always draw otherwise).
        # Nothing can change any more, so no token left can ever be drawn: the deck end.
        return "deck_stuck"
    return ""


def frozen(st: TRexIslandState) -> bool:
    """Game Goal (rules.md, Assumptions): no team can ever move again, whatever card its owner
    holds, and no Shotgun can drive off the T-Rex. The map changes only through moves (and the
    carnivores and tokens they bring) and Shotguns, so it stays as it is: no token left on it
    can still be drawn."""
    if st.trex >= 0 and any(st.shots(seat) for seat in range(st.num_players)):
        return False
    every = [True, True, True]
    return not any(found for seat in range(st.num_players) for found in move_targets(st, seat, every))
