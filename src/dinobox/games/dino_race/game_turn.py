"""The game turn: 1) Draw cards, 2) Play and swap cards (movement cards, special cards, swaps,
the card passed to a team-mate), then the roll of the event die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinobox.games.dino_race import actions as A
from dinobox.games.dino_race import cards, finish_line
from dinobox.games.dino_race import flow as F
from dinobox.games.dino_race.data import EGG, NUM_CARD_TYPES, PUSH, STEAL, WILD

# events by name, not events.X: compiled, a name is a static reference (see docs/architecture.md)
from dinobox.games.dino_race.events import (
    GiveEgg,
    PassCard,
    Push,
    PushBlocked,
    Roll,
    StandUp,
    Steal,
    Stolen,
    Swap,
    Trip,
    Turn,
)

if TYPE_CHECKING:
    from dinobox.games.dino_race.rules import DinoRaceState

T = NUM_CARD_TYPES


def start_turn(st: DinoRaceState, seat: int) -> None:
    """The game turn: draw, play and swap, roll. A player with every dino home only rolls."""
    st.turn_player = seat
    st.turns += 1
    st.passed = False
    st._emit(Turn, seat)
    steps = st.steps
    steps.append(F.NEXT_TURN)
    if st.is_racing(seat):
        steps.append(F.Play(seat))
        steps.append(F.Draw(seat, st.dinos_on_track(seat)))
    else:
        steps.append(F.Roll(seat))
        st._emit(Roll, seat)


def next_turn(st: DinoRaceState) -> None:
    """The game turn: the next player clockwise."""
    st.steps.append(F.StartTurn((st.turn_player + 1) % st.num_players))


def play(st: DinoRaceState, seat: int, action: int) -> None:
    """2) Play and swap cards: one play of ``seat``'s (or the roll that ends the phase)."""
    if action == A.ROLL:
        st.steps[-1] = F.Roll(seat)
        st._emit(Roll, seat)
        return
    first = seat * st.dinos_per_player
    if action < A.MOVE_WILD:
        d = first + action - A.MOVE_MATCH
        card = st.tiles[st.pos[d]]
        cards.play_card(st, seat, card)
        finish_line.move_forward(st, d, card)
    elif action < A.MOVE_TRIPLE:
        d = first + action - A.MOVE_WILD
        cards.play_card(st, seat, WILD)
        finish_line.move_forward(st, d, WILD)
    elif action < A.PUSH:
        k, t = divmod(action - A.MOVE_TRIPLE, 8)
        for _ in range(3):
            cards.play_card(st, seat, t)
        finish_line.move_forward(st, first + k, t, triple=True)
    elif action < A.TRIP:
        cards.play_card(st, seat, PUSH)
        push_back(st, seat, action - A.PUSH)
    elif action < A.GIVE_EGG:
        d = action - A.TRIP
        cards.play_card(st, seat, EGG)
        st.down |= 1 << d
        st._emit(Trip, seat, d)
    elif action < A.STEAL:
        target = action - A.GIVE_EGG
        cards.play_card(st, seat, EGG)
        st.egg = target
        st._emit(GiveEgg, seat, target)
    elif action < A.SWAP:
        victim = action - A.STEAL
        cards.play_card(st, seat, STEAL)
        st._emit(Steal, seat, victim)
        st.steps.append(F.Steal(seat, victim))
    elif action < A.STAND_UP:
        x, y = A.PAIRS[action - A.SWAP]
        cards.play_card(st, seat, x)
        cards.play_card(st, seat, y)
        st._emit(Swap, seat, (x, y))
        st.steps.append(F.SwapDraw(seat))
    elif action < A.PASS:
        stand_up(st, seat, action)
    else:
        pass_card(st, seat, action - A.PASS)


def stand_up(st: DinoRaceState, seat: int, action: int) -> None:
    """Throw the egg: a tripped dino stands up for two discarded cards."""
    k, i = divmod(action - A.STAND_UP, 36)
    x, y = A.PAIRS[i]
    d = seat * st.dinos_per_player + k
    cards.play_card(st, seat, x)
    cards.play_card(st, seat, y)
    st.down &= ~(1 << d)
    st._emit(StandUp, seat, d, (x, y))


def pass_card(st: DinoRaceState, seat: int, card: int) -> None:
    """Playing in Teams: one card passed face down to the team-mate."""
    mate = st.mate_of(seat)
    st.hand[seat * T + card] -= 1
    st.hand[mate * T + card] += 1
    st.passed = True
    cards.learn_pass(st, seat, mate, card)
    st._emit_to((seat, mate), PassCard, seat, mate, card)


def stolen(st: DinoRaceState, thief: int, victim: int, card: int) -> None:
    """Steal: the card drawn goes from the victim's hand to the thief's."""
    st.hand[victim * T + card] -= 1
    st.hand[thief * T + card] += 1
    cards.learn_steal(st, thief, victim, card)
    st._emit_to((thief, victim), Stolen, thief, victim, card)


def push_back(st: DinoRaceState, seat: int, dino: int) -> None:
    """Push back: one tile back, unless that is lava or the active volcano."""
    owner = st.owner(dino)
    behind = st.pos[dino] - 1
    if st.is_lava(behind):
        st._emit(PushBlocked, seat, dino)
        cards.take_drop(st, owner)
        st.steps.append(F.RandomDiscard(owner))
    else:
        st.pos[dino] = behind
        st._emit(Push, seat, dino, behind)
